"""What the table screen's phone needs to take a whole hand without asking the
server (docs/decisions.md, D50): this game's table of outcomes and the checks of
a call, each worked out by the engine and sent with the page (``json_script``).
``static/js/hand.js`` only looks things up in it: no scoring rule and no check is
written in JavaScript, and ``tests/games/test_hand_outcomes.py`` proves every
entry equal to what the server's forms read and the game records.

The JSON (docs/formats.md, "The table screen's hand outcomes"):

- ``players``, ``totals``: the names and totals by seat, as the page shows them.
- ``k[maker][side][tricks][renege]``: an index into ``r``; ``maker`` a seat,
  ``side`` a partner's seat or ``maker`` / ``none`` (the partner chips' values),
  ``alone`` or ``team``; ``renege`` 0 for none, else the seat + 1. A side not
  listed under a maker is not offered (the maker is never their own partner).
- ``r``: ``[points, explanation, citation, link]``, each seat's points as the hand would
  be recorded now (from these totals: a penalty never takes a total below 0), the
  rulebook's section as a screen cites it ("Call-Ace rules 5") and its address, or
  ``[null, [[field, message], ...]]`` for a hand the engine refuses.
- ``sides``: ``alone``, the side of a maker who goes alone; ``other``, the side
  when the form asks no partner (``team``), or null when the partner chip gives it.
- ``calls``: ``"trump|called|alone|round"`` (the chips' values, "" for none or a
  field the form lacks) to ``[[field, message], ...]``, for every call the engine
  refuses; a call not listed is accepted.
- ``deals`` (the table screen's, ``deal_order``): who deals and who leads the next
  hand, then after each further hand, one entry a seat (the list goes round again),
  each ``{"deals": name, "leads": name, "row": the scoreboard row's seat}``: the phone
  names the dealer of the hand after those waiting in its outbox.

A hand's points do not depend on trump or the card called (docs/rules.md 5,
every variant), nor a call's checks on the tricks or the partner, so the two
tables are apart: ``k`` is worked out with one call the engine accepts.

Nor do they depend on the players' names, which only the explanations and
messages carry: the tables are worked out once per kind of table (variant,
number of players, house rules) with a mark for each seat in place of its name,
and each drawing puts this table's names in (docs/decisions.md, D54). A room of
a thousand tables, each with names of its own, shares a handful of them.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django import forms

from referee.engine.cards import SUITS, parse_card
from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import HandError, PartnerOutcome, Table
from referee.engine.scoring import HandScore, score_hand
from referee.engine.totals import GameState, add_hand_points, continue_game
from referee.engine.variants import Variant
from referee.templatetags.rule_citations import citation_url
from scorekeeper.games.forms.actions import engine_errors
from scorekeeper.games.forms.hands import HandForm
from scorekeeper.models import Game, HandInProgress

# The chips that make a call, in the order of a ``calls`` key.
CALL_FIELDS = ("trump", "called", "alone", "round")
# The fields of the end of a hand whose engine messages the table shows beside them.
END_FIELDS = frozenset({"maker", "partner", "tricks", "renege", "called", "alone"})

Problems = list[list[str]]
# A seat's mark in place of its name in the tables worked out once per kind of table:
# characters of Unicode's private use area, which the engine's own words never hold.
# The tables keep each text as a format string ("{2} reneged") that a drawing fills in.
_MARK = "\ue000{}\ue001"
_MARKED = re.compile("\ue000(\\d+)\ue001")
# A call's chips: each of CALL_FIELDS with the values its chips offer (none: the form lacks it).
CallSpace = tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class _Scored:
    """A hand the engine scores, with the rulebook's section as a screen cites it
    ("Call-Ace rules 5") and its address: worked out once per table, not per
    drawing (the link is a URL reversed, some 300 of them a table)."""

    score: HandScore
    explanation: str  # a format string: each seat's name by its number
    citation: str
    link: str


@dataclass(frozen=True)
class _Fixed:
    """What does not change from hand to hand of one table: the index and the scores."""

    keys: dict[str, dict[str, list[list[int]]]]
    results: tuple[_Scored | Problems, ...]
    sides: dict[str, str | None]
    calls: dict[str, Problems]
    calls_name_players: bool


def hand_outcomes(game: Game, form: HandForm) -> dict[str, Any]:
    """This game's table of outcomes from where it stands, for ``form`` (the table
    screen's whole-hand form, whose chips the keys name)."""
    table = game.table
    rules = game.round_rules
    lone_march_five = rules is not None and rules.lone_march_five
    fixed = _fixed(_marked(table), lone_march_five, call_space(form))
    totals = tuple(seat.total for seat in game.seat_list())
    players = table.players
    calls = fixed.calls
    if fixed.calls_name_players:
        calls = {call: _named(problems, players) for call, problems in calls.items()}
    return {
        "players": list(players),
        "totals": list(totals),
        "sides": fixed.sides,
        "k": fixed.keys,
        "r": [_result(entry, totals, players) for entry in fixed.results],
        "calls": calls,
    }


