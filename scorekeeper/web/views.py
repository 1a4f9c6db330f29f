"""The site's own pages, which belong to no feature: the front page, and
``/healthz``. The web app manifest and the service worker are in ``pwa.py``."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from scorekeeper.models import Game
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import key_digests


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    """The front page: what Bower does, and the way to a game or the referee;
    first of all, back to the game in progress at one of this phone's tables
    (another table's game is not even named:
    docs/formats.md, "Tables: private by link, no accounts")."""
    # The cookie's digests joined in the one query; no cookie, no query at all.
    games = Game.objects.for_key_digests(key_digests(request))
    current = games.in_play().with_seats().first()
    return render(request, "home.html", {"current": current})


@require_safe
@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """``/healthz``: the server answers. For a load balancer's health check (or a
    host's uptime monitor) and for `make load`'s ceiling (docs/decisions.md, D35): the least a
    request costs through every middleware of the app, to divide the real
    screens' throughput by in the same run.

    It reads no database: a check that the database answers belongs to the
    pages (a busy one answers 503 there), and a health check that queries it
    would turn a slow database into every app server taken out of rotation."""
    return HttpResponse(b"ok\n", content_type="text/plain; charset=utf-8")
