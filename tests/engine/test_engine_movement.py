"""Movement by result (docs/rules.md, Euchre night 2): every clause of the rule,
by property over random nights and exhaustively at the smallest night."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.movement import Results, moves, night_draw
from referee.engine.seating import RoundPlan, plan_round, table_sizes
from referee.engine.variants import Variant

NIGHT = settings(max_examples=40, deadline=None)


def table_of(plan: RoundPlan) -> dict[int, int]:
    return {p: number for number, table in enumerate(plan.tables, start=1) for p in table}


def partners(plan: RoundPlan) -> set[frozenset[int]]:
    return {frozenset((t[i], t[i + 2])) for t in plan.tables for i in (0, 1)}


@st.composite
def rounds(draw: st.DrawFn, variant: Variant) -> tuple[RoundPlan, Results, int]:
    """A first round seated by the rotation, with random points (few values, so
    ties are common) and night totals."""
    players = draw(st.integers(min_value=8, max_value=26))
    seed = draw(st.integers(min_value=0, max_value=2**32))
    first = plan_round(present=range(1, players + 1), history=[], variant=variant, seed=seed)
    points = {p: draw(st.integers(0, 3)) for p in first.seated}
    if variant is Variant.STANDARD:  # partners score alike
        for t in first.tables:
            points[t[2]], points[t[3]] = points[t[0]], points[t[1]]
    totals = {p: points.get(p, 0) + draw(st.integers(0, 2)) for p in range(1, players + 1)}
    return first, Results(points=points, totals=totals), seed


def better(a: int, b: int, results: Results, seed: int) -> bool:
    """The tie rule: the round's points, then the night total, then the draw."""
    key = [(-results.points[p], -results.totals[p], night_draw(seed, p)) for p in (a, b)]
    return key[0] < key[1]


def pair_wins(table: tuple[int, ...], results: Results, seed: int) -> bool:
    """Whether seats 1 and 3 beat seats 2 and 4: points, then both partners'
    night totals, then the draw of the pair's first-seated partner."""
    us, them = (table[0], table[2]), (table[1], table[3])
    key = [
        (-results.points[t[0]], -sum(results.totals[p] for p in t), night_draw(seed, t[0]))
        for t in (us, them)
    ]
    return key[0] < key[1]


def second(first: RoundPlan, results: Results, seed: int, variant: Variant) -> RoundPlan:
    present = sorted(first.seated + first.sitting_out)
    return plan_round(present=present, history=[first], variant=variant, seed=seed, results=results)


def check_standard(first: RoundPlan, results: Results, nxt: RoundPlan, seed: int) -> None:
    where = table_of(nxt)
    last = len(first.tables)
    for number, table in enumerate(first.tables, start=1):
        won = pair_wins(table, results, seed)
        winners = (table[0], table[2]) if won else (table[1], table[3])
        losers = (table[1], table[3]) if won else (table[0], table[2])
        for p in winners:  # winners up a table; at table 1 they stay
            assert where[p] == max(number - 1, 1)
        for p in losers:  # losers stay; table 1's go to the last table
            assert where[p] == (last if number == 1 else number)
    # Every pair splits: nobody partners the same player as in the round before.
    assert not partners(first) & partners(nxt)


def check_call_ace(first: RoundPlan, results: Results, nxt: RoundPlan, seed: int) -> None:
    where = table_of(nxt)
    last = len(first.tables)
    for number, table in enumerate(first.tables, start=1):
        top = next(p for p in table if all(better(p, q, results, seed) for q in table if q != p))
        low = next(p for p in table if all(better(q, p, results, seed) for q in table if q != p))
        assert where[top] == max(number - 1, 1)  # up one; table 1's top stays
        assert where[low] == min(number + 1, last)  # down one; the last table's lowest stays
        for p in set(table) - {top, low}:
            assert where[p] == number


@NIGHT
@given(rounds(Variant.STANDARD))
def test_standard_winners_up_losers_stay_pairs_split(night: tuple[RoundPlan, Results, int]) -> None:
    first, results, seed = night
    nxt = second(first, results, seed, Variant.STANDARD)
    if nxt.sitting_out or first.sitting_out:  # those a move does not place: tested below
        return
    check_standard(first, results, nxt, seed)


@NIGHT
@given(rounds(Variant.CALL_ACE))
def test_call_ace_top_up_lowest_down(night: tuple[RoundPlan, Results, int]) -> None:
    first, results, seed = night
    check_call_ace(first, results, second(first, results, seed, Variant.CALL_ACE), seed)


