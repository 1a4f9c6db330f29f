"""One rule for when htmx gets a screen's partial (``referee.http.wants_partial``):
an htmx request swaps a partial in; a plain request, a boosted link and a history
restore get the whole page. Every answer whose body depends on it says so
(``Vary: HX-Request``), so no cache between the phone and the server hands a
partial to a page load or the other way round."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, Game
from tests.game_support import HTMX, fresh, our_table, post, record, start_game, url

pytestmark = pytest.mark.django_db

BOOSTED = {**HTMX, "HTTP_HX_BOOSTED": "true"}
RESTORING = {**HTMX, "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"}


def a_game() -> Game:
    game = start_game()
    record(game, maker="Ann", trump="H", called="S", partner="Cat", tricks=3)
    return fresh(game)


def a_night() -> EuchreNight:
    return EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"],
        rounds=2,
        rules=NightRules(hands_per_round=4),
        seed=7,
    )


def addresses() -> dict[str, str]:
    """A screen of each kind whose answer depends on htmx, made afresh per test."""
    game, night = a_game(), a_night()
    return {
        "the table": url("game_table", game),
        "the score sheet": url("game_sheet", game),
        "trump is made": url("hand_start", game),
        "the deal out of turn": url("hand_dealer", game),
        "a hand's edit": url("hand_edit", game, 1),
        "a new game": reverse("new_game"),
        "the game list": reverse("game_list"),
        "the euchre night": reverse("night_detail", args=[night.pk]),
        "the referee's trick judge": reverse("referee:trick"),
        "the referee's calculator": reverse("referee:score"),
    }


SCREENS = [
    "the table",
    "the score sheet",
    "trump is made",
    "the deal out of turn",
    "a hand's edit",
    "a new game",
    "the game list",
    "the euchre night",
    "the referee's trick judge",
    "the referee's calculator",
]


def is_page(response: Any) -> bool:
    return response.content.decode().lstrip().lower().startswith("<!doctype html>")


@pytest.mark.parametrize("screen", SCREENS)
def test_htmx_gets_the_partial_and_every_other_request_the_whole_page(
    client: Client, screen: str
) -> None:
    address = addresses()[screen]
    assert not is_page(client.get(address, **HTMX))
    for headers in ({}, BOOSTED, RESTORING):
        response = client.get(address, **headers)
        assert response.status_code == 200
        assert is_page(response), headers


@pytest.mark.parametrize("screen", SCREENS)
def test_a_screen_says_its_answer_varies_with_htmx(client: Client, screen: str) -> None:
    address = addresses()[screen]
    for headers in ({}, HTMX):
        assert "HX-Request" in client.get(address, **headers)["Vary"]


@pytest.mark.parametrize("htmx", [False, True])
def test_the_answer_to_a_change_says_it_varies_with_htmx(client: Client, htmx: bool) -> None:
    game = a_game()
    response = post(client, url("hand_enter", game), game, {"thrown_in": "yes"}, htmx=htmx)
    assert response.status_code == (200 if htmx else 303)
    assert "HX-Request" in response["Vary"]


@pytest.mark.parametrize("htmx", [False, True])
def test_the_answer_to_a_stale_phone_says_it_varies_with_htmx(client: Client, htmx: bool) -> None:
    game = a_game()
    response = post(client, url("hand_undo", game), game, htmx=htmx, version=0)
    assert response.status_code == (409 if htmx else 302)
    assert "HX-Request" in response["Vary"]


def test_the_game_lists_filter_answers_htmx_with_its_results_alone(client: Client) -> None:
    a_game()
    response = client.get(reverse("game_list"), {"variant": "call-ace"}, **HTMX)
    assert not is_page(response)
    assert "game-card" in response.content.decode()
    assert "HX-Request" in response["Vary"]
