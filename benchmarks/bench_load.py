"""A bounded load run on the loopback (docs/decisions.md, D27): gunicorn with two workers and
the benchmark settings, eight clients at once for a few seconds per target.

Only 127.0.0.1 is ever asked; every client stops at its deadline or after a
fixed number of requests, and gunicorn is stopped whatever happens.
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from benchmarks import Figure, Rate, Ratio, quick
from benchmarks.games import bench_table, create_game, game_document, game_in_play, poll_address
from benchmarks.urls import BARE_PATH, FLOOR_TABLE_PATH
from scorekeeper.web.phone_tables import COOKIE as TABLE_COOKIE_NAME

HOST = "127.0.0.1"
CLIENTS = 8
WORKERS = 2
MAX_REQUESTS_PER_CLIENT = 5_000  # a bound besides the time
ROUNDS = 3  # loads compared are driven in turn, this many times each
HTMX = {"HX-Request": "true"}
# The poll's address in what the server sent: the version and the names it shows.
POLL = re.compile(rb"/state/\?version=(\d+)&amp;names=(\d+)")


def _seconds() -> float:
    return 2.0 if quick() else 5.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def gunicorn() -> Iterator[int]:
    """gunicorn serving the app with the benchmark settings on a free loopback
    port; yields the port, and stops the server (and its workers) on the way out."""
    from django.db import connections

    connections.close_all()  # the workers write to the same SQLite file
    port = _free_port()
    log = Path(os.environ["BOWER_BENCH_DIR"]) / "gunicorn.log"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "benchmarks.settings"}
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "scorekeeper.wsgi:application",
        f"--bind={HOST}:{port}",
        f"--workers={WORKERS}",
        "--log-level=warning",
    ]
    with log.open("wb") as output:
        server = subprocess.Popen(
            command,
            cwd=Path(__file__).resolve().parent.parent,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: the workers stop with it
        )
    try:
        _wait_until_up(port, server)
        yield port
    finally:
        _stop(server)


def _wait_until_up(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {server.returncode}: see its log")
        try:
            if _request(port, "GET", BARE_PATH).status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer within 30 s")


def _stop(server: subprocess.Popen[bytes]) -> None:
    """Ask gunicorn to stop; after 10 s, stop it and its workers outright."""
    if server.poll() is not None:
        return
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)


# The tables cookie of a phone that opened the benchmarks' table's key link.
TABLE_COOKIE: list[str] = []


def _join_table(port: int) -> None:
    # Opened directly, as a scanned QR code is: the link joins at once.
    answer = _request(port, "GET", bench_table().key_path, headers={"Sec-Fetch-Site": "none"})
    TABLE_COOKIE[:] = [f"{TABLE_COOKIE_NAME}={answer.cookies[TABLE_COOKIE_NAME]}"]


@dataclass
class Answer:
    status: int
    body: bytes
    cookies: dict[str, str] = field(default_factory=dict)


def _request(
    port: int,
    method: str,
    path: str,
    *,
    headers: dict[str, str] | None = None,
    form: dict[str, str] | None = None,
) -> Answer:
    """One request on a connection of its own (gunicorn's sync workers close it anyway).
    Every request carries the benchmarks' table cookie, as a phone that joined would."""
    connection = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        sent = dict(headers or {})
        if TABLE_COOKIE:
            sent["Cookie"] = "; ".join(filter(None, [TABLE_COOKIE[0], sent.get("Cookie", "")]))
        body = None
        if form is not None:
            body = urlencode(form)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        cookies = {}
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                cookies[key] = rest.split(";", 1)[0]
        return Answer(response.status, response.read(), cookies)
    finally:
        connection.close()


class Phone:
    """One phone at one game's table: it keeps its CSRF cookie and the version
    it shows (read from the poll address in what the server sent back)."""

    def __init__(self, port: int, game_id: int) -> None:
        self.port = port
        self.base = f"/games/{game_id}"
        self.csrf = ""
        self.version = 0
        self.names = 0
        self.makers = 0
        self.calling = False  # the next write makes trump
        self.open_table()

    def open_table(self) -> bool:
        answer = _request(self.port, "GET", f"{self.base}/")
        self.csrf = answer.cookies.get("csrftoken", self.csrf)
        return self._follow(answer, 200)

    def poll(self) -> bool:
        path = f"{self.base}/state/?version={self.version}&names={self.names}"
        answer = _request(self.port, "GET", path, headers=HTMX)
        return answer.status == 204 or self._follow(answer, 200)

    def record_hand(self) -> bool:
        """Make trump, then save the end of the hand: two posts, as the browser sends them."""
        return self.write_step() and self.write_step()

    def write_step(self) -> bool:
        """One request of recording hands: the call, or the end of the hand after it."""
        self.calling = not self.calling
        call = {"maker": str(self.makers % 5), "trump": "H", "called": "S"}
        if self.calling:
            return self._post("/hand/start/", **call)
        self.makers += 1
        # The whole hand, its call as saved: the table's one way in for a hand.
        return self._post("/hand/enter/", **call, tricks="3", partner="maker", save="1")

    def _post(self, action: str, **fields: str) -> bool:
        headers = {
            **HTMX,
            "X-CSRFToken": self.csrf,
            "Cookie": f"csrftoken={self.csrf}",
        }
        form = {"version": str(self.version), "token": str(uuid.uuid4()), **fields}
        answer = _request(self.port, "POST", self.base + action, headers=headers, form=form)
        if self._follow(answer, 200):
            return True
        self.open_table()  # out of step: look at the table again, as a person would
        return False

    def _follow(self, answer: Answer, status: int) -> bool:
        found = POLL.search(answer.body)
        if found:
            self.version, self.names = int(found.group(1)), int(found.group(2))
        return answer.status == status


@dataclass
class Tally:
    done: int = 0
    failed: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, ok: bool) -> None:
        with self.lock:
            if ok:
                self.done += 1
            else:
                self.failed += 1


