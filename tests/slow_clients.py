"""Slow clients against a server on the loopback, and how long an ordinary request
waits meanwhile (tests/test_slow_clients.py, docs/decisions.md, D18).

Three kinds of hostile connection, each trickling a byte a second: headers that never
end, a form whose body never ends, and a reader that takes a large answer a byte at a
time. Everything is bounded: a fixed number of connections, all closed when the
measurement ends, and every wait has a deadline. Only 127.0.0.1 is ever asked.

By hand, against a server already running: python -m tests.slow_clients PORT [KIND...]
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import socket
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

HOST = "127.0.0.1"
# More than the loopback's socket buffers hold for a reader with a small window, so
# the server cannot hand the whole answer to the kernel and forget it.
LARGE_ANSWER = "/static/admin/js/vendor/xregexp/xregexp.js"
TRICKLE_SECONDS = 1.0


@dataclass
class Hostile:
    """Connections of one kind: how many opened, how many the server closed, and (for
    readers) how many had begun to receive their answer."""

    opened: int = 0
    closed_by_server: int = 0
    answered: int = 0


async def _connect(
    port: int, receive_buffer: int | None = None, source: str | None = None
) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if source is not None:
        sock.bind((source, 0))  # another address of the loopback, as another phone has
    if receive_buffer is not None:
        # Set before connecting, so the window the server sees is small from the start.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, (HOST, port))
    return sock


async def _pause(stop: asyncio.Event, seconds: float = TRICKLE_SECONDS) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)


async def _trickle(
    port: int, opening: bytes, stop: asyncio.Event, tally: Hostile, source: str | None = None
) -> None:
    """Send `opening`, then one more byte a second until `stop`."""
    loop = asyncio.get_running_loop()
    sock = await _connect(port, source=source)
    tally.opened += 1
    try:
        await loop.sock_sendall(sock, opening)
        while not stop.is_set():
            await _pause(stop)
            await loop.sock_sendall(sock, b"x")
    except OSError:
        tally.closed_by_server += 1
    finally:
        sock.close()


async def slow_headers(port: int, stop: asyncio.Event, tally: Hostile) -> None:
    """A request whose headers never end: a header name one byte longer each second."""
    opening = f"GET / HTTP/1.1\r\nHost: {HOST}\r\nX-Slow".encode()
    await _trickle(port, opening, stop, tally)


async def slow_body(
    port: int, stop: asyncio.Event, tally: Hostile, source: str | None = None
) -> None:
    """A form posted a byte a second, its body promising far more than ever comes. It
    carries a CSRF cookie, so that Django reads the body for the token rather than
    refusing the form at once."""
    opening = (
        f"POST /games/new/ HTTP/1.1\r\nHost: {HOST}\r\n"
        f"Cookie: csrftoken={'c' * 32}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        "Content-Length: 100000\r\n\r\na="
    ).encode()
    await _trickle(port, opening, stop, tally, source)


async def idle(port: int, stop: asyncio.Event, tally: Hostile, source: str | None = None) -> None:
    """A connection opened and never used, as a phone's browser keeps a spare one."""
    sock = await _connect(port, source=source)
    tally.opened += 1
    try:
        await stop.wait()
    finally:
        sock.close()


async def slow_reader(port: int, stop: asyncio.Event, tally: Hostile) -> None:
    """Asks for a large file, then reads its answer a byte a second."""
    loop = asyncio.get_running_loop()
    sock = await _connect(port, receive_buffer=4096)
    tally.opened += 1
    try:
        request = f"GET {LARGE_ANSWER} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode()
        await loop.sock_sendall(sock, request)
        received = False
        while not stop.is_set():
            await _pause(stop)
            if not await loop.sock_recv(sock, 1):
                tally.closed_by_server += 1
                return
            if not received:
                received = True
                tally.answered += 1
    except OSError:
        tally.closed_by_server += 1
    finally:
        sock.close()


def timed_get(port: int, timeout: float, path: str = "/") -> tuple[int, float]:
    """GET `path` on a connection of its own: the status and the seconds it took (status
    0 when no whole answer came within `timeout`)."""
    started = time.monotonic()
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        connection.request("GET", path, headers={"Host": HOST})
        response = connection.getresponse()
        response.read()
        status = response.status
    except OSError:
        status = 0
    finally:
        connection.close()
    return status, time.monotonic() - started


async def _room(port: int, stop: asyncio.Event, every: float, timeout: float) -> None:
    """The rest of a room: a phone's cheap request (`/healthz`) every `every` seconds,
    as the phones polling at the other tables send, until `stop`."""
    while not stop.is_set():
        await asyncio.to_thread(timed_get, port, timeout, "/healthz")
        await _pause(stop, every)


Kind = Callable[[int, asyncio.Event, Hostile], Awaitable[None]]
KINDS: dict[str, Kind] = {
    "slow headers": slow_headers,
    "slow body": slow_body,
    "slow reader": slow_reader,
}


@dataclass
class Measured:
    """Per kind, in the order they joined: the slowest ordinary request once that kind
    (and every kind before it) was connected, and what the hostile connections saw."""

    slowest: dict[str, float] = field(default_factory=dict)
    statuses: dict[str, list[int]] = field(default_factory=dict)
    tallies: dict[str, Hostile] = field(default_factory=dict)

    def report(self) -> str:
        return "\n".join(
            f"{name}: slowest answer {seconds:.2f} s, statuses {self.statuses[name]}, "
            f"{self.tallies[name]}"
            for name, seconds in self.slowest.items()
        )


async def _measure(
    port: int,
    kinds: list[str],
    per_kind: int,
    settle: float,
    probes: int,
    timeout: float,
    room_every: float | None,
) -> Measured:
    measured = Measured()
    # Every worker has drawn the page once before, as on a server that has been up a while.
    for _ in range(4):
        await asyncio.to_thread(timed_get, port, timeout)
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    if room_every is not None:
        tasks.append(asyncio.create_task(_room(port, stop, room_every, timeout)))
    try:
        for name in kinds:
            tally = measured.tallies[name] = Hostile()
            tasks += [asyncio.create_task(KINDS[name](port, stop, tally)) for _ in range(per_kind)]
            await asyncio.sleep(settle)  # the server has taken them in and is waiting on them
            answers = [await asyncio.to_thread(timed_get, port, timeout) for _ in range(probes)]
            measured.statuses[name] = [status for status, _ in answers]
            measured.slowest[name] = max(seconds for _, seconds in answers)
    finally:
        stop.set()
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 10)
    return measured


def measure(
    port: int,
    kinds: list[str] | None = None,
    per_kind: int = 50,
    settle: float = 2.0,
    probes: int = 3,
    timeout: float = 30.0,
    room_every: float | None = None,
) -> Measured:
    """Open `per_kind` connections of each kind, one kind after another (headers, then
    bodies, then readers), timing `probes` ordinary requests after each kind joins;
    all are closed at the end. With `room_every`, the rest of a room keeps sending a
    cheap request that often meanwhile (see tests/test_slow_clients.py for why)."""
    chosen = list(KINDS) if kinds is None else kinds
    # A loop of its own in a thread of its own: Playwright's sync API leaves one
    # running in the test's thread once a browser test has run in this process.
    with ThreadPoolExecutor(1) as runner:
        return runner.submit(
            lambda: asyncio.run(
                _measure(port, chosen, per_kind, settle, probes, timeout, room_every)
            )
        ).result()


if __name__ == "__main__":
    import sys

    print(measure(int(sys.argv[1]), sys.argv[2:] or None).report())
