"""One game's screens: the table (and its poll), the score sheet, the result,
and the rematch."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_GET, require_POST

from scorekeeper.forms import shown_version
from scorekeeper.http import HtmxHttpRequest
from scorekeeper.models import RematchRefused
from scorekeeper.models.game_queries import GameStamp, game_stamp
from scorekeeper.screens import result_context, table_context, trump_badge
from scorekeeper.sheet_rows import sheet_rows
from scorekeeper.tables import key_digests
from scorekeeper.views.drawn import drawn
from scorekeeper.views.rendering import after_change, load_game, screen, table_screen


@require_GET
def game_table(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The table screen: totals, who deals and leads, the hand in progress, the last hands."""
    return table_screen(request, game_id, _stamp(request, game_id))


@require_GET
def game_state(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The table screen's poll: 204 while the game is as this phone shows it,
    else the table's live part, so phones watching the same game keep up."""
    version = shown_version(request)
    # One query: the game's version, if this phone's cookie holds its table's key.
    stamp = _stamp(request, game_id)
    if version == stamp.version:
        return HttpResponse(status=204)
    html = drawn(
        request,
        "scorekeeper/table.html#live",
        game_id=game_id,
        stamp=stamp,
        context=lambda: {**table_context(load_game(request, game_id)), "partial": True},
    )
    return HttpResponse(html)


def _stamp(request: HtmxHttpRequest, game_id: int) -> GameStamp:
    """The game's stamp (``game_stamp``): 404 when it is not one of this
    phone's tables' games."""
    stamp = game_stamp(game_id, key_digests(request))
    if stamp is None:
        raise Http404("No such game")
    return stamp


@require_GET
def game_sheet(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The game on one page: every hand (dealer, maker, trump, the call, partner,
    tricks, renege, the rule applied) with each player's points and running
    totals, and the score chart."""
    game = load_game(request, game_id)
    table = game.table
    hands = game.hand_list()
    rows = [
        (row, trump_badge(row.trump), list(zip(row.points, row.totals, strict=False)))
        for row in sheet_rows(game, hands)
    ]
    return screen(
        request, "sheet.html", {"game": game, "table": table, "hands": hands, "rows": rows}
    )


@require_GET
def game_result(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The winner(s), and the rule that decided."""
    game = load_game(request, game_id)
    if not game.is_finished:
        return redirect("game_table", game_id)
    return screen(request, "result.html", result_context(game))


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
