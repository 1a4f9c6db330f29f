"""Page rendering through Django's full request cycle (middleware, CSP, templates)."""

import itertools
import json
import uuid

from django.test import Client

from benchmarks import Timing, measure
from scorekeeper.game_files import parse_document
from scorekeeper.models import Game


def bench_home_page() -> Timing:
    client = Client()

    def get_home() -> None:
        response = client.get("/")
        assert response.status_code == 200

    return measure("home page, GET / via test Client", get_home, iterations=300)


def _game_of_60_hands() -> Game:
    """A five-player Call-Ace game, 60 hands in and still going (a high target)."""
    from benchmarks.bench_import import PLAYERS, _game, bench_table

    document = parse_document(json.dumps(_game(60, seats=PLAYERS[:5])))
    return Game.from_document(document, private_table=bench_table())


def bench_table_screen() -> Timing:
    from benchmarks.bench_import import joined_client

    game = _game_of_60_hands()
    client = joined_client()
    address = f"/games/{game.pk}/"

    def get_table() -> None:
        response = client.get(address, headers={"HX-Request": "true"})
        assert response.status_code == 200

    return measure("table screen at hand 61, htmx partial", get_table, iterations=200)


def bench_record_a_hand() -> Timing:
    """The scorer saves a whole hand: the form, the engine, the store, the
    recomputed totals and the table screen that comes back."""
    from benchmarks.bench_import import joined_client

    game = _game_of_60_hands()
    client = joined_client()
    address = f"/games/{game.pk}/hand/enter/"
    makers = itertools.cycle(range(5))  # spread the points: the game must not end

    def save_hand() -> None:
        game.refresh_from_db()
        response = client.post(
            address,
            {
                "version": game.version,
                "token": str(uuid.uuid4()),
                "maker": str(next(makers)),
                "trump": "H",
                "called": "S",
                "tricks": "3",
                "partner": "maker",
                "save": "1",
            },
            headers={"HX-Request": "true"},
        )
        assert response.status_code == 200, response.content.decode()[-3000:]

    return measure("record a hand at hand 61, POST to the table", save_hand, iterations=50)
