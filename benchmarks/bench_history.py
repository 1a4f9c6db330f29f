"""The history pages as the history grows (docs/decisions.md, D27): the game list, the players
list and a player's page of a table with 200 games and of one with 2,000 (600
in a quick run), each table seen from a phone that has joined only it."""

from __future__ import annotations

import re
import time

from django.test import Client

from benchmarks import Duration, Figure, Operation, Ratio, measure_alternately, quick
from benchmarks.games import history_table
from benchmarks.web import get, phone_at


def _table_of(games: int) -> tuple[Client, Duration]:
    """A phone at a new table of ``games`` games (the set-up is timed too)."""
    start = time.perf_counter()
    phone = phone_at(history_table(games))
    return phone, Duration(f"set-up: a table of {games:,} games", time.perf_counter() - start)


def _player_address(phone: Client) -> str:
    """A player's page, found the way a person finds it: a link on the players list."""
    found = re.search(rb'href="(/players/\d+/)"', get("/players/", phone=phone).content)
    if found is None:
        raise AssertionError("the players list links to no player")
    return found.group(1).decode()


def _page(name: str, address: str, phone: Client) -> Operation:
    return Operation(name, lambda: get(address, phone=phone), count_queries=True, http=True)


def bench_history_as_it_grows() -> list[Figure]:
    """Each page of both tables is timed in turn (``measure_alternately``), so a
    change in the machine's speed weighs on both sizes alike and their ratio
    is the curve."""
    small, large = 200, 600 if quick() else 2000
    small_phone, small_setup = _table_of(small)
    large_phone, large_setup = _table_of(large)
    figures: list[Figure] = [small_setup, large_setup]
    for name, address in (
        ("players list", lambda phone: "/players/"),
        ("player page", _player_address),
        ("game list", lambda phone: "/games/"),
    ):
        before, after = measure_alternately(
            [
                _page(f"{name}, {small:,} games", address(small_phone), small_phone),
                _page(f"{name}, {large:,} games", address(large_phone), large_phone),
            ],
            iterations=30,
            warmup=2,
        )
        figures += [
            before,
            after,
            Ratio(
                f"{name}: {large:,} games / {small:,}",
                after.median_ms / before.median_ms,
                "<= 1.3x",
            ),
        ]
    return figures
