"""A euchre night's table on the game screens (docs/rules.md, Euchre night): named by its night,
round and table, counting hands instead of points to a target, over after the
round's hands with a way back to the night, and no rematch."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, Game, RematchRefused
from tests.game_support import fresh, our_table, record, url

pytestmark = pytest.mark.django_db

EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


@pytest.fixture
def night() -> EuchreNight:
    return EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=EIGHT,
        rounds=2,
        rules=NightRules(hands_per_round=4),
        name="Club night",
        seed=7,
    )


@pytest.fixture
def game(night: EuchreNight) -> Game:
    return fresh(Game.objects.get(night_round__night=night, night_table=2))


def night_of(game: Game) -> int:
    assert game.night_round is not None
    return game.night_round.night_id


def play_round(game: Game) -> None:
    maker = game.seat_list()[0].player.name
    for _ in range(4):
        record(game, maker=maker, trump="H", tricks=3)


@pytest.mark.postgres
def test_a_night_table_is_named_by_its_night_round_and_table_and_counts_hands(
    client: Client, game: Game
) -> None:
    html = client.get(url("game_table", game)).content.decode()
    assert "<h1>Hand 1 of 4</h1>" in html
    assert "Club night · Round 1 · Table 2" in html
    assert "to 10" not in html
    assert "first to" not in html
    assert "<meter" not in html
    assert reverse("night_detail", args=[night_of(game)]) in html
    assert reverse("night_standings", args=[night_of(game)]) in html


def test_when_the_rounds_hands_are_played_the_table_sends_back_to_the_night(
    client: Client, game: Game
) -> None:
    play_round(game)
    html = client.get(url("game_table", game)).content.decode()
    assert f"The round is over at table {game.night_table}: 4 hands played" in html
    assert "Back to the night" in html
    assert "Someone reached" not in html
    assert "See the result" not in html


def test_a_night_tables_result_has_no_winner_and_no_rematch(client: Client, game: Game) -> None:
    play_round(game)
    response = client.get(url("game_result", game))
    html = response.content.decode()
    assert f"The round is over at table {game.night_table}<" in html
    assert "Points this round" in html
    words = re.sub(r"<[^>]*>", " ", html)  # what the screen says, not its markup
    assert "Rematch" not in words
    assert "winner" not in words
    assert " win" not in words
    assert "game_rematch" not in html
    assert "/rematch/" not in html
    assert "All 4 hands of the round are played" in html
    assert reverse("night_detail", args=[night_of(game)]) in html
    totals = sorted(total for _, total, _ in response.context["standings"])
    assert totals == [0, 4]


def test_a_night_table_refuses_a_rematch_and_creates_nothing(client: Client, game: Game) -> None:
    play_round(game)
    games = Game.objects.count()
    with pytest.raises(RematchRefused):
        fresh(game).rematch()
    response = client.post(url("game_rematch", game), follow=True)
    assert response.status_code == 200
    assert "has no rematch" in response.content.decode()
    assert Game.objects.count() == games


def test_a_games_rematch_still_works(client: Client) -> None:
    from tests.game_support import start_game

    game = start_game()
    assert fresh(game).rematch().rematch_of_id == game.pk


def test_a_night_tables_watch_link_names_the_round(client: Client, game: Game) -> None:
    html = client.get(reverse("game_watch", args=[game.watch_token])).content.decode()
    assert "Hand 1 of 4" in html
    assert "Club night · Round 1 · Table 2 · watching" in html
    assert "to 10" not in html
