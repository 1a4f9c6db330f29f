"""Call-Your-Partner Euchre: the deal, the called card and the scoring table
(docs/rules.md, Call-Your-Partner)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.engine.cards import Rank, parse_card
from referee.engine.hands import GameSetup, HandError, PartnerOutcome
from referee.engine.reading import read_hand
from referee.engine.scoring import HandScore, score_hand
from referee.engine.totals import score_game
from referee.engine.variants import HouseRules, RenegeRule, Variant, deal_for

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")


def game_setup(**rules: Any) -> GameSetup:
    return GameSetup(variant=Variant.CALL_YOUR_PARTNER, players=NAMES, rules=HouseRules(**rules))


def score(t: GameSetup, **fields: Any) -> HandScore:
    return score_hand(t, read_hand(t, fields))


def scorers(t: GameSetup, result: HandScore) -> dict[str, int]:
    """Who scores and how much; everyone left out scored exactly 0."""
    assert all(p >= 0 for p in result.points)
    return {name: p for name, p in zip(t.players, result.points, strict=True) if p}


def refused(t: GameSetup, **fields: Any) -> dict[str, str]:
    with pytest.raises(HandError) as error:
        read_hand(t, fields)
    return error.value.errors


# --- The deal ---------------------------------------------------------------------------------


def test_call_your_partner_deals_5_each_from_28_cards_leaving_3() -> None:
    deal = deal_for(Variant.CALL_YOUR_PARTNER, 5)
    assert (deal.deck_size, deal.lowest_rank, deal.cards_each, deal.kitty) == (28, Rank.EIGHT, 5, 3)
    assert (deal.tricks, deal.tricks_to_make, deal.turn_up) == (5, 3, True)


@pytest.mark.parametrize("n", [4, 6])
def test_call_your_partner_is_for_5_players_only(n: int) -> None:
    with pytest.raises(ValueError, match="Call-Your-Partner Euchre is played by 5 players"):
        GameSetup(variant=Variant.CALL_YOUR_PARTNER, players=tuple(f"P{i}" for i in range(n)))


# --- The scoring table (docs/rules.md, Call-Your-Partner 5), every row ----------------------------


@pytest.mark.parametrize("tricks", [3, 4])
def test_a_partnership_with_3_or_4_tricks_scores_1_each(tricks: int) -> None:
    t = game_setup()
    result = score(t, maker="Ben", trump="H", called="KS", partner="Dan", tricks=tricks)
    assert scorers(t, result) == {"Ben": 1, "Dan": 1}
    assert result.rule == "partnership-make"
    assert result.citation.short == "Call-Your-Partner rules 5"
    assert result.explanation == (
        f"Partnership made it: Ben with Dan took {tricks} tricks, 1 each to Ben and Dan."
    )


def test_a_partnership_march_scores_2_each() -> None:
    t = game_setup()
    result = score(t, maker="Ben", trump="H", called="KS", partner="Dan", tricks=5)
    assert scorers(t, result) == {"Ben": 2, "Dan": 2}
    assert result.explanation == (
        "Partnership march, 5 players: Ben with Dan took all 5 tricks, 2 each to Ben and Dan."
    )


@pytest.mark.parametrize("tricks", [0, 1, 2])
def test_euchred_makers_give_2_to_every_defender(tricks: int) -> None:
    t = game_setup()
    result = score(t, maker="Ben", trump="H", called="KS", partner="Dan", tricks=tricks)
    assert scorers(t, result) == {"Ann": 2, "Cat": 2, "Eve": 2}
    assert result.rule == "euchre"
    assert result.explanation.endswith("2 each to Ann, Cat and Eve.")


@pytest.mark.parametrize(
    "how",
    [
        {"alone": True},
        {"called": "9C", "partner": "none"},  # the called card was buried
        {"called": "9C", "partner": "maker"},  # the maker held it
    ],
    ids=["by-choice", "card-buried", "maker-held-it"],
)
@pytest.mark.parametrize(("tricks", "points"), [(3, 1), (4, 1), (5, 5)])
def test_alone_scores_1_for_3_or_4_tricks_and_5_for_a_march(
    how: dict[str, Any], tricks: int, points: int
) -> None:
    t = game_setup()
    result = score(t, maker="Cat", trump="S", tricks=tricks, **how)
    assert scorers(t, result) == {"Cat": points}
    assert result.rule == ("alone-march" if tricks == 5 else "alone-make")


@pytest.mark.parametrize("how", [{"alone": True}, {"called": "9C", "partner": "none"}])
def test_a_euchred_lone_maker_gives_2_to_every_other_player(how: dict[str, Any]) -> None:
    t = game_setup()
    result = score(t, maker="Cat", trump="S", tricks=2, **how)
    assert scorers(t, result) == {"Ann": 2, "Ben": 2, "Dan": 2, "Eve": 2}


def test_the_explanation_says_how_the_maker_came_to_be_alone() -> None:
    t = game_setup()
    by_choice = score(t, maker="Cat", trump="S", tricks=5, alone=True)
    buried = score(t, maker="Cat", trump="S", tricks=5, called="9C", partner="none")
    assert by_choice.explanation == (
        "Alone march, 5 players: Cat alone took all 5 tricks, 5 to Cat."
    )
    assert buried.explanation == (
        "Alone march, 5 players: Cat alone (the called card was not in play) took all 5 "
        "tricks, 5 to Cat."
    )


# --- The called card (docs/rules.md, Call-Your-Partner 3) -----------------------------------------


@pytest.mark.parametrize(
    ("trump", "called"),
    [("S", "9C"), ("S", "10D"), ("S", "AH"), ("S", "8C"), ("S", "JH"), ("H", "AS"), ("H", "JC")],
)
def test_any_non_trump_card_of_the_28_card_deck_may_be_called(trump: str, called: str) -> None:
    t = game_setup()
    hand = read_hand(
        t, {"maker": "Ben", "trump": trump, "called": called, "partner": "Dan", "tricks": 3}
    )
    assert hand.called == parse_card(called)
    assert hand.outcome is PartnerOutcome.REVEALED


@pytest.mark.parametrize("called", ["AS", "9S", "8S", "JS"])
def test_a_trump_card_cannot_be_called(called: str) -> None:
    errors = refused(game_setup(), maker="Ben", trump="S", called=called, partner="Dan", tricks=3)
    assert set(errors) == {"called"}
    assert "the called card must not be a trump" in errors["called"]
    assert "left bower" not in errors["called"]


@pytest.mark.parametrize(("trump", "left"), [("S", "JC"), ("C", "JS"), ("H", "JD"), ("D", "JH")])
def test_the_left_bower_is_a_trump_so_it_cannot_be_called(trump: str, left: str) -> None:
    errors = refused(game_setup(), maker="Ben", trump=trump, called=left, partner="Dan", tricks=3)
    assert set(errors) == {"called"}
    assert "is the left bower, a trump card, with" in errors["called"]


@pytest.mark.parametrize("called", ["7H", "7C"])
def test_a_card_outside_the_28_card_deck_cannot_be_called(called: str) -> None:
    errors = refused(game_setup(), maker="Ben", trump="S", called=called, partner="Dan", tricks=3)
    assert set(errors) == {"called"}
    assert "is not in the 28-card deck" in errors["called"]


def test_a_called_card_is_a_card_not_just_a_suit() -> None:
    errors = refused(game_setup(), maker="Ben", trump="S", called="H", partner="Dan", tricks=3)
    assert set(errors) == {"called"}


def test_a_maker_who_goes_alone_calls_no_card() -> None:
    errors = refused(game_setup(), maker="Ben", trump="S", alone=True, called="AH", tricks=3)
    assert errors == {"called": "a maker who goes alone calls no card"}


def test_a_maker_who_does_not_go_alone_must_call_a_card() -> None:
    errors = refused(game_setup(), maker="Ben", trump="S", partner="Dan", tricks=3)
    assert set(errors) == {"called"}


def test_call_your_partner_has_no_no_trump_call() -> None:
    errors = refused(game_setup(), maker="Ben", trump="NT", called="AH", partner="Dan", tricks=3)
    assert set(errors) == {"trump"}


# --- Renege and winning: as Call-Ace (docs/rules.md, Call-Ace 5 and Call-Ace 6) -------------------


def test_a_defenders_renege_scores_the_partnership_march() -> None:
    t = game_setup()
    result = score(t, maker="Ben", trump="H", called="KS", partner="Dan", tricks=1, renege="Eve")
    assert scorers(t, result) == {"Ben": 2, "Dan": 2}
    assert result.rule == "renege-march"


def test_a_defenders_renege_against_a_lone_maker_scores_the_lone_march() -> None:
    t = game_setup()
    result = score(t, maker="Ben", trump="H", alone=True, tricks=1, renege="Eve")
    assert scorers(t, result) == {"Ben": 5}


@pytest.mark.parametrize("offender", ["Ben", "Dan"])
def test_a_renege_on_the_makers_side_is_scored_as_a_euchre(offender: str) -> None:
    t = game_setup()
    result = score(t, maker="Ben", trump="H", called="KS", partner="Dan", tricks=5, renege=offender)
    assert scorers(t, result) == {"Ann": 2, "Cat": 2, "Eve": 2}
    assert result.rule == "renege-euchre"


def test_under_the_renege_house_rule_the_offender_loses_2_and_the_tricks_count() -> None:
    t = game_setup(renege=RenegeRule.OFFENDER_LOSES_2)
    result = score(t, maker="Ben", trump="H", called="KS", partner="Dan", tricks=5, renege="Eve")
    assert scorers(t, result) == {"Ben": 2, "Dan": 2}
    assert result.penalties == (0, 0, 0, 0, 2)


def test_each_player_keeps_their_own_running_total() -> None:
    t = game_setup()
    hands = [
        read_hand(t, {"maker": "Ben", "trump": "H", "called": "KS", "partner": "Dan", "tricks": 5}),
        read_hand(t, {"maker": "Dan", "trump": "S", "called": "AH", "partner": "Eve", "tricks": 3}),
        read_hand(t, {"maker": "Eve", "trump": "C", "alone": True, "tricks": 2}),
    ]
    game = score_game(t, first_dealer=0, hands=hands)
    assert dict(zip(t.players, game.totals, strict=True)) == {
        "Ann": 2,
        "Ben": 4,
        "Cat": 2,
        "Dan": 5,
        "Eve": 1,
    }
