"""Movement by result: a night's house rule that seats a round by the results of
the round before (docs/rules.md, Euchre night 2). ``seating.plan_round`` chooses
who sits out as the rotation does, then asks ``move_tables`` for the tables.

Standard euchre: each table's winning pair moves up a table and its losing pair
stays; at table 1 the winners stay and the losers go to the last table; every
pair splits. Call-Ace: each table's top scorer moves up one and its lowest down
one; table 1's top and the last table's lowest stay. Level scores go to the
higher night total, then the night's draw.

Plain Python: no Django import.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from referee.engine.variants import Variant

type Pair = tuple[int, int]

TIE_RULE = "Level scores go to the higher night total, then the night's draw."


def movement_rule(variant: Variant) -> str:
    """Movement by result in the night's variant, in a sentence (docs/rules.md,
    Euchre night 2)."""
    if variant is Variant.STANDARD:
        return (
            "After each round the winning pair at each table moves up a table and the "
            "losing pair stays; at table 1 the winners stay and the losers go to the last "
            f"table; every pair splits, so each partners someone new. {TIE_RULE}"
        )
    return (
        "After each round each table's top scorer moves up a table and its lowest "
        "scorer down one; table 1's top scorer and the last table's lowest stay. "
        f"{TIE_RULE}"
    )


@dataclass(frozen=True)
class Results:
    """What the move reads, by player: their points in the round before and their
    night total so far."""

    points: Mapping[int, int]
    totals: Mapping[int, int]


def night_draw(seed: int, player: int) -> float:
    """The night's draw for a player: the last tie-break of a move, the same on
    every screen and every reload."""
    return random.Random(f"bower-movement:{seed}:{player}").random()


def _wanted_tables(
    last: Sequence[Sequence[int]], results: Results, *, pairs: bool, seed: int
) -> dict[int, tuple[int, int]]:
    """Each player of the round before: (table the rule sends them to, their
    place on the way), tables numbered from 1, the top table."""
    count = len(last)
    wanted: dict[int, tuple[int, int]] = {}
    for number, table in enumerate(last, start=1):
        # Best first: the round's points (a pair's are each partner's), the night
        # total (a pair's is both partners'), then the draw.
        ranked = sorted(
            [(table[0], table[2]), (table[1], table[3])] if pairs else [(p,) for p in table],
            key=lambda group: (
                -results.points.get(group[0], 0),
                -sum(results.totals.get(p, 0) for p in group),
                night_draw(seed, group[0]),
            ),
        )
        for place, group in enumerate(ranked):
            moved = number
            if place == 0:
                moved = max(number - 1, 1)
            elif place == len(ranked) - 1 and pairs:
                moved = count if number == 1 else number
            elif place == len(ranked) - 1:
                moved = min(number + 1, count)
            wanted.update((p, (moved, place)) for p in group)
    return wanted


def _counts_kept(wanted: Sequence[int], sizes: Sequence[int]) -> list[int]:
    """How many of the ladder (sorted by table wanted) each table takes: all who
    want it while it has room, the rest going on down (or, past the last table,
    back up); the seats left are for those the move does not place."""
    taken: list[int] = []
    queue = 0
    for number, size in enumerate(sizes, start=1):
        queue += sum(1 for w in wanted if min(w, len(sizes)) == number)
        taken.append(min(size, queue))
        queue -= taken[-1]
    for index in reversed(range(len(sizes))):
        extra = min(queue, sizes[index] - taken[index])
        taken[index] += extra
        queue -= extra
    return taken


def _partnered(
    table: Sequence[int], partners: Counter[Pair], split: set[Pair], rng: random.Random
) -> tuple[int, ...]:
    """Four players seated so that partners (seats 1 and 3, 2 and 4) have partnered
    least, and never a pair of the round before (``split``)."""

    def cost(a: int, b: int) -> int:
        pair = (a, b) if a < b else (b, a)
        return partners[pair] ** 2 + (1000 if pair in split else 0)

    a, b, c, d = table
    options = [(a, b, c, d), (a, c, b, d), (a, d, b, c)]
    rng.shuffle(options)
    w, x, y, z = min(options, key=lambda o: cost(o[0], o[1]) + cost(o[2], o[3]))
    return (w, y, x, z)


def move_tables(
    *,
    seated: Sequence[int],
    sizes: Sequence[int],
    last: Sequence[Sequence[int]],
    results: Results,
    partners: Counter[Pair] | None,
    seed: int,
    rng: random.Random,
) -> list[tuple[int, ...]]:
    """The round's tables (``sizes``, table 1 first) for the ``seated`` players,
    moved by the results of the ``last`` round's tables. ``partners``: the
    night's partnerships so far in standard euchre (None in Call-Ace). Those the
    move does not place (back from sitting out, arrived) take the seats left, by
    draw."""
    wanted = _wanted_tables(last, results, pairs=partners is not None, seed=seed)
    ladder = sorted((p for p in seated if p in wanted), key=lambda p: (wanted[p], p))
    others = [p for p in seated if p not in wanted]
    split = {
        (min(t[i], t[i + 2]), max(t[i], t[i + 2])) for t in last if len(t) == 4 for i in (0, 1)
    }
    rng.shuffle(others)
    tables: list[tuple[int, ...]] = []
    for size, kept in zip(sizes, _counts_kept([wanted[p][0] for p in ladder], sizes), strict=True):
        players = ladder[:kept] + others[: size - kept]
        ladder, others = ladder[kept:], others[size - kept :]
        if partners is None:
            rng.shuffle(players)
            tables.append(tuple(players))
        else:
            tables.append(_partnered(players, partners, split, rng))
    return tables


def moves(
    last_tables: Sequence[Sequence[int]], sat_out: Collection[int], tables: Sequence[Sequence[int]]
) -> dict[int, str]:
    """Where each player of a round's ``tables`` came from, in words: "moved up
    from table 2", "stayed at table 1", "back from sitting out", "joined"."""
    was = {p: number for number, table in enumerate(last_tables, start=1) for p in table}
    notes: dict[int, str] = {}
    for number, table in enumerate(tables, start=1):
        for player in table:
            before = was.get(player)
            if before is None:
                notes[player] = "back from sitting out" if player in sat_out else "joined"
            elif before == number:
                notes[player] = f"stayed at table {number}"
            else:
                notes[player] = f"moved {'up' if before > number else 'down'} from table {before}"
    return notes
