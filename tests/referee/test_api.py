"""The referee's JSON API (docs/formats.md, "Referee API"): no login, JSON, bad input is a 400."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

TRICK = "/referee/api/trick"
LEGAL = "/referee/api/legal"


def get_json(client: Client, url: str, params: dict[str, str]) -> tuple[int, dict[str, Any]]:
    response = client.get(url, params)
    assert response["Content-Type"] == "application/json"
    return response.status_code, response.json()


def test_the_api_lives_at_the_addresses_the_contract_gives() -> None:
    assert reverse("referee:api-trick") == TRICK
    assert reverse("referee:api-legal") == LEGAL


# --- /referee/api/trick --------------------------------------------------------------------------


def test_the_contract_trick_example_goes_to_the_left_bower(client: Client) -> None:
    response = client.get(f"{TRICK}?trump=H&cards=AS,JD,9H,KH")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert {k: body[k] for k in ("winner", "card", "led_suit")} == {
        "winner": 1,
        "card": "JD",
        "led_suit": "S",
    }
    assert body["reason"] == (
        "The jack of diamonds wins: it is the left bower when hearts are trump, so it "
        "counts as a heart and outranks the king of hearts."
    )


def test_a_trick_answer_writes_cards_in_canonical_form_whatever_was_sent(client: Client) -> None:
    status, body = get_json(client, TRICK, {"trump": "♦", "cards": "th, jh ,A♦,9d"})
    assert status == 200
    assert (body["winner"], body["card"], body["led_suit"]) == (1, "JH", "H")


def test_a_no_trump_trick_goes_to_the_highest_card_of_the_led_suit(client: Client) -> None:
    status, body = get_json(client, TRICK, {"trump": "NT", "cards": "9S,JC,AD,QS"})
    assert status == 200
    assert (body["winner"], body["card"], body["led_suit"]) == (3, "QS", "S")
    assert "cannot win" in body["reason"]


def test_a_six_card_trick_is_judged(client: Client) -> None:
    status, body = get_json(client, TRICK, {"trump": "C", "cards": "AH,KH,7C,8H,JS,QH"})
    assert status == 200
    assert (body["winner"], body["card"]) == (4, "JS")


# --- /referee/api/legal --------------------------------------------------------------------------


def test_the_contract_legal_example_must_play_the_left_bower_on_a_trump_lead(
    client: Client,
) -> None:
    response = client.get(f"{LEGAL}?trump=H&led=AH&hand=JD,9S,KC")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["legal"] == ["JD"]
    assert body["must_follow"] == "H"
    assert "the jack of diamonds is the left bower when hearts are trump" in body["reason"]


def test_a_player_void_in_the_led_suit_may_play_anything_and_must_follow_nothing(
    client: Client,
) -> None:
    status, body = get_json(client, LEGAL, {"trump": "D", "led": "9H", "hand": "JH,AS,KC"})
    assert status == 200
    assert body["legal"] == ["JH", "AS", "KC"]
    assert body["must_follow"] is None


def test_a_player_who_is_leading_may_play_anything(client: Client) -> None:
    for params in (
        {"trump": "S", "hand": "9h,TS,ad"},
        {"trump": "S", "led": "", "hand": "9h,TS,ad"},
    ):
        status, body = get_json(client, LEGAL, params)
        assert status == 200
        assert body["legal"] == ["9H", "10S", "AD"]
        assert body["must_follow"] is None


# --- Bad input: 400 with {"error": "..."}, never a 500 -------------------------------------------


@pytest.mark.parametrize(
    ("url", "params", "complaint"),
    [
        (TRICK, {"cards": "AS,JD"}, "the 'trump' parameter is missing"),
        (TRICK, {"trump": "H"}, "the 'cards' parameter is missing"),
        (TRICK, {"trump": "H", "cards": "  "}, "the 'cards' parameter is missing"),
        (TRICK, {"trump": "X", "cards": "AS,JD"}, "'X' is not a trump"),
        (TRICK, {"trump": "H", "cards": "AS,1D"}, "'1D' is not a card"),
        (TRICK, {"trump": "H", "cards": "AS,,JD"}, "is not a card"),
        (TRICK, {"trump": "H", "cards": "AS,JD,as"}, "AS appears twice in the trick"),
        (TRICK, {"trump": "H", "cards": "AS"}, "a trick needs at least two cards"),
        (TRICK, {"trump": "H", "cards": "AS,KS,QS,JS,10S,9S,8S"}, "at most six cards"),
        (LEGAL, {"hand": "JD"}, "the 'trump' parameter is missing"),
        (LEGAL, {"trump": "H", "led": "AH"}, "the 'hand' parameter is missing"),
        (LEGAL, {"trump": "HH", "hand": "JD"}, "'HH' is not a trump"),
        (LEGAL, {"trump": "H", "led": "ZZ", "hand": "JD"}, "'ZZ' is not a card"),
        (LEGAL, {"trump": "H", "led": "AH", "hand": "JD,XX"}, "'XX' is not a card"),
        (LEGAL, {"trump": "H", "led": "AH", "hand": "JD,9S,jd"}, "JD appears twice in the hand"),
        (LEGAL, {"trump": "H", "led": "AH", "hand": "JD,AH"}, "the led card AH cannot also be"),
    ],
)
def test_bad_input_answers_400_with_an_error_that_says_what_is_wrong(
    client: Client, url: str, params: dict[str, str], complaint: str
) -> None:
    status, body = get_json(client, url, params)
    assert status == 400
    assert list(body) == ["error"]
    assert complaint in body["error"]


@pytest.mark.parametrize("url", [TRICK, LEGAL])
def test_no_parameters_at_all_answers_400(client: Client, url: str) -> None:
    status, body = get_json(client, url, {})
    assert status == 400
    assert "parameter is missing" in body["error"]


@pytest.mark.parametrize(
    ("url", "params"),
    [
        (TRICK, {"trump": "H", "cards": "AS,JD,9H,KH"}),
        (LEGAL, {"trump": "H", "led": "AH", "hand": "JD,9S,KC"}),
    ],
)
def test_posting_to_the_api_is_refused_as_method_not_allowed(
    client: Client, url: str, params: dict[str, str]
) -> None:
    response = client.post(url, params)
    assert response.status_code == 405
    assert response["Allow"] == "GET"


CARDISH = st.text(alphabet="AKQJT9871056SHDCNshdcn♠♥♦♣ ,\ufe0f-x", max_size=30)


@settings(max_examples=200, deadline=None)
@given(trump=CARDISH, cards=CARDISH, led=CARDISH, hand=CARDISH)
def test_whatever_text_is_sent_the_api_answers_200_or_a_400_with_an_error(
    trump: str, cards: str, led: str, hand: str
) -> None:
    client = Client()
    for url, params in (
        (TRICK, {"trump": trump, "cards": cards}),
        (LEGAL, {"trump": trump, "led": led, "hand": hand}),
    ):
        status, body = get_json(client, url, params)
        assert status in (200, 400)
        if status == 400:
            assert list(body) == ["error"]
            assert body["error"]
