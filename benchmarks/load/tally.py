"""What the phones got while a window is open: each request's time by name,
each failure by kind, the hands recorded."""

from __future__ import annotations

import socket
import sys
import time
from collections import Counter
from typing import Any

import gevent  # type: ignore[import-untyped]

from benchmarks.load import mix

# A poll the server answered 503 "ask again later": not an error (the performance
# issue allows it), counted apart; the phone waits its Retry-After, as live.js does.
PUT_OFF = "poll put off"
WRONG_PAGE = "wrong page"


class WrongPage(Exception):
    """Answered as expected, but not with the page the flow leads to (a hand
    refused beside a field would look like a success otherwise)."""


class Tally:
    """The figures of the window that is open (none are kept while it is shut)."""

    def __init__(self) -> None:
        self.open = False
        self.times: dict[str, list[float]] = {}
        self.errors: Counter[str] = Counter()
        self.hands = 0

    def start(self) -> None:
        self.times, self.errors, self.hands = {}, Counter(), 0
        self.open = True

    def on_request(
        self, name: str, response_time: float, response: Any, exception: Any, **_: Any
    ) -> None:
        if not self.open:
            return
        if exception is None:
            self.times.setdefault(name, []).append(response_time)
        else:
            kind = failure_kind(response, exception)
            if not self.errors[kind]:
                say(f"first {kind}: {name}: {exception!r}"[:300])
            self.errors[kind] += 1

    def hand_recorded(self) -> None:
        if self.open:
            self.hands += 1


def failure_kind(response: Any, exception: Any) -> str:
    """A wrong page, 5xx, 503 (busy), a poll put off (503 to a poll: the server
    was overloaded, scorekeeper/web/middleware.py), reset, timeout, or the
    unexpected status or error's name."""
    if isinstance(exception, WrongPage):
        return WRONG_PAGE
    status = getattr(response, "status_code", 0) or 0
    if status == 503 and str(exception).startswith(f"GET {mix.POLL}:"):
        return PUT_OFF
    if status == 503:
        return "503"
    if status >= 500:
        return "5xx"
    if status:
        return str(status)
    error = getattr(response, "error", None) or exception
    # geventhttpclient's "retries exceeded" wraps what went wrong (it tries once).
    error = getattr(error, "original", None) or error
    if isinstance(error, (TimeoutError, socket.timeout, gevent.Timeout)):
        return "timeout"
    if isinstance(error, (ConnectionResetError, BrokenPipeError)):
        return "reset"
    if isinstance(error, ConnectionRefusedError):
        return "refused"
    name = type(error).__name__
    return "reset" if "Closed" in name or "Disconnected" in name else name


TALLY = Tally()


def say(text: str) -> None:
    print(f"  {time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)
