"""How long a season's page takes at 200 and 2,000 games, measured in-process
(a figure to read, never asserted): ``.venv/bin/python -m tests.seasons.time_season_page``.

A throwaway test database; 100 rated games before the season, then 200 or
2,000 in it, and one euchre night. Prints the median of several loads of the
page, of its watch link, of the players list, of the standings alone and of
one pass of the ratings, and each one's cost at 2,000 against 200."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings_test")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402

LOADS = 7


def median_seconds(ask: Callable[[], Any]) -> tuple[float, float]:
    """The median wall-clock and CPU seconds of ``ask`` (CPU time is what a
    busy machine's other processes disturb least)."""
    ask()  # the first load warms the templates
    wall, cpu = [], []
    for _ in range(LOADS):
        started, used = time.perf_counter(), time.process_time()
        ask()
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - used)
    return statistics.median(wall), statistics.median(cpu)


def main() -> None:
    setup_test_environment()
    name = connection.creation.create_test_db(verbosity=0)
    try:
        from scorekeeper.models import table_ratings
        from scorekeeper.seasons.standings import season_standings
        from tests.conftest import joined_client
        from tests.game_support import TEST_TABLE_KEY
        from tests.seasons.test_season_queries import a_season_of

        medians: dict[int, dict[str, float]] = {}
        for size in (200, 2000):
            season = a_season_of(size)
            phone = joined_client(TEST_TABLE_KEY)
            page = reverse("season_detail", args=[season.pk])
            watch = reverse("season_watch", args=[season.watch_token])
            players = reverse("player_list")
            figures: dict[str, Callable[[], Any]] = {
                "the season's page": lambda p=phone, u=page: p.get(u),
                "its watch link": lambda p=phone, u=watch: p.get(u),
                "the players list (the club's called aces)": lambda p=phone, u=players: p.get(u),
                "the standings alone": lambda s=season: season_standings(s),
                "one ratings pass (table_ratings)": lambda s=season: table_ratings(
                    s.private_table, finished_before=s.ends_at
                ),
            }
            print(f"{connection.vendor}, {size:,} games in the season (median of {LOADS}):")
            medians[size] = {}
            for label, ask in figures.items():
                wall, cpu = median_seconds(ask)
                medians[size][label] = cpu
                print(f"  {label}: {wall * 1000:.0f} ms, {cpu * 1000:.0f} ms CPU")
        for label, cpu in medians[2000].items():
            print(f"{label}: 2,000 against 200 games, {cpu / medians[200][label]:.2f}x CPU")
    finally:
        connection.creation.destroy_test_db(name, verbosity=0)


if __name__ == "__main__":
    main()