def deal_order(table: Table, dealer: int) -> list[dict[str, Any]]:
    """Who deals and leads the next hand (``dealer`` deals it), then after each
    further hand, as the engine passes the deal on (``continue_game``; docs/rules.md
    1 and 2 (every variant)): every kind of hand passes it alike, a misdeal and a
    Canadian loner's hand included (tests/games/test_hand_outcomes.py proves it), so
    a hand thrown in stands for them all. One entry a seat: the order goes round."""
    rows = {seat: side[0] for side in table.sides() for seat in side}
    state = GameState(number=0, dealer=dealer, totals=(0,) * table.n)
    order: list[dict[str, Any]] = []
    for _ in range(table.n):
        deals = state.dealer
        # The player left of the dealer leads (docs/rules.md 4 (every variant)).
        leads = (deals + 1) % table.n
        order.append({"deals": table.name(deals), "leads": table.name(leads), "row": rows[deals]})
        _, state = continue_game(table, state, EngineHand(thrown_in=True))
    return order


def _marked(table: Table) -> Table:
    """``table`` with each seat's mark for its name: every table of its kind alike."""
    return dataclasses.replace(table, players=tuple(_MARK.format(s) for s in range(table.n)))


def _template(text: str) -> str:
    """A ``_marked`` table's text as a format string: "{2}" where seat 2's name goes."""
    return _MARKED.sub(r"{\1}", text.replace("{", "{{").replace("}", "}}"))


def _named(problems: Problems, players: tuple[str, ...]) -> Problems:
    return [[field, message.format(*players)] for field, message in problems]


def call_space(form: HandForm) -> CallSpace:
    """The call's chips the form offers (a value it accepts but hides is not offered)."""
    space: list[tuple[str, tuple[str, ...]]] = []
    for name in CALL_FIELDS:
        field = form.fields.get(name)
        if field is None:
            space.append((name, ("",)))
            continue
        assert isinstance(field, forms.ChoiceField | forms.IntegerField)
        hidden = getattr(field, "hidden_values", ())
        choices = getattr(field, "choices", [])
        values = tuple(str(value) for value, _ in choices if str(value) not in hidden)
        # A chip field left untapped is read as "" (not required).
        space.append((name, values if "" in values else ("", *values)))
    return tuple(space)


def _result(
    entry: _Scored | Problems, totals: tuple[int, ...], players: tuple[str, ...]
) -> list[Any]:
    if not isinstance(entry, _Scored):
        return [None, _named(entry, players)]
    after = add_hand_points(totals, entry.score)
    points = [new - old for new, old in zip(after, totals, strict=True)]
    return [points, entry.explanation.format(*players), entry.citation, entry.link]


