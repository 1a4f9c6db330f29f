"""Game documents for the history, player and import/export tests
(docs/formats.md, "Game document (import and export)")."""

from __future__ import annotations

import copy
import itertools
from datetime import datetime
from typing import Any

from django.utils import timezone

from referee.engine.document import read_document
from scorekeeper.models import Game
from tests.game_support import our_table

# The example in docs/formats.md, "Game document (import and export)", as published.
EXAMPLE: dict[str, Any] = {
    "format": "bower.game/1",
    "variant": "call-ace",
    "rules": {"target": 10, "stick_the_dealer": True},
    "players": ["Ann", "Ben", "Cat", "Dan", "Eve"],
    "first_dealer": "Ann",
    "hands": [
        {"maker": "Ben", "trump": "H", "called": "S", "partner": "Dan", "tricks": 3},
        {"maker": "Cat", "trump": "S", "called": "S", "partner": "maker", "tricks": 5},
        {"thrown_in": True},
        {"maker": "Ann", "trump": "D", "called": "C", "partner": "none", "tricks": 2},
        {
            "maker": "Eve",
            "trump": "C",
            "called": "H",
            "partner": "Ann",
            "tricks": 4,
            "renege": "Cat",
        },
    ],
}


def example() -> dict[str, Any]:
    """A fresh copy of the contract's example, free to change."""
    return copy.deepcopy(EXAMPLE)


def document(
    variant: str,
    players: list[str],
    hands: list[dict[str, Any]],
    *,
    first_dealer: str | None = None,
    **rules: Any,
) -> dict[str, Any]:
    return {
        "format": "bower.game/1",
        "variant": variant,
        "rules": rules,
        "players": players,
        "first_dealer": first_dealer or players[0],
        "hands": hands,
    }


def long_game(hands: int = 60, *, target: int = 99) -> dict[str, Any]:
    """A Call-Ace game of five with ``hands`` hands of every kind, made
    deterministically: partnerships, lone hands, euchres, marches, throw-ins."""
    players = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    suits = itertools.cycle("SHDC")
    made: list[dict[str, Any]] = []
    for number in range(hands):
        if number % 11 == 10:
            made.append({"thrown_in": True})
            continue
        maker = players[number % 5]
        partner = ["maker", "none", *players][number % 7]
        if partner == maker:
            partner = "maker"
        made.append(
            {
                "maker": maker,
                "trump": next(suits),
                "called": next(suits),
                "partner": partner,
                "tricks": number % 6,
            }
        )
    return document("call-ace", players, made, target=target)


def import_document(data: dict[str, Any], *, at: datetime | None = None) -> Game:
    """Store a game from a document, as import does; ``at`` backdates it."""
    game = Game.from_document(read_document(data), private_table=our_table())
    if at is not None:
        Game.objects.filter(pk=game.pk).update(created_at=at)
        game.refresh_from_db()
    return game


def local(*args: int) -> datetime:
    """An aware datetime in the app's time zone: local(2025, 11, 21, 23, 30)."""
    return timezone.make_aware(datetime(*args))
