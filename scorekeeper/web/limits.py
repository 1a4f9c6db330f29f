"""How often one address may import a game document (docs/decisions.md, D58).

``BOWER_IMPORTS_PER_MINUTE`` imports in any minute from one address, counted in each
app process (two under ``make serve``, so up to twice that in all); the next is
answered 429 with Retry-After and the wait beside the field, and stores nothing. The
count lives in the process's memory: it is lost on a restart, which a rate does not
mind, and it needs no cache or table shared by the processes.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque

from django.http import HttpRequest

from scorekeeper.web.sign_in import client_address

WINDOW_SECONDS = 60.0


class Rate:
    """At most ``most`` events in any ``window`` seconds per key (0: no limit)."""

    def __init__(self, most: int, window: float = WINDOW_SECONDS) -> None:
        self.most = most
        self.window = window
        self.lock = threading.Lock()
        self.seen: dict[str, deque[float]] = {}

    def wait(self, key: str, now: float | None = None) -> int:
        """0 if one more event for ``key`` is allowed now (and counts it), else the
        whole seconds until it would be."""
        if not self.most:
            return 0
        now = time.monotonic() if now is None else now
        with self.lock:
            self._forget(now)
            times = self.seen.setdefault(key, deque())
            if len(times) >= self.most:
                return max(1, math.ceil(times[0] + self.window - now))
            times.append(now)
            return 0

    def _forget(self, now: float) -> None:
        """Drop what is older than the window, so the memory stays as small as the
        addresses seen in the last window."""
        for key in list(self.seen):
            times = self.seen[key]
            while times and times[0] <= now - self.window:
                times.popleft()
            if not times:
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
    return (
        f"Bower takes at most {most} import{'s' if most != 1 else ''} a minute from one"
        f" place: try again in {wait} second{'s' if wait != 1 else ''}."
    )