@functools.lru_cache(maxsize=64)
def _fixed(table: Table, lone_march_five: bool, space: CallSpace) -> _Fixed:
    """Every hand's score at ``table`` (a ``_marked`` one: kept per kind of table), by
    maker, side, tricks and renege; and the refused calls."""
    results: dict[Any, int] = {}
    entries: list[_Scored | Problems] = []
    keys: dict[str, dict[str, list[list[int]]]] = {}
    for maker in range(table.n):
        by_side: dict[str, list[list[int]]] = {}
        for side, hand in _sides(table, maker):
            by_side[side] = [
                [
                    _index(results, entries, _score(table, hand, tricks, renege, lone_march_five))
                    for renege in (None, *range(table.n))
                ]
                for tricks in range(table.deal.tricks + 1)
            ]
        keys[str(maker)] = by_side
    alone = "maker" if table.variant is Variant.CALL_ACE else "alone"
    other = "team" if table.variant is Variant.STANDARD else None
    calls = {call: _templates(problems) for call, problems in _refused_calls(table, space).items()}
    return _Fixed(
        keys=keys,
        results=tuple(entries),
        sides={"alone": alone, "other": other},
        calls=calls,
        calls_name_players=any(
            "{" in message for problems in calls.values() for _, message in problems
        ),
    )


def _templates(problems: Problems) -> Problems:
    return [[field, _template(message)] for field, message in problems]


def _index(
    results: dict[Any, int], entries: list[_Scored | Problems], entry: HandScore | Problems
) -> int:
    """``entry``'s place in ``entries``, added once (many hands score alike)."""
    if isinstance(entry, HandScore):
        key: Any = (entry.points, entry.penalties, entry.explanation, entry.section)
    else:
        key = tuple(tuple(pair) for pair in entry)
    if key not in results:
        results[key] = len(entries)
        if isinstance(entry, HandScore):
            cited = entry.citation
            explanation = _template(entry.explanation)
            entries.append(_Scored(entry, explanation, cited.short, citation_url(cited)))
        else:
            entries.append(_templates(entry))
    return results[key]


def _score(
    table: Table, hand: EngineHand, tricks: int, renege: int | None, lone_march_five: bool
) -> HandScore | Problems:
    played = EngineHand(
        maker=hand.maker,
        trump=hand.trump,
        called=hand.called,
        outcome=hand.outcome,
        partner=hand.partner,
        tricks=tricks,
        renege=renege,
    )
    try:
        return score_hand(table, played, lone_march_five=lone_march_five)
    except HandError as error:
        return [
            [field or "", message] for field, message in engine_errors(error.errors, END_FIELDS)
        ]


def _sides(table: Table, maker: int) -> Iterator[tuple[str, EngineHand]]:
    """The sides a maker can end up on, by the chip value that names each, as a
    hand the engine accepts (hearts trump; the ace of spades called)."""
    variant = table.variant
    trump = SUITS[1]

    def hand(outcome: PartnerOutcome, partner: int | None = None) -> EngineHand:
        called: Any = None
        if variant is Variant.CALL_ACE:
            called = SUITS[0]
        elif variant is Variant.CALL_YOUR_PARTNER and outcome is not PartnerOutcome.ALONE:
            called = parse_card("AS")
        return EngineHand(maker=maker, trump=trump, called=called, outcome=outcome, partner=partner)

    if variant is Variant.STANDARD:
        yield "team", hand(PartnerOutcome.TEAM)
        yield "alone", hand(PartnerOutcome.ALONE)
        return
    for seat in range(table.n):
        if seat != maker:
            yield str(seat), hand(PartnerOutcome.REVEALED, seat)
    yield "maker", hand(PartnerOutcome.MAKER_HELD)
    yield "none", hand(PartnerOutcome.NOT_IN_PLAY)
    if variant is Variant.CALL_YOUR_PARTNER:
        yield "alone", hand(PartnerOutcome.ALONE)


def _refused_calls(table: Table, space: CallSpace) -> dict[str, Problems]:
    """Every call of the chips offered that the engine refuses, with its messages
    where the forms show them (``HandInProgress.problems``: what saving the call,
    and the whole hand, check of it)."""
    fields = {name for name, values in space if values != ("",)}
    refused: dict[str, Problems] = {}
    for values in itertools.product(*(values for _, values in space)):
        trump, called, alone, round_ = values
        call = HandInProgress(
            maker=0,
            trump=trump,
            called="" if called == "alone" else called,
            alone=alone == "yes" or called == "alone",
            bidding_round=int(round_) if round_ else None,
        )
        if trump and (called or "called" not in fields) and (problems := call.problems(table)):
            refused["|".join(values)] = [
                [field or "", message] for field, message in engine_errors(problems, fields)
            ]
    return refused
