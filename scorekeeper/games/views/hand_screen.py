"""The hand form's screen, shared by recording and editing a hand: the form
with its preview of every player's points, or the live preview alone (htmx)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import render

from referee.http import varies_on_htmx, wants_partial
from scorekeeper.games.forms.hands import HandForm
from scorekeeper.models import Game
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.rendering import screen


def hand_screen(
    request: HtmxHttpRequest,
    game: Game,
    form: HandForm,
    *,
    status: int = 200,
    url: str | None = None,
    **extra: Any,
) -> HttpResponse:
    context = _context(game, form, previewed=form.stage != "start" and form.is_bound, **extra)
    return screen(request, "games/hand.html", context, status=status, url=url)


def _context(game: Game, form: HandForm, *, previewed: bool, **extra: Any) -> dict[str, Any]:
    context = {"game": game, "setup": game.setup, "form": form, "stage": form.stage, **extra}
    if previewed:
        context["preview"] = form.preview_rows()
        context["score"] = form.score()
    return context


def preview(request: HtmxHttpRequest, game: Game, form: HandForm, **extra: Any) -> HttpResponse:
    """The live preview: every player's points and the rule, as the scorer taps."""
    context = {**_context(game, form, previewed=True, **extra), "partial": True}
    response = render(request, "scorekeeper/games/hand.html#preview", context)
    response["HX-Retarget"] = "#preview"
    response["HX-Reswap"] = "outerHTML"
    return varies_on_htmx(response)


def hand_post(
    request: HtmxHttpRequest, game: Game, form: HandForm, url: str, **extra: Any
) -> HttpResponse | None:
    """A posted hand form that is not (yet) to be stored: the live preview, the
    no-JavaScript preview, or the form again with its errors. None: store it."""
    previewing = "preview" in request.POST
    if previewing and wants_partial(request):
        return preview(request, game, form, **extra)
    if not form.is_valid() or form.hand is None:
        return hand_screen(request, game, form, status=422, url=url, **extra)
    if previewing:
        return hand_screen(request, game, form, url=url, **extra)
    return None
