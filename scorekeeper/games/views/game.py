"""One game's screens: the table (and its poll), the result, and the rematch.
The score sheet is the history's (scorekeeper/history/views/sheet.py)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_GET, require_POST

from scorekeeper.games.screens import result_context
from scorekeeper.games.views.answers import after_change, drawn_table, table_screen
from scorekeeper.models import RematchRefused
from scorekeeper.models.game_queries import GameStamp, game_stamp
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import key_digests, load_game
from scorekeeper.web.polls import poll_is_current
from scorekeeper.web.rendering import screen


@require_GET
def game_table(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The table screen: totals, who deals and leads, the hand in progress, the last hands."""
    return table_screen(request, game_id, _stamp(request, game_id))


@require_GET
def game_state(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The table screen's poll: 204 while the game is as this phone shows it,
    else the table's live part, so phones watching the same game keep up. A
    player renamed (or merged) changes the table's names (``shown_version``),
    not the game: the poll says which names it shows, when it says so."""
    # One query: the game's version, if this phone's cookie holds its table's key.
    stamp = _stamp(request, game_id)
    if poll_is_current(request, stamp.version, stamp.table_version):
        return HttpResponse(status=204)
    return HttpResponse(drawn_table(request, game_id, stamp, "#live"))


def _stamp(request: HtmxHttpRequest, game_id: int) -> GameStamp:
    """The game's stamp (``game_stamp``): 404 when it is not one of this
    phone's tables' games."""
    stamp = game_stamp(game_id, key_digests(request))
    if stamp is None:
        raise Http404("No such game")
    return stamp


@require_GET
def game_result(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The winner(s), and the rule that decided."""
    game = load_game(request, game_id)
    if not game.is_finished:
        return redirect("game_table", game_id)
    return screen(request, "games/result.html", result_context(game))


@require_POST
def game_rematch(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The same players and rules, with the deal passed on (once, however often tapped)."""
    game = load_game(request, game_id)
    try:
        rematch = game.rematch()
    except RematchRefused as refused:
        messages.warning(request, str(refused))
        return after_change(request, game.pk)
    first = rematch.seat_list()[rematch.first_dealer].player.name
    return after_change(request, rematch.pk, f"Rematch: {first} deals first.")
