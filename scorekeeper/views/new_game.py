"""Starting a game: variant, players in seat order, first dealer, house rules."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from referee.engine.variants import Variant
from scorekeeper.http import HtmxHttpRequest
from scorekeeper.models import PrivateTable
from scorekeeper.new_game_form import NewGameForm
from scorekeeper.screens import new_game_context
from scorekeeper.table_forms import TableChoiceForm
from scorekeeper.tables import remember, tables_of
from scorekeeper.views.rendering import after_change, screen


@require_http_methods(["GET", "POST"])
def new_game(request: HtmxHttpRequest) -> HttpResponse:
    """Start a game: variant, players in seat order, first dealer, house rules.

    Tapping a known player, or changing the variant without JavaScript's help
    ("Update"), re-draws the form with what was typed; "Start" starts the game.
    """
    tables = tables_of(request)
    if request.method == "GET":
        initial: dict[str, Any] = {"token": uuid.uuid4()}
        if request.GET.get("variant") in {v.value for v in Variant}:
            initial["variant"] = request.GET["variant"]
        form = NewGameForm(initial=initial)
        choice = TableChoiceForm(tables=tables)
        return screen(request, "new_game.html", new_game_context(form, choice))
    form = NewGameForm(request.POST)
    choice = TableChoiceForm(request.POST, tables=tables)
    add_player = request.POST.get("add_player", "")
    if add_player or request.POST.get("action") == "refresh":
        form = form.refreshed(add_player=" ".join(add_player.split()))
        context = new_game_context(form, choice)
        return screen(request, "new_game.html", context, url=reverse("new_game"))
    if not form.is_valid():
        context = new_game_context(form, choice)
        return screen(request, "new_game.html", context, status=422, url=reverse("new_game"))
    # The first game on a phone makes its table, named after the players.
    table = choice.table() or PrivateTable.named_for(form.players)
    remember(request, table)
    game = form.start(private_table=table)
    first = game.seat_list()[game.first_dealer].player.name
    return after_change(request, game.pk, f"Game started: {first} deals first.")
