"""Forms for the referee's tools: every query string is read through one of these.

The tools are GET forms, so the URL of a result is the ruling itself. Each
form turns text into engine values (cards, trump, seats, house rules) with a
message a player can act on beside the field at fault, and runs the engine
in ``clean`` so that an engine refusal lands beside the right field too.
"""

from __future__ import annotations

from typing import Any

from django import forms

from referee.engine.audit import AuditError, HandAudit, TrickEntry, audit_hand
from referee.engine.cards import (
    Card,
    CardError,
    Rank,
    Suit,
    Trump,
    format_trump,
    parse_card,
    parse_cards,
    parse_suit,
    parse_trump,
)
from referee.engine.hands import HandError, Table
from referee.engine.reading import read_hand
from referee.engine.scoring import score_hand
from referee.engine.tricks import check_play, judge_trick, legal_plays
from referee.engine.variants import (
    RULE_KEYS,
    HouseRules,
    RulesError,
    Variant,
    house_rules_from_dict,
    parse_variant,
)
from scorekeeper.models import Game

TRUMP_CHOICES = [("S", "Spades"), ("H", "Hearts"), ("D", "Diamonds"), ("C", "Clubs")]
TRUMP_OR_NT_CHOICES = [*TRUMP_CHOICES, ("NT", "No trump")]
DECK_CHOICES = [("24", "9 up"), ("28", "8 up"), ("32", "7 up")]
LOWEST_RANK = {"24": Rank.NINE, "28": Rank.EIGHT, "32": Rank.SEVEN}
VARIANT_CHOICES = [(v.value, v.label) for v in Variant]
RENEGE_CHOICES = [
    ("march-or-euchre", "March or euchre (standard: 2 or 4)"),
    ("offender-loses-2", "The offender loses 2"),
]
MAX_TRICKS = 6  # the seed deal gives four players six cards each


def choice_errors(expected: str, **more: str) -> dict[str, str]:
    """Messages for a choice field that say what was expected, not just "invalid"."""
    return {"invalid_choice": f"“%(value)s” is not one of the choices: {expected}.", **more}


def lowest_rank_for(deck: str, cards: list[Card]) -> Rank:
    """The lowest rank a picker shows: the chosen deck, widened to any card already played."""
    return min([LOWEST_RANK.get(deck, Rank.NINE), *(c.rank for c in cards)])


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


def trump_of(text: str) -> Trump:
    return parse_trump(text)


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
            raise forms.ValidationError(_sentence(str(error))) from None


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
            raise forms.ValidationError(_sentence(str(error))) from None
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


def _sentence(message: str) -> str:
    """Engine messages start in lower case; a form shows them as sentences."""
    message = message.strip()
    if not message:
        return message
    message = message[0].upper() + message[1:]
    return message if message.endswith((".", "!", "?")) else message + "."


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


