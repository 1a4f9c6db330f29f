"""How often one address may do what costs the server or a table most (docs/decisions.md,
D58, D71): import a game document, make a new table by importing, check in at a
euchre night's door; and how often a night checks in anyone.

Each rate is a setting of events a window, spread out (``BOWER_IMPORTS_PER_MINUTE``
6: one every 10 s, so a flood never brings a burst of them), counted in each app
process (two under ``make serve``, so up to twice that in all); one sooner is
answered 429 with Retry-After and the wait beside the field, and stores nothing. The
counts live in the process's memory: they are lost on a restart, which a rate does
not mind, and they need no cache or table shared by the processes.
"""

from __future__ import annotations

import math
import threading
import time

from django.conf import settings
from django.http import HttpRequest

from scorekeeper.web.sign_in import client_address

WINDOW_SECONDS = 60.0
HOUR_SECONDS = 3600.0


class Rate:
    """At most ``most`` events a ``window`` per key, spread out: one every
    ``window / most`` seconds, never a burst (0: no limit)."""

    def __init__(self, most: int, window: float = WINDOW_SECONDS) -> None:
        self.most = most
        self.every = window / most if most else 0.0
        self.lock = threading.Lock()
        self.seen: dict[str, float] = {}

    def wait(self, key: str, now: float | None = None) -> int:
        """0 if one more event for ``key`` is allowed now (and counts it), else the
        whole seconds until it would be."""
        if not self.most:
            return 0
        now = time.monotonic() if now is None else now
        with self.lock:
            self._forget(now)
            last = self.seen.get(key)
            if last is not None:
                return max(1, math.ceil(last + self.every - now))
            self.seen[key] = now
            return 0

    def give_back(self, key: str) -> None:
        """Uncount ``key``'s event just allowed (another rate refused it)."""
        with self.lock:
            self.seen.pop(key, None)

    def _forget(self, now: float) -> None:
        """Drop the keys whose wait is over, so the memory holds only the addresses
        that imported in the last few seconds."""
        for key in [key for key, last in self.seen.items() if last + self.every <= now]:
            del self.seen[key]


# One Rate per setting, made afresh when the setting changes (tests set their own).
_rates: dict[str, Rate] = {}


def rate(setting: str, window: float = WINDOW_SECONDS) -> Rate:
    """The process's Rate of ``setting`` (events a ``window``)."""
    most: int = getattr(settings, setting)
    kept = _rates.get(setting)
    if kept is None or kept.most != most:
        kept = _rates[setting] = Rate(most, window)
    return kept


def import_wait(request: HttpRequest) -> int:
    """0 if ``request``'s address may import a game now (and counts it), else the
    seconds it must wait."""
    return rate("BOWER_IMPORTS_PER_MINUTE").wait(client_address(request) or "")


def new_table_wait(request: HttpRequest) -> int:
    """0 if ``request``'s address, on a phone with no table, may make one by importing
    now (and counts it), else the seconds it must wait: so the hands a table keeps
    (BOWER_TABLE_MAX_HANDS) bound what one address stores."""
    return rate("BOWER_NEW_TABLES_PER_HOUR", HOUR_SECONDS).wait(client_address(request) or "")


def check_in_wait(request: HttpRequest, night_id: int) -> int:
    """0 if ``request``'s address may check a player in at night ``night_id`` now, and
    the night may check one more in (both counted), else the seconds to wait."""
    address = client_address(request) or ""
    per_address = rate("BOWER_CHECK_INS_PER_MINUTE")
    if wait := per_address.wait(address):
        return wait
    if wait := rate("BOWER_NIGHT_CHECK_INS_PER_MINUTE").wait(f"night {night_id}"):
        per_address.give_back(address)
        return wait
    return 0


def in_words(seconds: int) -> str:
    """A wait as a phone says it: "7 seconds", "1 minute", "14 minutes"."""
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = math.ceil(seconds / 60)
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def too_often(wait: int) -> str:
    """The message beside an import's field."""
    most: int = settings.BOWER_IMPORTS_PER_MINUTE
    every = round(WINDOW_SECONDS / most)
    return (
        f"Bower takes one import every {every} seconds from one place ({most} a minute):"
        f" try again in {in_words(wait)}."
    )


def no_table_yet(wait: int) -> str:
    """The message beside an import's field, for a phone with no table."""
    every = round(HOUR_SECONDS / settings.BOWER_NEW_TABLES_PER_HOUR / 60)
    return (
        "This phone has no table yet, and an import from one place makes a new table once"
        f" every {every} minutes: open your table's key link first, or try again in"
        f" {in_words(wait)}."
    )


def check_ins_too_often(wait: int) -> str:
    """The message above the check-in form."""
    return f"Many check-ins at once from here: try again in {in_words(wait)}."
