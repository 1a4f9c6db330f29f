"""The history: every game by game night, filtered by variant and player, and
one night's games, standings and charts, with the night's name and place."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from itertools import groupby

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from referee.http import varies_on_htmx, wants_partial
from scorekeeper.history.forms import GameFilterForm, NightForm, PlayerOrderForm
from scorekeeper.models import Game, GameNight, Player
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import tables_of

GAMES_PER_PAGE = 30
# Players with at least one game, or a table of a euchre night, in their
# record (``with_records``).
PLAYED = Q(games__gt=0) | Q(night_tables__gt=0)


def by_game_night(games: Iterable[Game]) -> list[tuple[date, list[Game]]]:
    """Games (newest first) grouped by their game night."""
    return [(night, list(group)) for night, group in groupby(games, key=lambda g: g.game_night)]


@require_GET
def game_list(request: HtmxHttpRequest) -> HttpResponse:
    """Every game, newest night first, filtered by variant and player."""
    tables = tables_of(request)
    form = GameFilterForm(request.GET, tables=tables)
    page = Paginator(form.games(), GAMES_PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    nights = by_game_night(page.object_list)
    context = {
        "form": form,
        "page": page,
        "nights": nights,
        # The names and places people gave these nights (one query).
        "named_nights": {
            named.date: named
            for named in GameNight.objects.filter(
                private_table__in=tables, date__in=[n for n, _ in nights]
            )
        },
        "query": query.urlencode(),
    }
    template = "scorekeeper/history/game_list.html"
    if wants_partial(request):
        template += "#results"
    return varies_on_htmx(render(request, template, context))


@require_http_methods(["GET", "POST"])
def game_night(request: HtmxHttpRequest, night: date) -> HttpResponse:
    """One game night: its name and place (a POST changes them), its games
    with their winners and charts, and how each player did."""
    tables = tables_of(request)
    games = Game.objects.for_tables(tables).on_game_night(night)
    # A euchre night once, as its first table (``in_lists``): its tables are not games.
    game_list = list(games.in_lists().for_history().prefetch_related("hands"))
    if not game_list:
        raise Http404("No games that night.")
    # The night is named for the table of its latest game (a phone may hold several).
    table_id = game_list[0].private_table_id
    named = GameNight.objects.filter(private_table_id=table_id, date=night).first() or GameNight(
        private_table_id=table_id, date=night
    )
    form = NightForm(request.POST if request.method == "POST" else None, instance=named)
    if request.method == "POST" and form.is_valid():
        # Not form.save(): another phone may name the night at the same moment.
        GameNight.save_name(
            private_table_id=table_id,
            date=night,
            name=form.cleaned_data["name"],
            place=form.cleaned_data["place"],
        )
        messages.success(request, "The night's name and place are saved.")
        return redirect("game_night", night)
    standings = (
        Player.objects.for_tables(tables)
        .with_records(games=games)
        .filter(PLAYED)
        .order_by(*PlayerOrderForm.ORDERINGS["wins"])
    )
    return render(
        request,
        "scorekeeper/history/game_night.html",
        {
            "night": night,
            "named": named,
            "form": form,
            "games": game_list,
            "standings": standings,
        },
        status=422 if form.errors else 200,
    )
