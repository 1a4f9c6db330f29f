"""The games the benchmarks measure, made through the app's most stable ways in:
a game document (docs/formats.md, "Game document (import and export)") read by the engine and stored
by `Game.from_document`.

Everything here that names the scorekeeper's models is in this module, so a
rename there is one import to fix.
"""

from __future__ import annotations

import itertools
from typing import Any

from django.db import transaction

from referee.engine.document import read_document
from scorekeeper.files.game_files import parse_document
from scorekeeper.models import Game, PrivateTable

PLAYERS = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
FIVE = PLAYERS[:5]

# A long game must never reach the target of 99: seven hands give seven points
# in all, a euchre every 37th hand six more, so 300 hands leave everyone near 70.
# Seven kinds against five seats: every seat makes trump in every kind of hand.
_PATTERN: tuple[dict[str, Any], ...] = (
    {"partner": "maker", "tricks": 3},  # alone with the called ace: 1 point
    {"partner": 2, "tricks": 3},  # made with a partner: 1 each
    {"thrown_in": True},
    {"partner": "maker", "tricks": 4},
    {"partner": "none", "tricks": 3},  # the called ace not in play: 1 point
    {"thrown_in": True},
    {"partner": 1, "tricks": 4},
)
_EUCHRE: dict[str, Any] = {"partner": 3, "tricks": 2}  # 2 to each defender
_EUCHRE_EVERY = 37


def bench_table() -> PrivateTable:
    """The one private table the benchmarks' games belong to
    (docs/formats.md, "Tables: private by link, no accounts")."""
    return PrivateTable.objects.first() or PrivateTable.objects.create(name="Benchmarks")


def game_document(hands: int, *, seats: tuple[str, ...] = FIVE, target: int = 99) -> dict[str, Any]:
    """A Call-Ace game document with ``hands`` hands of every kind (partnerships,
    lone hands, euchres, throw-ins), still short of the target."""
    suits = itertools.cycle("SHDC")
    made: list[dict[str, Any]] = []
    for number in range(hands):
        kind = (
            _EUCHRE
            if number % _EUCHRE_EVERY == _EUCHRE_EVERY - 1
            else _PATTERN[number % len(_PATTERN)]
        )
        if kind.get("thrown_in"):
            made.append({"thrown_in": True})
            continue
        maker = number % len(seats)
        partner = kind["partner"]
        if isinstance(partner, int):
            partner = seats[(maker + partner) % len(seats)]
        made.append(
            {
                "maker": seats[maker],
                "trump": next(suits),
                "called": next(suits),
                "partner": partner,
                "tricks": kind["tricks"],
            }
        )
    return {
        "format": "bower.game/1",
        "variant": "call-ace",
        "rules": {"target": target},
        "players": list(seats),
        "first_dealer": seats[0],
        "hands": made,
    }


def create_game(document: dict[str, Any]) -> int:
    """Store the game a document describes; its id (the number in its address)."""
    game = Game.from_document(read_document(document), private_table=bench_table())
    if game.is_finished:
        raise AssertionError("a benchmark game must still be in play")
    return game.pk


def import_text(text: str) -> int:
    """Import a game document's JSON text as the import command and page do; the game's id."""
    return Game.from_document(parse_document(text), private_table=bench_table()).pk


_made: dict[int, int] = {}


def game_in_play(hands: int) -> int:
    """A five-player game ``hands`` hands in (made once per run): its id."""
    if hands not in _made:
        _made[hands] = create_game(game_document(hands))
    return _made[hands]


def version(game_id: int) -> int:
    """The game's version, as a phone that is up to date shows it in its forms."""
    return Game.objects.filter(pk=game_id).values_list("version", flat=True).get()


def poll_address(game_id: int) -> str:
    """The table's poll as a phone that is up to date asks it: the game's
    version and its table's names (``?version=…&names=…``)."""
    game = Game.objects.filter(pk=game_id)
    shown, names = game.values_list("version", "private_table__shown_version").get()
    return f"/games/{game_id}/state/?version={shown}&names={names}"


def history_table(games: int) -> str:
    """A private table of its own holding ``games`` short games among eight
    players (a third of them won: target 3, over after 9 hands; the rest still
    in play after 12): its key link's path, for a phone to join it."""
    private_table = PrivateTable.objects.create(name=f"History, {games:,} games")
    # One transaction for the lot: a commit per game would time the disk, not the app.
    with transaction.atomic():
        for number in range(games):
            seats = tuple(PLAYERS[(number + i) % len(PLAYERS)] for i in range(5))
            won = number % 3 == 0
            document = game_document(9 if won else 12, seats=seats, target=3 if won else 99)
            Game.from_document(read_document(document), private_table=private_table)
    return private_table.key_path
