"""A busy database answers 503 "try again in a moment", never a 500; an
overloaded server answers its polls 503 at once, and any request that waited a
second for its turn 503 too, forms having the turns first (``OverloadMiddleware``);
and an address with a NUL in it is a 404 (``NulInPathMiddleware``).

Two phones that record a hand at the same moment both want the database's
write lock. SQLite waits for it (settings: `timeout`), PostgreSQL waits up to
its lock timeout; when the wait runs out the view raises OperationalError.
Nothing was written (the transaction rolled back), so tapping again is safe:
the answer says so, with Retry-After, and static/js/bower.js shows it on the
phone.
"""

from __future__ import annotations

import functools
import sys
import threading
from collections import deque
from collections.abc import Callable

from django.db import OperationalError
from django.http import Http404, HttpRequest, HttpResponse
from django.views import defaults

from referee.http import varies_on_htmx, wants_partial
from scorekeeper.web.arrivals import Arrivals

BUSY_MESSAGE = "The scorebook is busy: try again in a moment."
RETRY_AFTER_SECONDS = 2

# PostgreSQL's codes for "someone else holds the lock": serialization_failure,
# deadlock_detected, lock_not_available (lock_timeout, NOWAIT).
_BUSY_SQLSTATES = frozenset({"40001", "40P01", "55P03"})
# SQLite has no codes in its messages; PostgreSQL's words are here for drivers
# that do not pass the code on.
_BUSY_WORDS = (
    "database is locked",
    "database table is locked",
    "database is busy",
    "could not obtain lock",
    "lock timeout",
    "could not serialize access",
    "deadlock detected",
    # psycopg's pool (BOWER_DB_POOL): every connection stayed busy the whole wait.
    "couldn't get a connection",
)

_PAGE = f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
{{refresh}}<title>Busy · Bower</title></head>
<body><main><h1>Busy</h1><p>{BUSY_MESSAGE}</p><p><a href="">Try again</a></p></main></body>
</html>
"""
_FRAGMENT = f'<p class="message message-error" role="alert">{BUSY_MESSAGE}</p>\n'


def database_is_busy(error: BaseException) -> bool:
    """Whether `error` means another request holds the lock (and nothing else is wrong)."""
    if not isinstance(error, OperationalError):
        return False
    if getattr(error.__cause__, "sqlstate", None) in _BUSY_SQLSTATES:
        return True
    text = str(error).lower()
    return any(words in text for words in _BUSY_WORDS)


def busy_response(request: HttpRequest) -> HttpResponse:
    """503 with Retry-After: a message fragment for htmx (``wants_partial``),
    a small page otherwise; a page asked for with GET loads itself again after
    that long (a form's answer does not: its form is sent again only by a tap)."""
    if wants_partial(request):
        content = _FRAGMENT
    else:
        again = f'<meta http-equiv="refresh" content="{RETRY_AFTER_SECONDS}">\n'
        content = _PAGE.format(refresh=again if request.method == "GET" else "")
    response = HttpResponse(content, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return varies_on_htmx(response)


class BusyDatabaseMiddleware:
    """Turn a busy database in a view into `busy_response`; other errors go on as before."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """Django calls this when a view raises; None lets the error through."""
        return busy_response(request) if database_is_busy(exception) else None


# A poll when the server is overloaded: the phone asks again after this many seconds
# (static/js/live.js), twice its usual 4 s.
POLL_RETRY_AFTER_SECONDS = 8


class OverloadMiddleware:
    """Polls give way to the taps of a hand when the server is overloaded, and a
    process works on a few requests at a time.

    Every phone at every table polls every 4 s (an address ending ``/state/``);
    when this process already has ``limit`` requests in progress (settings:
    ``BOWER_SHED_POLLS_AT``), a poll is answered 503 with Retry-After at once,
    before any other middleware and without the database, so the threads and
    the CPU go to recording hands and drawing tables, and every request is
    answered quickly instead of all of them queueing. Nothing is lost: the poll
    only asks whether anything changed, and the phone asks again later.

    The rest take turns: at most ``active`` of them run the app at once
    (``BOWER_ACTIVE_REQUESTS``), the others wait, counted in progress, for a turn. Python
    runs one thread of a process at a time, so forty requests run together
    each finish about forty times later; a few at a time finish in turn, the
    first soonest (docs/decisions.md, D55). A request's body (a form, a JSON
    body, a file upload) is read first, within ``BOWER_BODY_WAIT_MS``, a few
    at once from one address (``Arrivals``, D58): a body still arriving is
    neither counted in progress nor holding a turn.

    Forms (a hand saved, a player added) take the turns before pages and
    polls, and those before imports (a game document pasted or uploaded), which
    never hold every turn and are not counted in progress (D58). A request that has
    waited ``wait`` seconds for a turn (``BOWER_TURN_WAIT_MS``) is answered 503
    with Retry-After instead, having stored nothing, so an overloaded process
    answers everything within about that long; a hand refused so waits in the
    phone's outbox and is sent again with its token (static/js/outbox.js;
    docs/decisions.md, D56)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        from django.conf import settings

        self.get_response = get_response
        self.limit: int = settings.BOWER_SHED_POLLS_AT
        self.in_progress = 0
        self.lock = threading.Lock()
        active: int = settings.BOWER_ACTIVE_REQUESTS
        self.turns = Turns(active) if active else None
        waited: int = settings.BOWER_TURN_WAIT_MS
        self.wait = waited / 1000 if waited else None
        body_wait: int = settings.BOWER_BODY_WAIT_MS
        self.arrivals = Arrivals(
            settings.BOWER_BODIES_PER_ADDRESS, body_wait / 1000 if body_wait else None
        )

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # The body first: one still arriving is not counted in progress and holds no turn (D58).
        if (refused := self.arrivals.receive(request)) is not None:
            return refused
        line = line_of(request)
        # Imports wait behind everything, so they do not count towards refusing polls.
        counted = int(line != IMPORTS)
        with self.lock:
            shed = 0 < self.limit <= self.in_progress and is_poll(request)
            if not shed:
                self.in_progress += counted
        if shed:
            return overloaded_response(request)
        try:
            if self.turns is None:
                return self.get_response(request)
            if not self.turns.take(line=line, within=self.wait):
                return overloaded_response(request)
            try:
                return self.get_response(request)
            finally:
                self.turns.give(line=line)
        finally:
            with self.lock:
                self.in_progress -= counted


