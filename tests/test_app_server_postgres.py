"""On PostgreSQL the app server's threads share a few connections (docs/decisions.md, D18):
granian runs the app on 64 threads a process (scripts/serve-app), and a connection
kept by each would be 128 for `make serve`, past PostgreSQL's max_connections (100
by default), so phones got 500s under load. BOWER_DB_POOL (8 a process) bounds them.

Bounded: 48 clients, 8 requests each, to 127.0.0.1; the server is stopped at the end.
"""

from __future__ import annotations

import http.client
import os
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import dj_database_url
import psycopg
import pytest
from django.db import OperationalError

from scorekeeper.settings import database_from_env
from scorekeeper.web.middleware import database_is_busy
from tests.serve_support import needs_the_server, production_environment, started

CLIENTS = 48
REQUESTS_EACH = 8
# A watch link nobody has: one query, a 404, on every request.
PAGE = "/w/no-such-watch-link-anywhere/"


def server_connections(url: str) -> list[tuple[str, str, str]]:
    """The connections to the server's database other than this one: each one's
    backend type, state and the application that opened it."""
    config = dj_database_url.parse(url)
    with psycopg.connect(
        dbname=config["NAME"],
        host=config["HOST"] or None,
        port=config["PORT"] or None,
        user=config["USER"] or None,
        password=config["PASSWORD"] or None,
    ) as connection:
        rows = connection.execute(
            "SELECT backend_type, coalesce(state, ''), application_name FROM pg_stat_activity"
            " WHERE datname = %s AND pid <> pg_backend_pid()",
            (config["NAME"],),
        ).fetchall()
    return [(str(kind), str(state), str(application)) for kind, state, application in rows]


def client_count(connections: list[tuple[str, str, str]]) -> int:
    """Clients' connections, not PostgreSQL's own workers: an autovacuum worker shows
    under the database it works on (one count of 17, one over, in a CI run, had no
    breakdown; a failure now shows each connection)."""
    return sum(kind == "client backend" for kind, _, _ in connections)


def statuses(port: int) -> list[int]:
    found = []
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        for _ in range(REQUESTS_EACH):
            connection.request("GET", PAGE, headers={"Host": "127.0.0.1"})
            response = connection.getresponse()
            response.read()
            found.append(response.status)
    finally:
        connection.close()
    return found


@pytest.mark.postgres_only
@pytest.mark.django_db  # so that the PostgreSQL pass of make test keeps it
@needs_the_server
def test_under_load_the_production_server_keeps_to_a_few_postgresql_connections(
    tmp_path: Path,
) -> None:
    url = os.environ["DATABASE_URL"]
    # Every request must reach the database to be counted: none is answered "busy"
    # for a second's wait for its turn (D56), which 48 at once on a test machine
    # that is busy with the rest of the suite can take.
    environ = production_environment(tmp_path) | {"DATABASE_URL": url, "BOWER_TURN_WAIT_MS": "0"}
    most: list[tuple[str, str, str]] = []
    done = threading.Event()

    def watch() -> None:
        nonlocal most
        while not done.wait(0.2):
            if client_count(now := server_connections(url)) > client_count(most):
                most = now

    with started("serve", environ, tmp_path / "server.log") as port:
        watcher = threading.Thread(target=watch)
        watcher.start()
        try:
            with ThreadPoolExecutor(CLIENTS) as clients:
                answers = [s for found in clients.map(statuses, [port] * CLIENTS) for s in found]
        finally:
            done.set()
            watcher.join(10)
    assert answers == [404] * CLIENTS * REQUESTS_EACH
    assert 0 < client_count(most) <= 2 * 8, Counter(most)  # two processes, eight each


def test_the_pool_is_asked_for_only_on_postgresql_by_the_app_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://bower@db.example/bower")
    monkeypatch.delenv("BOWER_DB_POOL", raising=False)
    kept = database_from_env()
    assert kept["CONN_MAX_AGE"] == 600
    assert "pool" not in kept["OPTIONS"]
    monkeypatch.setenv("BOWER_DB_POOL", "8")
    pooled = database_from_env()
    assert pooled["CONN_MAX_AGE"] == 0
    assert pooled["OPTIONS"]["pool"] == {"min_size": 1, "max_size": 8, "timeout": 5}
    monkeypatch.setenv("DATABASE_URL", "sqlite:///" + os.devnull)
    assert "pool" not in database_from_env()["OPTIONS"]


def test_every_pooled_connection_busy_for_the_whole_wait_is_busy_not_an_error() -> None:
    assert database_is_busy(OperationalError("couldn't get a connection after 5.00 sec"))
