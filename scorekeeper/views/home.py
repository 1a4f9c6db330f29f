"""The front page."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scorekeeper.http import HtmxHttpRequest
from scorekeeper.models import Game
from scorekeeper.tables import key_digests


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    """The front page: what Bower does, and the way to a game or the referee;
    first of all, back to the game in progress at one of this phone's tables
    (another table's game is not even named: contract.md, "Tables")."""
    # The cookie's digests joined in the one query; no cookie, no query at all.
    games = Game.objects.for_key_digests(key_digests(request))
    current = games.in_play().with_seats().first()
    return render(request, "home.html", {"current": current})
