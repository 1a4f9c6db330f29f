"""Several app servers on one PostgreSQL (D33; docs/hosting.md, "Several app servers"):
nothing lives in one process's memory, so a hand recorded through one server
reaches a phone polling another."""

from __future__ import annotations

import http.cookiejar
import os
import re
import secrets
import signal
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.urls import reverse

from referee.engine.variants import HouseRules, Variant
from scorekeeper.models import Game
from tests.game_support import our_table
from tests.serve_support import SERVER, free_port, needs_the_server

pytestmark = [
    pytest.mark.postgres_only,
    needs_the_server,
]

BASE_DIR = Path(settings.BASE_DIR)


class Phone:
    """A phone's browser: its own cookies, talking to one app server."""

    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
        request = urllib.request.Request(self.base + path, headers=headers or {})
        try:
            with self.opener.open(request, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def post(self, path: str, fields: dict[str, str]) -> int:
        _, page = self.get(path)
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert found is not None, page[:500]
        data = urllib.parse.urlencode({"csrfmiddlewaretoken": found.group(1), **fields}).encode()
        try:
            with self.opener.open(self.base + path, data=data, timeout=10) as response:
                return int(response.status)
        except urllib.error.HTTPError as error:
            return int(error.code)


def _answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
            return True
    except (OSError, urllib.error.HTTPError):
        return False


@pytest.fixture
def two_servers(transactional_db: None, tmp_path: Path) -> Iterator[tuple[int, int]]:
    """Two gunicorn app servers, DEBUG off, on this test's PostgreSQL database."""
    url = urllib.parse.urlsplit(os.environ["DATABASE_URL"])
    database = url._replace(path="/" + str(connection.settings_dict["NAME"])).geturl()
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "BOWER_"))}
    environ |= {
        "DATABASE_URL": database,
        "DJANGO_DEBUG": "0",
        "BOWER_LAN": "1",  # plain http on the loopback
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),  # the same on both, as deployed
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
    }
    python = str(SERVER.parent / "python")
    subprocess.run(
        [python, "manage.py", "collectstatic", "--no-input", "--verbosity", "0"],
        cwd=BASE_DIR,
        env=environ,
        check=True,
    )
    ports = free_port(), free_port()
    servers = []
    for port in ports:
        with (tmp_path / f"server-{port}.log").open("w") as log:  # the server keeps a copy
            servers.append(
                subprocess.Popen(
                    # The app server as `make serve` starts it (scripts/serve-app: D72).
                    [str(BASE_DIR / "scripts" / "serve-app"), "127.0.0.1", str(port)],
                    cwd=BASE_DIR,
                    env=environ,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            )
    try:
        deadline = time.monotonic() + 60
        for port, server in zip(ports, servers, strict=True):
            while not _answers(port):
                assert server.poll() is None, "an app server stopped: see its log"
                assert time.monotonic() < deadline, "an app server did not answer in 60 s"
                time.sleep(0.3)
        yield ports
    finally:
        for server in servers:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=10)


def test_a_hand_recorded_through_one_server_reaches_the_poll_on_another(
    two_servers: tuple[int, int],
) -> None:
    game = Game.start(
        variant=Variant.CALL_ACE,
        players=("Ann", "Ben", "Cat", "Dan", "Eve"),
        first_dealer=0,
        rules=HouseRules(),
        private_table=our_table(),
    )
    scorer, watcher = Phone(two_servers[0]), Phone(two_servers[1])
    poll = reverse("table_poll", args=[game.pk]) + f"?version={game.version}"
    assert watcher.get(poll)[0] == 404  # not yet joined: the table is private
    # Each phone opens the table's key link on its own server: the signed cookie
    # one server sets, the other reads (nothing lives in one process's memory).
    for phone in (scorer, watcher):
        # Opened directly (scanned): the link joins at once.
        assert phone.get(our_table().key_path, {"Sec-Fetch-Site": "none"})[0] == 200
    assert watcher.get(poll)[0] == 204  # nothing changed yet

    status = scorer.post(
        reverse("hand_enter", args=[game.pk]),
        {
            "after": str(game.hands_played),
            "token": str(uuid.uuid4()),
            "maker": "2",
            "trump": "H",
            "called": "S",
            "partner": "0",
            "tricks": "3",
        },
    )
    assert status == 200  # redirected to the table, which answered

    status, live = watcher.get(poll)
    assert status == 200
    assert "Cat made hearts" in live