def _drive(clients: list[Callable[[], bool]], seconds: float) -> tuple[float, int, int]:
    """Run each client in a thread of its own until the deadline; (per second, done, failed)."""
    tally = Tally()
    start = time.monotonic()
    deadline = start + seconds

    def loop(client: Callable[[], bool]) -> None:
        for _ in range(MAX_REQUESTS_PER_CLIENT):
            if time.monotonic() >= deadline:
                return
            try:
                tally.add(client())
            except OSError:
                tally.add(False)

    threads = [threading.Thread(target=loop, args=(client,), daemon=True) for client in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 30)
    elapsed = time.monotonic() - start
    return tally.done / elapsed, tally.done, tally.failed


def bench_load_on_the_loopback() -> list[Figure]:
    """Requests per second with eight clients, each target against the bare view;
    then hands per second with four writers against one (each on its own game),
    and what four clients get against one where nothing is written."""
    seconds = _seconds()
    table_game = game_in_play(60)
    poll = poll_address(table_game)
    writers_games = [create_game(game_document(0)) for _ in range(ROUNDS * (1 + 4) + 2)]
    figures: list[Figure] = []
    with gunicorn() as port:
        _join_table(port)

        def get(path: str, status: int, **headers: str) -> Callable[[], bool]:
            return lambda: _request(port, "GET", path, headers=headers).status == status

        bare, _, bare_failed = _drive([get(BARE_PATH, 200)] * CLIENTS, seconds)
        figures.append(Rate("load: bare view, 8 clients", bare, 0, bare_failed, bare))
        targets: list[tuple[str, Callable[[], bool], str]] = [
            ("load: table screen at hand 61", get(f"/games/{table_game}/", 200), ""),
            (
                "load: poll, nothing changed",
                get(poll, 204, **HTMX),
                "",
            ),
        ]
        for name, client, goal in targets:
            rate, done, failed = _drive([client] * CLIENTS, seconds)
            figures.append(Rate(name, rate, done, failed, bare, goal=goal))

        # Two scorers recording hands; at each of their tables three phones poll.
        mixed = writers_games[-2:]
        scorers = [Phone(port, game) for game in mixed]
        watchers = [Phone(port, game) for game in mixed for _ in range(3)]
        mix = [phone.write_step for phone in scorers] + [phone.poll for phone in watchers]
        rate, done, failed = _drive(mix, seconds)
        name = "load: write mix (2 scorers, 6 phones polling)"
        figures.append(Rate(name, rate, done, failed, bare))

        # One writer and four, in turn, round by round: a change in the machine's
        # speed meanwhile weighs on both alike. Each round writes to games of its own.
        one = [Phone(port, game).record_hand for game in writers_games[:ROUNDS]]
        four = [Phone(port, game).record_hand for game in writers_games[ROUNDS : ROUNDS * 5]]
        ones, fours = _in_turn(
            [lambda r: [one[r]], lambda r: four[4 * r : 4 * r + 4]], seconds / ROUNDS
        )
        figures.append(_rate("hands per second, 1 writer", ones))
        figures.append(_rate("hands per second, 4 writers", fours))
        ratio = _median_rate(fours) / _median_rate(ones)
        figures.append(Ratio("hands per second: 4 writers / 1 (SQLite)", ratio))

        # The ceiling of that ratio on this machine: a request of the same weight
        # that writes nothing (the table's drawing alone, benchmarks/floors.py),
        # four clients against one. The two workers, the clients and the database
        # share the machine's cores.
        drawing = get(f"{FLOOR_TABLE_PATH}{table_game}/", 200, **HTMX)
        alone, together = _in_turn([lambda r: [drawing], lambda r: [drawing] * 4], seconds / ROUNDS)
        name = "ceiling: table's drawing, 4 clients / 1 (no writes)"
        figures.append(Ratio(name, _median_rate(together) / _median_rate(alone)))
    return figures


Driven = tuple[float, int, int]


def _in_turn(
    loads: list[Callable[[int], list[Callable[[], bool]]]], seconds: float
) -> list[list[Driven]]:
    """Each load (its clients for round ``r``) driven for ``seconds``, one after
    the other, for ``ROUNDS`` rounds: each load's ``_drive`` figures."""
    runs: list[list[Driven]] = [[] for _ in loads]
    for number in range(ROUNDS):
        for load, driven in zip(loads, runs, strict=True):
            driven.append(_drive(load(number), seconds))
    return runs


def _median_rate(runs: list[Driven]) -> float:
    return statistics.median(rate for rate, _, _ in runs)


def _rate(name: str, runs: list[Driven]) -> Rate:
    """A load's median rate over its rounds, with every round's requests counted."""
    done = sum(count for _, count, _ in runs)
    failed = sum(count for _, _, count in runs)
    return Rate(name, _median_rate(runs), done, failed, unit="hands/s")
