"""The engine's shared helpers: the one name check, the one hand describer, the
standard teams, the deck's lowest rank, the penalty floor, the rule groups the
statistics count, the misdeal's name, and the game document's limits
(docs/rules.md 2 (every variant), Call-Ace 1, Call-Ace 5, Standard 1, Standard 5;
docs/formats.md, "Card notation")."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from referee.engine.cards import Card, Rank, Suit
from referee.engine.describe import describe_hand
from referee.engine.document import MAX_HANDS, DocumentError, read_document
from referee.engine.explaining import explain
from referee.engine.hands import GameSetup, Hand, PartnerOutcome
from referee.engine.names import NAME_MAX_LENGTH, NameError_, clean_name, first_repeat, same_name
from referee.engine.rulebook.citations import BOOK_NAMES, cite
from referee.engine.scoring import (
    EUCHRE_RULES,
    MAKE_RULES,
    MARCH_RULES,
    RENEGE_RULES,
    HandScore,
    score_hand,
)
from referee.engine.totals import add_hand_points
from referee.engine.variants import (
    HouseRules,
    RenegeRule,
    Variant,
    lowest_rank_of_deck,
    no_score_hand_name,
)

FIVE = ("Ann", "Ben", "Cat", "Dan", "Eve")
SCORING = cite(Variant.STANDARD, "scoring")

# --- Names: the one check (docs/formats.md, "Game document (import and export)") ------------------


def test_a_name_has_its_spaces_folded() -> None:
    assert clean_name("  Ann   Marie \t") == "Ann Marie"


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_an_empty_name_is_refused(text: str) -> None:
    with pytest.raises(NameError_, match="Every player needs a name"):
        clean_name(text)


@pytest.mark.parametrize("text", ["An\x00n", "\ud800", "Ben\x07", "Cat\x1b[31m", "Dan\x7f"])
def test_a_name_with_a_control_character_or_lone_surrogate_is_refused(text: str) -> None:
    with pytest.raises(NameError_, match="letters, digits, spaces and punctuation only"):
        clean_name(text)


@pytest.mark.parametrize("text", ["maker", "MAKER", "None", "nOnE", "  maker  "])
def test_the_words_the_score_sheet_reserves_are_refused_in_any_case(text: str) -> None:
    with pytest.raises(NameError_, match="reserves"):
        clean_name(text)


def test_a_name_may_be_thirty_characters_and_no_more() -> None:
    assert NAME_MAX_LENGTH == 30
    assert clean_name("x" * 30) == "x" * 30
    with pytest.raises(NameError_, match="longer than 30 characters"):
        clean_name("x" * 31)


def test_names_in_other_scripts_and_with_punctuation_are_fine() -> None:
    assert clean_name("Zoë O'Neil-Çelik") == "Zoë O'Neil-Çelik"
    assert clean_name("王 芳") == "王 芳"


def test_names_that_differ_only_in_case_are_one_player() -> None:
    assert same_name("Ann", "aNN")
    assert not same_name("Ann", "Anne")
    assert first_repeat(["Ann", "Ben", "ann", "Ben"]) == 2
    assert first_repeat(["Ann", "Ben"]) is None


# --- Describing a hand: the one describer ----------------------------------------------------


def call_ace(**rules: Any) -> GameSetup:
    return GameSetup(variant=Variant.CALL_ACE, players=FIVE[:4], rules=HouseRules(**rules))


def test_a_hand_is_described_in_one_line() -> None:
    t = call_ace()
    hand = Hand(
        maker=1,
        trump=Suit.HEARTS,
        called=Suit.SPADES,
        outcome=PartnerOutcome.REVEALED,
        partner=3,
        tricks=3,
        renege=0,
    )
    assert describe_hand(t, hand) == (
        "Ben made hearts, called the ace of spades, partner Dan, 3 tricks, renege by Ann"
    )


@pytest.mark.parametrize(
    ("outcome", "words"),
    [
        (PartnerOutcome.MAKER_HELD, "alone (held it), 1 trick"),
        (PartnerOutcome.NOT_IN_PLAY, "alone (not in play), 1 trick"),
    ],
)
def test_a_lone_call_ace_hand_says_why_the_maker_was_alone(
    outcome: PartnerOutcome, words: str
) -> None:
    hand = Hand(maker=0, trump=Suit.CLUBS, called=Suit.CLUBS, outcome=outcome, tricks=1)
    assert describe_hand(call_ace(), hand) == f"Ann made clubs, called the ace of clubs, {words}"


def test_a_call_your_partner_hand_names_the_called_card() -> None:
    t = GameSetup(variant=Variant.CALL_YOUR_PARTNER, players=FIVE)
    hand = Hand(
        maker=2,
        trump=Suit.DIAMONDS,
        called=Card(Rank.QUEEN, Suit.CLUBS),
        outcome=PartnerOutcome.REVEALED,
        partner=4,
        tricks=5,
    )
    assert describe_hand(t, hand) == (
        "Cat made diamonds, called the queen of clubs, partner Eve, 5 tricks"
    )


def test_a_hand_nobody_scores_is_a_misdeal_under_stick_the_dealer_else_thrown_in() -> None:
    assert describe_hand(call_ace(), Hand(thrown_in=True)) == "Misdeal"
    assert describe_hand(call_ace(stick_the_dealer=False), Hand(thrown_in=True)) == "Thrown in"


# --- The misdeal (docs/rules.md 2 (every variant), ruling) ----------------------------------------


def test_the_scorekeeper_asks_the_engine_which_word_a_no_score_hand_gets() -> None:
    assert no_score_hand_name(HouseRules()) == "Misdeal"
    assert no_score_hand_name(HouseRules(stick_the_dealer=False)) == "Thrown in"


@pytest.mark.parametrize("variant", list(Variant))
def test_a_hand_marked_thrown_in_under_stick_the_dealer_is_explained_as_a_misdeal(
    variant: Variant,
) -> None:
    players = FIVE if variant is Variant.CALL_YOUR_PARTNER else FIVE[:4]
    stuck = score_hand(GameSetup(variant=variant, players=players), Hand(thrown_in=True))
    book = BOOK_NAMES[variant]
    assert stuck.explanation == f"Misdeal: no score; the deal passes on ({book} rules 2)."
    assert stuck.points == (0,) * len(players)
    free = GameSetup(variant=variant, players=players, rules=HouseRules(stick_the_dealer=False))
    thrown = score_hand(free, Hand(thrown_in=True))
    assert thrown.explanation == "Thrown in: nobody made trump, so no score; the deal passes on."
    assert thrown.section == stuck.section == "bidding"
    assert thrown.citation == stuck.citation == cite(variant, "bidding")


# --- Standard teams, the deck, the penalty floor, the rule groups ----------------------------


def test_standard_euchre_has_two_teams_of_partners_across_the_table() -> None:
    t = GameSetup(variant=Variant.STANDARD, players=FIVE[:4])
    assert t.sides() == ((0, 2), (1, 3))


@pytest.mark.parametrize("n", [4, 5, 6])
def test_in_call_ace_every_player_is_a_side_alone(n: int) -> None:
    t = GameSetup(variant=Variant.CALL_ACE, players=(*FIVE, "Fay")[:n])
    assert t.sides() == tuple((s,) for s in range(n))


@pytest.mark.parametrize(("size", "lowest"), [(24, Rank.NINE), (28, Rank.EIGHT), (32, Rank.SEVEN)])
def test_the_deck_size_gives_its_lowest_rank(size: int, lowest: Rank) -> None:
    assert lowest_rank_of_deck(size) is lowest


def test_a_deck_of_another_size_has_no_lowest_rank() -> None:
    with pytest.raises(ValueError, match="a euchre deck has 24, 28, 32 cards"):
        lowest_rank_of_deck(26)


def test_a_penalty_never_takes_a_total_below_zero() -> None:
    score = HandScore(
        points=(0, 2, 0, 2),
        penalties=(2, 0, 2, 0),
        rule="euchre",
        citation=SCORING,
        parts=explain(),
    )
    assert add_hand_points((1, 3, 5, 0), score) == (0, 5, 3, 2)


def test_add_hand_points_refuses_totals_of_another_table() -> None:
    score = HandScore(
        points=(1, 0), penalties=(0, 0), rule="make", citation=SCORING, parts=explain()
    )
    with pytest.raises(ValueError, match="zip"):
        add_hand_points((0, 0, 0), score)


def test_the_rule_groups_cover_every_rule_a_hand_can_score_apart_from_no_score() -> None:
    groups = (MAKE_RULES, MARCH_RULES, EUCHRE_RULES, RENEGE_RULES)
    assert sum(len(g) for g in groups) == len(frozenset().union(*groups))  # disjoint
    t = GameSetup(
        variant=Variant.STANDARD,
        players=FIVE[:4],
        rules=HouseRules(renege=RenegeRule.MARCH_OR_EUCHRE),
    )
    seen = {
        score_hand(t, Hand(maker=0, trump=Suit.HEARTS, tricks=k, outcome=o)).rule
        for k in range(6)
        for o in (PartnerOutcome.TEAM, PartnerOutcome.ALONE)
    }
    seen.add(score_hand(t, Hand(maker=0, trump=Suit.HEARTS, tricks=3, renege=1)).rule)
    assert seen <= frozenset().union(*groups)
    assert {"make", "march", "alone-make", "alone-march", "euchre", "renege"} == seen


# --- The game document's limits (docs/formats.md, "Game document (import and export)") ------------

DOCUMENT: dict[str, Any] = {
    "format": "bower.game/1",
    "variant": "call-ace",
    "rules": {},
    "players": ["Ann", "Ben", "Cat", "Dan"],
    "first_dealer": "Ann",
    "hands": [{"maker": "Ann", "trump": "H", "called": "S", "partner": "Ben", "tricks": 3}],
}


def document(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(DOCUMENT)
    data.update(changes)
    return data


def hand(**changes: Any) -> list[dict[str, Any]]:
    return [{**DOCUMENT["hands"][0], **changes}]


def test_a_document_of_a_thousand_hands_is_read() -> None:
    assert MAX_HANDS == 1000
    game = read_document(document(hands=[{"thrown_in": True}] * MAX_HANDS))
    assert len(game.hands) == MAX_HANDS


def test_a_document_of_more_hands_than_the_cap_is_refused_naming_the_cap() -> None:
    with pytest.raises(DocumentError, match="at most 1000") as error:
        read_document(document(hands=[{"thrown_in": True}] * (MAX_HANDS + 1)))
    assert error.value.where == "hands"


@pytest.mark.parametrize(
    ("changes", "where", "message"),
    [
        ({"first_dealer": 10**5000}, "first_dealer", "give the name of the player who dealt first"),
        ({"variant": 10**5000}, "variant", "name the variant as text"),
        ({"hands": hand(maker=10**5000)}, "hand 1, maker", "as text, not a number"),
        ({"hands": hand(partner=10**5000)}, "hand 1, partner", "as text, not a number"),
        ({"hands": hand(renege=True)}, "hand 1, renege", "as text, not true or false"),
        ({"hands": hand(tricks=10**5000)}, "hand 1, tricks", "must be from 0 to 5"),
        ({"hands": hand(tricks=True)}, "hand 1, tricks", "whole number from 0 to 5"),
        ({"hands": hand(tricks=-1)}, "hand 1, tricks", "must be from 0 to 5"),
        ({"hands": hand(round=3)}, "hand 1, round", "must be from 1 to 2"),
        ({"hands": hand(revealed_on_trick=6)}, "hand 1, revealed_on_trick", "from 1 to 5"),
        ({"hands": hand(trump=7)}, "hand 1, trump", "expected text, not a number"),
        ({"rules": {"target": 10**5000}}, "rules, target", "from 1 to 99"),
        ({"rules": {"target": False}}, "rules, target", "whole number"),
    ],
)
def test_absurd_values_are_refused_naming_the_field(
    changes: dict[str, Any], where: str, message: str
) -> None:
    with pytest.raises(DocumentError) as error:
        read_document(document(**changes))
    assert error.value.where == where
    assert message in error.value.message


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["An\x00n", "Ben", "Cat", "Dan"], "punctuation only"),
        (["\ud800", "Ben", "Cat", "Dan"], "punctuation only"),
        (["MAKER", "Ben", "Cat", "Dan"], "reserves"),
        (["Ann", "Ben", "Cat", "x" * 31], "longer than 30"),
        (["Ann", "Ben", "Cat", "  "], "needs a name"),
        (["Ann", "Ben", "Cat", 4], "needs a name"),
        (["Ann", "Ben", "Cat", "ANN"], "appears twice"),
    ],
)
def test_the_document_checks_names_with_the_one_name_check(
    players: list[Any], message: str
) -> None:
    with pytest.raises(DocumentError, match=message) as error:
        read_document(document(players=players))
    assert error.value.where == "players"


def test_the_document_folds_spaces_in_names_as_the_name_check_does() -> None:
    game = read_document(
        document(players=["Ann  Lee", "Ben", "Cat", "Dan"], first_dealer="Ben", hands=[])
    )
    assert game.setup.players[0] == "Ann Lee"
