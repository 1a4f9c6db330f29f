"""How every game screen answers: the whole page or, for htmx, its partial;
after a change, the table (or the result); when this phone was behind, the
game as it stands (409 for htmx)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from referee.http import varies_on_htmx, wants_partial
from scorekeeper.http import HtmxHttpRequest
from scorekeeper.models import Game
from scorekeeper.screens import result_context, table_context
from scorekeeper.tables import key_digests

STALE_MESSAGE = "Another phone recorded this first: here is the game as it stands now."
GAME_OVER_MESSAGE = "The game is over: no more hands can be recorded."


def screen(
    request: HtmxHttpRequest,
    template: str,
    context: dict[str, Any],
    *,
    status: int = 200,
    url: str | None = None,
) -> HttpResponse:
    """Draw a screen: the whole page, or for htmx its ``screen`` partial, with
    the address bar moved to ``url`` (the screen's own address)."""
    partial = wants_partial(request)
    name = f"scorekeeper/{template}" + ("#screen" if partial else "")
    response = varies_on_htmx(render(request, name, {**context, "partial": partial}, status=status))
    return _pushed(request, response, url) if partial else response


def _pushed(request: HtmxHttpRequest, response: HttpResponse, url: str | None) -> HttpResponse:
    """An htmx answer moves the address bar to ``url`` (the screen's own
    address, by default the one asked for) when the phone shows another."""
    url = url or request.get_full_path()
    current = urlsplit(request.htmx.current_url or "")
    here = current.path + (f"?{current.query}" if current.query else "")
    if url != here:
        response["HX-Push-Url"] = url
    return response


def load_game(request: HttpRequest, game_id: int) -> Game:
    """The game as the table screen reads it (``for_table``), or 404 when it is
    not one of this phone's tables' games (so nothing is read or stored)."""
    games = Game.objects.for_key_digests(key_digests(request))
    return get_object_or_404(games.for_table(), pk=game_id)


def home_of(game: Game) -> str:
    """Where a game lives: its table while it is played, its result once it is over."""
    name = "game_result" if game.is_finished else "game_table"
    return reverse(name, args=[game.pk])


def after_change(request: HtmxHttpRequest, game: Game | int, message: str = "") -> HttpResponse:
    """A change was stored: say so, and show the table (or the result). Given
    the changed game (a ``Game`` method made the change: it is the game as
    stored), nothing is read again; given its id, it is loaded."""
    if message:
        messages.success(request, message)
    return _game_as_it_stands(request, game)


def behind(request: HtmxHttpRequest, game_id: int, message: str = STALE_MESSAGE) -> HttpResponse:
    """This phone was behind (or the game is over): nothing was stored. Show
    the game as it stands; htmx gets 409 (scorekeeper.js swaps it in)."""
    messages.warning(request, message)
    return _game_as_it_stands(request, game_id, status=409)


def _game_as_it_stands(
    request: HtmxHttpRequest, game: Game | int, *, status: int = 200
) -> HttpResponse:
    """The table (or the result): redirected to, or drawn for htmx with ``status``."""
    if not isinstance(game, Game):
        game = load_game(request, game)
    url = home_of(game)
    if not wants_partial(request):
        return varies_on_htmx(HttpResponseRedirect(url))
    if game.is_finished:
        return screen(request, "result.html", result_context(game), status=status, url=url)
    return screen(request, "table.html", table_context(game), status=status, url=url)


def open_game(request: HtmxHttpRequest, game: Game) -> HttpResponse | None:
    """No hand can be added to a finished game: send the scorer to the result."""
    if game.is_finished:
        messages.warning(request, GAME_OVER_MESSAGE)
        return (
            after_change(request, game)
            if wants_partial(request)
            else varies_on_htmx(redirect("game_result", game.pk))
        )
    return None
