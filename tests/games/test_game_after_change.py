"""The screen a change answers with is drawn from the game as the change left
it in memory, not read again (docs/decisions.md, D31): it must show what a fresh read of
the game shows, after every change the table makes, and after a change that
found the game moved on meanwhile and read it again under the lock."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.test import Client

from referee.engine.reading import read_hand
from scorekeeper.games.screens import table_context
from scorekeeper.models import Game
from tests.game_support import fresh, post, record, start_game, url

pytestmark = pytest.mark.django_db

BEN_CALLS = {"maker": "1", "trump": "H", "called": "S"}


def drawn(context: dict[str, Any]) -> str:
    """The table's live part as ``context`` draws it, the forms' tokens left out."""
    html = render_to_string(
        "scorekeeper/games/table.html#live", {**context, "partial": True, "csrf_token": "-"}
    )
    return re.sub(r'(name="token"[^>]*value=")[^"]*"', r'\1"', html)


def assert_shows_the_game_as_stored(response: Any, game: Game) -> None:
    assert response.status_code == 200
    stored = table_context(fresh(game))
    shown = {key: response.context[key] for key in stored}
    assert drawn(shown) == drawn(stored)


@pytest.fixture
def game() -> Game:
    game = start_game(first_dealer=0)
    record(game, maker="Cat", trump="C", called="D", partner="Dan", tricks=3)
    return fresh(game)


@pytest.mark.parametrize(
    ("action", "fields"),
    [
        ("hand_start", BEN_CALLS),
        ("hand_dealer", {"dealer": "3"}),
        ("hand_enter", {"thrown_in": "yes"}),
        ("hand_enter", {**BEN_CALLS, "partner": "0", "tricks": "5"}),
        ("hand_undo", {}),
    ],
)
@pytest.mark.postgres
def test_the_table_after_a_change_shows_the_game_as_stored(
    client: Client, game: Game, action: str, fields: dict[str, str]
) -> None:
    assert_shows_the_game_as_stored(post(client, url(action, game), game, fields, htmx=True), game)


def test_the_table_after_each_step_of_a_hand_shows_the_game_as_stored(
    client: Client, game: Game
) -> None:
    steps: list[tuple[str, dict[str, str]]] = [
        ("hand_start", BEN_CALLS),
        ("hand_cancel", {}),
        ("hand_start", BEN_CALLS),
        ("hand_start", {**BEN_CALLS, "maker": "2"}),  # another call replaces it
        ("hand_enter", {**BEN_CALLS, "maker": "2", "partner": "4", "tricks": "5", "after": "1"}),
        ("hand_start", BEN_CALLS),
        ("hand_enter", {**BEN_CALLS, "partner": "maker", "tricks": "3", "after": "2"}),
    ]
    for action, fields in steps:
        response = post(client, url(action, game), game, fields, htmx=True)
        assert_shows_the_game_as_stored(response, game)
    assert [h.maker for h in fresh(game).recent_hands(5)] == [1, 2, 2]


def test_a_hand_sent_again_answers_with_the_game_as_stored(client: Client, game: Game) -> None:
    post(client, url("hand_start", game), game, BEN_CALLS, htmx=True)
    hand = {**BEN_CALLS, "partner": "0", "tricks": "3", "after": "1"}
    token = str(uuid.uuid4())
    for _ in range(2):  # the answer was lost: the phone sends it again
        response = post(client, url("hand_enter", game), game, hand, htmx=True, token=token)
        assert_shows_the_game_as_stored(response, game)
    assert fresh(game).hands.count() == 2


def test_a_hand_that_ends_the_game_answers_with_the_result(client: Client) -> None:
    game = start_game(target=2)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    hand = {**BEN_CALLS, "partner": "3", "tricks": "3"}
    response = post(client, url("hand_enter", game), game, hand, htmx=True)
    assert response.status_code == 200
    assert response["HX-Push-Url"] == url("game_result", game)
    assert fresh(game).is_finished


def test_a_game_changed_meanwhile_is_read_again_and_left_as_stored(game: Game) -> None:
    seen = fresh(game)  # this phone's read of the game
    other = fresh(game)
    other.save_call(version=other.version, maker=1, trump="H", called="S")
    ben_with_dan = {"maker": "Ben", "trump": "H", "called": "S", "partner": "Dan", "tricks": 3}
    seen.record_hand(token=uuid.uuid4(), hand=read_hand(seen.setup, ben_with_dan))
    stored = fresh(game)
    assert seen.version == stored.version
    assert seen.current_hand is None
    assert drawn(table_context(seen)) == drawn(table_context(stored))
