"""A request's body, read before the request counts for anything (docs/decisions.md,
D57): within ``BOWER_BODY_WAIT_MS`` or it is dropped (408), and at most
``BOWER_BODIES_PER_ADDRESS`` bodies arriving at once from one address in a process
(more are answered 429 at once, unread, and the app server closes their connection).

granian calls the app once a request's headers are in and reads its body only as the
app asks for it, on the app's thread; it has no deadline for a body. So the body is
read on a thread of its own while the app's thread waits at most that long. A body
that never finishes keeps that small reader until its client gives up, and keeps its
place in its address's count meanwhile: one address can hold a few of a process's
threads, never all of them.
"""

from __future__ import annotations

import io
import threading
from collections import Counter
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from scorekeeper.web.sign_in import client_address

TOO_MANY = "Too many forms are being sent from your address at once: try again in a moment."
TOO_BIG = "This is more than Bower takes in one form."
TOO_SLOW = "The form took too long to arrive: send it again."
RETRY_AFTER_SECONDS = 2
# A multipart body past Django's DATA_UPLOAD_MAX_MEMORY_SIZE is still read (its file
# may be larger; the import page then says "too big" beside the field) up to this many
# times that (25 MB), and past it refused 413 unread.
READ_AHEAD_TIMES = 10


class Arrivals:
    """Bodies arriving in one process, counted per address."""

    def __init__(self, per_address: int, within: float | None) -> None:
        self.per_address = per_address
        self.within = within
        self.lock = threading.Lock()
        self.arriving: Counter[str] = Counter()

    def receive(self, request: HttpRequest) -> HttpResponse | None:
        """Read ``request``'s whole body now, so the view finds it in memory; None
        once it is, else the answer to send instead (429 or 408)."""
        length = _length(request)
        if not length:
            return None
        from django.conf import settings

        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and length > limit:
            if request.content_type != "multipart/form-data":
                return None  # Django refuses it unread (the import page says "too big")
            if length > READ_AHEAD_TIMES * limit:
                return refused(413, TOO_BIG)
        address = client_address(request) or ""
        with self.lock:
            if self.per_address and self.arriving[address] >= self.per_address:
                return refused(429, TOO_MANY)
            self.arriving[address] += 1
        reader = _Reader(request.META["wsgi.input"], length, lambda: self._arrived(address))
        body = reader.wait(self.within)
        if body is None:
            return refused(408, TOO_SLOW)
        request._body = body  # as HttpRequest.body keeps it
        request._stream = io.BytesIO(body)
        return None

    def _arrived(self, address: str) -> None:
        with self.lock:
            self.arriving[address] -= 1
            if not self.arriving[address]:
                del self.arriving[address]


class _Reader:
    """Reads ``length`` bytes of ``stream`` on a thread of its own."""

    def __init__(self, stream: io.RawIOBase, length: int, finished: Callable[[], None]) -> None:
        self.stream = stream
        self.length = length
        self.finished = finished
        self.done = threading.Event()
        self.body = b""
        threading.Thread(target=self._read, name="bower-body", daemon=True).start()

    def _read(self) -> None:
        try:
            self.body = self.stream.read(self.length) or b""
        except OSError:
            self.body = b""  # the client went away; the app answers a short form
        finally:
            self.finished()
            self.done.set()

    def wait(self, within: float | None) -> bytes | None:
        """The body, or None when ``within`` seconds went by first."""
        return self.body if self.done.wait(within) else None


def _length(request: HttpRequest) -> int:
    try:
        return max(0, int(request.META.get("CONTENT_LENGTH") or 0))
    except ValueError:
        return 0


def refused(status: int, message: str) -> HttpResponse:
    """A short plain answer, with Retry-After unless it is too big to try again."""
    response = HttpResponse(message + "\n", status=status, content_type="text/plain; charset=utf-8")
    if status != 413:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
