"""Starting a game: variant, players in seat order, first dealer, house rules."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from referee.engine.variants import Variant
from scorekeeper.http import HtmxHttpRequest
from scorekeeper.new_game_form import NewGameForm
from scorekeeper.screens import new_game_context
from scorekeeper.views.rendering import after_change, screen


@require_http_methods(["GET", "POST"])
def new_game(request: HtmxHttpRequest) -> HttpResponse:
    """Start a game: variant, players in seat order, first dealer, house rules.

    Tapping a known player, or changing the variant without JavaScript's help
    ("Update"), re-draws the form with what was typed; "Start" starts the game.
    """
    if request.method == "GET":
        initial: dict[str, Any] = {"token": uuid.uuid4()}
        if request.GET.get("variant") in {v.value for v in Variant}:
            initial["variant"] = request.GET["variant"]
        form = NewGameForm(initial=initial)
        return screen(request, "new_game.html", new_game_context(form))
    form = NewGameForm(request.POST)
    add_player = request.POST.get("add_player", "")
    if add_player or request.POST.get("action") == "refresh":
        form = form.refreshed(add_player=" ".join(add_player.split()))
        return screen(request, "new_game.html", new_game_context(form), url=reverse("new_game"))
    if not form.is_valid():
        return screen(
            request, "new_game.html", new_game_context(form), status=422, url=reverse("new_game")
        )
    game = form.start()
    first = game.seat_list()[game.first_dealer].player.name
    return after_change(request, game.pk, f"Game started: {first} deals first.")
