"""The watch link ``/w/<token>/``: one game, read-only and live, for a phone
or a screen across the room; when its players go on to a rematch or another
game at their private table, the link shows that one (docs/decisions.md, D44).
Nothing here writes; a POST is refused (403)."""

from __future__ import annotations

from typing import Any

from django.core import signing
from django.http import Http404, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_http_methods

from scorekeeper.games.screens import table_context
from scorekeeper.models import Game
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.polls import poll_is_current

READ_ONLY = "A watch link only shows the game: nothing can be changed from it."


def _signer(token: str) -> signing.Signer:
    # The game a watch page shows, signed for its own link: a poll cannot be
    # pointed at another game of the table (``?game=`` is the server's word).
    return signing.Signer(salt=f"bower.games.watch:{token}")


def _watch_context(game: Game, token: str) -> dict[str, Any]:
    return {**table_context(game), "token": token, "shown": _signer(token).sign(str(game.pk))}


@require_http_methods(["GET", "HEAD", "POST"])
def game_watch(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Big totals, the dealer and the hand in play, kept up to date; the game
    its players went on to, once they did."""
    if request.method == "POST":
        return HttpResponseForbidden(READ_ONLY)
    origin = get_object_or_404(Game.objects.watched(token))
    shown = Game.objects.followed(origin)
    game = Game.objects.for_table().get(pk=shown.pk)
    return render(request, "scorekeeper/games/watch.html", _watch_context(game, token))


@require_http_methods(["GET", "POST"])
def watch_poll(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The watch page's poll: 204 while nothing changed (the game it shows, the
    players' names when the poll says which it shows, and no game has followed
    it), else its live part, for the game it shows or the one that followed."""
    if request.method == "POST":
        return HttpResponseForbidden(READ_ONLY)
    # The game the polling page says it shows (``?game=``, as this server signed it
    # for this link), or None: the link's own game.
    try:
        shown_id: int | None = int(_signer(token).unsign(request.GET.get("game", "")))
    except (signing.BadSignature, ValueError):
        shown_id = None
    stamp = Game.objects.watch_stamp(token, shown_id)
    if stamp is None and shown_id is not None:
        # The game shown is gone (deleted by the operator): the link's own game.
        stamp = Game.objects.watch_stamp(token, None)
    if stamp is None:
        raise Http404("No such game")
    if not stamp.moved_on and poll_is_current(request, stamp.version, stamp.names):
        return HttpResponse(status=204)
    shown = stamp.game_id
    if stamp.moved_on:
        shown = Game.objects.followed(Game.objects.get(pk=shown)).pk
    game = Game.objects.for_table().get(pk=shown)
    context = {**_watch_context(game, token), "partial": True}
    return render(request, "scorekeeper/games/watch.html#live", context)
