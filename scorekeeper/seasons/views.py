"""A table's seasons (docs/formats.md, "Seasons"): the list with the form that
names one, a season's standings, and its watch link for a TV.

The list and a season's page are the phone's tables' own (read through
``for_tables``: a 404 for a phone without the table); the watch link shows
the standings to anyone who has it, read-only (a POST is refused with 403 and
nothing is stored)."""

from __future__ import annotations

import datetime
import uuid
from typing import cast

from django.http import Http404, HttpResponse, HttpResponseForbidden, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from scorekeeper.models import AlreadyStarted, PrivateTable, Season
from scorekeeper.seasons.forms import RuleForm, SeasonForm
from scorekeeper.seasons.screens import game_nights, season_context, watch_context
from scorekeeper.web.forms import PrivateTableChoiceForm, with_new_token
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import tables_of
from scorekeeper.web.polls import polled_version
from scorekeeper.web.rendering import screen

READ_ONLY = "A watch link only shows the season: nothing can be changed from it."
LIST_PAGE = "seasons/season_list.html"


def _nights(private_table: PrivateTable | None) -> list[datetime.date]:
    return [] if private_table is None else game_nights(private_table)


@require_http_methods(["GET", "POST"])
def season_list(request: HtmxHttpRequest) -> HttpResponse:
    """This phone's tables' seasons, latest first, and the form naming a new
    one: a name and its first and last game nights. A double tap names one
    season (the form's token)."""
    tables = tables_of(request)
    if request.method == "GET":
        choice = PrivateTableChoiceForm(tables=tables)
        form = SeasonForm(
            initial={"token": uuid.uuid4()}, nights=_nights(choice.chosen_private_table())
        )
        return _list(request, form, choice)
    choice = PrivateTableChoiceForm(request.POST, tables=tables)
    private_table = choice.chosen_private_table()
    form = SeasonForm(request.POST, nights=_nights(private_table))
    if private_table is None:
        form.is_valid()
        form.add_error(None, "This phone has no table yet: start a game or join a table first.")
    elif form.is_valid():
        try:
            season = form.name_season(private_table)
        except AlreadyStarted as started:
            return _named_already(request, form, choice, cast(Season, started.row))
        if season is not None:
            return HttpResponseRedirect(reverse("season_detail", args=[season.pk]))
    return _list(request, form, choice, status=422)


def _named_already(
    request: HtmxHttpRequest, form: SeasonForm, choice: PrivateTableChoiceForm, season: Season
) -> HttpResponse:
    """409: this form's token already named ``season`` and the form sent now
    asks for another: nothing is stored; the form comes back under a new token."""
    again = SeasonForm(with_new_token(form.data), nights=form.nights)
    again.is_valid()
    shown = season if season.private_table in tables_of(request) else None
    again.add_error(
        None,
        f"This form already named the season “{season.name}”. Nothing new was stored: "
        "tap Name the season to name this one as another.",
    )
    return _list(request, again, choice, status=409, named=shown)


def _list(
    request: HtmxHttpRequest,
    form: SeasonForm,
    choice: PrivateTableChoiceForm,
    *,
    status: int = 200,
    named: Season | None = None,
) -> HttpResponse:
    seasons = Season.objects.for_tables(tables_of(request)).select_related("private_table")
    context = {
        "seasons": seasons,
        "form": form,
        "table_choice": choice,
        "has_table": bool(choice.tables),
        "named": named,
    }
    return screen(request, LIST_PAGE, context, status=status, url=reverse("season_list"))


@require_http_methods(["GET", "POST"])
def season_detail(request: HtmxHttpRequest, season_id: int) -> HttpResponse:
    """A season's standings: per player games, wins, points, game nights,
    prizes and ratings, and the leaders of each figure; a POST changes its
    standings rule (docs/rules.md, "Season standings")."""
    seasons = Season.objects.for_tables(tables_of(request)).select_related("private_table")
    season = get_object_or_404(seasons, pk=season_id)
    here = reverse("season_detail", args=[season.pk])
    form = RuleForm(initial={"rule": season.rule, "best": season.best or None})
    if request.method == "POST":
        form = RuleForm(request.POST)
        if form.is_valid():
            season.change_rule(form.chosen)
            return HttpResponseRedirect(here)
    context = {**season_context(season), "form": form}
    return screen(
        request, "seasons/season.html", context, status=422 if form.errors else 200, url=here
    )


@require_http_methods(["GET", "HEAD", "POST"])
def season_watch(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The season for a TV across the room: the standings and the leaders."""
    if request.method == "POST":
        return HttpResponseForbidden(READ_ONLY)
    season = get_object_or_404(Season.objects.watched(token).select_related("private_table"))
    version = season.live_version()
    return render(request, "scorekeeper/seasons/season_watch.html", watch_context(season, version))


@require_http_methods(["GET", "POST"])
def season_watch_state(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The watch page's poll: 204 (two queries) while nothing changed, else its live part."""
    if request.method == "POST":
        return HttpResponseForbidden(READ_ONLY)
    season = Season.objects.watched(token).select_related("private_table").first()
    if season is None:
        raise Http404("No such season")
    version = season.live_version()
    if version == polled_version(request):
        return HttpResponse(status=204)
    context = {**watch_context(season, version), "partial": True}
    return render(request, "scorekeeper/seasons/season_watch.html#live", context)
