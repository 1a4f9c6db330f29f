"""The history: every game by game night, filtered by variant and player, and
one night's games and standings."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from itertools import groupby

from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scorekeeper.history_forms import GameFilterForm, PlayerOrderForm
from scorekeeper.http import HtmxHttpRequest
from scorekeeper.models import Game, Player
from scorekeeper.tables import tables_of

GAMES_PER_PAGE = 30
# Players with at least one game in their record (``with_records``).
PLAYED = Q(games__gt=0)


def by_night(games: Iterable[Game]) -> list[tuple[date, list[Game]]]:
    """Games (newest first) grouped by their game night."""
    return [(night, list(group)) for night, group in groupby(games, key=lambda g: g.night)]


@require_GET
def game_list(request: HtmxHttpRequest) -> HttpResponse:
    """Every game, newest night first, filtered by variant and player."""
    form = GameFilterForm(request.GET, tables=tables_of(request))
    page = Paginator(form.games(), GAMES_PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "form": form,
        "page": page,
        "nights": by_night(page.object_list),
        "query": query.urlencode(),
    }
    template = "scorekeeper/history/game_list.html"
    if request.htmx and not request.htmx.boosted:
        template += "#results"
    return render(request, template, context)


@require_GET
def game_night(request: HtmxHttpRequest, night: date) -> HttpResponse:
    """One game night: its games and how each player did."""
    tables = tables_of(request)
    games = Game.objects.for_tables(tables).on_night(night)
    standings = (
        Player.objects.for_tables(tables)
        .with_records(games=games)
        .filter(PLAYED)
        .order_by(*PlayerOrderForm.ORDERINGS["wins"])
    )
    game_list = list(games.for_history())
    if not game_list:
        raise Http404("No games that night.")
    return render(
        request,
        "scorekeeper/history/night.html",
        {"night": night, "games": game_list, "standings": standings},
    )
