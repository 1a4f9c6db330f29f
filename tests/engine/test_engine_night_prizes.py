"""A euchre night's prizes as a club awards them (docs/rules.md, Euchre night 6): the prizes
a night picks, one prize a person (the higher first), and ties shared or broken by
fewer rounds sat out, then a draw from the night's seed."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.night import NightRules, night_rules_from_dict
from referee.engine.night_prizes import (
    PRIZE_ORDER,
    Prize,
    PrizeKind,
    PrizeTies,
    Settled,
    award_prizes,
    prize_draw,
)
from referee.engine.variants import RulesError, Variant

HIGH, LOW, LONE, EUCHRES = PRIZE_ORDER
SHARE, BREAK = PrizeTies.SHARE, PrizeTies.BREAK


def award(
    totals: Mapping[int, int],
    *,
    lone: Mapping[int, int] | None = None,
    euchres: Mapping[int, int] | None = None,
    kinds: tuple[PrizeKind, ...] = PRIZE_ORDER,
    one_each: bool = True,
    ties: PrizeTies = SHARE,
    sat_out: Mapping[int, int] | None = None,
    seed: int = 7,
) -> dict[PrizeKind, Prize]:
    players = sorted(totals, key=lambda p: (-totals[p], p))
    zero = dict.fromkeys(players, 0)
    prizes = award_prizes(
        kinds=kinds,
        one_each=one_each,
        ties=ties,
        order=players,
        counts={
            HIGH: totals,
            LOW: totals,
            LONE: {**zero, **(lone or {})},
            EUCHRES: {**zero, **(euchres or {})},
        },
        sat_out={**zero, **(sat_out or {})},
        seed=seed,
    )
    return {p.kind: p for p in prizes}


def winners(prizes: Mapping[PrizeKind, Prize]) -> dict[PrizeKind, tuple[int, ...]]:
    return {kind: prize.winners for kind, prize in prizes.items()}


def test_the_default_night_gives_four_prizes_one_a_person_the_higher_first() -> None:
    # Player 1 has the most points and the most lone hands: the lone hands go to 2.
    prizes = award(
        {1: 30, 2: 25, 3: 20, 4: 10},
        lone={1: 3, 2: 1},
        euchres={3: 2, 4: 5},
    )
    assert list(prizes) == [HIGH, LOW, LONE, EUCHRES]
    # 4 takes the low score, so the euchres pass to 3.
    assert winners(prizes) == {HIGH: (1,), LOW: (4,), LONE: (2,), EUCHRES: (3,)}
    assert (prizes[HIGH].count, prizes[LOW].count, prizes[EUCHRES].count) == (30, 10, 2)


def test_with_several_prizes_allowed_the_best_takes_each() -> None:
    prizes = award({1: 30, 2: 25, 3: 20}, lone={1: 3, 2: 1}, one_each=False)
    assert winners(prizes) == {HIGH: (1,), LOW: (3,), LONE: (1,), EUCHRES: ()}


def test_a_night_gives_only_the_prizes_it_chose() -> None:
    prizes = award({1: 30, 2: 25}, kinds=(HIGH, EUCHRES), euchres={1: 1})
    assert list(prizes) == [HIGH, EUCHRES]
    # Player 1 holds the high score; nobody else scored a euchre.
    assert prizes[EUCHRES].winners == ()


def test_a_shared_high_score_passes_both_over_for_the_rest() -> None:
    prizes = award({1: 20, 2: 20, 3: 5, 4: 3}, lone={1: 2, 3: 1})
    assert prizes[HIGH].winners == (1, 2)
    assert prizes[HIGH].settled is Settled.ALONE
    assert prizes[LONE].winners == (3,)
    assert prizes[LOW].winners == (4,)


def test_nobody_takes_a_prize_before_it_is_won() -> None:
    prizes = award({1: 0, 2: 0, 3: 0})
    assert all(not p.winners and p.count == 0 for p in prizes.values())


def test_a_broken_tie_goes_to_who_sat_out_fewer_rounds() -> None:
    prizes = award({1: 20, 2: 20, 3: 5}, ties=BREAK, sat_out={1: 1})
    high = prizes[HIGH]
    assert (high.winners, high.level, high.settled) == ((2,), (1, 2), Settled.SAT_OUT)
    # Player 1 lost the tie-break and may still take a later prize (none here: 3 is low).
    assert prizes[LOW].winners == (3,)


def test_a_tie_left_after_sitting_out_is_drawn_from_the_seed_the_same_every_time() -> None:
    first = award({1: 20, 2: 20, 3: 20, 4: 5}, ties=BREAK, seed=11)
    again = award({1: 20, 2: 20, 3: 20, 4: 5}, ties=BREAK, seed=11)
    assert first == again
    high = first[HIGH]
    assert high.settled is Settled.DRAW
    assert high.winners == (prize_draw(seed=11, kind=HIGH, level=(1, 2, 3)),)
    # The draw does not always fall on the same player: other seeds draw others.
    drawn = {prize_draw(seed=seed, kind=HIGH, level=(1, 2, 3)) for seed in range(40)}
    assert drawn == {1, 2, 3}


def test_the_low_score_is_the_least_among_those_without_a_prize() -> None:
    prizes = award({1: 12, 2: 3, 3: 3}, ties=SHARE)
    assert (prizes[LOW].winners, prizes[LOW].count) == ((2, 3), 3)


def test_a_draw_needs_a_player() -> None:
    with pytest.raises(ValueError, match="at least one"):
        prize_draw(seed=1, kind=HIGH, level=())


# --- The night's rules carry the prizes -------------------------------------------------


def test_the_prize_rules_default_to_a_club_sheets_and_round_trip() -> None:
    rules = NightRules()
    assert (rules.prizes, rules.one_prize_each, rules.prize_ties) == (PRIZE_ORDER, True, SHARE)
    chosen = rules.with_prizes(prizes=[EUCHRES, HIGH], one_prize_each=False, prize_ties=BREAK)
    assert chosen.prizes == (HIGH, EUCHRES)
    data = chosen.to_dict(Variant.STANDARD)
    assert (data["prizes"], data["one_prize_each"], data["prize_ties"]) == (
        ["most-points", "most-euchres"],
        False,
        "break",
    )
    assert night_rules_from_dict(Variant.STANDARD, data) == chosen
    # A night stored before the prizes were chosen reads with the defaults.
    assert night_rules_from_dict(Variant.CALL_ACE, {"hands_per_round": 6}).prizes == PRIZE_ORDER


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"prizes": "most-points"}, "prizes"),
        ({"prizes": ["most-points", "booby"]}, "prizes"),
        ({"prizes": ["low-score", "most-points"]}, "prizes"),
        ({"prizes": ["most-points", "most-points"]}, "prizes"),
        ({"prizes": [1]}, "prizes"),
        ({"one_prize_each": "yes"}, "one_prize_each"),
        ({"prize_ties": "coin"}, "prize_ties"),
        ({"prize_ties": None}, "prize_ties"),
    ],
)
def test_bad_prize_rules_are_refused_naming_the_key(data: dict[str, object], field: str) -> None:
    with pytest.raises(RulesError) as caught:
        night_rules_from_dict(Variant.STANDARD, data)
    assert caught.value.field == field


# --- Properties ----------------------------------------------------------------------------

counts = st.dictionaries(st.integers(1, 24), st.integers(0, 40), min_size=1, max_size=24)


@st.composite
def nights(draw: st.DrawFn) -> dict[str, object]:
    totals = draw(counts)
    players = list(totals)
    small = st.integers(0, 3)
    return {
        "totals": totals,
        "lone": {p: draw(small) for p in players},
        "euchres": {p: draw(small) for p in players},
        "sat_out": {p: draw(st.integers(0, 2)) for p in players},
        "kinds": tuple(p for p in PRIZE_ORDER if draw(st.booleans())),
        "one_each": draw(st.booleans()),
        "ties": draw(st.sampled_from(PrizeTies)),
        "seed": draw(st.integers(0, 10**9)),
    }


def award_night(night: dict[str, object]) -> dict[PrizeKind, Prize]:
    return award(**night)  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(nights())
def test_with_one_prize_each_nobody_takes_two(night: dict[str, object]) -> None:
    night["one_each"] = True
    taken = [p for prize in award_night(night).values() for p in prize.winners]
    assert len(taken) == len(set(taken))


@settings(max_examples=200, deadline=None)
@given(nights())
def test_a_broken_tie_has_one_winner_among_those_level(night: dict[str, object]) -> None:
    night["ties"] = BREAK
    for prize in award_night(night).values():
        assert len(prize.winners) <= 1
        assert set(prize.winners) <= set(prize.level)


@settings(max_examples=200, deadline=None)
@given(nights(), st.randoms(use_true_random=False))
def test_the_winners_do_not_depend_on_the_order_players_are_listed(
    night: dict[str, object], shuffler: random.Random
) -> None:
    def winners_when_listed(order: list[int]) -> dict[PrizeKind, set[int]]:
        prizes = award_prizes(
            kinds=night["kinds"],  # type: ignore[arg-type]
            one_each=bool(night["one_each"]),
            ties=night["ties"],  # type: ignore[arg-type]
            order=order,
            counts={
                HIGH: night["totals"],  # type: ignore[dict-item]
                LOW: night["totals"],  # type: ignore[dict-item]
                LONE: night["lone"],  # type: ignore[dict-item]
                EUCHRES: night["euchres"],  # type: ignore[dict-item]
            },
            sat_out=night["sat_out"],  # type: ignore[arg-type]
            seed=night["seed"],  # type: ignore[arg-type]
        )
        return {p.kind: set(p.winners) for p in prizes}

    order = sorted(night["totals"])  # type: ignore[call-overload]
    listed = winners_when_listed(order)
    shuffler.shuffle(order)
    assert winners_when_listed(order) == listed


@settings(max_examples=200, deadline=None)
@given(nights())
def test_a_prize_goes_to_the_best_count_among_those_who_may_take_it(
    night: dict[str, object],
) -> None:
    prizes = award_night(night)
    counts_of = {
        HIGH: night["totals"],
        LOW: night["totals"],
        LONE: night["lone"],
        EUCHRES: night["euchres"],
    }
    for kind, prize in prizes.items():
        counts = counts_of[kind]
        assert isinstance(counts, dict)
        for winner in prize.winners:
            assert counts[winner] == prize.count
        if kind is not LOW and prize.winners:
            assert prize.count > 0