# Methods that only read: their turns come after the forms'.
_READS = frozenset({"GET", "HEAD", "OPTIONS"})


def overloaded_response(request: HttpRequest) -> HttpResponse:
    """An overloaded process's answer, 503 with Retry-After: to a poll, nothing
    (the phone polls again later, live.js); to anything else, ``busy_response``
    (a page asks again by itself, a hand waits in the phone's outbox).

    Django logs every 5xx answer as an error, one line each under a lock that every
    thread of the process shares; an overloaded process answering hundreds of these a
    second spent more of its threads waiting to write those lines than drawing pages
    (D68). The answer is meant, not a fault, and the access log still lists each one,
    so it is marked as logged (the mark Django's ``log_response`` sets and reads)."""
    if is_poll(request):
        response = HttpResponse(status=503)
        response["Retry-After"] = str(POLL_RETRY_AFTER_SECONDS)
        response["Cache-Control"] = "no-store"
    else:
        response = busy_response(request)
    response._has_been_logged = True  # type: ignore[attr-defined]
    return response


# The lines of turns, first served first: forms, then pages and polls, then imports.
FORMS, READS, IMPORTS = 0, 1, 2


def line_of(request: HttpRequest) -> int:
    """A request's line: an import (a game document pasted or uploaded) waits behind
    everything else; a form before pages and polls."""
    if request.method in _READS:
        return READS
    return IMPORTS if request.path_info == _import_path() else FORMS


@functools.cache
def _import_path() -> str:
    from django.urls import reverse

    return reverse("game_import")


class Turns:
    """A process's turns at the app: ``count`` at once, handed on in arrival order,
    a form's waiters before a page's, a page's before an import's, and imports never
    more than ``count - 1`` at once (one at least), so a turn is always left for a
    hand. One waiting thread is woken when a turn ends (it is handed the turn), never
    all of them."""

    def __init__(self, count: int) -> None:
        self.lock = threading.Lock()
        self.free = count
        self.most_imports = max(1, count - 1)
        self.imports = 0
        self.waiting: tuple[deque[threading.Event], ...] = (deque(), deque(), deque())

    def _may(self, line: int) -> bool:
        return line != IMPORTS or self.imports < self.most_imports

    def _taken(self, line: int) -> None:
        if line == IMPORTS:
            self.imports += 1

    def take(self, *, line: int, within: float | None) -> bool:
        """Wait for a turn in ``line``; False when ``within`` seconds went by first
        (no turn is then held)."""
        waiting = self.waiting[line]
        with self.lock:
            if self.free and self._may(line):
                self.free -= 1
                self._taken(line)
                return True
            handed = threading.Event()
            waiting.append(handed)
        if handed.wait(within):
            return True
        with self.lock:
            if handed.is_set():  # handed the turn as the wait ran out
                return True
            waiting.remove(handed)
            return False

    def give(self, *, line: int) -> None:
        """End a turn taken in ``line``: the first waiter that may take it does, or it is free."""
        with self.lock:
            if line == IMPORTS:
                self.imports -= 1
            for number, waiting in enumerate(self.waiting):
                if waiting and self._may(number):
                    self._taken(number)
                    waiting.popleft().set()
                    return
            self.free += 1


def is_poll(request: HttpRequest) -> bool:
    """A screen's poll (``…/state/``: the table, a night, a watch page)."""
    return request.method == "GET" and request.path_info.endswith("/state/")


class NulInPathMiddleware:
    """An address with a NUL character (``/t/%00/``) is a 404 before any view
    looks it up: PostgreSQL refuses NUL in a string (a 500), and no key, token
    or name has one. Here once, so every route has it, a new one too."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path_info:
            raise Http404("No such page")  # Django's handler404: templates/404.html
        return self.get_response(request)


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's ``handler500``: a busy database met outside a view (in another
    middleware, a session save) answers 503 "try again" all the same; any
    other error gets the plain 500 page, never a traceback."""
    error = sys.exc_info()[1]
    if isinstance(error, OperationalError) and database_is_busy(error):
        return busy_response(request)
    return defaults.server_error(request)
