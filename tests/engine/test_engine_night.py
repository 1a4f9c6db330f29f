"""Scoring a euchre night (docs/rules.md, Euchre night 3): a table's round of a fixed number of
hands, the lone-march house rule, sitting out, and the standings with shared places
and shared prizes."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.cards import Suit
from referee.engine.hands import GameSetup, Hand, HandError, PartnerOutcome
from referee.engine.night import (
    NightRules,
    PrizeKind,
    RoundScore,
    draw_dealer,
    night_rules_from_dict,
    night_standings,
    score_night,
    score_round,
    score_table_round,
    sit_out_points,
)
from referee.engine.seating import RoundPlan, plan_night
from referee.engine.totals import RoundRules, score_game
from referee.engine.variants import HouseRules, RenegeRule, RulesError, Variant

H = Suit.HEARTS
STANDARD, CALL_ACE = Variant.STANDARD, Variant.CALL_ACE
TEAM, ALONE = PartnerOutcome.TEAM, PartnerOutcome.ALONE
REVEALED, HELD, NOT_IN_PLAY = (
    PartnerOutcome.REVEALED,
    PartnerOutcome.MAKER_HELD,
    PartnerOutcome.NOT_IN_PLAY,
)


def std(maker: int, tricks: int, outcome: PartnerOutcome = TEAM) -> Hand:
    return Hand(maker=maker, trump=H, outcome=outcome, tricks=tricks)


def ace(
    maker: int, tricks: int, partner: int | None = None, outcome: PartnerOutcome = REVEALED
) -> Hand:
    return Hand(
        maker=maker, trump=H, called=Suit.SPADES, outcome=outcome, partner=partner, tricks=tricks
    )


# Ann and Cat (seats 1 and 3) against Ben and Dan (seats 2 and 4).
NAMES = {11: "Ann", 12: "Ben", 13: "Cat", 14: "Dan"}
STANDARD_HANDS = [
    std(0, 3),  # Ann and Cat make it: 1 each
    std(1, 5, ALONE),  # Ben's lone march: 4 each to Ben and Dan (5 under the house rule)
    std(2, 2),  # Cat euchred: 2 each to Ben and Dan
    std(3, 5),  # Dan and Ben march: 2 each
]


def test_a_standard_table_round_gives_both_partners_their_teams_points() -> None:
    result = score_table_round(
        seats=(11, 12, 13, 14),
        variant=STANDARD,
        rules=NightRules(hands_per_round=4),
        first_dealer=0,
        hands=STANDARD_HANDS,
        names=NAMES,
    )
    assert result.points_by_player == {11: 1, 12: 8, 13: 1, 14: 8}
    assert (result.hands_counted, result.complete, result.next_dealer) == (4, True, 0)
    assert [h.dealer for h in result.hands] == [0, 1, 2, 3]
    assert result.hands[1].score.explanation == (
        "Alone march: Ben alone took all 5 tricks, 4 to Ben and Dan."
    )


def test_the_lone_march_house_rule_scores_5_and_says_so() -> None:
    result = score_table_round(
        seats=(11, 12, 13, 14),
        variant=STANDARD,
        rules=NightRules(hands_per_round=4, lone_march_five=True),
        first_dealer=0,
        hands=STANDARD_HANDS,
        names=NAMES,
    )
    assert result.points_by_player == {11: 1, 12: 9, 13: 1, 14: 9}
    assert result.hands[1].score.explanation == (
        "Alone march: Ben alone took all 5 tricks, 5 to Ben and Dan "
        "(house rule of the night: a lone march scores 5, Euchre night rules 4)."
    )
    # A partnership march and a lone make are untouched by the house rule.
    assert [h.points for h in result.hands[3:]] == [(0, 2, 0, 2)]


def test_the_lone_march_house_rule_leaves_a_renege_on_a_lone_hand_at_4() -> None:
    rules = NightRules(hands_per_round=4, lone_march_five=True)
    renege = Hand(maker=1, trump=H, outcome=ALONE, tricks=2, renege=0)
    result = score_table_round(
        seats=(1, 2, 3, 4), variant=STANDARD, rules=rules, first_dealer=0, hands=[renege]
    )
    assert result.points == (0, 4, 0, 4)


def test_the_lone_march_house_rule_is_refused_outside_standard_euchre() -> None:
    with pytest.raises(RulesError) as error:
        score_table_round(
            seats=(1, 2, 3, 4, 5),
            variant=CALL_ACE,
            rules=NightRules(lone_march_five=True),
            first_dealer=0,
            hands=[],
        )
    assert error.value.field == "lone_march_five"


def test_hands_beyond_the_round_are_kept_but_score_nothing() -> None:
    extra = std(0, 5)
    result = score_table_round(
        seats=(11, 12, 13, 14),
        variant=STANDARD,
        rules=NightRules(hands_per_round=4),
        first_dealer=2,
        hands=[*STANDARD_HANDS, extra],
    )
    assert len(result.hands) == 5
    assert result.hands[4].after_end
    assert result.hands[4].points == (0, 0, 0, 0)
    assert result.hands[4].score.points == (2, 0, 2, 0)  # what it would have scored
    assert result.points == (1, 8, 1, 8)
    assert (result.hands_counted, result.complete, result.next_dealer) == (4, True, 3)


def test_a_round_in_progress_is_not_complete_and_names_the_next_dealer() -> None:
    result = score_table_round(
        seats=(11, 12, 13, 14),
        variant=STANDARD,
        rules=NightRules(),
        first_dealer=3,
        hands=STANDARD_HANDS[:2],
    )
    assert (result.hands_counted, result.complete, result.next_dealer) == (2, False, 1)
    assert [h.dealer for h in result.hands] == [3, 0]


def test_a_call_ace_table_round_scores_each_player_by_the_call_ace_table() -> None:
    hands = [
        ace(0, 3, partner=2),  # seats 1 and 3 make it: 1 each
        ace(1, 5, outcome=HELD),  # lone march at 5 players: 5
        ace(3, 2, partner=4),  # euchred: 2 to each of seats 1, 2 and 3
        ace(4, 4, outcome=NOT_IN_PLAY),  # alone, 4 tricks: 1
    ]
    result = score_table_round(
        seats=(5, 4, 3, 2, 1),
        variant=CALL_ACE,
        rules=NightRules(hands_per_round=4),
        first_dealer=4,
        hands=hands,
    )
    assert result.points_by_player == {5: 3, 4: 7, 3: 3, 2: 0, 1: 1}
    assert [h.dealer for h in result.hands] == [4, 0, 1, 2]
    assert result.complete


def test_a_bad_first_dealer_or_a_player_twice_is_refused_at_its_field() -> None:
    with pytest.raises(HandError) as error:
        score_table_round(
            seats=(1, 2, 3, 4), variant=STANDARD, rules=NightRules(), first_dealer=4, hands=[]
        )
    assert error.value.errors == {"first_dealer": "there is no seat 5"}
    with pytest.raises(HandError) as error:
        score_table_round(
            seats=(1, 2, 3, 1), variant=STANDARD, rules=NightRules(), first_dealer=0, hands=[]
        )
    assert "seats" in error.value.errors


# --- Sitting out and the standings ---------------------------------------------------------

PLAN = RoundPlan(tables=((1, 2, 3, 4), (5, 6, 7, 8)), sitting_out=(9,))
TABLE_A = [std(0, 3), std(1, 5, ALONE), std(0, 1), std(2, 4)]  # 1, 3: 2 each; 2, 4: 6 each
TABLE_B = [std(0, 3, ALONE), std(1, 3), std(1, 2), std(0, 5)]  # 5, 7: 5 each; 6, 8: 1 each


def round_one(rules: NightRules) -> RoundScore:
    return score_round(
        plan=PLAN, variant=STANDARD, rules=rules, first_dealers=[0, 1], hands=[TABLE_A, TABLE_B]
    )


def test_a_player_sitting_out_scores_the_rounds_average_per_player_rounded_down() -> None:
    result = round_one(NightRules(hands_per_round=4))
    # 28 points over the 8 who played: 3.5, rounded down.
    assert result.points == {1: 2, 2: 6, 3: 2, 4: 6, 5: 5, 6: 1, 7: 5, 8: 1, 9: 3}
    assert result.sit_out_points == 3
    assert result.complete


def test_under_the_house_rule_a_player_sitting_out_scores_the_fixed_number() -> None:
    result = round_one(NightRules(hands_per_round=4, sit_out=4))
    assert result.points[9] == 4


def test_sitting_out_points_when_nobody_has_scored_yet_are_0() -> None:
    assert sit_out_points(NightRules(), []) == 0
    assert sit_out_points(NightRules(), [0, 0, 1, 1]) == 0


def test_the_standings_share_places_and_prizes_and_order_ties_by_name() -> None:
    names = {1: "Hal", 2: "Zoe", 3: "Ivy", 4: "Amy", 5: "Bo", 6: "Cy", 7: "Di", 8: "Ed", 9: "Flo"}
    # The prizes as a night with the house rule "a player may take several prizes" gives them.
    several = NightRules(
        hands_per_round=4,
        prizes=(PrizeKind.MOST_POINTS, PrizeKind.MOST_LONE_HANDS, PrizeKind.MOST_EUCHRES),
        one_prize_each=False,
    )
    standings = night_standings(
        rounds=[round_one(several)], variant=STANDARD, names=names, rules=several
    )
    rows = [(r.name, r.place, r.total) for r in standings.rows]
    assert rows == [
        ("Amy", 1, 6),
        ("Zoe", 1, 6),
        ("Bo", 3, 5),
        ("Di", 3, 5),
        ("Flo", 5, 3),
        ("Hal", 6, 2),
        ("Ivy", 6, 2),
        ("Cy", 8, 1),
        ("Ed", 8, 1),
    ]
    flo = standings.rows[4]
    assert (flo.rounds, flo.sat_out) == ((3,), (1,))
    prizes = {p.kind: (p.count, p.winners) for p in standings.prizes}
    assert prizes == {
        PrizeKind.MOST_POINTS: (6, (4, 2)),
        # Zoe's lone march and Bo's lone make; Bo's partner Di made no lone hand.
        PrizeKind.MOST_LONE_HANDS: (1, (2, 5)),
        # Zoe and Amy euchred Hal; Bo and Di euchred Cy.
        PrizeKind.MOST_EUCHRES: (1, (4, 2, 5, 7)),
    }
    assert [p.kind.label for p in standings.prizes] == [
        "Most points",
        "Most lone hands made",
        "Most euchres as a defender",
    ]


def test_hands_beyond_the_round_count_for_no_prize() -> None:
    late_lone = [*TABLE_A, std(3, 5, ALONE), std(0, 0)]
    one = score_round(
        plan=PLAN,
        variant=STANDARD,
        rules=NightRules(hands_per_round=4),
        first_dealers=[0, 1],
        hands=[late_lone, TABLE_B],
    )
    standings = night_standings(rounds=[one], variant=STANDARD)
    by_player = {r.player: r for r in standings.rows}
    assert (by_player[4].lone_hands_made, by_player[4].defender_euchres) == (0, 1)


def test_a_lone_hand_euchred_is_not_made_and_nobody_wins_an_empty_prize() -> None:
    plan = RoundPlan(tables=((1, 2, 3, 4), (5, 6, 7, 8)), sitting_out=())
    one = score_round(
        plan=plan,
        variant=STANDARD,
        rules=NightRules(hands_per_round=4),
        first_dealers=[0, 0],
        hands=[[std(0, 2, ALONE)], []],
    )
    standings = night_standings(
        rounds=[one], variant=STANDARD, rules=NightRules(one_prize_each=False)
    )
    prizes = {p.kind: (p.count, p.winners) for p in standings.prizes}
    assert prizes[PrizeKind.MOST_LONE_HANDS] == (0, ())
    assert prizes[PrizeKind.MOST_EUCHRES] == (1, (2, 4))
    assert not one.complete


def test_a_player_who_left_has_no_points_for_the_rounds_they_missed() -> None:
    # Flo sat out round 1 and went home; round 2 seats the other eight, no hand played yet.
    second = RoundPlan(tables=((1, 5, 2, 6), (3, 7, 4, 8)), sitting_out=())
    rounds, standings = score_night(
        plans=[PLAN, second],
        variant=STANDARD,
        rules=NightRules(hands_per_round=4),
        first_dealers=[[0, 1], [0, 0]],
        hands=[[TABLE_A, TABLE_B], [[], []]],
    )
    flo = next(row for row in standings.rows if row.player == 9)
    assert (flo.rounds, flo.total, flo.sat_out) == ((3, None), 3, (1,))
    assert rounds[0].complete
    assert not rounds[1].complete
    assert standings.rounds_played == 2


def test_a_renege_penalty_never_takes_a_round_below_0() -> None:
    rules = NightRules(
        hands_per_round=4, table_rules=HouseRules(renege=RenegeRule.OFFENDER_LOSES_2)
    )
    hands = [Hand(maker=0, trump=H, tricks=3, renege=1), std(1, 5)]
    result = score_table_round(
        seats=(1, 2, 3, 4), variant=STANDARD, rules=rules, first_dealer=0, hands=hands
    )
    assert result.hands[0].points == (1, 0, 1, 0)  # Ben's team had nothing to lose
    assert result.points == (1, 2, 1, 2)


def test_a_round_with_a_player_at_two_tables_is_refused() -> None:
    plan = RoundPlan(tables=((1, 2, 3, 4), (5, 6, 7, 1)), sitting_out=())
    with pytest.raises(HandError):
        score_round(
            plan=plan, variant=STANDARD, rules=NightRules(), first_dealers=[0, 0], hands=[[], []]
        )


# --- The night's rules and the drawn dealer -------------------------------------------------


def test_night_rules_default_to_rules_md_7() -> None:
    rules = NightRules()
    assert (rules.hands_per_round, rules.lone_march_five, rules.sit_out) == (8, False, "average")


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"hands_per_round": 3}, "hands_per_round"),
        ({"hands_per_round": 13}, "hands_per_round"),
        ({"hands_per_round": True}, "hands_per_round"),
        ({"sit_out": "median"}, "sit_out"),
        ({"sit_out": -1}, "sit_out"),
        ({"sit_out": True}, "sit_out"),
        ({"lone_march_five": "yes"}, "lone_march_five"),
        ({"table_rules": 5}, "table_rules"),
        ({"target": 10}, "target"),
        ({"table_rules": {"renege": "forgive"}}, "renege"),
    ],
)
def test_a_bad_night_rule_is_refused_naming_its_field(
    values: dict[str, object], field: str
) -> None:
    with pytest.raises(RulesError) as error:
        night_rules_from_dict(STANDARD, values)
    assert error.value.field == field


def test_night_rules_survive_a_round_trip_through_their_stored_form() -> None:
    rules = NightRules(
        hands_per_round=6,
        lone_march_five=True,
        sit_out=3,
        table_rules=HouseRules(renege=RenegeRule.OFFENDER_LOSES_2),
    )
    stored = rules.to_dict(STANDARD)
    assert stored["hands_per_round"] == 6
    assert stored["sit_out"] == 3
    assert night_rules_from_dict(STANDARD, stored) == rules
    call_ace = NightRules(sit_out="average")
    assert "lone_march_five" not in call_ace.to_dict(CALL_ACE)
    assert night_rules_from_dict(CALL_ACE, call_ace.to_dict(CALL_ACE)) == call_ace
    assert night_rules_from_dict(CALL_ACE, None) == NightRules()


def test_the_drawn_dealer_is_the_same_for_the_same_night_round_and_table() -> None:
    draws = [
        draw_dealer(seed=7, round_number=r, table_number=t, players=5)
        for r in (1, 2)
        for t in (1, 2, 3)
    ]
    again = [
        draw_dealer(seed=7, round_number=r, table_number=t, players=5)
        for r in (1, 2)
        for t in (1, 2, 3)
    ]
    assert draws == again
    assert all(0 <= d < 5 for d in draws)
    # Over many tables every seat gets the deal, so the draw does depend on its arguments.
    seats = {draw_dealer(seed=s, round_number=1, table_number=1, players=4) for s in range(40)}
    assert seats == {0, 1, 2, 3}


# --- Properties ----------------------------------------------------------------------------

NIGHT = settings(max_examples=25, deadline=None)


@st.composite
def hands_for(draw: st.DrawFn, variant: Variant, n: int) -> Hand:
    maker = draw(st.integers(0, n - 1))
    tricks = draw(st.integers(0, 5))
    if variant is STANDARD:
        return std(maker, tricks, draw(st.sampled_from([TEAM, ALONE])))
    outcome = draw(st.sampled_from([REVEALED, HELD, NOT_IN_PLAY]))
    if outcome is REVEALED:
        partner = draw(st.integers(0, n - 1).filter(lambda s: s != maker))
        return ace(maker, tricks, partner=partner)
    return ace(maker, tricks, outcome=outcome)


@st.composite
def nights(
    draw: st.DrawFn, variant: Variant | None = None
) -> tuple[Variant, NightRules, list[RoundScore]]:
    variant = variant or draw(st.sampled_from([STANDARD, CALL_ACE]))
    players = draw(st.integers(8, 14))
    count = draw(st.integers(1, 3))
    seed = draw(st.integers(0, 3))
    sit_out = draw(st.one_of(st.just("average"), st.integers(0, 9)))
    rules = NightRules(
        hands_per_round=4,
        lone_march_five=variant is STANDARD and draw(st.booleans()),
        sit_out=sit_out,
    )
    plan = plan_night(players=players, rounds=count, variant=variant, seed=seed)
    rounds = []
    for number, seating in enumerate(plan.rounds, start=1):
        hands = [
            draw(st.lists(hands_for(variant, len(seats)), max_size=6)) for seats in seating.tables
        ]
        dealers = [
            draw_dealer(seed=seed, round_number=number, table_number=t, players=len(seats))
            for t, seats in enumerate(seating.tables, start=1)
        ]
        rounds.append(
            score_round(
                plan=seating, variant=variant, rules=rules, first_dealers=dealers, hands=hands
            )
        )
    return variant, rules, rounds


def _played(round_score: RoundScore) -> Sequence[int]:
    return [points for table_round in round_score.tables for points in table_round.points]


@NIGHT
@given(nights())
def test_every_total_is_the_sum_of_the_players_round_points(
    night: tuple[Variant, NightRules, list[RoundScore]],
) -> None:
    variant, _, rounds = night
    for row in night_standings(rounds=rounds, variant=variant).rows:
        assert row.total == sum(r.points[row.player] for r in rounds)
        assert row.rounds == tuple(r.points[row.player] for r in rounds)


@NIGHT
@given(nights())
def test_players_who_sat_out_get_exactly_the_rules_points(
    night: tuple[Variant, NightRules, list[RoundScore]],
) -> None:
    _, rules, rounds = night
    for r in rounds:
        played = _played(r)
        expected = rules.sit_out if isinstance(rules.sit_out, int) else sum(played) // len(played)
        assert all(r.points[player] == expected for player in r.sitting_out)


@NIGHT
@given(nights())
def test_standings_are_sorted_and_places_follow_the_totals(
    night: tuple[Variant, NightRules, list[RoundScore]],
) -> None:
    variant, _, rounds = night
    rows = night_standings(rounds=rounds, variant=variant).rows
    totals = [row.total for row in rows]
    assert totals == sorted(totals, reverse=True)
    for row in rows:
        assert row.place == 1 + sum(1 for t in totals if t > row.total)
    assert sorted(row.player for row in rows) == sorted({p for r in rounds for p in r.points})


@NIGHT
@given(nights(STANDARD))
def test_standard_partners_always_have_equal_round_points(
    night: tuple[Variant, NightRules, list[RoundScore]],
) -> None:
    _, _, rounds = night
    for r in rounds:
        for table_round in r.tables:
            assert table_round.points[0] == table_round.points[2]
            assert table_round.points[1] == table_round.points[3]


def test_a_round_ignores_the_target_and_ends_after_its_hands_with_no_winner() -> None:
    # Four lone marches: Ann and Cat pass the target of 10 after three hands,
    # yet a night's round goes on to its fourth hand and nobody wins it
    # (docs/rules.md, Euchre night 3).
    setup = GameSetup(variant=STANDARD, players=("Ann", "Ben", "Cat", "Dan"))
    marches = [std(0, 5, ALONE)] * 4
    result = score_game(setup, first_dealer=0, hands=marches, round_rules=RoundRules(hands=4))
    assert result.totals == (16, 0, 16, 0)
    assert (result.finished, result.ended_after, result.winners) == (True, 4, ())
    assert "All 4 hands of the round are played" in result.decided_by
    as_a_game = score_game(setup, first_dealer=0, hands=marches)
    assert (as_a_game.ended_after, as_a_game.winners) == (3, (0, 2))


def test_a_round_is_not_over_before_its_last_hand() -> None:
    setup = GameSetup(variant=STANDARD, players=("Ann", "Ben", "Cat", "Dan"))
    result = score_game(
        setup, first_dealer=0, hands=[std(0, 5, ALONE)] * 3, round_rules=RoundRules(hands=4)
    )
    assert (result.finished, result.ended_after) == (False, None)


def test_the_lone_march_house_rule_applies_only_to_a_round_that_has_it() -> None:
    setup = GameSetup(variant=STANDARD, players=("Ann", "Ben", "Cat", "Dan"))
    march = [std(1, 5, ALONE)]
    five = score_game(
        setup, first_dealer=0, hands=march, round_rules=RoundRules(hands=4, lone_march_five=True)
    )
    four = score_game(setup, first_dealer=0, hands=march, round_rules=RoundRules(hands=4))
    assert (five.totals, four.totals) == ((0, 5, 0, 5), (0, 4, 0, 4))


# --- Issue 42: misdeals, rounds missed, the low prize -----------------------------------


def test_a_misdeal_is_not_one_of_the_rounds_hands() -> None:
    """rules.md, Euchre night 3: the table still plays its four scoring hands."""
    hands = [Hand(thrown_in=True), *STANDARD_HANDS]
    result = score_table_round(
        seats=(11, 12, 13, 14),
        variant=STANDARD,
        rules=NightRules(hands_per_round=4),
        first_dealer=2,
        hands=hands,
    )
    assert not any(scored.after_end for scored in result.hands)
    assert (result.hands_counted, result.complete) == (4, True)
    assert result.points == (1, 8, 1, 8)
    # Before the last scoring hand the round is not over, whatever the deals.
    short = score_table_round(
        seats=(11, 12, 13, 14),
        variant=STANDARD,
        rules=NightRules(hands_per_round=4),
        first_dealer=2,
        hands=hands[:4],
    )
    assert (short.hands_counted, short.complete) == (3, False)


def missed_night(rules: NightRules) -> tuple[int, ...]:
    """Round 1 as ``PLAN`` (Flo, 9, sits out); Ivy (10) arrives for round 2, where
    Flo plays and Ann (1) has left: Ann's and Ivy's rows."""
    second = RoundPlan(tables=((9, 2, 3, 4), (5, 6, 7, 8)), sitting_out=(10,))
    _, standings = score_night(
        plans=[PLAN, second],
        variant=STANDARD,
        rules=rules,
        first_dealers=[[0, 1], [0, 1]],
        hands=[[TABLE_A, TABLE_B], [TABLE_A, TABLE_B]],
    )
    rows = {row.player: row for row in standings.rows}
    assert rows[1].missed == (2,)
    low = next(p for p in standings.prizes if p.kind is PrizeKind.LOW_SCORE)
    # Ann (left) and Ivy (came late) are not at every round: the low score passes them.
    assert not set(low.winners) & {1, 10}
    return (*rows[1].rounds, *rows[10].rounds)


def test_a_round_missed_scores_nothing_by_default() -> None:
    # Ann played round 1 (2 points), left; Ivy arrived for round 2 and sat it out (3).
    assert missed_night(NightRules(hands_per_round=4)) == (2, None, None, 3)


def test_under_the_house_rule_a_round_missed_scores_the_rounds_average() -> None:
    rules = NightRules(hands_per_round=4, missed="average")
    assert missed_night(rules) == (2, 3, 3, 3)


def test_the_rounds_missed_rule_is_read_and_refused_by_its_name() -> None:
    assert night_rules_from_dict(STANDARD, {"missed": "average"}).missed == "average"
    assert "missed" not in NightRules().to_dict(STANDARD)  # older nights read the same
    with pytest.raises(RulesError) as error:
        night_rules_from_dict(STANDARD, {"missed": "half"})
    assert error.value.field == "missed"
