"""What the table screen's phone needs to take a whole hand without asking the
server (docs/decisions.md, D50): this game's table of outcomes and the checks of
a call, each worked out by the engine. What every game of a kind shares is
fetched once from an address of its own (``kind_outcomes``, docs/decisions.md,
D61) and kept by the phone; each drawing sends the rest with the page
(``drawing_outcomes``, ``json_script``).
``static/js/hand.js`` only looks things up in it: no scoring rule and no check is
written in JavaScript, and ``tests/games/test_hand_outcomes.py`` proves every
entry equal to what the server's forms read and the game records.

The JSON (docs/formats.md, "The table screen's hand outcomes"):

- ``players``, ``totals``: the names and totals by seat, as the page shows them;
  ``adjusted``: the drawing's, below (with ``deals``).
- ``index[maker][side][tricks][renege]``: a position in ``results``; ``maker`` a seat,
  ``side`` a partner's seat or ``maker`` / ``none`` (the partner chips' values),
  ``alone`` or ``team``; ``renege`` 0 for none, else the seat + 1. A side not
  listed under a maker is not offered (the maker is never their own partner).
- ``results``: ``[points, explanation, citation, link]``, each seat's points less its
  penalties (the kind's), or as the hand would be recorded now (``hand_outcomes``;
  the drawing's ``adjusted``, by index: a penalty never takes a total below 0), the
  engine's explanation as parts (a string: words; a number: that seat's name; a list
  of numbers: those seats' names, "Ann, Ben and Cat"), the rulebook's section as a
  screen cites it ("Call-Ace rules 5") and its address, or
  ``[null, [[field, message], ...]]`` for a hand the engine refuses, each message
  in parts alike.
- ``sides``: ``alone``, the side of a maker who goes alone; ``other``, the side
  when the form asks no partner (``team``), or null when the partner chip gives it.
- ``calls``: ``"trump|called|alone|round"`` (the chips' values, "" for none or a
  field the form lacks) to ``[[field, message], ...]``, for every call the engine
  refuses; a call not listed is accepted. A call's checks name no player (the
  messages are words).
- ``deals`` (the table screen's, ``deal_order``): who deals and who leads the next
  hand, then after each further hand, one entry a seat (the list goes round again),
  each ``{"deals": name, "leads": name, "row": the scoreboard row's seat}``: the phone
  names the dealer of the hand after those waiting in its outbox.

A hand's points do not depend on trump or the card called (docs/rules.md 5,
every variant), nor a call's checks on the tricks or the partner, so the two
tables of outcomes are apart: ``index`` is worked out with one call the engine accepts.

Nor do they depend on the players' names: the engine explains a hand by seats
(``referee.engine.explaining``), and the phone puts the names in from
``players``. So the tables of outcomes are worked out once per kind of game (variant, number
of players, house rules) and each drawing only adds its totals
(docs/decisions.md, D54): a room of a thousand games, each with names of its
own, shares a handful of them.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.urls import reverse

from referee.engine.cards import SUITS, parse_card
from referee.engine.checking import check_hand_parts
from referee.engine.explaining import Explanation, JsonPart
from referee.engine.hands import GameSetup, PartnerOutcome
from referee.engine.hands import Hand as EngineHand
from referee.engine.scoring import HandScore, score_hand
from referee.engine.totals import GameState, add_hand_points, continue_game
from referee.engine.variants import TARGET_RANGE, Deal, HouseRules, RenegeRule, TieRule, Variant
from referee.templatetags.rule_citations import citation_url
from scorekeeper.games.forms.actions import engine_errors
from scorekeeper.games.forms.hand_fields import call_fields
from scorekeeper.models import Game, HandInProgress

if TYPE_CHECKING:
    from scorekeeper.games.forms.hands import HandForm

# The chips that make a call, in the order of a ``calls`` key.
CALL_FIELDS = ("trump", "called", "alone", "round")
# The fields of the end of a hand whose engine messages the table screen shows beside them.
END_FIELDS = frozenset({"maker", "partner", "tricks", "renege", "called", "alone"})

Problems = list[list[str]]
# A refused hand's messages: [field, the message in parts] (``Explanation.as_json``).
PartProblems = list[list[str | list[JsonPart]]]
# A call's chips: each of CALL_FIELDS with the values its chips offer (none: the form lacks it).
CallSpace = tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class _Scored:
    """A hand the engine scores, with the rulebook's section as a screen cites it
    ("Call-Ace rules 5") and its address: worked out once per kind of game, not per
    drawing (the link is a URL reversed, some 300 of them a kind)."""

    score: HandScore
    explanation: list[JsonPart]  # the engine's parts: words, and seats for the names
    citation: str
    link: str


@dataclass(frozen=True)
class _KindResults:
    """A kind's hands worked out once, the same for every game of the kind: the index
    and the results, the sides, the refused calls."""

    index: dict[str, dict[str, list[list[int]]]]
    results: tuple[_Scored | PartProblems, ...]
    sides: dict[str, str | None]
    calls: dict[str, Problems]
    # The results with a penalty: their points may depend on the totals.
    penalized: tuple[int, ...]


@dataclass(frozen=True)
class Kind:
    """A kind of game: what its table of outcomes depends on (docs/decisions.md, D54)."""

    variant: Variant
    n: int
    rules: HouseRules
    lone_march_five: bool

    @classmethod
    def of(cls, game: Game) -> Kind:
        rules = game.round_rules
        five = rules is not None and rules.lone_march_five
        return cls(game.variant_enum, len(game.seat_list()), game.house_rules, five)

    @property
    def slug(self) -> str:
        """The kind in an address: ``call-ace.5.10.100.standard.march-or-euchre.share.0``
        (variant, players, target, stick the dealer / no trump / Canadian loner, deal,
        renege, ties, a night's lone march of five)."""
        r = self.rules
        flags = f"{r.stick_the_dealer:d}{r.no_trump:d}{r.canadian_loner:d}"
        parts = (self.variant, self.n, r.target, flags, r.deal, r.renege, r.ties)
        return ".".join(str(part) for part in (*parts, f"{self.lone_march_five:d}"))

    @classmethod
    def from_slug(cls, slug: str) -> Kind | None:
        """The kind a slug names, or None for one that names no kind Bower plays."""
        parts = slug.split(".")
        if len(slug) > 120 or len(parts) != 8 or not all(part.isascii() for part in parts):
            return None
        variant, n, target, flags, deal, renege, ties, lone = parts
        try:
            kind = cls(
                Variant(variant),
                int(n),
                HouseRules(
                    target=int(target),
                    stick_the_dealer=flags[0] == "1",
                    no_trump=flags[1] == "1",
                    canadian_loner=flags[2] == "1",
                    deal=Deal(deal),
                    renege=RenegeRule(renege),
                    ties=TieRule(ties),
                ),
                lone == "1",
            )
        except (ValueError, IndexError):
            return None
        low, high = TARGET_RANGE
        usual = len(flags) == 3 and low <= kind.rules.target <= high
        if not usual or kind.n not in kind.variant.player_counts or kind.slug != slug:
            return None
        return kind

    def space(self) -> CallSpace:
        """The call's chips a game of this kind offers (the table screen's form
        builds them alike: ``call_fields``)."""
        return _kind_space(self)


@functools.lru_cache(maxsize=64)
def _kind_space(kind: Kind) -> CallSpace:
    return _space_of(call_fields(cast("Game", _KindGame(kind))))


@dataclass(frozen=True)
class _KindGame:
    """What ``call_fields`` reads of a game, for a kind of game (no players)."""

    kind: Kind

    @property
    def setup(self) -> GameSetup:
        return _kind(self.kind.variant, self.kind.n, self.kind.rules)

    @property
    def no_trump(self) -> bool:
        return self.kind.rules.no_trump

    @property
    def canadian_loner(self) -> bool:
        return self.kind.rules.canadian_loner


@dataclass(frozen=True)
class KindOutcomes:
    """A kind's table of outcomes as its address answers it: the JSON and its digest."""

    body: bytes
    digest: str
    address: str


@functools.lru_cache(maxsize=64)
def kind_outcomes(kind: Kind) -> KindOutcomes:
    """What every game of this kind shares (``sides``, ``index``, ``results``, ``calls``),
    fetched once by the phone and kept (docs/decisions.md, D61). Each ``results`` entry's
    points are the hand's points less its penalties: as recorded unless a penalty
    would take a total below 0 (the drawing's ``adjusted`` says those)."""
    worked_out = _results_of(kind)
    data = {
        "sides": worked_out.sides,
        "index": worked_out.index,
        "results": [_result(entry, None) for entry in worked_out.results],
        "calls": worked_out.calls,
    }
    body = json.dumps(data, separators=(",", ":")).encode()
    digest = hashlib.sha256(body).hexdigest()[:16]
    return KindOutcomes(body, digest, reverse("hand_outcomes", args=[kind.slug, digest]))


def drawing_outcomes(game: Game) -> dict[str, Any]:
    """What the table screen sends with each drawing besides the address of its
    kind's table of outcomes: the names and totals by seat, and ``adjusted``, each result whose
    points from these totals differ from the kind's (a penalty stopped at 0)."""
    kind = Kind.of(game)
    worked_out = _results_of(kind)
    totals = tuple(seat.total for seat in game.seat_list())
    adjusted: dict[str, list[int]] = {}
    for index in worked_out.penalized:
        points = _result(worked_out.results[index], totals)[0]
        if points != _result(worked_out.results[index], None)[0]:
            adjusted[str(index)] = points
    return {
        "players": list(game.setup.players),
        "totals": list(totals),
        "adjusted": adjusted,
    }


def hand_outcomes(game: Game, form: HandForm | None = None) -> dict[str, Any]:
    """This game's whole table of outcomes from where it stands, as the phone puts it
    together (the kind's, fetched once, and the drawing's): each ``results`` entry's points
    as the hand would be recorded now. ``form``: the table screen's form, whose chips
    the keys name (the kind's are the same)."""
    kind = Kind.of(game)
    worked_out = _results_of(kind)
    totals = tuple(seat.total for seat in game.seat_list())
    return {
        "players": list(game.setup.players),
        "totals": list(totals),
        "sides": worked_out.sides,
        "index": worked_out.index,
        "results": [_result(entry, totals) for entry in worked_out.results],
        "calls": worked_out.calls,
    }


def _results_of(kind: Kind) -> _KindResults:
    return _kind_results(kind.variant, kind.n, kind.rules, kind.lone_march_five, kind.space())


def deal_order(setup: GameSetup, dealer: int) -> list[dict[str, Any]]:
    """Who deals and leads the next hand (``dealer`` deals it), then after each
    further hand, as the engine passes the deal on (``continue_game``; docs/rules.md
    1 and 2 (every variant)): every kind of hand passes it alike, a misdeal and a
    Canadian loner's hand included (tests/games/test_hand_outcomes.py proves it), so
    a hand thrown in stands for them all. One entry a seat: the order goes round."""
    rows = {seat: side[0] for side in setup.sides() for seat in side}
    state = GameState(number=0, dealer=dealer, totals=(0,) * setup.n)
    order: list[dict[str, Any]] = []
    for _ in range(setup.n):
        deals = state.dealer
        # The player left of the dealer leads (docs/rules.md 4 (every variant)).
        leads = (deals + 1) % setup.n
        order.append({"deals": setup.name(deals), "leads": setup.name(leads), "row": rows[deals]})
        _, state = continue_game(setup, state, EngineHand(thrown_in=True))
    return order


def _kind(variant: Variant, n: int, rules: HouseRules) -> GameSetup:
    """The setup of a game of this kind: what scores and checks a hand there, by seat. Its
    players have no names, as nothing worked out with it is said in words that name one."""
    return GameSetup(variant=variant, players=("",) * n, rules=rules)


def call_space(form: HandForm) -> CallSpace:
    """The call's chips the form offers (a value it accepts but hides is not offered)."""
    return _space_of(form.fields)


def _space_of(fields: Mapping[str, forms.Field]) -> CallSpace:
    space: list[tuple[str, tuple[str, ...]]] = []
    for name in CALL_FIELDS:
        field = fields.get(name)
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


def _result(entry: _Scored | PartProblems, totals: tuple[int, ...] | None) -> list[Any]:
    """An entry of ``results``: its points from ``totals``, or (None) less its penalties."""
    if not isinstance(entry, _Scored):
        return [None, entry]
    if totals is None:
        score = entry.score
        points = [p - penalty for p, penalty in zip(score.points, score.penalties, strict=True)]
        return [points, entry.explanation, entry.citation, entry.link]
    after = add_hand_points(totals, entry.score)
    points = [new - old for new, old in zip(after, totals, strict=True)]
    return [points, entry.explanation, entry.citation, entry.link]


@functools.lru_cache(maxsize=64)
def _kind_results(
    variant: Variant, n: int, rules: HouseRules, lone_march_five: bool, space: CallSpace
) -> _KindResults:
    """Every hand's score in a game of this kind, by maker, side, tricks and
    renege; and the refused calls."""
    setup = _kind(variant, n, rules)
    results: dict[Any, int] = {}
    entries: list[_Scored | PartProblems] = []
    index: dict[str, dict[str, list[list[int]]]] = {}
    for maker in range(setup.n):
        by_side: dict[str, list[list[int]]] = {}
        for side, hand in _sides(setup, maker):
            by_side[side] = [
                [
                    _index(results, entries, _score(setup, hand, tricks, renege, lone_march_five))
                    for renege in (None, *range(setup.n))
                ]
                for tricks in range(setup.deal.tricks + 1)
            ]
        index[str(maker)] = by_side
    alone = "maker" if setup.variant is Variant.CALL_ACE else "alone"
    other = "team" if setup.variant is Variant.STANDARD else None
    return _KindResults(
        index=index,
        results=tuple(entries),
        sides={"alone": alone, "other": other},
        calls=_refused_calls(setup, space),
        penalized=tuple(
            i for i, e in enumerate(entries) if isinstance(e, _Scored) and any(e.score.penalties)
        ),
    )


def _index(
    results: dict[Any, int],
    entries: list[_Scored | PartProblems],
    entry: HandScore | list[tuple[str, Explanation]],
) -> int:
    """``entry``'s place in ``entries``, added once (many hands score alike)."""
    if isinstance(entry, HandScore):
        key: Any = (entry.points, entry.penalties, entry.parts, entry.section)
    else:
        key = tuple(entry)
    if key not in results:
        results[key] = len(entries)
        if isinstance(entry, HandScore):
            # Words that cite their section already are not followed by it again.
            cited = entry.citation
            short, url = cited.short, citation_url(cited)
            if short in entry.explanation:
                short, url = "", ""
            entries.append(_Scored(entry, entry.parts.as_json(), short, url))
        else:
            entries.append([[field, message.as_json()] for field, message in entry])
    return results[key]


def _score(
    setup: GameSetup, hand: EngineHand, tricks: int, renege: int | None, lone_march_five: bool
) -> HandScore | list[tuple[str, Explanation]]:
    played = EngineHand(
        maker=hand.maker,
        trump=hand.trump,
        called=hand.called,
        outcome=hand.outcome,
        partner=hand.partner,
        tricks=tricks,
        renege=renege,
    )
    problems = check_hand_parts(setup, played)
    if not problems:
        return score_hand(setup, played, lone_march_five=lone_march_five)
    # Beside the fields the forms show them by (``engine_errors``), as a sentence.
    shown = engine_errors(dict.fromkeys(problems, ""), END_FIELDS)
    return [
        (field or "", _sentence(message))
        for (field, _), message in zip(shown, problems.values(), strict=True)
    ]


def _sentence(message: Explanation) -> Explanation:
    """A message begun with a capital, as ``engine_errors`` begins one; one begun
    with a name the phone begins with a capital, once it has put the name in."""
    first = message.parts[0] if message.parts else None
    if isinstance(first, str):
        return Explanation((first[:1].upper() + first[1:], *message.parts[1:]))
    return message


def _sides(setup: GameSetup, maker: int) -> Iterator[tuple[str, EngineHand]]:
    """The sides a maker can end up on, by the chip value that names each, as a
    hand the engine accepts (hearts trump; the ace of spades called)."""
    variant = setup.variant
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
    for seat in range(setup.n):
        if seat != maker:
            yield str(seat), hand(PartnerOutcome.REVEALED, seat)
    yield "maker", hand(PartnerOutcome.MAKER_HELD)
    yield "none", hand(PartnerOutcome.NOT_IN_PLAY)
    if variant is Variant.CALL_YOUR_PARTNER:
        yield "alone", hand(PartnerOutcome.ALONE)


def _refused_calls(setup: GameSetup, space: CallSpace) -> dict[str, Problems]:
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
        if trump and (called or "called" not in fields) and (problems := call.problems(setup)):
            refused["|".join(values)] = [
                [field or "", message] for field, message in engine_errors(problems, fields)
            ]
    return refused
