"""`make load`'s phones (benchmarks/load/phones.py) against the live server for a
few seconds, the table's minute run twenty times faster: they join their tables
by the key link, poll, open the table screen and record hands through the real
forms and tokens, with no error. So the load test cannot rot unseen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from benchmarks.load import mix
from benchmarks.load.plan import Plan, Result
from benchmarks.load.seed import seed_tables
from scorekeeper.models import Game, Hand

BASE_DIR = Path(__file__).resolve().parent.parent


def test_the_load_tests_phones_poll_and_record_hands_through_the_forms_without_an_error(
    django_db_setup: None, live_server: Any, tmp_path: Path
) -> None:
    # The database first: the live server then shares the test's SQLite connection.
    tables = seed_tables(4)  # three made the app's way, one copied
    recorded = Hand.objects.count()
    plan: Plan = {
        "base": live_server.url,
        "behind_tls_proxy": False,
        "tables": tables,
        "steps": [len(tables)],
        "latencies": [0],
        "server_namespace": "",
        "phones_namespace": "",
        "wire_control": "",
        "wire_pid": 0,
        "seconds": 5,
        "warmup": 0,
        "ceiling_seconds": 0.5,
        "ceiling_clients": 2,
        "spawn_rate": 100,
        # A poll every 0.16 s, a hand every 2.4 s: the second hand well inside the
        # window on a test machine busy with the rest of the suite (one CI run's
        # PostgreSQL pass had 7 of the 8 hands at a hand every 3 s in 4 s).
        "pace": 0.04,
        "stagger": False,  # each scorer ends the hand in play at once
        "live_test_server": True,
        "server_pid": os.getpid(),
        "db_pid": 0,
    }
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(plan))
    finished = subprocess.run(
        [sys.executable, "-m", "benchmarks.load.phones", str(path)],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert finished.returncode == 0, finished.stderr[-3000:]
    ceiling, step = (json.loads(line) for line in finished.stdout.splitlines())
    assert_no_error(ceiling)
    assert ceiling["stats"][mix.CEILING]["count"] > 0
    assert_no_error(step)
    for name in (mix.POLL, mix.TABLE_SCREEN, mix.CALL, mix.RECORD):
        assert step["stats"].get(name, {}).get("count", 0) > 0, name
    # Each table ended its hand in play, made trump again and ended that one too.
    assert Hand.objects.count() >= recorded + 2 * len(tables)


@pytest.mark.django_db
def test_the_load_tests_copied_tables_each_have_players_of_their_own() -> None:
    """As at a real room's tables, so that what is kept per table's names is measured
    as a room would use it (docs/decisions.md, D54)."""
    tables = seed_tables(8)
    games = [Game.objects.get(pk=private_table["game"]) for private_table in tables]
    players = [game.setup.players for game in games]
    assert len(set(players)) == len(tables)
    assert [len(names) for names in players] == [
        private_table["players"] for private_table in tables
    ]
    assert all(game.hands.count() == games[0].hands.count() for game in games)


def assert_no_error(result: Result) -> None:
    assert result["errors"] == {}, result["errors"]
