"""A request's body, read before the request counts for anything (docs/decisions.md,
D58): at most ``BOWER_BODIES_PER_ADDRESS`` bodies arriving at once from one address
in a process (more are answered 429 at once, unread, and the app server closes their
connection), and one still arriving after ``BOWER_BODY_WAIT_MS`` is dropped (408).

granian calls the app once a request's headers are in, and reads its body only as
the app asks for it, on the app's thread, with no deadline of its own: a read waits
until it has all it asked for. So a body is read in small reads while it comes
slowly, and the deadline is looked at between them. A client that stops sending
altogether holds its read until it gives up; the count per address is what keeps
one address to a few of a process's threads. (A read on a thread of its own, given
up on at the deadline, stalled the whole process under granian 2.8.9.)
"""

from __future__ import annotations

import io
import threading
import time
from collections import Counter

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
        try:
            body = read_within(request.META["wsgi.input"], length, self.within)
        finally:
            with self.lock:
                self.arriving[address] -= 1
                if not self.arriving[address]:
                    del self.arriving[address]
        if body is None:
            return refused(408, TOO_SLOW)
        request._body = body  # as HttpRequest.body keeps it
        request._stream = io.BytesIO(body)
        return None


# A read asks for this much at most: a body that comes quickly is read in a few
# reads, one that trickles a byte at a time in reads of a byte, so that the
# deadline is looked at between them.
MOST_AT_ONCE = 64 * 1024
QUICK_SECONDS = 0.05


def read_within(stream: io.RawIOBase, length: int, within: float | None) -> bytes | None:
    """``length`` bytes of ``stream`` (fewer if the client went away), or None once
    ``within`` seconds went by first. granian's read waits until it has all it was
    asked for, so each read asks for little while the body comes slowly, and twice
    as much after each quick one."""
    deadline = None if within is None else time.monotonic() + within
    parts: list[bytes] = []
    got, asking = 0, 1
    while got < length:
        started = time.monotonic()
        if deadline is not None and started > deadline:
            return None
        try:
            part = stream.read(min(asking, length - got)) or b""
        except OSError:
            part = b""
        if not part:
            break  # the client went away: the app answers the short form
        parts.append(part)
        got += len(part)
        quick = time.monotonic() - started < QUICK_SECONDS
        asking = min(asking * 2, MOST_AT_ONCE) if quick else 1
    return b"".join(parts)


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
