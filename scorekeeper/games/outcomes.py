"""The table screen's phone shows a hand's points from this table of outcomes, worked
out by the engine (docs/decisions.md, D50): no scoring rule in JavaScript, and no
check. What every game of a kind shares is fetched once from an address of its own
(``kind_outcomes``, D61) and kept by the phone; each drawing sends the rest with the
page (``drawing_outcomes``). The JSON is described in docs/formats.md, "The table
screen's hand".

``index[maker][side][tricks][renege]`` is a position in ``results`` (``renege`` 0 for
none, else the seat + 1), or null for a hand the engine refuses: the phone shows no
points for it and the server, storing it, says why (the hand is checked once, there).
A hand's points depend neither on trump, the card called nor the players' names
(docs/rules.md 5, every variant; the engine explains a hand by seats), so the table
is worked out once per kind of game (variant, number of players, house rules) with
one call the engine accepts (D54).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from django.urls import reverse

from referee.engine.cards import SUITS, parse_card
from referee.engine.checking import check_hand_parts
from referee.engine.explaining import JsonPart
from referee.engine.hands import GameSetup, PartnerOutcome
from referee.engine.hands import Hand as EngineHand
from referee.engine.scoring import HandScore, score_hand
from referee.engine.totals import GameState, add_hand_points, continue_game
from referee.engine.variants import TARGET_RANGE, Deal, HouseRules, RenegeRule, TieRule, Variant
from referee.templatetags.rule_citations import citation_url
from scorekeeper.models import Game


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
    and the results, the sides."""

    index: dict[str, dict[str, list[list[int | None]]]]
    results: tuple[_Scored, ...]
    sides: dict[str, str | None]
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


@dataclass(frozen=True)
class KindOutcomes:
    """A kind's table of outcomes as its address answers it: the JSON and its digest."""

    body: bytes
    digest: str
    address: str


@functools.lru_cache(maxsize=64)
def kind_outcomes(kind: Kind) -> KindOutcomes:
    """What every game of this kind shares (``sides``, ``index``, ``results``),
    fetched once by the phone and kept (docs/decisions.md, D61). Each ``results`` entry's
    points are the hand's points less its penalties: as recorded unless a penalty
    would take a total below 0 (the drawing's ``adjusted`` says those)."""
    worked_out = _results_of(kind)
    data = {
        "sides": worked_out.sides,
        "index": worked_out.index,
        "results": [_result(entry, None) for entry in worked_out.results],
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


def _results_of(kind: Kind) -> _KindResults:
    return _kind_results(kind.variant, kind.n, kind.rules, kind.lone_march_five)


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


def _result(entry: _Scored, totals: tuple[int, ...] | None) -> list[Any]:
    """An entry of ``results``: its points from ``totals``, or (None) less its penalties."""
    score = entry.score
    if totals is None:
        points = [won - lost for won, lost in zip(score.points, score.penalties, strict=True)]
    else:
        after = add_hand_points(totals, score)
        points = [new - old for new, old in zip(after, totals, strict=True)]
    return [points, entry.explanation, entry.citation, entry.link]


@functools.lru_cache(maxsize=64)
def _kind_results(
    variant: Variant, n: int, rules: HouseRules, lone_march_five: bool
) -> _KindResults:
    """Every hand's score in a game of this kind, by maker, side, tricks and renege."""
    setup = _kind(variant, n, rules)
    results: dict[Any, int] = {}
    entries: list[_Scored] = []
    index: dict[str, dict[str, list[list[int | None]]]] = {}
    for maker in range(setup.n):
        by_side: dict[str, list[list[int | None]]] = {}
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
        penalized=tuple(i for i, e in enumerate(entries) if any(e.score.penalties)),
    )


def _index(results: dict[Any, int], entries: list[_Scored], score: HandScore | None) -> int | None:
    """``score``'s place in ``entries``, added once (many hands score alike); None for a
    hand the engine refuses."""
    if score is None:
        return None
    key = (score.points, score.penalties, score.parts, score.section)
    if key not in results:
        results[key] = len(entries)
        cited = score.citation
        # Words that cite their section already are not followed by it again.
        short, url = (
            ("", "") if cited.short in score.explanation else (cited.short, citation_url(cited))
        )
        entries.append(_Scored(score, score.parts.as_json(), short, url))
    return results[key]


def _score(
    setup: GameSetup, hand: EngineHand, tricks: int, renege: int | None, lone_march_five: bool
) -> HandScore | None:
    played = replace(hand, tricks=tricks, renege=renege)
    if check_hand_parts(setup, played):
        return None
    return score_hand(setup, played, lone_march_five=lone_march_five)


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
