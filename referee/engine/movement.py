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


def _better_first(players: Sequence[int], results: Results, seed: int) -> list[int]:
    """A table's players, best result first: the round's points, then the night
    total, then the draw."""
    return sorted(
        players,
        key=lambda p: (-results.points.get(p, 0), -results.totals.get(p, 0), night_draw(seed, p)),
    )


def _wanted_tables(
    last: Sequence[Sequence[int]], results: Results, *, pairs: bool, seed: int
) -> dict[int, tuple[int, int]]:
    """Each player of the round before: (table the rule sends them to, their
    place on the way), tables numbered from 1, the top table."""
    count = len(last)
    wanted: dict[int, tuple[int, int]] = {}
    for number, table in enumerate(last, start=1):
        up, down = max(number - 1, 1), (count if number == 1 else number)
        if pairs:
            # A pair's points are each partner's; its total is both partners'.
            teams = [(table[0], table[2]), (table[1], table[3])]
            pair_results = Results(
                points={t[0]: results.points.get(t[0], 0) for t in teams},
                totals={t[0]: sum(results.totals.get(p, 0) for p in t) for t in teams},
            )
            won = _better_first([t[0] for t in teams], pair_results, seed)[0]
            for team in teams:
                moved = up if team[0] == won else down
                wanted.update((p, (moved, number)) for p in team)
            continue
        ranked = _better_first(table, results, seed)
        for place, player in enumerate(ranked):
            moved = number
            if place == 0:
                moved = up
            elif place == len(ranked) - 1:
                moved = min(number + 1, count)
            wanted[player] = (moved, place)
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
