"""Taking back the last hand, and Redo: recording it again as it was
(docs/decisions.md, D49). The hand taken back is shown with Redo on the answer
to the Undo and, without JavaScript, on the table's address after it
(``?undone=&version=``), until the game changes again."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect, QueryDict
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from referee.engine.hands import HandError
from referee.http import varies_on_htmx, wants_partial
from scorekeeper.games.forms.actions import GameActionForm, RedoForm, TakenBackForm
from scorekeeper.games.screens import table_context
from scorekeeper.games.views.answers import GAME_OVER_MESSAGE, after_change, refused_change
from scorekeeper.models import Game, GameOver, HandAlreadyThere, HandChange, StaleGame, TokenUsed
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import load_game
from scorekeeper.web.rendering import screen


@dataclass(frozen=True)
class TakenBack:
    """Hand ``number`` taken back (``summary``) by the undo ``undone`` (its line in
    the change log), and the token of its Redo form, made when the offer is drawn:
    a double tap on Redo records the hand once."""

    number: int
    summary: str
    undone: int
    token: uuid.UUID = field(default_factory=uuid.uuid4)


def redo_offer(game: Game, undone: HandChange | None) -> TakenBack | None:
    """Redo for the hand ``undone`` took back, as the game stands after it;
    none once the game is over or a call is in play (``Game.redo_hand``
    would refuse), nor for an undo that kept no hand."""
    if undone is None or not undone.changes or game.is_finished or game.current_hand:
        return None
    return TakenBack(number=undone.hand_number, summary=undone.summary, undone=undone.pk)


def redo_offer_in_address(game: Game, query: QueryDict) -> TakenBack | None:
    """Redo for the undo the table's address names, if nothing changed since
    it (the game is at the version it gives, that undo its last change)."""
    form = TakenBackForm(query)
    if not form.is_valid() or form.cleaned_data["version"] != game.version:
        return None
    kind, pk = HandChange.Kind.UNDONE, form.cleaned_data["undone"]
    undone = game.changes.filter(kind=kind, pk=pk).first()
    last = game.recent_hands(1)
    if undone is None or undone.hand_number != (last[0].number if last else 0) + 1:
        return None
    return redo_offer(game, undone)


@require_http_methods(["GET", "POST"])
def hand_undo(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Take back the last hand (GET asks first, POST does it). The answer
    shows the hand taken back with Redo."""
    game = load_game(request, game_id)
    if request.method == "GET":
        last = game.recent_hands(1)
        asked: dict[str, object] = {
            "game": game,
            "last": last[0] if last else None,
            "summary": last[0].summary(game.setup) if last else "",
            "action_form": GameActionForm.for_game(game),
        }
        return screen(request, "games/undo.html", asked)
    form = GameActionForm(request.POST)
    if not form.is_valid():
        return refused_change(request, game_id, "Nothing changed: the form was incomplete.")
    try:
        number = game.undo_last_hand(version=form.cleaned_data["version"])
    except StaleGame:
        return refused_change(
            request, game_id, "Nothing undone: the game changed on another phone first."
        )
    if number is None:
        return after_change(request, game, "No hand to undo.")
    messages.success(request, f"Hand {number} undone.")
    # The table with the hand taken back and Redo: drawn for htmx (the address bar
    # shows the table's own address, so Back, a reload or the next change shows the
    # table without it); without JavaScript the table's address that keeps Redo
    # until the game changes again.
    undone = game.changes.filter(kind=HandChange.Kind.UNDONE, hand_number=number).order_by("-pk")
    offer = redo_offer(game, undone.first())
    table = reverse("game_table", args=[game.pk])
    if offer is None:
        return after_change(request, game)
    if not wants_partial(request):
        query = urlencode({"undone": offer.undone, "version": game.version})
        return varies_on_htmx(HttpResponseRedirect(f"{table}?{query}"))
    context = {**table_context(game), "taken_back": offer}
    return screen(request, "games/table.html", context, url=table)


@require_POST
def hand_redo(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Redo: the hand an undo took back, recorded again as the same hand,
    once (the offer's token); nothing if another phone changed the game
    meanwhile, and the answer says so."""
    game = load_game(request, game_id)
    form = RedoForm(request.POST)
    if not form.is_valid():
        return refused_change(request, game_id, "Nothing changed: the form was incomplete.")
    undone = game.changes.filter(
        kind=HandChange.Kind.UNDONE, pk=form.cleaned_data["undone"]
    ).first()
    if undone is None:
        return refused_change(
            request, game_id, "Nothing redone: that hand was not taken back here."
        )
    number = undone.hand_number
    try:
        game.redo_hand(undone=undone, token=form.cleaned_data["token"])
    except HandAlreadyThere as there:
        summary = there.hand.summary(game.setup)
        refused = f"Nothing redone: another phone recorded hand {number} meanwhile ({summary})."
    except (StaleGame, TokenUsed):
        refused = "Nothing redone: the game changed on another phone first."
    except GameOver:
        refused = GAME_OVER_MESSAGE
    except HandError:
        refused = f"Nothing redone: hand {number} can no longer be read back."
    else:
        return after_change(request, game, f"Hand {number} recorded again.")
    return refused_change(request, game_id, refused)
