"""How often one address may import a game document (docs/decisions.md, D58).

``BOWER_IMPORTS_PER_MINUTE`` imports a minute from one address, spread out (6: one
every 10 s, so a flood never brings a burst of them), counted in each app process
(two under ``make serve``, so up to twice that in all); one sooner is answered 429
with Retry-After and the wait beside the field, and stores nothing. The
count lives in the process's memory: it is lost on a restart, which a rate does not
mind, and it needs no cache or table shared by the processes.
"""

from __future__ import annotations

import math
import threading
import time

from django.http import HttpRequest

from scorekeeper.web.sign_in import client_address

WINDOW_SECONDS = 60.0


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

    def _forget(self, now: float) -> None:
        """Drop the keys whose wait is over, so the memory holds only the addresses
        that imported in the last few seconds."""
        for key in [key for key, last in self.seen.items() if last + self.every <= now]:
            del self.seen[key]


_imports: Rate | None = None


def import_wait(request: HttpRequest) -> int:
    """0 if ``request``'s address may import a game now (and counts it), else the
    seconds it must wait."""
    from django.conf import settings

    global _imports
    most: int = settings.BOWER_IMPORTS_PER_MINUTE
    if _imports is None or _imports.most != most:
        _imports = Rate(most)
    return _imports.wait(client_address(request) or "")


def too_often(wait: int) -> str:
    """The message beside the field."""
    from django.conf import settings

    most: int = settings.BOWER_IMPORTS_PER_MINUTE
    every = round(WINDOW_SECONDS / most)
    return (
        f"Bower takes one import every {every} seconds from one place ({most} a minute):"
        f" try again in {wait} second{'s' if wait != 1 else ''}."
    )
