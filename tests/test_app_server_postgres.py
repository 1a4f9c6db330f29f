"""On PostgreSQL the app server keeps two connections a process (docs/decisions.md, D72):
the app runs on two threads a process (scripts/serve-app, scorekeeper/asgi.py). When
granian ran them on 64 threads a process, a connection kept by each was up to 128 for
`make serve`, past PostgreSQL's max_connections (100 by default), and phones got 500s
under load.

Bounded: 48 clients, 8 requests each, to 127.0.0.1; the server is stopped at the end.
Slow: `make floods` runs it, not `make test`.
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

from tests.serve_support import floods, needs_the_server, production_environment, started

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
@pytest.mark.django_db
@needs_the_server
@floods
def test_under_load_the_production_server_keeps_two_postgresql_connections_a_process(
    tmp_path: Path,
) -> None:
    url = os.environ["DATABASE_URL"]
    environ = production_environment(tmp_path) | {"DATABASE_URL": url}
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
    assert 0 < client_count(most) <= 2 * 2, Counter(most)  # two processes, two each
