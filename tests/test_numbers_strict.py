"""Numbers in forms are ASCII digits only (docs/formats.md, "Numbers"): ``after``
and every number a form reads refuse "1_0", Arabic-Indic and full-width
digits, a sign, a space and a decimal point, beside the field, storing
nothing; each problem is said once; a paste is held to the file's size
whatever its line ends."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from django.test import Client
from django.test.client import MULTIPART_CONTENT
from django.urls import reverse

from referee.forms.numbers import whole_number
from scorekeeper.files.game_files import MAX_DOCUMENT_BYTES
from scorekeeper.models import EuchreNight, Game, Hand
from tests.documents import example
from tests.game_support import start_game, url
from tests.night_support import new_night_form

pytestmark = pytest.mark.django_db

LOOSE = [
    pytest.param("1_0", id="underscore"),
    pytest.param("\u0661\u0660", id="arabic-indic"),
    pytest.param("\uff11\uff10", id="full-width"),
    pytest.param("+1", id="plus"),
    pytest.param("\u22121", id="minus-sign"),
    pytest.param(" 1", id="space"),
    pytest.param("1.0", id="decimal-point"),
    pytest.param("1e1", id="exponent"),
    pytest.param("1" * 5000, id="past-python's-digits"),
]


@pytest.mark.parametrize("text", LOOSE)
def test_only_ascii_digits_are_a_number(text: str) -> None:
    assert whole_number(text) is None


def test_ascii_digits_are_read_leading_zeros_a_minus_and_all() -> None:
    read = [whole_number(t) for t in ("0", "7", "10", "007", "-3", "9" * 40)]
    assert read == [0, 7, 10, 7, -3, 10**40 - 1]


# --- after: where a hand goes ----------------------------------------------------------

CALL_ACE = ("Ann", "Ben", "Cat", "Dan", "Eve")
BEN_WITH_ANN = {"maker": "1", "trump": "H", "called": "S", "partner": "0", "tricks": "3"}


def enter_hand(client: Client, game: Game, after: str, **extra: str) -> Any:
    data = {"token": str(uuid.uuid4()), **BEN_WITH_ANN, "after": after, "save": "1", **extra}
    return client.post(url("hand_enter", game), data, content_type=MULTIPART_CONTENT)


@pytest.mark.parametrize(
    "after",
    [
        *LOOSE,
        pytest.param("\u0660", id="arabic-indic-zero"),
        pytest.param("\uff10", id="full-width-zero"),
        pytest.param("-1", id="below-zero"),
    ],
)
def test_a_hand_after_a_number_not_in_ascii_digits_is_refused_once_storing_nothing(
    client: Client, after: str
) -> None:
    game = start_game("call-ace", CALL_ACE)
    response = enter_hand(client, game, after)
    assert response.status_code == 422
    assert response.context["form"].errors["after"] == [
        "This screen is out of date: go back to the table and try again."
    ]
    assert response.content.decode().count("This screen is out of date") == 1
    assert not Hand.objects.exists()


def test_a_hand_after_zero_with_leading_zeros_is_hand_1(client: Client) -> None:
    game = start_game("call-ace", CALL_ACE)
    assert enter_hand(client, game, "00").status_code == 303
    assert game.hands.get().number == 1


def test_a_hand_missing_where_it_goes_says_so_once(client: Client) -> None:
    game = start_game("call-ace", CALL_ACE)
    response = enter_hand(client, game, "")
    assert response.status_code == 422
    assert response.content.decode().count("This screen is out of date") == 1
    assert not Hand.objects.exists()


@pytest.mark.parametrize("after", ["\u0660", "+0", "0.0"])
def test_a_hand_sent_later_by_the_outbox_refuses_a_loose_after(client: Client, after: str) -> None:
    game = start_game("call-ace", CALL_ACE)
    data = {"token": str(uuid.uuid4()), **BEN_WITH_ANN, "after": after}
    sent = client.post(url("hand_enter", game), data, HTTP_HX_REQUEST="true")
    assert sent.status_code == 422
    assert not Hand.objects.exists()


# --- every other form's numbers --------------------------------------------------------


def test_the_new_game_target_in_other_digits_is_refused_beside_it(client: Client) -> None:
    data = {
        "token": str(uuid.uuid4()),
        "variant": "standard",
        **{f"player_{n}": name for n, name in enumerate(("Ann", "Ben", "Cat", "Dan"))},
        "first_dealer": "0",
        "target": "\uff11\uff10",
        "stick_the_dealer": "on",
        "renege": "march-or-euchre",
        "action": "start",
    }
    response = client.post(reverse("new_game"), data)
    assert response.status_code == 422
    assert list(response.context["form"].errors) == ["target"]
    assert not Game.objects.exists()
    assert client.post(reverse("new_game"), {**data, "target": "10"}).status_code == 302


@pytest.mark.parametrize(("field", "value"), [("rounds", "+3"), ("hands_per_round", "8.0")])
def test_a_new_nights_numbers_in_ascii_digits_only(client: Client, field: str, value: str) -> None:
    response = client.post(reverse("night_new"), new_night_form(**{field: value}))
    assert response.status_code == 422
    assert list(response.context["form"].errors) == [field]
    assert not EuchreNight.objects.exists()


# --- a paste's size --------------------------------------------------------------------


def document_of(size: int) -> str:
    """A game document of ``size`` bytes with LF line ends, padded with blank lines."""
    text = json.dumps(example(), indent=1)
    lines = (size - len(text.encode())) // 200
    padded = text + "\n" + ("\n".join([" " * 199] * lines)) + "\n"
    return padded + " " * (size - len(padded.encode()))


def test_a_paste_is_held_to_the_files_size_whatever_its_line_ends(client: Client) -> None:
    text = document_of(998_000)
    assert len(text.encode()) == 998_000
    pasted = text.replace("\n", "\r\n")  # as a browser sends a text box
    assert len(pasted.encode()) > MAX_DOCUMENT_BYTES
    response = client.post(reverse("game_import"), {"text": pasted})
    assert response.status_code == 302
    assert Game.objects.count() == 1
    too_big = document_of(MAX_DOCUMENT_BYTES + 1)
    response = client.post(reverse("game_import"), {"text": too_big, "copy": "on"})
    assert response.status_code == 422
    assert response.context["form"].errors["text"][0].startswith("This is too big")
    assert Game.objects.count() == 1