class GameField(forms.IntegerField):
    """``?game=<id>``: a game of the scorekeeper, with its seats."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, min_value=1, **kwargs)

    def clean(self, value: Any) -> Game | None:
        number = super().clean(value)
        if number is None:
            return None
        game = Game.objects.for_table().filter(pk=number).first()
        if game is None:
            raise forms.ValidationError(f"There is no game #{number}.")
        return game


# --- Rules -------------------------------------------------------------------------------


class RulesSearchForm(forms.Form):
    q = forms.CharField(
        label="Find a rule",
        required=False,
        max_length=100,
        strip=True,
        help_text="A word or two: left bower, kitty, renege, stick the dealer.",
    )
    game = GameField()


class RulesIndexForm(forms.Form):
    game = GameField()


# --- Card ranking --------------------------------------------------------------------------


def deck_field() -> forms.ChoiceField:
    return forms.ChoiceField(
        choices=DECK_CHOICES,
        required=False,
        error_messages={"invalid_choice": "The deck is 24, 28 or 32 cards."},
    )


class RankingForm(forms.Form):
    trump = TrumpField(required=False)
    deck = deck_field()


# --- Trick judge ---------------------------------------------------------------------------


class TrickForm(forms.Form):
    """``?trump=H&cards=AS,JD,9H,KH``: the cards in the order played, the first one led."""

    trump = TrumpField(required=False)
    cards = CardListField(required=False, max_cards=6, what="trick")
    deck = deck_field()

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        trump, cards = data.get("trump"), data.get("cards")
        data["result"] = None
        if trump and cards and len(cards) >= 2:
            data["result"] = judge_trick(cards=cards, trump=trump_of(trump))
        return data


# --- House rules, shared by the tools that score -------------------------------------------


class HouseRulesForm(forms.Form):
    """The house-rule keys of the game document (contract.md), every one optional."""

    variant = forms.ChoiceField(
        choices=VARIANT_CHOICES,
        required=False,
        error_messages=choice_errors("call-ace, call-your-partner or standard"),
    )
    target = forms.IntegerField(required=False, min_value=1, max_value=99)
    stick_the_dealer = OnOffField()
    no_trump = OnOffField()
    deal = forms.ChoiceField(
        required=False,
        error_messages=choice_errors("standard or seed"),
        choices=[("standard", "Five each"), ("seed", "The sheet's deal")],
    )
    renege = forms.ChoiceField(
        required=False,
        choices=RENEGE_CHOICES,
        error_messages=choice_errors("march-or-euchre or offender-loses-2"),
    )
    ties = forms.ChoiceField(
        required=False,
        error_messages=choice_errors("share or play-on"),
        choices=[("share", "Share the win"), ("play-on", "Play on")],
    )
    game = GameField()

    # House-rule key -> the query parameter that carries it, where a form needs another name.
    rule_fields: dict[str, str] = {}

    def __init__(self, *args: Any, game: Game | None = None, **kwargs: Any) -> None:
        """``game``: the game the view has already read for ``?game=``, not read again."""
        super().__init__(*args, **kwargs)
        self.known_game = game
        if game is not None:
            del self.fields["game"]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.known_game is not None:
            data["game"] = self.known_game
        game: Game | None = data.get("game")
        if game is not None:
            # A game's variant and house rules are fixed when it starts.
            data["variant"] = game.variant_enum
            data["rules"] = game.house_rules
            return data
        variant = parse_variant(data.get("variant") or Variant.CALL_ACE.value)
        data["variant"] = variant
        fields = {key: self.rule_fields.get(key, key) for key in RULE_KEYS}
        given = {k: data[f] for k, f in fields.items() if data.get(f) not in (None, "")}
        try:
            data["rules"] = house_rules_from_dict(variant, given)
        except RulesError as error:
            field = fields.get(error.field)
            self.add_error(field if field in self.fields else None, _sentence(error.message))
            data["rules"] = HouseRules()
        return data

    def rules_query(self) -> dict[str, str]:
        """The house rules as query parameters: only what differs from the defaults."""
        data = self.cleaned_data
        if data.get("game") is not None:
            return {"game": str(data["game"].pk)}
        variant: Variant = data["variant"]
        query = {"variant": variant.value}
        for key, value in data["rules"].differences(variant).items():
            query[key] = ("on" if value else "off") if isinstance(value, bool) else str(value)
        return query


# --- Legal play and renege ------------------------------------------------------------------


class LegalForm(HouseRulesForm):
    """``?trump=H&led=AH&hand=JD,9S,KC&played=9S``: may this card be played?"""

    trump = TrumpField()
    led = CardField(required=False)
    hand = CardListField(
        max_cards=6,
        what="hand",
        error_messages={"required": "Pick the cards in the player's hand."},
    )
    played = CardField(required=False)
    players = forms.TypedChoiceField(
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("4", "4"), ("5", "5"), ("6", "6")],
        error_messages=choice_errors("4, 5 or 6 players"),
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        trump_text, hand = data.get("trump"), data.get("hand")
        led, played = data.get("led"), data.get("played")
        data["options"] = data["check"] = None
        if not trump_text or not hand:
            return data
        trump = trump_of(trump_text)
        if led is not None and led in hand:
            self.add_error("led", f"The {led.name} was led, so it cannot also be in the hand.")
            return data
        data["options"] = legal_plays(hand=hand, led=led, trump=trump)
        if played is not None:
            if played not in hand:
                self.add_error(
                    "played", f"The {played.name} is not in the hand: pick one of its cards."
                )
            else:
                data["check"] = check_play(hand=hand, led=led, trump=trump, played=played)
        game: Game | None = data.get("game")
        if game is not None:
            data["players"] = len(game.seat_list())
        return data


# --- Score calculator ------------------------------------------------------------------------


class ScoreForm(HouseRulesForm):
    """What would this hand score? The hand as the scorer records it (rules.md 6)."""

    players = forms.TypedChoiceField(
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("4", "4"), ("5", "5"), ("6", "6")],
        error_messages=choice_errors("4, 5 or 6 players"),
    )
    maker = forms.TypedChoiceField(
        coerce=int,
        choices=[(str(i), str(i)) for i in range(1, 7)],
        error_messages=choice_errors("a seat from 1 to 6", required="Pick the maker."),
    )
    trump = TrumpField()
    called = forms.CharField(required=False, max_length=8)
    partner = forms.CharField(required=False, max_length=8)
    alone = forms.BooleanField(required=False)
    tricks = forms.TypedChoiceField(
        coerce=int,
        choices=[(str(i), str(i)) for i in range(MAX_TRICKS + 1)],
        error_messages=choice_errors(
            "from 0 to 6 tricks", required="Pick how many tricks the maker's side took."
        ),
    )
    # ``renege`` is who reneged, as in a hand record; the house rule moves to ``renege_rule``.
    renege = forms.TypedChoiceField(
        required=False,
        coerce=int,
        empty_value=None,
        choices=[(str(i), str(i)) for i in range(1, 7)],
        error_messages=choice_errors("a seat from 1 to 6, or nobody"),
    )
    renege_rule = HouseRulesForm.base_fields["renege"]
    rule_fields = {"renege": "renege_rule"}

    def names(self) -> tuple[str, ...]:
        """Seat names: the game's players, else Player 1, Player 2..."""
        data = getattr(self, "cleaned_data", {})
        game: Game | None = data.get("game")
        if game is not None:
            return tuple(s.player.name for s in game.seat_list())
        count = data.get("players") or _default_players(data.get("variant"))
        return tuple(f"Player {i}" for i in range(1, count + 1))

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        data["score"] = data["table"] = None
        if self.errors:
            return data
        variant: Variant = data["variant"]
        try:
            table = Table(variant=variant, players=self.names(), rules=data["rules"])
        except RulesError as error:
            self.add_error("players", _sentence(error.message))
            return data
        data["table"] = table
        for field in ("maker", "renege"):
            seat = data.get(field)
            if seat is not None and seat > table.n:
                self.add_error(field, f"There is no seat {seat} at a table of {table.n}.")
        partner = data.get("partner") or ""
        if partner.isdigit() and not 1 <= int(partner) <= table.n:
            self.add_error("partner", f"There is no seat {partner} at a table of {table.n}.")
        if self.errors:
            return data
        document = self._document(table, data)
        try:
            hand = read_hand(table, document)
        except HandError as error:
            for key, message in error.errors.items():
                self.add_error(key if key in self.fields else None, _sentence(message))
            return data
        data["hand"] = hand
        data["score"] = score_hand(table, hand)
        return data

    def _document(self, table: Table, data: dict[str, Any]) -> dict[str, Any]:
        """The hand in game-document form, so the engine's reader checks it (contract.md)."""
        doc: dict[str, Any] = {
            "trump": data["trump"],
            "tricks": data["tricks"],
            "maker": table.name(data["maker"] - 1),
        }
        if data.get("renege") is not None:
            doc["renege"] = table.name(data["renege"] - 1)
        if data.get("alone"):
            doc["alone"] = True
        if data.get("called"):
            doc["called"] = data["called"]
        partner = data.get("partner") or ""
        if partner.isdigit():
            doc["partner"] = table.name(int(partner) - 1)
        elif partner:
            doc["partner"] = partner  # "maker", "none", or refused by the reader
        return doc


