"""Hostile clients against a real server on the loopback, and how long the other
tables wait meanwhile (tests/test_hostile_clients.py, docs/decisions.md D72).

The hostile clients: connections trickling a form's body a byte a second
(tests/slow_clients.py) from many addresses of the loopback (127.0.1.1, 127.0.1.2 ...,
as the phones of a hall's Wi-Fi each have their own), connections opened and never
used, or connections from 127.0.0.1 pasting and uploading a valid 1,000-hand game
again and again. The other tables, on 127.0.0.2: polls, pages and saves (a new game
started, a real write), each on a connection of its own, timed. Every request has a
deadline, every connection is closed at the end, and only 127.0.0.1 is asked.

By hand (the figures in docs/decisions.md D72), starting each server as a person does:
    .venv/bin/python -m tests.hostile_clients [run|serve] [trickle ADDRESSES ... | flood [N]]
"""

from __future__ import annotations

import asyncio
import http.client
import json
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from urllib.parse import urlencode

from tests.slow_clients import Hostile, idle, slow_body

HOST = "127.0.0.1"
# The other tables: another address of the loopback, so that a limit per address
# holds the hostile client to its own share and not them.
OTHERS = "127.0.0.2"
CSRF = "c" * 32
POLL = "/w/no-such-watch-link-anywhere/state/"
BOUNDARY = "hostile-upload-boundary"


@dataclass
class Answer:
    status: int  # 0: no whole answer within the deadline
    seconds: float


def send(
    port: int,
    method: str,
    path: str,
    *,
    body: bytes = b"",
    content_type: str = "application/x-www-form-urlencoded",
    source: str = OTHERS,
    timeout: float = 10.0,
) -> Answer:
    """One request on a connection of its own from `source`, timed to its last byte."""
    started = time.monotonic()
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout, source_address=(source, 0))
    headers = {"Host": HOST, "Cookie": f"csrftoken={CSRF}"}
    if method == "POST":
        headers["Content-Type"] = content_type
    try:
        connection.request(method, path, body=body or None, headers=headers)
        response = connection.getresponse()
        response.read()
        status = response.status
    except OSError:
        status = 0
    finally:
        connection.close()
    return Answer(status, time.monotonic() - started)


def new_game_form() -> bytes:
    """Start a game (a real write, as Save is), with a token of its own."""
    fields = {
        "csrfmiddlewaretoken": CSRF,
        "token": str(uuid.uuid4()),
        "variant": "call-ace",
        "first_dealer": "0",
        "target": "10",
        "stick_the_dealer": "on",
        "deal": "standard",
        "renege": "march-or-euchre",
        "ties": "share",
        "action": "start",
    }
    fields |= {
        f"player_{seat}": name for seat, name in enumerate(["Ann", "Ben", "Cat", "Dan", "Eve"])
    }
    return urlencode(fields).encode()


def the_others(port: int, timeout: float) -> dict[str, Answer]:
    """One round of another table: its poll, a page, a save."""
    return {
        "poll": send(port, "GET", POLL, timeout=timeout),
        "page": send(port, "GET", "/", timeout=timeout),
        "save": send(port, "POST", "/games/new/", body=new_game_form(), timeout=timeout),
    }


def long_game(hands: int = 1000) -> str:
    """A valid game document of `hands` hands (the longest import accepts)."""
    from benchmarks.games import game_document

    return json.dumps(game_document(hands))


def paste(document: str) -> tuple[bytes, str]:
    fields = {"csrfmiddlewaretoken": CSRF, "text": document, "copy": "on"}
    return urlencode(fields).encode(), "application/x-www-form-urlencoded"


def upload(document: str) -> tuple[bytes, str]:
    parts = [
        f"--{BOUNDARY}\r\nContent-Disposition: form-data; "
        f'name="csrfmiddlewaretoken"\r\n\r\n{CSRF}\r\n',
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="copy"\r\n\r\non\r\n',
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="game.json"\r\n'
        f"Content-Type: application/json\r\n\r\n{document}\r\n",
        f"--{BOUNDARY}--\r\n",
    ]
    return "".join(parts).encode(), f"multipart/form-data; boundary={BOUNDARY}"


@dataclass
class Measured:
    """What the other tables saw (per kind: every answer), and the hostile client's tally."""

    label: str
    answers: dict[str, list[Answer]] = field(default_factory=dict)
    hostile: Counter[int] = field(default_factory=Counter)
    tally: Hostile = field(default_factory=Hostile)

    def slowest(self, kind: str) -> float:
        return max((answer.seconds for answer in self.answers.get(kind, [])), default=0.0)

    def statuses(self, kind: str) -> Counter[int]:
        return Counter(answer.status for answer in self.answers.get(kind, []))

    def report(self) -> str:
        lines = [f"{self.label}:"]
        for kind in self.answers:
            statuses = dict(self.statuses(kind))
            lines.append(f"  {kind}: slowest {self.slowest(kind):.2f} s, statuses {statuses}")
        if self.hostile:
            lines.append(f"  hostile answers: {dict(self.hostile)}")
        if self.tally.opened:
            lines.append(f"  trickling: {self.tally}")
        return "\n".join(lines)


