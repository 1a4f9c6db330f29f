"""Standard euchre: teams, the scoring table, renege, no trump (docs/rules.md, Standard)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.engine.hands import GameSetup, HandError, PartnerOutcome
from referee.engine.reading import read_hand
from referee.engine.scoring import HandScore, score_hand
from referee.engine.totals import score_game
from referee.engine.variants import HouseRules, RenegeRule, Variant, deal_for

# Seats 1 and 3 (Ann, Cat) against seats 2 and 4 (Ben, Dan).
NAMES = ("Ann", "Ben", "Cat", "Dan")
ANN_CAT = {"Ann": 0, "Cat": 0}
BEN_DAN = {"Ben": 0, "Dan": 0}


def game_setup(**rules: Any) -> GameSetup:
    return GameSetup(variant=Variant.STANDARD, players=NAMES, rules=HouseRules(**rules))


def score(t: GameSetup, **fields: Any) -> HandScore:
    return score_hand(t, read_hand(t, fields))


def scorers(t: GameSetup, result: HandScore) -> dict[str, int]:
    """Who scores and how much; everyone left out scored exactly 0."""
    assert all(p >= 0 for p in result.points)
    return {name: p for name, p in zip(t.players, result.points, strict=True) if p}


def team(members: dict[str, int], each: int) -> dict[str, int]:
    return dict.fromkeys(members, each)


def refused(t: GameSetup, **fields: Any) -> dict[str, str]:
    with pytest.raises(HandError) as error:
        read_hand(t, fields)
    return error.value.errors


def test_standard_euchre_deals_5_each_from_24_cards_with_4_in_the_kitty() -> None:
    deal = deal_for(Variant.STANDARD, 4)
    assert (deal.deck_size, deal.cards_each, deal.kitty, deal.tricks, deal.tricks_to_make) == (
        24,
        5,
        4,
        5,
        3,
    )


def test_partners_sit_opposite_seats_1_and_3_against_2_and_4() -> None:
    t = game_setup()
    hand = read_hand(t, {"maker": "Dan", "trump": "H", "tricks": 3})
    assert [t.name(s) for s in t.makers(hand)] == ["Ben", "Dan"]
    assert [t.name(s) for s in t.defenders(hand)] == ["Ann", "Cat"]


# --- The scoring table (docs/rules.md, Standard 5), every row -------------------------------------


@pytest.mark.parametrize("tricks", [3, 4])
def test_makers_taking_3_or_4_score_1_for_their_team(tricks: int) -> None:
    t = game_setup()
    result = score(t, maker="Cat", trump="H", tricks=tricks)
    assert scorers(t, result) == team(ANN_CAT, 1)
    assert result.rule == "make"
    assert result.explanation == f"Made it: Ann and Cat took {tricks} tricks, 1 to Ann and Cat."


def test_a_makers_march_scores_2_for_their_team() -> None:
    t = game_setup()
    result = score(t, maker="Ben", trump="S", tricks=5)
    assert scorers(t, result) == team(BEN_DAN, 2)
    assert result.rule == "march"
    assert result.explanation == "March: Ben and Dan took all 5 tricks, 2 to Ben and Dan."


@pytest.mark.parametrize("tricks", [3, 4])
def test_alone_with_3_or_4_scores_1_for_the_team(tricks: int) -> None:
    t = game_setup()
    result = score(t, maker="Ben", trump="S", alone=True, tricks=tricks)
    assert scorers(t, result) == team(BEN_DAN, 1)
    assert result.rule == "alone-make"
    assert result.explanation == (f"Alone make: Ben alone took {tricks} tricks, 1 to Ben and Dan.")


def test_alone_march_scores_4_for_the_team() -> None:
    t = game_setup()
    result = score(t, maker="Ben", trump="S", alone=True, tricks=5)
    assert scorers(t, result) == team(BEN_DAN, 4)
    assert result.rule == "alone-march"
    assert result.explanation == "Alone march: Ben alone took all 5 tricks, 4 to Ben and Dan."


@pytest.mark.parametrize("alone", [False, True])
@pytest.mark.parametrize("tricks", [0, 1, 2])
def test_euchred_makers_alone_or_not_give_2_to_the_defenders(alone: bool, tricks: int) -> None:
    t = game_setup()
    result = score(t, maker="Ann", trump="C", alone=alone, tricks=tricks)
    assert scorers(t, result) == team(BEN_DAN, 2)
    assert result.rule == "euchre"
    assert result.explanation.endswith(", 2 to Ben and Dan.")


# --- Renege (docs/rules.md, Standard 5, seed 004) -------------------------------------------------


@pytest.mark.parametrize("offender", ["Ben", "Dan"])
@pytest.mark.parametrize("tricks", [0, 3, 5])
def test_a_defenders_renege_ends_the_hand_and_scores_2_for_the_makers(
    offender: str, tricks: int
) -> None:
    t = game_setup()
    result = score(t, maker="Ann", trump="C", tricks=tricks, renege=offender)
    assert scorers(t, result) == team(ANN_CAT, 2)
    assert result.rule == "renege"
    assert result.explanation == (
        f"Renege by {offender}: the hand ends and the other team, Ann and Cat, scores 2."
    )


@pytest.mark.parametrize("offender", ["Ann", "Cat"])
def test_a_makers_renege_scores_2_for_the_defenders(offender: str) -> None:
    t = game_setup()
    result = score(t, maker="Ann", trump="C", tricks=5, renege=offender)
    assert scorers(t, result) == team(BEN_DAN, 2)


def test_a_renege_on_a_lone_hand_scores_4_for_the_other_team() -> None:
    t = game_setup()
    by_defender = score(t, maker="Ann", trump="C", alone=True, tricks=1, renege="Dan")
    by_maker = score(t, maker="Ann", trump="C", alone=True, tricks=5, renege="Ann")
    assert scorers(t, by_defender) == team(ANN_CAT, 4)
    assert scorers(t, by_maker) == team(BEN_DAN, 4)
    assert by_maker.explanation == (
        "Renege by Ann on a lone hand: the hand ends and the other team, Ben and Dan, scores 4."
    )


def test_the_partner_who_sits_out_a_lone_hand_cannot_renege() -> None:
    errors = refused(game_setup(), maker="Ann", trump="C", alone=True, tricks=3, renege="Cat")
    assert errors == {"renege": "Cat sits out a lone hand and plays no cards, so cannot renege"}


def test_the_makers_partner_can_renege_when_the_maker_does_not_go_alone() -> None:
    t = game_setup()
    result = score(t, maker="Ann", trump="C", tricks=3, renege="Cat")
    assert scorers(t, result) == team(BEN_DAN, 2)


def test_under_the_renege_house_rule_the_offending_team_loses_2_and_the_tricks_count() -> None:
    t = game_setup(renege=RenegeRule.OFFENDER_LOSES_2)
    result = score(t, maker="Ann", trump="C", tricks=3, renege="Ben")
    assert scorers(t, result) == team(ANN_CAT, 1)
    assert result.penalties == (0, 2, 0, 2)
    assert result.explanation.endswith(
        "; Ben reneged and their team loses 2 (house rule, Standard rules 5)."
    )


# --- No trump (house rule, docs/rules.md, Standard 2) ---------------------------------------------


def test_no_trump_is_refused_without_the_house_rule() -> None:
    errors = refused(game_setup(), maker="Ann", trump="NT", tricks=3, round=2)
    assert errors == {"trump": "no trump is not allowed: the no-trump house rule is off"}


def test_no_trump_is_scored_like_any_call_with_the_house_rule_on() -> None:
    t = game_setup(no_trump=True)
    result = score(t, maker="Ann", trump="NT", tricks=5, round=2)
    assert scorers(t, result) == team(ANN_CAT, 2)
    assert read_hand(t, {"maker": "Ann", "trump": "nt", "tricks": 3}).trump is None


def test_no_trump_cannot_be_called_in_round_1() -> None:
    errors = refused(game_setup(no_trump=True), maker="Ann", trump="NT", tricks=3, round=1)
    assert errors == {"round": "no trump can only be called in round 2"}


def test_a_suit_may_still_be_called_in_round_1_with_the_no_trump_rule_on() -> None:
    t = game_setup(no_trump=True)
    assert scorers(t, score(t, maker="Ann", trump="H", tricks=3, round=1)) == team(ANN_CAT, 1)


# --- What a standard hand records ----------------------------------------------------------------


@pytest.mark.parametrize(("field", "value"), [("called", "AS"), ("partner", "Cat")])
def test_nothing_is_called_in_standard_euchre(field: str, value: str) -> None:
    errors = refused(game_setup(), maker="Ann", trump="C", tricks=3, **{field: value})
    assert errors == {field: "standard euchre has fixed partners: nothing is called"}


def test_a_standard_hand_is_a_team_hand_unless_recorded_alone() -> None:
    t = game_setup()
    assert read_hand(t, {"maker": "Ann", "trump": "C", "tricks": 3}).outcome is PartnerOutcome.TEAM
    assert (
        read_hand(t, {"maker": "Ann", "trump": "C", "tricks": 3, "alone": True}).outcome
        is PartnerOutcome.ALONE
    )


# --- Winning (docs/rules.md, Standard 6) ----------------------------------------------------------


def test_the_first_team_to_10_wins_and_both_partners_show_the_team_total() -> None:
    t = game_setup()
    march = {"maker": "Ben", "trump": "S", "tricks": 5}
    hands = [read_hand(t, march) for _ in range(4)] + [
        read_hand(t, {"maker": "Ann", "trump": "H", "tricks": 5, "alone": True}),
        read_hand(t, march),
    ]
    game = score_game(t, first_dealer=0, hands=hands)
    assert game.finished
    assert game.ended_after == 6
    assert [t.name(s) for s in game.winners] == ["Ben", "Dan"]
    assert game.totals == (4, 10, 4, 10)
    assert game.decided_by == (
        "Ben and Dan reached 10 with 10 points: "
        "the first team to the target wins (Standard rules 6)."
    )


def test_a_standard_game_below_the_target_is_not_finished() -> None:
    t = game_setup()
    game = score_game(
        t, first_dealer=3, hands=[read_hand(t, {"maker": "Ben", "trump": "S", "tricks": 5})] * 4
    )
    assert not game.finished
    assert game.winners == ()
    assert game.totals == (0, 8, 0, 8)
