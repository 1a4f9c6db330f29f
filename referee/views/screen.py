"""Screen-building helpers the referee's views share: rendering, links, card pickers."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse

from referee.engine.cards import SUITS, Card, CardError, Rank, Suit, make_deck, parse_card
from referee.engine.hands import GameSetup
from referee.engine.scoring import HandScore
from referee.engine.variants import Variant, deal_for
from referee.http import HtmxHttpRequest, varies_on_htmx, wants_partial

# Suits in the pickers alternate colours, so neighbouring rows never look alike.
PICKER_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def render_tool(
    request: HtmxHttpRequest,
    template: str,
    context: dict[str, Any],
    *,
    invalid: bool = False,
    share: str = "",
) -> HttpResponse:
    """The whole page, or its ``tool`` partial for htmx (``wants_partial``). ``share``:
    the address that reopens this answer (none before there is one to share), drawn
    absolute as ``share_url``."""
    partial = wants_partial(request)
    response = render(
        request,
        f"{template}#tool" if partial else template,
        {**context, "share_url": request.build_absolute_uri(share) if share else ""},
        status=422 if invalid and partial else 200,
    )
    return varies_on_htmx(response)


def tool_url(
    name: str, params: Mapping[str, Any] | None = None, *, args: Iterable[Any] = ()
) -> str:
    """A referee URL with its query string, empty values left out."""
    query = urlencode({k: v for k, v in (params or {}).items() if v not in (None, "")}, safe=",")
    return reverse(name, args=list(args)) + (f"?{query}" if query else "")


# --- Card pickers -----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Chip:
    card: Card
    href: str | None  # None: a card shown but not tapped (played already, or a form's input)
    state: str = ""  # "played" (struck out) or "picked" (checked in a form)


@dataclass(frozen=True, kw_only=True)
class SuitRow:
    suit: Suit
    chips: tuple[Chip, ...]


def picker(lowest: Rank, chip: Callable[[Card], Chip]) -> tuple[SuitRow, ...]:
    """Every card of the deck, one row per suit, highest first."""
    deck = make_deck(lowest)
    return tuple(
        SuitRow(
            suit=suit,
            chips=tuple(chip(c) for c in sorted((c for c in deck if c.suit == suit), reverse=True)),
        )
        for suit in PICKER_SUITS
    )


def picker_order(card: Card) -> tuple[int, int]:
    return PICKER_SUITS.index(card.suit), -card.rank


def picked(card: Card, chosen: set[str]) -> Chip:
    return Chip(card=card, href=None, state="picked" if str(card) in chosen else "")


def chosen_cards(form: forms.Form, name: str) -> set[str]:
    """The cards a bound field holds, valid or not, in canonical notation."""
    if not form.is_bound:
        return set()
    chosen = set()
    for part in str(form[name].value() or "").split(","):
        try:
            chosen.add(str(parse_card(part)))
        except CardError:
            continue
    return chosen


def raw_upper(form: forms.Form, name: str) -> str:
    """What a bound field holds, valid or not, to keep a picker's chip checked."""
    return str(form[name].value() or "").strip().upper() if form.is_bound else ""


def called_card_choices(variant: Variant, players: int) -> list[tuple[Suit, list[Card]]]:
    """Call-Your-Partner's called card: every card of the deck, by suit
    (docs/rules.md, Call-Your-Partner 3)."""
    if variant is not Variant.CALL_YOUR_PARTNER:
        return []
    lowest = deal_for(variant, players).lowest_rank
    return [
        (s, sorted((c for c in make_deck(lowest) if c.suit == s), reverse=True))
        for s in PICKER_SUITS
    ]


@dataclass(frozen=True, kw_only=True)
class TrumpLink:
    value: str
    label: str
    symbol: str
    href: str
    current: bool


def trump_links(
    current: str, href: Callable[[str], str], *, no_trump: bool = True
) -> list[TrumpLink]:
    """Each suit (and no trump) as a link or a chip value, the current one marked."""
    links = [
        TrumpLink(
            value=s.letter,
            label=s.plural.capitalize(),
            symbol=s.symbol,
            href=href(s.letter),
            current=current == s.letter,
        )
        for s in SUITS
    ]
    if no_trump:
        links.append(
            TrumpLink(
                value="NT", label="No trump", symbol="", href=href("NT"), current=current == "NT"
            )
        )
    return links


def trump_chips(form: forms.Form, *, no_trump: bool = True) -> list[TrumpLink]:
    """A form's trump field as chips (each suit, and no trump where it may be
    called), the one it holds kept checked, valid or not."""
    return trump_links(raw_upper(form, "trump"), lambda t: t, no_trump=no_trump)


def unseen_errors(form: forms.Form, drawn: Iterable[str]) -> list[str]:
    """Messages of the fields a screen does not draw (house rules carried in its
    address), each naming its parameter, so no refusal goes unsaid."""
    if not form.is_bound:
        return []
    return [
        f"{name.replace('_', ' ').capitalize()}: {error}"
        for name, errors in form.errors.items()
        if name not in drawn and name != NON_FIELD_ERRORS
        for error in errors
    ]


def points_rows(setup: GameSetup, score: HandScore | None) -> list[dict[str, Any]]:
    """Each player's points and penalty for a scored hand (none before it is scored)."""
    if score is None:
        return []
    return [
        {"name": setup.name(s), "points": score.points[s], "penalty": score.penalties[s]}
        for s in range(setup.n)
    ]
