"""Which private tables a phone has: a signed cookie, one year, holding the
digest of each table's key (docs/formats.md, "Tables: private by link, no accounts").

``tables_of(request)`` is what every scorekeeper view scopes its queries by
(``Game.objects.for_tables(...)``, ``Player.objects.for_tables(...)``);
``remember``, ``join``, ``forget`` and ``replaced`` change the list
(``TablesMiddleware`` writes the cookie). The last table used comes first, and
the first is where new games go (the new game form's default table): a table
joined by its key link becomes it only when the phone asks (``join``).

A key link opened from another site leaves a **pending join** (a second signed
cookie, an hour, holding the key's digest, sent only to ``/tables/join/``),
which the Join button there turns into a joined table.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from scorekeeper.models import Game, PrivateTable

COOKIE = "bower_tables"
SALT = "bower.tables"
MAX_AGE = 60 * 60 * 24 * 365
# A phone remembers at most this many tables; joining another asks which to forget.
MAX_TABLES = 20

PENDING_COOKIE = "bower_join"
PENDING_SALT = "bower.tables.join"
PENDING_MAX_AGE = 60 * 60
PENDING_PATH = "/tables/join/"


class PhoneFull(Exception):
    """The phone already keeps ``MAX_TABLES`` tables: joining one more needs
    one of them forgotten first, which the phone is asked for."""


def key_digests(request: HttpRequest) -> list[str]:
    """The key digests this phone's cookie holds, unchecked: for a query that
    joins them itself (``Game.objects.for_key_digests``), saving a lookup. A
    table this request joined (``remember``) is among them at once."""
    known: list[PrivateTable] | None = getattr(request, "_bower_tables", None)
    if known is not None:
        return [t.key_digest for t in known]
    return cookie_digests(request)


def cookie_digests(request: HttpRequest) -> list[str]:
    """Every key digest the phone's signed cookie holds, a replaced key's too:
    the proof that the phone once had that key (``table_replace_key``)."""
    raw = request.get_signed_cookie(COOKIE, default=None, salt=SALT, max_age=MAX_AGE)
    if not raw:
        return []
    return [d for d in raw.split(",") if d][:MAX_TABLES]


def tables_of(request: HttpRequest) -> list[PrivateTable]:
    """The tables this phone has joined, last used first (read once per request).
    A table whose key was replaced since is no longer among them."""
    cached: list[PrivateTable] | None = getattr(request, "_bower_tables", None)
    if cached is None:
        digests = cookie_digests(request)
        found = {t.key_digest: t for t in PrivateTable.objects.with_digests(digests)}
        cached = [found[d] for d in digests if d in found]
        request._bower_tables = cached  # type: ignore[attr-defined]
    return cached


def load_game(request: HttpRequest, game_id: int) -> Game:
    """The game as its screens read it (``for_table``), or 404 when it is not
    one of this phone's tables' games (so nothing is read or stored)."""
    games = Game.objects.for_key_digests(key_digests(request))
    return get_object_or_404(games.for_table(), pk=game_id)


def cookie_value(digests: list[str]) -> str:
    """The cookie's content for these key digests (the tests sign it too)."""
    return ",".join(digests[:MAX_TABLES])


def remember(request: HttpRequest, private_table: PrivateTable) -> None:
    """Remember ``table`` on this phone, first in the list (the last used):
    this request sees it at once in ``tables_of``, and ``TablesMiddleware``
    writes the cookie on the response."""
    tables = [private_table, *(t for t in tables_of(request) if t.pk != private_table.pk)][
        :MAX_TABLES
    ]
    _changed(request, tables)


def holds(request: HttpRequest, private_table: PrivateTable) -> bool:
    """Whether this phone has ``table`` (with its current key)."""
    return any(t.pk == private_table.pk for t in tables_of(request))


def is_full(request: HttpRequest) -> bool:
    """Whether this phone keeps as many tables as it can."""
    return len(tables_of(request)) >= MAX_TABLES


def join(
    request: HttpRequest,
    private_table: PrivateTable,
    *,
    as_default: bool = False,
    instead_of: PrivateTable | None = None,
) -> None:
    """Add ``table`` to this phone's tables without dropping or reordering the
    others unasked: second, after the table new games go to, unless the phone
    asked for it to be that table (``as_default``) or has none yet. A full
    phone must name the table it forgets (``instead_of``), else ``PhoneFull``."""
    kept = [t for t in tables_of(request) if t.pk != private_table.pk]
    if instead_of is not None:
        kept = [t for t in kept if t.pk != instead_of.pk]
    if len(kept) >= MAX_TABLES:
        raise PhoneFull
    at = 0 if as_default else 1
    _changed(request, [*kept[:at], private_table, *kept[at:]])


def forget(request: HttpRequest, private_table: PrivateTable) -> None:
    """This phone no longer has ``table``."""
    _changed(request, [t for t in tables_of(request) if t.pk != private_table.pk])


def forget_digest(request: HttpRequest, digest: str) -> None:
    """This phone no longer claims the key whose digest is ``digest`` (a key
    replaced from another phone): the cookie is written without it."""
    _changed(request, [t for t in tables_of(request) if t.key_digest != digest])


def replaced(request: HttpRequest, old_digest: str, private_table: PrivateTable) -> None:
    """This phone replaced the key ``old_digest`` of ``table``: it keeps the
    table, with its new key, where it was in its list (a new key is no reason
    to change where new games go)."""
    digests = cookie_digests(request)
    # The same form sent twice may come with the new key's cookie already.
    spot = old_digest if old_digest in digests else private_table.key_digest
    before = set(digests[: digests.index(spot)]) if spot in digests else set()
    tables = [t for t in tables_of(request) if t.pk != private_table.pk]
    at = sum(1 for t in tables if t.key_digest in before)
    _changed(request, [*tables[:at], private_table, *tables[at:]][:MAX_TABLES])


def pending_digest(request: HttpRequest) -> str | None:
    """The key digest of the table a key link opened from another site left
    to join (``set_pending``), or None."""
    return request.get_signed_cookie(
        PENDING_COOKIE, default=None, salt=PENDING_SALT, max_age=PENDING_MAX_AGE
    )


def set_pending(response: HttpResponse, private_table: PrivateTable) -> None:
    """Leave ``table`` to join on the Join page (an hour): its key digest,
    never the key, signed, sent only to that page."""
    response.set_signed_cookie(
        PENDING_COOKIE,
        private_table.key_digest,
        salt=PENDING_SALT,
        max_age=PENDING_MAX_AGE,
        path=PENDING_PATH,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )


def clear_pending(response: HttpResponse) -> None:
    """Nothing left to join."""
    response.delete_cookie(PENDING_COOKIE, path=PENDING_PATH, samesite="Lax")


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
