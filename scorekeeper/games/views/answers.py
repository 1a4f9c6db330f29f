"""How a game's screens answer (``scorekeeper.web.rendering`` draws a
screen): after a change, the table (or the result); when this phone was behind, the game as
it stands (409 for htmx)."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.core.cache import BaseCache, caches
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from referee.http import varies_on_htmx, wants_partial
from scorekeeper.games.screens import result_context, table_context
from scorekeeper.models import Game, ShownVersions
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import load_game
from scorekeeper.web.polls import polled_version
from scorekeeper.web.rendering import screen

STALE_MESSAGE = "Another phone recorded this first: here is the game as it stands now."
GAME_OVER_MESSAGE = "The game is over: no more hands can be recorded."


def home_of(game: Game) -> str:
    """Where a game lives: its table while it is played, its result once it is over.
    A night's table stays its table: its round-over card sends the players back to
    the night."""
    return reverse("game_result" if _at_its_result(game) else "game_table", args=[game.pk])


def _at_its_result(game: Game) -> bool:
    return game.is_finished and not game.is_night_table


def after_change(request: HtmxHttpRequest, game: Game | int, message: str = "") -> HttpResponse:
    """A change was stored: say so, and show the table (or the result). Given
    the changed game (a ``Game`` method made the change: it is the game as
    stored), nothing is read again; given its id, it is loaded."""
    if message:
        messages.success(request, message)
    return _game_as_it_stands(request, game)


def keeps_its_form(request: HttpRequest, *, names: int) -> bool:
    """Whether the phone keeps the hand form it shows: it says so (``?form=``,
    the hand its form is for) and shows the table's names as they are now
    (``names``), so its chips name the players as Bower would."""
    return polled_version(request, "form") is not None and polled_version(request, "names") == names


def live_patch(request: HtmxHttpRequest, game: Game, *, names: int) -> HttpResponse | None:
    """For a phone that keeps its hand form (``keeps_its_form``) while the game is
    on: the rest of the table's live part and what moves the form on
    (docs/formats.md, "Polls"), not the form again; else None. Drawn once for
    every phone at the table (``drawn_patch``)."""
    if game.is_finished or not keeps_its_form(request, names=names):
        return None
    context = {**table_context(game, keeps_form=True), "partial": True}
    # What is each phone's own is drawn as a mark, filled in for each (``_filled``).
    context["kept_form"]["token"] = _KEPT_TOKEN
    context["action_form"].initial["token"] = _ACTION_TOKEN
    context["csrf_token"] = _CSRF_TOKEN
    drawing = render_to_string("scorekeeper/games/table.html#live_patch", context, request)
    shown = ShownVersions(game.version, game.private_table.shown_version, game.uid)
    _drawings().set(_drawing_key(game.pk, shown), drawing)
    return _filled(request, drawing)


def drawn_patch(
    request: HtmxHttpRequest, game_id: int, shown: ShownVersions
) -> HttpResponse | None:
    """``live_patch``'s answer without reading the game, when a phone of this process
    drew it for the game as ``shown`` (after a change, the table's other phones
    ask for the same drawing within a poll); else None. docs/decisions.md, D66."""
    if not keeps_its_form(request, names=shown.names):
        return None
    drawing = _drawings().get(_drawing_key(game_id, shown))
    return None if drawing is None else _filled(request, drawing)


# A live patch's parts that are each phone's own, drawn as marks. Autoescaping writes
# every "<" a player's name or any other text brings as "&lt;": no text makes a mark.
_KEPT_TOKEN = mark_safe("<bower-form-token>")
_ACTION_TOKEN = mark_safe("<bower-action-token>")
_CSRF_TOKEN = mark_safe("<bower-csrf-token>")


def _drawings() -> BaseCache:
    """This process's drawings (settings.py, ``CACHES``)."""
    return caches["drawings"]


def _drawing_key(game_id: int, shown: ShownVersions) -> str:
    return f"live-patch:{game_id}:{shown.game_uid.hex}:{shown.version}:{shown.names}"


def _filled(request: HttpRequest, drawing: SafeString | str) -> HttpResponse:
    """A drawing with this phone's own tokens in place of its marks: the hand form's
    next token, the table's actions' token and this phone's CSRF token."""
    body = (
        drawing.replace(_KEPT_TOKEN, str(uuid.uuid4()))
        .replace(_ACTION_TOKEN, str(uuid.uuid4()))
        .replace(_CSRF_TOKEN, get_token(request))
    )
    return HttpResponse(body)


def refused_change(
    request: HtmxHttpRequest, game_id: int, message: str = STALE_MESSAGE
) -> HttpResponse:
    """A change refused: this phone had not seen the game's last change (or the
    game is over), so nothing was stored. Show
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
    if _at_its_result(game):
        return screen(request, "games/result.html", result_context(game), status=status, url=url)
    return screen(request, "games/table.html", table_context(game), status=status, url=url)


def game_over_answer(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    """The answer to a hand's form asked of a finished game (no hand can be added):
    say so and send the scorer to the result."""
    messages.warning(request, GAME_OVER_MESSAGE)
    return _game_as_it_stands(request, game)
