"""The watch link ``/w/<token>/``: one game, read-only and live, for a phone
or a screen across the room. Nothing here writes; a POST is refused (403)."""

from __future__ import annotations

from django.http import Http404, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_http_methods

from scorekeeper.games.screens import table_context
from scorekeeper.models import Game
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.polls import poll_is_current

READ_ONLY = "A watch link only shows the game: nothing can be changed from it."


@require_http_methods(["GET", "HEAD", "POST"])
def game_watch(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Big totals, the dealer and the hand in play, kept up to date."""
    if request.method == "POST":
        return HttpResponseForbidden(READ_ONLY)
    game = get_object_or_404(Game.objects.watched(token).for_table())
    return render(request, "scorekeeper/games/watch.html", {**table_context(game), "token": token})


@require_http_methods(["GET", "POST"])
def game_watch_state(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The watch page's poll: 204 while nothing changed (the game, and the
    players' names when the poll says which it shows), else its live part."""
    if request.method == "POST":
        return HttpResponseForbidden(READ_ONLY)
    stamp = (
        Game.objects.watched(token).values_list("version", "private_table__shown_version").first()
    )
    if stamp is None:
        raise Http404("No such game")
    if poll_is_current(request, *stamp):
        return HttpResponse(status=204)
    game = get_object_or_404(Game.objects.watched(token).for_table())
    context = {**table_context(game), "token": token, "partial": True}
    return render(request, "scorekeeper/games/watch.html#live", context)
