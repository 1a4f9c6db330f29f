"""History: past and current games by game night, each player's record, and
importing and exporting games (contract.md, "Game document")."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from itertools import groupby

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from scorekeeper.documents import export_filename, export_text
from scorekeeper.history_forms import GameFilterForm, ImportForm, PlayerOrderForm
from scorekeeper.http import HtmxHttpRequest
from scorekeeper.models import Game, Player, Seat

GAMES_PER_PAGE = 30
RECENT_GAMES = 10
# Players with at least one game in their record (``with_records``).
PLAYED = Q(games__gt=0)


def _by_night(games: Iterable[Game]) -> list[tuple[date, list[Game]]]:
    """Games (newest first) grouped by their game night."""
    return [(night, list(group)) for night, group in groupby(games, key=lambda g: g.night)]


@require_GET
def game_list(request: HtmxHttpRequest) -> HttpResponse:
    """Every game, newest night first, filtered by variant and player."""
    form = GameFilterForm(request.GET)
    page = Paginator(form.games(), GAMES_PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "form": form,
        "page": page,
        "nights": _by_night(page.object_list),
        "query": query.urlencode(),
    }
    template = "scorekeeper/history/game_list.html"
    if request.htmx and not request.htmx.boosted:
        template += "#results"
    return render(request, template, context)


@require_GET
def game_night(request: HtmxHttpRequest, night: date) -> HttpResponse:
    """One game night: its games and how each player did."""
    games = Game.objects.on_night(night)
    standings = (
        Player.objects.with_records(games=games)
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


@require_GET
def player_list(request: HtmxHttpRequest) -> HttpResponse:
    """Everyone who has played, with their record."""
    form = PlayerOrderForm(request.GET)
    players = Player.objects.with_records().filter(PLAYED).order_by(*form.ordering())
    return render(
        request, "scorekeeper/history/player_list.html", {"form": form, "players": players}
    )


@require_GET
def player_detail(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
    """One player's record: games and wins by variant, what they did as
    maker, partner and defender, and their recent games."""
    player = get_object_or_404(Player.objects.with_records(), pk=player_id)
    by_variant = list(Seat.objects.filter(player=player).records_by_variant())
    recent = list(Game.objects.for_history().with_player(player)[:RECENT_GAMES])
    return render(
        request,
        "scorekeeper/history/player_detail.html",
        {"player": player, "by_variant": by_variant, "recent": recent},
    )


@require_GET
def game_export(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The game document as a JSON download (contract.md)."""
    game = get_object_or_404(Game.objects.with_seats().prefetch_related("hands"), pk=game_id)
    response = HttpResponse(export_text(game), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{export_filename(game)}"'
    return response


@require_http_methods(["GET", "POST"])
def game_import(request: HtmxHttpRequest) -> HttpResponse:
    """Upload or paste a game document; every hand is scored by the rules
    engine. A bad document stores nothing and says which hand and field."""
    if request.method == "POST":
        form = ImportForm(request.POST, request.FILES)
        if form.is_valid():
            document = form.cleaned_data["document"]
            game = Game.from_document(document)
            hands = len(document.hands)
            messages.success(
                request,
                f"Imported {document.table.variant.label}: "
                f"{hands} hand{'s' if hands != 1 else ''}, "
                f"{'finished' if game.is_finished else 'in progress'}.",
            )
            return redirect(reverse("game_table", args=[game.pk]))
        status = 422
    else:
        form = ImportForm()
        status = 200
    return render(request, "scorekeeper/history/import.html", {"form": form}, status=status)
