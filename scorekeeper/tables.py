"""Which private tables a phone has: a signed cookie, one year, holding the
digest of each table's key (contract.md, "Tables: private by link").

``tables_of(request)`` is what every scorekeeper view scopes its queries by
(``Game.objects.for_tables(...)``, ``Player.objects.for_tables(...)``);
``remember`` and ``forget`` change the list (``TablesMiddleware`` writes the
cookie). The last table
used comes first.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from scorekeeper.models import PrivateTable

COOKIE = "bower_tables"
SALT = "bower.tables"
MAX_AGE = 60 * 60 * 24 * 365
# A phone remembers at most this many tables; the least recently used goes first.
MAX_TABLES = 20


def key_digests(request: HttpRequest) -> list[str]:
    """The key digests this phone's cookie holds, unchecked: for a query that
    joins them itself (``Game.objects.for_key_digests``), saving a lookup. A
    table this request joined (``remember``) is among them at once."""
    known: list[PrivateTable] | None = getattr(request, "_bower_tables", None)
    if known is not None:
        return [t.key_digest for t in known]
    return _digests(request)


def _digests(request: HttpRequest) -> list[str]:
    raw = request.get_signed_cookie(COOKIE, default=None, salt=SALT, max_age=MAX_AGE)
    if not raw:
        return []
    return [d for d in raw.split(",") if d][:MAX_TABLES]


def tables_of(request: HttpRequest) -> list[PrivateTable]:
    """The tables this phone has joined, last used first (read once per request).
    A table whose key was replaced since is no longer among them."""
    cached: list[PrivateTable] | None = getattr(request, "_bower_tables", None)
    if cached is None:
        digests = _digests(request)
        found = {t.key_digest: t for t in PrivateTable.objects.with_digests(digests)}
        cached = [found[d] for d in digests if d in found]
        request._bower_tables = cached  # type: ignore[attr-defined]
    return cached


def cookie_value(digests: list[str]) -> str:
    """The cookie's content for these key digests (the tests sign it too)."""
    return ",".join(digests[:MAX_TABLES])


def remember(request: HttpRequest, table: PrivateTable) -> None:
    """Remember ``table`` on this phone, first in the list (the last used):
    this request sees it at once in ``tables_of``, and ``TablesMiddleware``
    writes the cookie on the response."""
    tables = [table, *(t for t in tables_of(request) if t.pk != table.pk)][:MAX_TABLES]
    _changed(request, tables)


def forget(request: HttpRequest, table: PrivateTable) -> None:
    """This phone no longer has ``table``."""
    _changed(request, [t for t in tables_of(request) if t.pk != table.pk])


def _changed(request: HttpRequest, tables: list[PrivateTable]) -> None:
    request._bower_tables = tables  # type: ignore[attr-defined]
    request._bower_tables_changed = True  # type: ignore[attr-defined]


class TablesMiddleware:
    """Writes the tables cookie when a view called ``remember`` or ``forget``:
    signed, one year, HttpOnly, SameSite=Lax, Secure as the session cookie is
    (so the plain-http LAN mode keeps working)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if getattr(request, "_bower_tables_changed", False):
            response.set_signed_cookie(
                COOKIE,
                cookie_value([t.key_digest for t in tables_of(request)]),
                salt=SALT,
                max_age=MAX_AGE,
                httponly=True,
                samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )
        return response
