"""The engine reads a hand by seats and explains it by seats (issue 31): a form
gives the players as seats, never names to be read back; an explanation is parts
(words, a seat, seats) that whoever shows it fills with the table's names."""

from __future__ import annotations

from typing import Any

import pytest

from referee.engine.checking import check_hand, check_hand_parts
from referee.engine.explaining import Explanation, Seat, Seats, explain, join_names
from referee.engine.hands import GameSetup, Hand, HandError, PartnerOutcome
from referee.engine.reading import read_hand, read_hand_by_seat
from referee.engine.scoring import score_hand
from referee.engine.variants import HouseRules, Variant

FIVE = ("Ann", "Ben", "Cat", "Dan", "Eve")
FOUR = ("Ann", "Ben", "Cat", "Dan")
CALL_ACE = GameSetup(variant=Variant.CALL_ACE, players=FIVE)
STANDARD = GameSetup(variant=Variant.STANDARD, players=FOUR)


def _by_seat(setup: GameSetup, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with each player's name replaced by their seat."""
    return {
        key: setup.players.index(value)
        if key in ("maker", "partner", "renege", "dealer") and value in setup.players
        else value
        for key, value in data.items()
    }


@pytest.mark.parametrize(
    ("setup", "data"),
    [
        (CALL_ACE, {"maker": "Cat", "trump": "H", "called": "S", "partner": "Eve", "tricks": 4}),
        (CALL_ACE, {"maker": "Ann", "trump": "D", "called": "C", "partner": "maker", "tricks": 5}),
        (CALL_ACE, {"maker": "Ben", "trump": "S", "called": "H", "partner": "none", "tricks": 2}),
        (
            CALL_ACE,
            {"maker": "Dan", "trump": "C", "called": "D", "partner": "Ann", "tricks": 3}
            | {"renege": "Ben", "dealer": "Eve"},
        ),
        (STANDARD, {"maker": "Ben", "trump": "C", "alone": True, "tricks": 5, "renege": "Ann"}),
    ],
)
def test_a_hand_by_seat_reads_as_the_same_hand_by_name(
    setup: GameSetup, data: dict[str, Any]
) -> None:
    assert read_hand_by_seat(setup, _by_seat(setup, data)) == read_hand(setup, data)


@pytest.mark.parametrize("seat", [5, -1, "Ann", True, None, "2"])
def test_a_seat_that_is_not_at_the_table_is_refused_beside_its_field(seat: Any) -> None:
    data = {"maker": 0, "trump": "H", "called": "S", "partner": 1, "tricks": 3, "renege": seat}
    with pytest.raises(HandError) as error:
        read_hand_by_seat(CALL_ACE, data)
    assert error.value.errors == {"renege": "give a seat from 1 to 5"}


def test_a_hand_by_seat_is_read_and_left_to_its_storing_to_check() -> None:
    # A form's chips are read; the rules are checked once, where the hand is stored.
    data = {"maker": 0, "trump": "C", "alone": True, "tricks": 3, "renege": 2}
    hand = read_hand_by_seat(STANDARD, data)
    assert check_hand(STANDARD, hand) == {
        "renege": "Cat sits out a lone hand and plays no cards, so cannot renege"
    }
    with pytest.raises(HandError) as error:
        read_hand(STANDARD, {**data, "maker": "Ann", "renege": "Cat"})
    assert error.value.errors == check_hand(STANDARD, hand)


def test_a_check_that_names_a_player_names_them_by_seat() -> None:
    hand = Hand(maker=0, trump=None, outcome=PartnerOutcome.ALONE, tricks=3, renege=2)
    setup = GameSetup(variant=Variant.STANDARD, players=FOUR, rules=HouseRules(no_trump=True))
    parts = check_hand_parts(setup, hand)
    assert parts["renege"] == Explanation(
        (Seat(2), " sits out a lone hand and plays no cards, so cannot renege")
    )
    assert check_hand(setup, hand)["renege"] == parts["renege"].text(FOUR)


def test_an_explanation_names_nobody_until_a_screen_gives_the_names() -> None:
    hand = read_hand(
        CALL_ACE, {"maker": "Cat", "trump": "H", "called": "S", "partner": "Eve", "tricks": 1}
    )
    setup = CALL_ACE
    score = score_hand(setup, hand)
    assert score.parts == Explanation(
        ("Euchre: ", Seat(2), " with ", Seat(4), " took 1 trick, 2 each to ", Seats((0, 1, 3)), ".")
    )
    assert score.explanation == "Euchre: Cat with Eve took 1 trick, 2 each to Ann, Ben and Dan."
    others = ("Zoë", "Yan", "Xi", "Wu", "Vic")
    assert (
        score.parts.text(others) == "Euchre: Xi with Vic took 1 trick, 2 each to Zoë, Yan and Wu."
    )
    assert score.parts.as_json() == [
        "Euchre: ",
        2,
        " with ",
        4,
        " took 1 trick, 2 each to ",
        [0, 1, 3],
        ".",
    ]
    assert score.parts.seats == (2, 4, 0, 1, 3)
    # Scored at a table of other names, a hand scores and reads alike but for the names.
    elsewhere = score_hand(
        GameSetup(variant=Variant.CALL_ACE, players=others, rules=setup.rules), hand
    )
    assert elsewhere.parts == score.parts
    assert elsewhere == score


def test_parts_run_words_together_and_names_join_as_a_sentence() -> None:
    assert explain("a", "", "b", Seat(1), explain("c", Seats((0, 2))), "d").parts == (
        "ab",
        Seat(1),
        "c",
        Seats((0, 2)),
        "d",
    )
    assert [join_names(n) for n in ([], ["A"], ["A", "B"], ["A", "B", "C"])] == [
        "",
        "A",
        "A and B",
        "A, B and C",
    ]
