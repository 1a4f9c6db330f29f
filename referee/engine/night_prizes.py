"""A euchre night's prizes as a club awards them (docs/rules.md, Euchre night 6).

A night picks its prizes among high score (most points), low score (the booby
prize), most lone hands made and most euchres as a defender. By default one
person takes one prize at most: the prizes are given in the order listed, the
higher first, and a player who holds one is passed over for the rest. Players
level on a prize share it, or, when the night says so, the tie is broken: the
player who sat out fewer rounds takes it, then the draw, made from the night's
seed so every screen, a reload and a printed sheet name the same winner.

Players are plain numbers, as in ``night``. Plain Python: no Django import.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass


class PrizeKind(enum.StrEnum):
    """A prize of the night, in the order a club sheet lists (and awards) them."""

    MOST_POINTS = "most-points"
    LOW_SCORE = "low-score"
    MOST_LONE_HANDS = "most-lone-hands"
    MOST_EUCHRES = "most-euchres"

    @property
    def label(self) -> str:
        return _PRIZE_LABELS[self]


_PRIZE_LABELS = {
    PrizeKind.MOST_POINTS: "Most points",
    PrizeKind.LOW_SCORE: "Low score",
    PrizeKind.MOST_LONE_HANDS: "Most lone hands made",
    PrizeKind.MOST_EUCHRES: "Most euchres as a defender",
}

# The order prizes are listed and given in: the higher prize first.
PRIZE_ORDER: tuple[PrizeKind, ...] = tuple(PrizeKind)


class PrizeTies(enum.StrEnum):
    """How players level on a prize are settled."""

    SHARE = "share"  # they share it
    BREAK = "break"  # fewer rounds sat out takes it, then the draw

    @property
    def label(self) -> str:
        return _TIE_LABELS[self]


_TIE_LABELS = {
    PrizeTies.SHARE: "Shared",
    PrizeTies.BREAK: "Fewer rounds sat out, then the draw",
}


class Settled(enum.StrEnum):
    """How a prize's winner was found among players level on it."""

    ALONE = ""  # nobody level with the winner, or the prize is shared
    SAT_OUT = "sat-out"  # the one who sat out fewer rounds
    DRAW = "draw"  # the night's draw


@dataclass(frozen=True, kw_only=True)
class Prize:
    """A prize of the night and who takes it (nobody while it is not won).
    ``count``: the points, lone hands or euchres it was won with. ``level``:
    everyone level on that count among those who could take it (the winners
    included); ``settled``: how a tie among them was broken."""

    kind: PrizeKind
    count: int
    winners: tuple[int, ...]  # player ids, in standings order
    level: tuple[int, ...] = ()
    settled: Settled = Settled.ALONE


def prize_draw(*, seed: int, kind: PrizeKind, level: Sequence[int]) -> int:
    """The draw among players level on ``kind`` after every other tie-break: a
    random generator seeded from the night's seed and the prize, over the players
    in number order, so the same night always draws the same winner."""
    if not level:
        raise ValueError("a draw needs at least one player")
    return random.Random(f"bower-night-prize:{seed}:{kind.value}").choice(sorted(level))


def _break_tie(
    kind: PrizeKind, level: Sequence[int], sat_out: Mapping[int, int], seed: int
) -> tuple[tuple[int, ...], Settled]:
    fewest = min(sat_out.get(p, 0) for p in level)
    kept = [p for p in level if sat_out.get(p, 0) == fewest]
    if len(kept) == 1:
        return (kept[0],), Settled.SAT_OUT
    return (prize_draw(seed=seed, kind=kind, level=kept),), Settled.DRAW


def award_prize(
    *,
    kind: PrizeKind,
    counts: Mapping[int, int],
    eligible: Sequence[int],
    ties: PrizeTies,
    sat_out: Mapping[int, int],
    seed: int,
) -> Prize:
    """One prize among ``eligible`` (in standings order). The most of ``counts``
    wins, or for the low score the least; a "most" prize needs a count above 0,
    and the low score is given once somebody at the night has scored."""
    if kind is PrizeKind.LOW_SCORE:
        scored = max(counts.values(), default=0) > 0
        best = min((counts[p] for p in eligible), default=0)
        if not scored or not eligible:
            return Prize(kind=kind, count=0, winners=())
    else:
        best = max((counts[p] for p in eligible), default=0)
        if best <= 0:
            return Prize(kind=kind, count=0, winners=())
    level = tuple(p for p in eligible if counts[p] == best)
    if ties is PrizeTies.SHARE or len(level) == 1:
        return Prize(kind=kind, count=best, winners=level, level=level)
    winners, settled = _break_tie(kind, level, sat_out, seed)
    return Prize(kind=kind, count=best, winners=winners, level=level, settled=settled)


def award_prizes(
    *,
    kinds: Sequence[PrizeKind],
    one_each: bool,
    ties: PrizeTies,
    order: Sequence[int],
    counts: Mapping[PrizeKind, Mapping[int, int]],
    sat_out: Mapping[int, int],
    seed: int,
    at_every_round: Collection[int] | None = None,
) -> tuple[Prize, ...]:
    """The night's prizes (docs/rules.md, Euchre night 6), those of ``kinds`` in
    the order listed (``PRIZE_ORDER``). With ``one_each`` a player who took a
    prize (alone or shared) is passed over for the later ones. ``order``: the
    players in standings order; ``sat_out``: rounds each player sat out;
    ``at_every_round``: the players at the night for every round (sitting out counts
    as there), the only ones the low score goes to (everyone when None)."""
    taken: set[int] = set()
    prizes = []
    for kind in PRIZE_ORDER:
        if kind not in kinds:
            continue
        eligible = [p for p in order if not (one_each and p in taken)]
        if kind is PrizeKind.LOW_SCORE and at_every_round is not None:
            eligible = [p for p in eligible if p in at_every_round]
        prize = award_prize(
            kind=kind, counts=counts[kind], eligible=eligible, ties=ties, sat_out=sat_out, seed=seed
        )
        taken.update(prize.winners)
        prizes.append(prize)
    return tuple(prizes)
