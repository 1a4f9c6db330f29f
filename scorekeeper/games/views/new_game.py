"""Starting a game: variant, players in seat order, first dealer, house rules."""

from __future__ import annotations

import uuid
from typing import Any, cast

from django.db import transaction
from django.http import HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from referee.engine.names import LookAlike
from referee.engine.variants import Variant
from scorekeeper.games.forms.new_game import NewGameForm
from scorekeeper.games.screens import new_game_context
from scorekeeper.games.views.answers import after_change
from scorekeeper.models import AlreadyStarted, Game, PrivateTableKeyReplaced, TableStart
from scorekeeper.web.forms import PrivateTableChoiceForm
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import remember, tables_of
from scorekeeper.web.rendering import screen

# The start form of a phone's first game, sent again after its table's key was
# replaced: the new key shuts that form out as it shuts out every old link.
KEY_REPLACED = (
    "This form started a game at a table whose key was replaced since: open the "
    "table's new key link to join it. Nothing new was started."
)


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
        choice = PrivateTableChoiceForm(tables=tables)
        return screen(request, "games/new_game.html", new_game_context(form, choice))
    form = NewGameForm(request.POST)
    choice = PrivateTableChoiceForm(request.POST, tables=tables)

    def again(form: NewGameForm, status: int = 422, **extra: Any) -> HttpResponse:
        context = {**new_game_context(form, choice), **extra}
        return screen(
            request, "games/new_game.html", context, status=status, url=reverse("new_game")
        )

    add_player = request.POST.get("add_player", "")
    if add_player or request.POST.get("action") == "refresh":
        return again(form.refreshed(add_player=" ".join(add_player.split())), 200)
    if not form.is_valid():
        return again(form)
    token = form.cleaned_data["token"]
    try:
        with transaction.atomic():
            # The first game on a phone makes its table, named after the
            # players, once per form: the form sent again finds that table.
            private_table = choice.chosen_private_table() or TableStart.private_table_for(
                token, named_for=form.players
            )
            game = form.start(private_table=private_table)
    except PrivateTableKeyReplaced:
        return again(form.anew(KEY_REPLACED), 409)
    except AlreadyStarted as started:
        game = cast(Game, started.row)
        error, shown = _started_already(request, game, token)
        choice = PrivateTableChoiceForm(tables=tables_of(request))
        return again(form.anew(error), 409, already_started=game if shown else None)
    except LookAlike as error:
        form.refuse(error)
        return again(form)
    remember(request, private_table)
    first = game.seat_list()[game.first_dealer].player.name
    return after_change(request, game.pk, f"Game started: {first} deals first.")


def _started_already(request: HtmxHttpRequest, game: Game, token: uuid.UUID) -> tuple[str, bool]:
    """What a 409 says when this form's token started ``game`` and the form sent now
    asks for another (docs/formats.md, "Recording a hand, once"), and whether the
    phone is shown that game: when its form made it (the first answer was lost). The
    form comes back with a new token: one tap on Start starts it as a new game."""
    # A phone with no table gets the one its form made (the answer that gave
    # it was lost); another phone's default table is never changed unasked.
    tables = tables_of(request)
    if game.private_table not in tables and (
        tables or not TableStart.made(token, game.private_table)
    ):
        return (
            "This form already started a game at a table this phone has not joined. "
            "Nothing new was started: tap Start to start this one as a new game."
        ), False
    if not tables:
        remember(request, game.private_table)
    names = ", ".join(game.seats.order_by("position").values_list("player__name", flat=True))
    return (
        f"This form already started a game: {names} ({game.variant_enum.label}). "
        "Nothing new was started: open that game, or tap Start to start this one "
        "as another game."
    ), True
