"""The players: everyone who has played with their record and rating, one
player's record by variant with their ratings, calls, partners, rivals and
recent games, renaming and merging players, and every player's statistics and
ratings as spreadsheets."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from scorekeeper.history.csv_files import players_csv, ratings_csv
from scorekeeper.history.euchre_night_results import RECENT_NIGHTS, night_results
from scorekeeper.history.forms import MergeForm, PlayerOrderForm, RenameForm
from scorekeeper.history.partnerships import partners_and_rivals
from scorekeeper.history.player_ratings import listed_with_ratings, player_ratings
from scorekeeper.history.views.game_list import PLAYED
from scorekeeper.models import Game, Player, PlayerChangeRefused, Seat
from scorekeeper.models.called_aces import call_records, club_aces, record_of
from scorekeeper.models.ratings import tables_ratings
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import tables_of

RECENT_GAMES = 10


@require_GET
def player_list(request: HtmxHttpRequest) -> HttpResponse:
    """Everyone who has played, with their record and their rating in one
    variant (docs/formats.md, "Ratings")."""
    form = PlayerOrderForm(request.GET)
    tables = tables_of(request)
    players = (
        Player.objects.for_tables(tables).with_results().filter(PLAYED).order_by(*form.ordering())
    )
    listed = listed_with_ratings(form, list(players), tables_ratings(tables))
    return render(
        request,
        "scorekeeper/history/player_list.html",
        {
            "form": form,
            "players": listed.players,
            "variant": listed.variant,
            "aces": club_aces(tables),  # the club's called aces
        },
    )


@require_GET
def player_list_csv(request: HtmxHttpRequest) -> HttpResponse:
    """``/players.csv``: one row a player with every statistic the players'
    pages show (docs/formats.md, "History out and back in")."""
    tables = tables_of(request)
    players = list(
        Player.objects.for_tables(tables)
        .with_records()
        .with_night_count()
        .filter(PLAYED)
        .order_by("name")
    )
    calls = call_records(tables, players)
    response = HttpResponse(players_csv(players, calls), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="bower-players.csv"'
    return response


@require_GET
def ratings_csv_file(request: HtmxHttpRequest) -> HttpResponse:
    """``/ratings.csv``: one row a player and variant played, their rating
    (docs/formats.md, "Ratings")."""
    tables = tables_of(request)
    names = dict(Player.objects.for_tables(tables).values_list("pk", "name"))
    ratings = tables_ratings(tables).values()
    response = HttpResponse(ratings_csv(names, ratings), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="bower-ratings.csv"'
    return response


def detail_page(
    request: HtmxHttpRequest,
    player_id: int,
    *,
    rename: RenameForm | None = None,
    merge: MergeForm | None = None,
    confirm: Player | None = None,
    status: int = 200,
) -> HttpResponse:
    tables = tables_of(request)
    player = get_object_or_404(
        Player.objects.for_tables(tables).with_records().with_night_count(), pk=player_id
    )
    partners, rivals = partners_and_rivals(player)
    rated = player_ratings(player, tables)
    return render(
        request,
        "scorekeeper/history/player_detail.html",
        {
            "player": player,
            "by_variant": list(Seat.objects.filter(player=player).records_by_variant()),
            "recent": list(
                Game.objects.for_tables(tables)
                .games_only()
                .for_history()
                .with_player(player)[:RECENT_GAMES]
            ),
            "nights": night_results(player),
            "recent_nights": RECENT_NIGHTS,
            "ratings": rated.ratings,
            "rating_chart": rated.chart,
            "rated_games": rated.recent,
            "calls": record_of(player),
            "partners": partners,
            "rivals": rivals,
            "changes": list(player.changes.all()),
            "rename_form": rename or RenameForm(initial={"name": player.name}),
            "merge_form": merge or MergeForm(player=player),
            "confirm_into": confirm,
        },
        status=status,
    )


@require_GET
def player_detail(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
    """One player's record: games and wins by variant, their rating in each
    and its chart, what they did as maker (and in Call-Ace, how their called
    aces went), partner and defender, who they partnered and who euchred them,
    their renames and merges, their recent games and euchre nights (place,
    points and prizes: docs/rules.md, Euchre night 6)."""
    return detail_page(request, player_id)


@require_POST
def player_rename(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
    """Give a player a new name; the old one is kept in their changes."""
    player = get_object_or_404(Player.objects.for_tables(tables_of(request)), pk=player_id)
    form = RenameForm(request.POST)
    if form.is_valid():
        old = player.name
        try:
            change = player.rename(form.cleaned_data["name"])
        except PlayerChangeRefused as refused:
            if not Player.objects.filter(pk=player.pk).exists():
                # Another phone merged this player a moment ago: their page is gone.
                messages.error(request, str(refused))
                return redirect("player_list")
            form.add_error("name", str(refused))
        else:
            if change is not None:
                messages.success(request, f"{old} is now called {player.name}.")
            return redirect("player_detail", player.pk)
    return detail_page(request, player.pk, rename=form, status=422)


@require_POST
def player_merge(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
    """Merge a player into another (two names for one person): the first
    POST asks to confirm, the confirmed one moves every seat and shows the
    player merged into."""
    player = get_object_or_404(Player.objects.for_tables(tables_of(request)), pk=player_id)
    form = MergeForm(request.POST, player=player)
    if not form.is_valid():
        return detail_page(request, player.pk, merge=form, status=422)
    keeper: Player = form.cleaned_data["into"]
    if not form.cleaned_data["confirm"]:
        confirm = MergeForm(initial={"into": keeper.pk, "confirm": True}, player=player)
        return detail_page(request, player.pk, merge=confirm, confirm=keeper)
    try:
        change = player.merge_into(keeper)
    except PlayerChangeRefused as refused:
        if not Player.objects.filter(pk=player.pk).exists():
            # Another phone merged this player a moment ago: their page is gone.
            messages.error(request, str(refused))
            return redirect("player_list")
        form.add_error("into", str(refused))
        return detail_page(request, player.pk, merge=form, status=422)
    messages.success(
        request, f"{change.old_name} is merged into {change.new_name}: their games are here."
    )
    return redirect("player_detail", keeper.pk)
