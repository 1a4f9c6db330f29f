"""The players: everyone who has played with their record, and one player's
record by variant with their recent games."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from scorekeeper.history_forms import PlayerOrderForm
from scorekeeper.http import HtmxHttpRequest
from scorekeeper.models import Game, Player, Seat
from scorekeeper.tables import tables_of
from scorekeeper.views.history import PLAYED

RECENT_GAMES = 10


@require_GET
def player_list(request: HtmxHttpRequest) -> HttpResponse:
    """Everyone who has played, with their record."""
    form = PlayerOrderForm(request.GET)
    players = (
        Player.objects.for_tables(tables_of(request))
        .with_records()
        .filter(PLAYED)
        .order_by(*form.ordering())
    )
    return render(
        request, "scorekeeper/history/player_list.html", {"form": form, "players": players}
    )


@require_GET
def player_detail(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
    """One player's record: games and wins by variant, what they did as
    maker, partner and defender, and their recent games."""
    tables = tables_of(request)
    player = get_object_or_404(Player.objects.for_tables(tables).with_records(), pk=player_id)
    by_variant = list(Seat.objects.filter(player=player).records_by_variant())
    recent = list(Game.objects.for_tables(tables).for_history().with_player(player)[:RECENT_GAMES])
    return render(
        request,
        "scorekeeper/history/player_detail.html",
        {"player": player, "by_variant": by_variant, "recent": recent},
    )
