"""A euchre night's live standings, its watch link for a TV, and the printable
score cards.

SKELETON: every view here is to be written (worktree night-live)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse


def night_standings(request: HttpRequest, night_id: int) -> HttpResponse:
    raise Http404("not written yet")


def night_standings_state(request: HttpRequest, night_id: int) -> HttpResponse:
    raise Http404("not written yet")


def night_score_card(request: HttpRequest, night_id: int, number: int, table: int) -> HttpResponse:
    raise Http404("not written yet")


def night_watch(request: HttpRequest, token: str) -> HttpResponse:
    raise Http404("not written yet")


def night_watch_state(request: HttpRequest, token: str) -> HttpResponse:
    raise Http404("not written yet")
