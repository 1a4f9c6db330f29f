"""Importing a game document and the history pages over many games."""

from __future__ import annotations

import itertools
import json
from typing import Any

from django.test import Client

from benchmarks import Timing, measure
from referee.engine.document import read_document
from scorekeeper.game_files import parse_document
from scorekeeper.models import Game, Player

PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def _game(hands: int, *, seats: list[str], target: int = 99) -> dict[str, Any]:
    """A Call-Ace document with ``hands`` hands of every kind: partnerships,
    lone hands, euchres, marches and throw-ins."""
    suits = itertools.cycle("SHDC")
    made: list[dict[str, Any]] = []
    for number in range(hands):
        if number % 11 == 10:
            made.append({"thrown_in": True})
            continue
        maker = seats[number % len(seats)]
        partner = ["maker", "none", *seats][number % (len(seats) + 2)]
        made.append(
            {
                "maker": maker,
                "trump": next(suits),
                "called": next(suits),
                "partner": "maker" if partner == maker else partner,
                "tricks": number % 6,
            }
        )
    return {
        "format": "bower.game/1",
        "variant": "call-ace",
        "rules": {"target": target},
        "players": seats,
        "first_dealer": seats[0],
        "hands": made,
    }


def bench_import_60_hands() -> Timing:
    text = json.dumps(_game(60, seats=PLAYERS[:5]))

    def import_game() -> None:
        Game.from_document(parse_document(text))

    return measure("import a 60-hand game (parse, store, score)", import_game, iterations=50)


def bench_import_1000_hands() -> Timing:
    """The longest document import accepts (MAX_HANDS): scored once, stored in bulk."""
    text = json.dumps(_game(1000, seats=PLAYERS[:5]))

    def import_game() -> None:
        Game.from_document(parse_document(text))

    return measure(
        "import a 1,000-hand game (parse, score, store)", import_game, iterations=5, warmup=1
    )


def _two_hundred_games() -> None:
    """Exactly 200 games, finished and unfinished, among eight players."""
    if Game.objects.count() == 200:
        return
    Game.objects.all().delete()
    for number in range(200):
        seats = [PLAYERS[(number + i) % len(PLAYERS)] for i in range(5)]
        Game.from_document(read_document(_game(12, seats=seats, target=6 + number % 8)))


def _page(name: str, path: str) -> Timing:
    _two_hundred_games()
    client = Client()

    def get() -> None:
        response = client.get(path)
        assert response.status_code == 200, response.status_code

    return measure(name, get, iterations=100)


def bench_game_list_200_games() -> Timing:
    return _page("game list, 200 games in the database", "/games/")


def bench_player_list_200_games() -> Timing:
    return _page("player list, records over 200 games", "/players/")


def bench_player_page_200_games() -> Timing:
    _two_hundred_games()
    player = Player.objects.get(name="Ann")
    return _page("player page, record over 200 games", f"/players/{player.pk}/")
