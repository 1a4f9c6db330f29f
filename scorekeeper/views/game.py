"""One game's screens: the table (and its poll), the score sheet, the result,
and the rematch."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from scorekeeper.forms import StateForm
from scorekeeper.http import HtmxHttpRequest
from scorekeeper.models import Game
from scorekeeper.screens import result_context, sheet_rows, table_context
from scorekeeper.views.rendering import after_change, load_game, screen


@require_GET
def game_table(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The table screen: totals, who deals and leads, the hand in progress, the last hands."""
    game = load_game(game_id)
    return screen(request, "table.html", table_context(game))


@require_GET
def game_state(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The table screen's poll: 204 while the game is as this phone shows it,
    else the table's live part, so phones watching the same game keep up."""
    form = StateForm(request.GET)
    version = form.cleaned_data["version"] if form.is_valid() else None
    current = Game.objects.filter(pk=game_id).values_list("version", flat=True).first()
    if current is None:
        raise Http404("No such game")
    if version == current:
        return HttpResponse(status=204)
    game = load_game(game_id)
    return render(request, "scorekeeper/table.html#live", {**table_context(game), "partial": True})


@require_GET
def game_sheet(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Every hand of the game with each player's points and running totals."""
    game = load_game(game_id)
    hands = game.hand_list()
    return screen(
        request,
        "sheet.html",
        {"game": game, "table": game.table, "hands": hands, "rows": sheet_rows(game, hands)},
    )


@require_GET
def game_result(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The winner(s), and the rule that decided."""
    game = load_game(game_id)
    if not game.is_finished:
        return redirect("game_table", game_id)
    return screen(request, "result.html", result_context(game))


@require_POST
def game_rematch(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The same players and rules, with the deal passed on (once, however often tapped)."""
    game = load_game(game_id)
    rematch = game.rematch()
    first = rematch.seat_list()[rematch.first_dealer].player.name
    return after_change(request, rematch.pk, f"Rematch: {first} deals first.")
