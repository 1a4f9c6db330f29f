"""A euchre night's screens: the list, starting one, its seating board and
players' lines, seating the next round, players leaving and arriving.

SKELETON: every view here is to be written (worktree night-screens)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse


def night_list(request: HttpRequest) -> HttpResponse:
    raise Http404("not written yet")


def night_new(request: HttpRequest) -> HttpResponse:
    raise Http404("not written yet")


def night_detail(request: HttpRequest, night_id: int) -> HttpResponse:
    raise Http404("not written yet")


def night_state(request: HttpRequest, night_id: int) -> HttpResponse:
    raise Http404("not written yet")


def night_round(request: HttpRequest, night_id: int, number: int) -> HttpResponse:
    raise Http404("not written yet")


def night_seat_next(request: HttpRequest, night_id: int) -> HttpResponse:
    raise Http404("not written yet")


def night_players(request: HttpRequest, night_id: int) -> HttpResponse:
    raise Http404("not written yet")
