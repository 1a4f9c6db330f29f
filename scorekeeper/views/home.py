"""The front page."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scorekeeper.http import HtmxHttpRequest
from scorekeeper.models import Game


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    """The front page: what Bower does, and the way to a game or the referee;
    first of all, back to the game in progress."""
    current = Game.objects.in_play().with_seats().first()
    return render(request, "home.html", {"current": current})
