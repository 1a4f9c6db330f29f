"""A busy database answers 503 "try again in a moment", never a 500, as does a request
that waited 5 s for its turn (scorekeeper/asgi.py); a NUL in the address is a 404.

Two phones that record a hand at the same moment both want the database's
write lock. SQLite waits for it (settings: `timeout`), PostgreSQL waits up to
its lock timeout; when the wait runs out the view raises OperationalError.
Nothing was written (the transaction rolled back), so tapping again is safe:
the answer says so, with Retry-After, and static/js/bower.js shows it on the
phone.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from django.db import OperationalError
from django.http import Http404, HttpRequest, HttpResponse
from django.views import defaults

from referee.http import varies_on_htmx, wants_partial

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
