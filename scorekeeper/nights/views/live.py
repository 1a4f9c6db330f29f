"""A euchre night's live standings, its watch link for a TV, and the printable
score cards (docs/rules.md, Euchre night 3).

The standings and score cards are the night's table's own (read through
``for_tables``: a 404 for a phone without the table); the watch link shows the
standings and the round's seating to anyone who has it, read-only (a POST is
refused with 403 and nothing is stored)."""

from __future__ import annotations

from django.http import Http404, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET, require_http_methods

from scorekeeper.models import EuchreNight, Game
from scorekeeper.models.night_boards import read_board
from scorekeeper.nights.live_screens import score_card_context, standings_context, watch_context
from scorekeeper.nights.screens import movement_line
from scorekeeper.nights.seating_sheet import seating_sheet
from scorekeeper.nights.views.night import load_night
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import key_digests
from scorekeeper.web.polls import polled_version
from scorekeeper.web.rendering import screen

READ_ONLY = "A watch link only shows the night: nothing can be changed from it."


@require_GET
def night_standings(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """The whole room's standings after every hand, round by round, with the
    night's prizes (docs/rules.md, Euchre night 6), kept up to date by a poll."""
    night = load_night(request, night_id)
    # Read before the board: a hand recorded in between is fetched by the next poll.
    version = night.live_version()
    context = standings_context(read_board(night), version)
    return screen(request, "nights/live_standings.html", context)


@require_GET
def night_standings_state(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """The standings' poll: 204 (one query) while nothing changed, else the live part."""
    nights = EuchreNight.objects.for_key_digests(key_digests(request)).filter(pk=night_id)
    current = nights.live_version()
    if current is None:
        raise Http404("No such night")
    if current == polled_version(request):
        return HttpResponse(status=204)
    night = load_night(request, night_id)
    context = {**standings_context(read_board(night), current), "partial": True}
    return render(request, "scorekeeper/nights/live_standings.html#live", context)


@require_GET
def night_score_card(
    request: HtmxHttpRequest, night_id: int, number: int, night_table: int
) -> HttpResponse:
    """A table's round on one printed page, for a table without a phone."""
    night = load_night(request, night_id)
    game = get_object_or_404(
        Game.objects.filter(
            night_round__night=night, night_round__number=number, night_table=night_table
        )
        .with_seats()
        .select_related("night_round")
    )
    return render(request, "scorekeeper/nights/score_card.html", score_card_context(night, game))


@require_GET
def night_seating_sheet(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """Every round's seating on one printed sheet, in big type, for the wall."""
    night = load_night(request, night_id)
    board = read_board(night)
    context = {"night": night, "rounds": seating_sheet(board), "movement": movement_line(night)}
    return render(request, "scorekeeper/nights/seating_sheet.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def night_watch(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The night for a TV across the room: standings, the round's seating, prizes."""
    if request.method == "POST":
        return HttpResponseForbidden(READ_ONLY)
    night = get_object_or_404(EuchreNight.objects.watched(token))
    version = night.live_version()
    return render(
        request,
        "scorekeeper/nights/live_watch.html",
        watch_context(read_board(night), version, token),
    )


@require_http_methods(["GET", "POST"])
def night_watch_state(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The watch page's poll: 204 (one query) while nothing changed, else its live part."""
    if request.method == "POST":
        return HttpResponseForbidden(READ_ONLY)
    current = EuchreNight.objects.watched(token).live_version()
    if current is None:
        raise Http404("No such night")
    if current == polled_version(request):
        return HttpResponse(status=204)
    night = get_object_or_404(EuchreNight.objects.watched(token))
    context = {**watch_context(read_board(night), current, token), "partial": True}
    return render(request, "scorekeeper/nights/live_watch.html#live", context)