def _default_players(variant: Variant | None) -> int:
    return (variant or Variant.CALL_ACE).player_counts[0]


# --- Hand audit -------------------------------------------------------------------------------


class AuditForm(HouseRulesForm):
    """A hand entered trick by trick; the whole state lives in the query string.

    ``players`` are names in seat order; ``maker`` and ``leader`` are names;
    ``t1`` ... ``t6`` are each trick's cards in the order played.
    """

    players = forms.CharField(
        required=False,
        max_length=200,
        label="Players, in seat order",
        help_text="Clockwise from any seat, separated by commas: Ann, Ben, Cat, Dan, Eve.",
    )
    maker = forms.CharField(required=False, max_length=30)
    trump = TrumpField(required=False)
    called = forms.CharField(required=False, max_length=8)
    alone = forms.BooleanField(required=False)
    leader = forms.CharField(required=False, max_length=30)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for number in range(1, MAX_TRICKS + 1):
            self.fields[f"t{number}"] = CardListField(
                required=False, max_cards=6, what=f"trick {number}"
            )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        data.update(table=None, audit=None, ready=False)
        game: Game | None = data.get("game")
        if game is not None:
            data["names"] = tuple(s.player.name for s in game.seat_list())
        else:
            data["names"] = self._names(data.get("players") or "")
        names: tuple[str, ...] = data["names"]
        if not names or "players" in self.errors:
            return data
        try:
            table = Table(variant=data["variant"], players=names, rules=data["rules"])
        except RulesError as error:
            self.add_error("players", _sentence(error.message))
            return data
        data["table"] = table
        maker, leader = self._seat(table, "maker"), self._seat(table, "leader")
        called = self._called(data["variant"], data.get("called") or "")
        alone = bool(data.get("alone"))
        data.update(maker_seat=maker, leader_seat=leader, called_value=called)
        needs_call = data["variant"] is Variant.CALL_ACE or (
            data["variant"] is Variant.CALL_YOUR_PARTNER and not alone
        )
        data["ready"] = (
            not any(not is_trick_field(k) for k in self.errors)
            and bool(data.get("trump"))
            and maker is not None
            and leader is not None
            and (called is not None or not needs_call)
        )
        if not data["ready"] or maker is None or leader is None:
            return data
        tricks: list[TrickEntry] = []
        for number in range(1, MAX_TRICKS + 1):
            cards = data.get(f"t{number}")
            if f"t{number}" in self.errors or not cards:
                break
            tricks.append(TrickEntry(cards=tuple(cards)))
        gap = len(tricks) + 2
        for number in range(gap, MAX_TRICKS + 1):
            if data.get(f"t{number}") and f"t{gap - 1}" not in self.errors:
                self.add_error(f"t{number}", f"Trick {gap - 1} is missing before it.")
                break

        trump = trump_of(data["trump"])

        def run(entries: list[TrickEntry]) -> HandAudit:
            return audit_hand(
                table,
                maker=maker,
                trump=trump,
                called=called,
                alone=alone,
                first_leader=leader,
                tricks=entries,
            )

        try:
            data["audit"] = run(tricks)
        except AuditError as error:
            at_fault = len(tricks)
            for key, message in error.errors.items():
                field = None if key == "tricks" else key.replace("trick-", "t")
                self.add_error(field if field in self.fields else None, _sentence(message))
                if field and is_trick_field(field):
                    at_fault = min(at_fault, int(field[1:]) - 1)
                elif field:
                    data["ready"] = False  # the setup itself is at fault: back to it
            if data["ready"]:
                # Show the tricks before the one at fault, so the table can mend it.
                data["audit"] = run(tricks[:at_fault])
        return data

    def _names(self, text: str) -> tuple[str, ...]:
        names = tuple(" ".join(n.split()) for n in text.split(",") if n.strip())
        if not text.strip():
            return ()
        lowered = [n.lower() for n in names]
        if len(set(lowered)) != len(lowered):
            self.add_error("players", "Each player needs a different name.")
            return ()
        if any(len(n) > 30 for n in names):
            self.add_error("players", "Keep each name to 30 letters or fewer.")
            return ()
        return names

    def _seat(self, table: Table, field: str) -> int | None:
        name = (self.cleaned_data.get(field) or "").strip()
        if not name:
            return None
        for seat, player in enumerate(table.players):
            if player.lower() == name.lower():
                return seat
        self.add_error(field, f"{name} is not one of the players.")
        return None

    def _called(self, variant: Variant, text: str) -> Suit | Card | None:
        if not text:
            return None
        try:
            if variant is Variant.CALL_ACE:
                return parse_suit(text)
            if variant is Variant.CALL_YOUR_PARTNER:
                return parse_card(text)
        except CardError as error:
            self.add_error("called", _sentence(str(error)))
            return None
        return None  # standard euchre calls nothing: a call left from another variant is dropped


def is_trick_field(name: str) -> bool:
    return name.startswith("t") and name[1:].isdigit()
