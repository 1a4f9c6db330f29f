"""A game's table screen drawn once per version of the game (issue 12).

After every hand each phone at the table asks for the table again (its poll
sees the new version), and each would draw the same page: at one version a
game shows the same to every phone of its table. So the table screen and its
live part are drawn once per version, kept in Django's cache, and answered
from there.

What differs between two answers of one drawing is noted when it is drawn and
swapped for the request's own: the CSRF token, the CSP nonce and each form's
"recorded once" token. A request with messages to show is drawn afresh, and
not kept: they are its own.

The key holds everything else a drawing depends on: the template and its
part, the game and its version, its table's key digest and name (the invite
shows them), the table's ``shown_version`` (bumped by a player's new name,
a merge, an operator's edit: ``PrivateTable.shown_anew``), and the address
asked for (scheme and host: the invite's links; path: the navigation). Every
change to a game bumps its version (``Game._changing``). Both are read from
the database on every request, so an app server's cache, in its own memory,
never answers with a game older than the database's; several app servers
each keep their own.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.forms import BaseForm
from django.http import HttpRequest
from django.middleware.csp import get_nonce
from django.middleware.csrf import get_token
from django.template.loader import render_to_string

from scorekeeper.models.game_queries import GameStamp

# An hour: long enough for a game night's phones; a newer version is a new key anyway.
KEEP_SECONDS = 60 * 60


@dataclass(frozen=True)
class Drawing:
    """A drawn screen and the per-request values it was drawn with, in the
    order ``_values`` gives them ("" when the drawing had none)."""

    html: str
    values: tuple[str, ...]


def drawn(
    request: HttpRequest,
    template: str,
    *,
    game_id: int,
    stamp: GameStamp,
    context: Callable[[], dict[str, Any]],
) -> str:
    """``template`` drawn for game ``game_id`` at ``stamp``: from the cache
    when this version was drawn before, else drawn with ``context()`` (the
    game's context, built only then) and kept."""
    own_messages = bool(len(get_messages(request)))
    key = _key(request, template, game_id, stamp)
    if not own_messages:
        kept: Drawing | None = cache.get(key)
        if kept is not None:
            return _swapped(kept, _values(request, forms=len(kept.values) - 2))
    filled = context()
    tokens = [
        str(value.initial["token"])
        for value in filled.values()
        if isinstance(value, BaseForm) and not value.is_bound and value.initial.get("token")
    ]
    csrf, nonce = _values(request, forms=0)
    html = render_to_string(
        template, {**filled, "csrf_token": csrf, "csp_nonce": nonce}, request=request
    )
    if not own_messages:
        cache.set(key, Drawing(html, (csrf, nonce, *tokens)), KEEP_SECONDS)
    return html


def _key(request: HttpRequest, template: str, game_id: int, stamp: GameStamp) -> str:
    parts = (
        template,
        str(game_id),
        str(stamp.version),
        stamp.key_digest,
        stamp.table_name,
        str(stamp.table_version),
        request.scheme or "",
        request.get_host(),
        request.path,
    )
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()
    return f"bower:drawn:{digest}"


def _values(request: HttpRequest, *, forms: int) -> tuple[str, ...]:
    """This request's own CSRF token and CSP nonce (marking both as used, so
    the cookie and the header go out), then ``forms`` fresh form tokens."""
    nonce = get_nonce(request)
    fresh = (str(uuid.uuid4()) for _ in range(forms))
    return (get_token(request), str(nonce) if nonce is not None else "", *fresh)


def _swapped(kept: Drawing, values: tuple[str, ...]) -> str:
    html = kept.html
    for old, new in zip(kept.values, values, strict=True):
        if old:
            html = html.replace(old, new)
    return html