def test_smallest_standard_night_every_result() -> None:
    """8 players, 2 tables: every result at both tables, ties included."""
    first = plan_round(present=range(1, 9), history=[], variant=Variant.STANDARD, seed=3)
    for scores in itertools.product(range(3), repeat=4):
        points = {}
        for (a, b), table in zip(itertools.batched(scores, 2), first.tables, strict=True):
            points.update({table[0]: a, table[2]: a, table[1]: b, table[3]: b})
        results = Results(points=points, totals={p: p % 3 for p in range(1, 9)})
        check_standard(first, results, second(first, results, 3, Variant.STANDARD), 3)


def test_smallest_call_ace_night_every_order() -> None:
    """8 players at two tables of 4: every order of finish at both tables."""
    first = plan_round(present=range(1, 9), history=[], variant=Variant.CALL_ACE, seed=5)
    one, two = first.tables
    for a, b in itertools.product(itertools.permutations(one), itertools.permutations(two)):
        points = {p: 10 - i for order in (a, b) for i, p in enumerate(order)}
        results = Results(points=points, totals=dict.fromkeys(points, 0))
        check_call_ace(first, results, second(first, results, 5, Variant.CALL_ACE), 5)


def test_a_tie_goes_to_the_night_total_then_the_draw() -> None:
    first = plan_round(present=range(1, 9), history=[], variant=Variant.CALL_ACE, seed=1)
    table = first.tables[1]
    level = dict.fromkeys(first.seated, 5)
    # Level points: the higher night total moves up from table 2.
    totals = dict.fromkeys(first.seated, 0) | {table[2]: 9}
    nxt = second(first, Results(points=level, totals=totals), 1, Variant.CALL_ACE)
    assert table_of(nxt)[table[2]] == 1
    # Level on both: the night's draw decides, the same every time.
    flat = Results(points=level, totals=dict.fromkeys(first.seated, 0))
    drawn = min(table, key=lambda p: night_draw(1, p))
    assert table_of(second(first, flat, 1, Variant.CALL_ACE))[drawn] == 1
    assert second(first, flat, 1, Variant.CALL_ACE) == second(first, flat, 1, Variant.CALL_ACE)


@NIGHT
@given(
    rounds(Variant.STANDARD) | rounds(Variant.CALL_ACE),
    st.integers(0, 3),
    st.integers(0, 3),
    st.randoms(use_true_random=False),
)
def test_sit_outs_arrivals_and_leavers_as_the_rotation(
    night: tuple[RoundPlan, Results, int], leaving: int, arriving: int, draw: random.Random
) -> None:
    """Who sits out is the rotation's choice; leavers are not seated, arrivals and
    those back from sitting out are; tables are the rotation's sizes."""
    first, results, seed = night
    variant = Variant.STANDARD if all(len(t) == 4 for t in first.tables) else Variant.CALL_ACE
    everyone = sorted(first.seated + first.sitting_out)
    left = draw.sample(everyone, leaving)
    present = [p for p in everyone if p not in left] + [100 + i for i in range(arriving)]
    moved = plan_round(
        present=present, history=[first], variant=variant, seed=seed, results=results
    )
    rotation = plan_round(present=present, history=[first], variant=variant, seed=seed)
    assert moved.sitting_out == rotation.sitting_out
    assert sorted(moved.seated + moved.sitting_out) == sorted(present)
    assert sorted(map(len, moved.tables), reverse=True) == list(
        table_sizes(players=len(present), variant=variant)
    )
    if variant is Variant.STANDARD:
        assert not partners(first) & partners(moved)


def test_moves_say_where_each_player_came_from() -> None:
    last = [(1, 2, 3, 4), (5, 6, 7, 8)]
    now = [(1, 5, 3, 7), (2, 9, 4, 10)]
    assert moves(last, (9,), now) == {
        1: "stayed at table 1",
        3: "stayed at table 1",
        5: "moved up from table 2",
        7: "moved up from table 2",
        2: "moved down from table 1",
        4: "moved down from table 1",
        9: "back from sitting out",
        10: "joined",
    }


@NIGHT
@given(st.sampled_from([8, 12, 16]), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_standard_pairs_split_every_round(players: int, seed: int, draw: random.Random) -> None:
    """Over rounds 2 to 6 of a night moved by result, nobody keeps the partner
    of the round before, however often the same players meet."""
    history: list[RoundPlan] = []
    totals = dict.fromkeys(range(1, players + 1), 0)
    results: Results | None = None
    for _ in range(6):
        plan = plan_round(
            present=range(1, players + 1),
            history=history,
            variant=Variant.STANDARD,
            seed=seed,
            results=results,
        )
        if results is not None:
            assert not partners(history[-1]) & partners(plan)
            check_standard(history[-1], results, plan, seed)
        points = {}
        for t in plan.tables:
            a, b = draw.randrange(3), draw.randrange(3)
            points.update({t[0]: a, t[2]: a, t[1]: b, t[3]: b})
        totals = {p: totals[p] + points[p] for p in totals}
        history.append(plan)
        results = Results(points=points, totals=totals)
