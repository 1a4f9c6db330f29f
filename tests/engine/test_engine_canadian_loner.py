"""The Canadian loner, a house rule of standard euchre (docs/rules.md, Standard 3): the
dealer's partner who orders the dealer up in round 1 must go alone."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.cards import Suit
from referee.engine.checking import check_dealt_hands, check_hand, must_go_alone
from referee.engine.document import DocumentError, read_document, write_document
from referee.engine.hands import GameSetup, Hand, HandError, PartnerOutcome
from referee.engine.reading import read_hand
from referee.engine.scoring import score_hand
from referee.engine.totals import score_game
from referee.engine.variants import HouseRules, Variant, seats_opposite

# Seats 1 and 3 (Ann, Cat) against seats 2 and 4 (Ben, Dan).
NAMES = ("Ann", "Ben", "Cat", "Dan")
ANN, BEN, CAT, DAN = range(4)


def game_setup(*, canadian_loner: bool = True) -> GameSetup:
    return GameSetup(
        variant=Variant.STANDARD,
        players=NAMES,
        rules=HouseRules(canadian_loner=canadian_loner),
    )


def refused(t: GameSetup, fields: dict[str, Any], *, dealer: int) -> dict[str, str]:
    with pytest.raises(HandError) as error:
        read_hand(t, fields, dealer=dealer)
    return error.value.errors


def test_the_dealers_partner_who_orders_up_and_keeps_the_partner_is_refused_naming_the_rule() -> (
    None
):
    errors = refused(
        game_setup(), {"maker": "Cat", "trump": "H", "tricks": 3, "round": 1}, dealer=ANN
    )
    assert set(errors) == {"alone"}
    assert "Canadian loner" in errors["alone"]
    assert errors["alone"].startswith("Cat ordered up their partner Ann, the dealer, in round 1")
    assert "must go alone" in errors["alone"]


def test_the_same_order_up_played_alone_is_scored_as_any_lone_hand() -> None:
    t = game_setup()
    hand = read_hand(
        t, {"maker": "Cat", "trump": "H", "tricks": 5, "round": 1, "alone": True}, dealer=ANN
    )
    assert hand.outcome is PartnerOutcome.ALONE
    march = score_hand(t, hand)
    assert march.points == (4, 0, 4, 0)
    assert march.rule == "alone-march"
    plain = game_setup(canadian_loner=False)
    assert score_hand(plain, hand).points == march.points  # the rule changes no score


def test_without_the_house_rule_the_partner_may_order_up_and_keep_the_dealer() -> None:
    t = game_setup(canadian_loner=False)
    hand = read_hand(t, {"maker": "Cat", "trump": "H", "tricks": 3, "round": 1}, dealer=ANN)
    assert score_hand(t, hand).points == (1, 0, 1, 0)


@pytest.mark.parametrize(
    ("maker", "round_"),
    [
        ("Cat", 2),  # the dealer's partner named trump in round 2
        ("Ann", 1),  # the dealer picked the card up
        ("Ben", 1),  # an opponent ordered the dealer up
        ("Dan", 1),
    ],
)
def test_only_an_order_up_by_the_dealers_partner_must_go_alone(maker: str, round_: int) -> None:
    t = game_setup()
    hand = read_hand(t, {"maker": maker, "trump": "S", "tricks": 3, "round": round_}, dealer=ANN)
    assert hand.outcome is PartnerOutcome.TEAM


def test_a_hand_with_no_bidding_round_noted_is_taken_as_recorded() -> None:
    # docs/rules.md, Standard 3 (ruling): only the round tells an order-up from a named suit.
    hand = read_hand(game_setup(), {"maker": "Cat", "trump": "H", "tricks": 3}, dealer=ANN)
    assert hand.outcome is PartnerOutcome.TEAM


def test_a_hand_dealt_out_of_turn_is_held_to_the_rule_by_its_own_dealer() -> None:
    t = game_setup()
    fields = {"maker": "Dan", "trump": "C", "tricks": 4, "round": 1, "dealer": "Ben"}
    assert "alone" in refused(t, fields, dealer=ANN)  # Ben dealt, whatever the rotation says
    fine = {"maker": "Cat", "trump": "C", "tricks": 4, "round": 1, "dealer": "Ben"}
    assert read_hand(t, fine, dealer=ANN).maker == CAT


def test_a_hand_read_without_knowing_its_dealer_is_not_held_to_the_rule() -> None:
    hand = Hand(maker=CAT, trump=Suit.SPADES, tricks=3, round=1)
    t = game_setup()
    assert "alone" not in check_hand(t, hand)
    assert "alone" in check_hand(t, hand, dealer=ANN)


def test_the_rule_asks_nothing_of_the_other_variants() -> None:
    call_ace = GameSetup(variant=Variant.CALL_ACE, players=NAMES)
    assert not must_go_alone(call_ace, maker=CAT, dealer=ANN, bidding_round=1)
    assert must_go_alone(game_setup(), maker=CAT, dealer=ANN, bidding_round=1)


# --- A game's hands, each with the dealer the rotation gives it ----------------------------------


def document(hands: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    return {
        "format": "bower.game/1",
        "variant": "standard",
        "rules": rules,
        "players": list(NAMES),
        "first_dealer": "Ann",
        "hands": hands,
    }


def test_a_game_document_is_checked_hand_by_hand_with_the_rotations_dealer() -> None:
    # Hand 1: Ann deals, Cat orders her up alone. Hand 2: Ben deals, Dan orders up, not alone.
    hands = [
        {"maker": "Cat", "trump": "H", "tricks": 3, "round": 1, "alone": True},
        {"maker": "Dan", "trump": "S", "tricks": 3, "round": 1},
    ]
    with pytest.raises(DocumentError) as error:
        read_document(document(hands, canadian_loner=True))
    assert error.value.where == "hand 2, alone"
    assert "Dan ordered up their partner Ben, the dealer" in error.value.message
    # Without the rule (or without it written: every older document) it imports.
    assert len(read_document(document(hands)).hands) == 2
    assert len(read_document(document(hands, canadian_loner=False)).hands) == 2


def test_the_house_rule_goes_out_and_comes_back_in_a_game_document() -> None:
    hands = [
        {"maker": "Cat", "trump": "H", "tricks": 5, "round": 1, "alone": True},
        {"thrown_in": True},
        {"maker": "Ben", "trump": "D", "tricks": 3, "round": 1},
    ]
    game = read_document(document(hands, canadian_loner=True))
    written = write_document(game)
    assert written["rules"]["canadian_loner"] is True
    again = read_document(written)
    assert again.setup.rules.canadian_loner is True
    # Export names every hand's dealer; the hands are otherwise the same.
    assert [replace(h, dealer=None) for h in again.hands] == list(game.hands)
    assert write_document(again) == written


def test_an_older_standard_document_without_the_key_imports_with_the_rule_off() -> None:
    game = read_document(document([{"maker": "Cat", "trump": "H", "tricks": 3, "round": 1}]))
    assert game.setup.rules.canadian_loner is False
    assert write_document(game)["rules"]["canadian_loner"] is False


def test_check_dealt_hands_finds_the_first_hand_its_dealer_makes_impossible() -> None:
    t = game_setup()
    fine = Hand(maker=BEN, trump=Suit.HEARTS, tricks=3, round=1)
    bad_for_ben_dealing = Hand(maker=DAN, trump=Suit.HEARTS, tricks=3, round=1)
    assert check_dealt_hands(t, first_dealer=ANN, hands=[fine, fine]) is None
    fault = check_dealt_hands(t, first_dealer=ANN, hands=[fine, bad_for_ben_dealing])
    assert fault is not None
    assert fault[0] == 2
    assert set(fault[1]) == {"alone"}
    # Dealt by Cat instead (hand 1 out of turn), the rotation gives hand 2 to Dan: no fault.
    moved = [replace(fine, dealer=CAT), bad_for_ben_dealing]
    assert check_dealt_hands(t, first_dealer=ANN, hands=moved) is None


# --- The rule as a property -----------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    on=st.booleans(),
    dealer=st.integers(0, 3),
    maker=st.integers(0, 3),
    round_=st.sampled_from([None, 1, 2]),
    alone=st.booleans(),
    tricks=st.integers(0, 5),
)
def test_a_standard_hand_is_refused_exactly_when_the_rule_makes_it_a_lone_hand(
    on: bool, dealer: int, maker: int, round_: int | None, alone: bool, tricks: int
) -> None:
    t = game_setup(canadian_loner=on)
    fields: dict[str, Any] = {"maker": NAMES[maker], "trump": "D", "tricks": tricks}
    if round_ is not None:
        fields["round"] = round_
    if alone:
        fields["alone"] = True
    must = on and round_ == 1 and maker == seats_opposite(dealer) and not alone
    if must:
        with pytest.raises(HandError) as error:
            read_hand(t, fields, dealer=dealer)
        assert set(error.value.errors) == {"alone"}
        return
    hand = read_hand(t, fields, dealer=dealer)
    # Accepted, it scores as it would at a table without the rule.
    plain = game_setup(canadian_loner=False)
    assert score_hand(t, hand) == score_hand(plain, hand)
    totals = score_game(t, first_dealer=dealer, hands=[hand]).totals
    assert totals == score_game(plain, first_dealer=dealer, hands=[hand]).totals
