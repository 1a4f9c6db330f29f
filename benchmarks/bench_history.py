"""The history pages as the history grows (issue 12): the game list, the players
list and a player's page over 200 games, then over 2,000 (600 in a quick run)."""

from __future__ import annotations

import re
import time

from benchmarks import Duration, Figure, Ratio, Timing, quick
from benchmarks.games import add_small_games, game_count
from benchmarks.web import get, page


def _grow_to(games: int) -> Duration:
    """Add games until the database holds ``games`` (the set-up is timed too)."""
    start = time.perf_counter()
    before = game_count()
    add_small_games(max(0, games - before))
    return Duration(f"set-up: {games - before:,} games added", time.perf_counter() - start)


def _player_address() -> str:
    """A player's page, found the way a person finds it: a link on the players list."""
    found = re.search(rb'href="(/players/\d+/)"', get("/players/").content)
    if found is None:
        raise AssertionError("the players list links to no player")
    return found.group(1).decode()


def _pages(games: int) -> list[Timing]:
    player = _player_address()
    return [
        page(f"{name}, {games:,} games", address, iterations=30, warmup=2)
        for name, address in (
            ("players list", "/players/"),
            ("player page", player),
            ("game list", "/games/"),
        )
    ]


def bench_history_as_it_grows() -> list[Figure]:
    small, large = 200, 600 if quick() else 2000
    figures: list[Figure] = [_grow_to(small)]
    before = _pages(small)
    figures += before
    figures.append(_grow_to(large))
    after = _pages(large)
    figures += after
    for was, now in zip(before, after, strict=True):
        name = now.name.split(",")[0]
        figures.append(
            Ratio(f"{name}: {large:,} games / {small:,}", now.median_ms / was.median_ms, "<= 1.3x")
        )
    return figures