def _observe(port: int, measured: Measured, stop: threading.Event, timeout: float) -> None:
    while not stop.is_set():
        for kind, answer in the_others(port, timeout).items():
            measured.answers.setdefault(kind, []).append(answer)
        stop.wait(0.2)


def address(number: int) -> str:
    """The hostile client's `number`th address of the loopback (from 1)."""
    return f"127.0.1.{number}"


def _run_tricklers(
    port: int, addresses: int, each: int, idling: int, stop: threading.Event, tally: Hostile
) -> None:
    async def main() -> None:
        done = asyncio.Event()
        tasks = [
            asyncio.create_task(slow_body(port, done, tally, address(1 + n % addresses)))
            for n in range(addresses * each)
        ]
        tasks += [
            asyncio.create_task(idle(port, done, tally, address(1 + n % max(1, addresses))))
            for n in range(idling)
        ]
        await asyncio.to_thread(stop.wait)
        done.set()
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 15)

    asyncio.run(main())


def _flood(
    port: int,
    sent: Callable[[], tuple[bytes, str]],
    measured: Measured,
    stop: threading.Event,
    source: str = HOST,
) -> None:
    body, content_type = sent()
    while not stop.is_set():
        answer = send(
            port,
            "POST",
            "/games/import/",
            body=body,
            content_type=content_type,
            source=source,
            timeout=30,
        )
        measured.hostile[answer.status] += 1


def measure(
    port: int,
    *,
    addresses: int = 0,
    trickling: int = 16,
    idling: int = 0,
    pasting: int = 0,
    uploading: int = 0,
    settle: float = 2.0,
    seconds: float = 6.0,
    observers: int = 2,
    timeout: float = 10.0,
    importing_from: int = 1,
) -> Measured:
    """Start the hostile clients (`trickling` bodies from each of `addresses`, and
    `idling` idle connections), let them settle, then time the other tables for
    `seconds` (`observers` tables at once); everything is stopped at the end. The
    pasting and uploading connections come from `importing_from` addresses of the
    loopback (127.0.1.1, 127.0.1.2 ...) when above 1, each held to its own rate."""
    label = ", ".join(
        f"{count} {kind}"
        for kind, count in (
            (f"addresses trickling {trickling} bodies each", addresses),
            ("idle", idling),
            ("pasting", pasting),
            ("uploading", uploading),
        )
        if count
    )
    measured = Measured(label)
    stop, watching = threading.Event(), threading.Event()
    document = long_game() if pasting or uploading else ""
    with ThreadPoolExecutor(1 + pasting + uploading + observers) as pool:
        hostile = []
        if addresses or idling:
            hostile.append(
                pool.submit(
                    _run_tricklers, port, addresses, trickling, idling, stop, measured.tally
                )
            )
        sources = (
            [HOST]
            if importing_from == 1
            else [f"127.0.1.{n}" for n in range(1, importing_from + 1)]
        )
        hostile += [
            pool.submit(
                _flood, port, lambda: paste(document), measured, stop, sources[n % len(sources)]
            )
            for n in range(pasting)
        ]
        hostile += [
            pool.submit(
                _flood,
                port,
                lambda: upload(document),
                measured,
                stop,
                sources[-1 - n % len(sources)],
            )
            for n in range(uploading)
        ]
        time.sleep(settle)
        watchers = [
            pool.submit(_observe, port, measured, watching, timeout) for _ in range(observers)
        ]
        time.sleep(seconds)
        watching.set()
        for watcher in watchers:
            watcher.result(timeout + 30)
        stop.set()
        for future in hostile:
            future.result(60)
    return measured


def _main(argv: list[str]) -> None:
    import os
    import tempfile
    from pathlib import Path

    import django

    from tests.serve_support import lan_environment, production_environment, started

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    django.setup()
    target, *plan = argv or ["serve"]
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        environ = (lan_environment if target == "run" else production_environment)(tmp)
        if url := os.environ.get("HOSTILE_DATABASE_URL"):
            environ["DATABASE_URL"] = url
        # A setting of the server's own: HOSTILE_BOWER_NEW_TABLES_PER_HOUR=0 and so on.
        environ |= {
            name.removeprefix("HOSTILE_"): value
            for name, value in os.environ.items()
            if name.startswith("HOSTILE_BOWER_")
        }
        with started(target, environ, tmp / "server.log") as port:
            for _ in range(4):
                the_others(port, 30)
            if not plan or plan[0] == "trickle":
                for count in [int(n) for n in plan[1:]] or [8, 40]:
                    trickled = measure(port, addresses=count, idling=300, seconds=8)
                    print(trickled.report(), flush=True)
                    time.sleep(3)
            if not plan or plan[0] == "flood":
                sources = int(plan[1]) if len(plan) > 1 else 1
                flooded = measure(port, pasting=8, uploading=16, seconds=20, importing_from=sources)
                print(flooded.report(), flush=True)
            database = tmp / "served.sqlite3"
            if database.exists():
                print(f"SQLite file: {database.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    import sys

    _main(sys.argv[1:])
