"""Fields the referee's forms share: cards, trump, on/off, players, a return path."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from django import forms
from django.urls import Resolver404, resolve, reverse
from django.utils.http import url_has_allowed_host_and_scheme

from referee.engine.cards import (
    Card,
    CardError,
    format_trump,
    parse_card,
    parse_cards,
    parse_trump,
)
from referee.engine.names import (
    NAME_MAX_LENGTH,
    LookAlike,
    NameError_,
    clean_name,
    first_repeat,
    look_alike,
)
from referee.engine.variants import DECK_SIZES, Variant, lowest_rank_of_deck

TRUMP_CHOICES = [("S", "Spades"), ("H", "Hearts"), ("D", "Diamonds"), ("C", "Clubs")]
TRUMP_OR_NT_CHOICES = [*TRUMP_CHOICES, ("NT", "No trump")]
DECK_CHOICES = [(str(size), f"{lowest_rank_of_deck(size).text} up") for size in DECK_SIZES]
VARIANT_CHOICES = [(v.value, v.label) for v in Variant]
RENEGE_CHOICES = [
    ("march-or-euchre", "March or euchre (standard: 2 or 4)"),
    ("offender-loses-2", "The offender loses 2"),
]
DEAL_CHOICES = [("standard", "Five each"), ("seed", "The sheet's deal")]
TIES_CHOICES = [("share", "Share the win"), ("play-on", "Play on")]
PLAYER_COUNT_CHOICES = [("4", "4"), ("5", "5"), ("6", "6")]
MAX_TRICKS = 6  # the seed deal gives four players six cards each
MAX_SEATS = 6  # the most players any variant seats (Call-Ace with 6)
# A count of players: ASCII digits only, so "²" (a digit to str.isdigit) is a name, not a count.
_COUNT = re.compile(r"[0-9]{1,2}")


def is_player_count(text: str) -> bool:
    """``players=4`` is a count (Player 1 to Player 4), not a player called "4"."""
    return _COUNT.fullmatch(text.strip()) is not None


def choice_errors(expected: str, **more: str) -> dict[str, str]:
    """Messages for a choice field that say what was expected, not just "invalid"."""
    return {"invalid_choice": f"“%(value)s” is not one of the choices: {expected}.", **more}


def default_first(choices: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Chips whose first choice is the default: it is sent as nothing, so links stay short."""
    return [("", choices[0][1]), *choices[1:]]


def sentence(message: str) -> str:
    """Engine messages start in lower case; a form shows them as sentences."""
    message = message.strip()
    if not message:
        return message
    message = message[0].upper() + message[1:]
    return message if message.endswith((".", "!", "?")) else message + "."


class TrumpField(forms.ChoiceField):
    """A trump suit, or ``NT``; cleaned to the canonical text (``H``, ``NT``)."""

    def __init__(self, *, no_trump: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault(
            "error_messages",
            {
                "required": "Pick the trump suit.",
                "invalid_choice": "“%(value)s” is not a trump: pick a suit"
                + (" or no trump." if no_trump else "."),
            },
        )
        super().__init__(choices=TRUMP_OR_NT_CHOICES if no_trump else TRUMP_CHOICES, **kwargs)

    def to_python(self, value: Any) -> str:
        text = super().to_python(value)
        if not text:
            return ""
        try:
            return format_trump(parse_trump(text))
        except CardError:
            return str(text)  # left for the choice check to refuse


class CardField(forms.CharField):
    """One card in contract notation (``10H``, ``JD``)."""

    def to_python(self, value: Any) -> Card | None:  # type: ignore[override]
        text = super().to_python(value)
        if not text:
            return None
        if len(text) > 8:
            raise forms.ValidationError("That is not a card: write it like 10H or JD.")
        try:
            return parse_card(text)
        except CardError as error:
            raise forms.ValidationError(sentence(str(error))) from None


class CardsInput(forms.TextInput):
    """Reads ``hand=JD,9S`` and the checkboxes' ``hand=JD&hand=9S`` alike."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> str | None:
        if hasattr(data, "getlist"):
            values = [v for v in data.getlist(name) if v.strip()]
            return ",".join(values) if values else None
        value = data.get(name)
        return None if value is None else str(value)


class CardListField(forms.CharField):
    """Cards separated by commas, in the order given; no card twice."""

    widget = CardsInput

    def __init__(self, *, max_cards: int = 32, what: str = "list", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_cards = max_cards
        self.what = what

    def to_python(self, value: Any) -> list[Card]:  # type: ignore[override]
        text = super().to_python(value) or ""
        if len(text) > 4 * self.max_cards + 40:
            raise forms.ValidationError(f"At most {self.max_cards} cards, please.")
        try:
            cards = parse_cards(text)
        except CardError as error:
            raise forms.ValidationError(sentence(str(error))) from None
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise forms.ValidationError(
                    f"The {card.name} is in the {self.what} twice; a deck has one of each card."
                )
            seen.add(card)
        if len(cards) > self.max_cards:
            raise forms.ValidationError(f"At most {self.max_cards} cards, please.")
        return cards


class OnOffField(forms.TypedChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            choices=[("on", "On"), ("off", "Off")],
            coerce=lambda v: v == "on",
            empty_value=None,
            required=False,
            error_messages=choice_errors("on or off"),
            **kwargs,
        )


def deck_field() -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        choices=DECK_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        error_messages={"invalid_choice": "The deck is 24, 28 or 32 cards."},
    )


class PlayersField(forms.CharField):
    """The players in seat order: their names separated by commas, or a count
    (``4``: Player 1 to Player 4). Each name goes through the one name check."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", (NAME_MAX_LENGTH + 2) * MAX_SEATS)
        super().__init__(**kwargs)

    def clean(self, value: Any) -> tuple[str, ...]:
        text = super().clean(value)
        if not text:
            return ()
        if is_player_count(text):
            count = int(text)
            if not 1 <= count <= MAX_SEATS:
                raise forms.ValidationError(f"A table seats 4, 5 or 6 players, not {count}.")
            return tuple(f"Player {n}" for n in range(1, count + 1))
        try:
            names = tuple(clean_name(part) for part in text.split(",") if part.strip())
        except NameError_ as error:
            raise forms.ValidationError(str(error)) from None
        if len(names) > MAX_SEATS:
            raise forms.ValidationError(f"At most {MAX_SEATS} players sit at a table.")
        repeat = first_repeat(names)
        if repeat is not None:
            raise forms.ValidationError(
                f"Each player needs a different name: {names[repeat]} is named twice."
            )
        for index, name in enumerate(names):
            if (known := look_alike(name, names[:index])) is not None:
                raise forms.ValidationError(str(LookAlike(name, known, "named")))
        return names


class ReturnPathField(forms.CharField):
    """The page of this site a screen goes back to, and only one of ``pages`` (URL
    names): a shared link cannot send a player to another site, nor to any other page
    of Bower (a table's key link would join a phone to a stranger's table). The path
    is built again from its URL name, so nothing of the request reaches the link."""

    def __init__(self, *, pages: tuple[str, ...], **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 300)
        super().__init__(**kwargs)
        self.pages = pages

    def clean(self, value: Any) -> str:
        text = super().clean(value)
        if not text:
            return ""
        if text.startswith("/") and url_has_allowed_host_and_scheme(text, None):
            try:
                match = resolve(urlsplit(text).path)
            except Resolver404:
                match = None
            if match is not None and match.view_name in self.pages:
                return reverse(match.view_name, args=match.args, kwargs=match.kwargs)
        raise forms.ValidationError(
            "The way back must be a page of this site: a game's screen for the hand."
        )
