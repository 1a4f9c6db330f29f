"""A recorded hand: changing it (the totals and the end of the game are
recomputed), and its change log."""

from __future__ import annotations

import uuid

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from referee.engine.hands import HandError
from scorekeeper.games.forms.hands import EditHandForm
from scorekeeper.games.views.answers import after_change, refused_change
from scorekeeper.games.views.hand_screen import conflict_of, hand_post, hand_screen
from scorekeeper.models import EndMovesEarlier, HandChange, StaleGame, TokenUsed
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import load_game
from scorekeeper.web.rendering import screen


@require_http_methods(["GET", "POST"])
def hand_edit(request: HtmxHttpRequest, game_id: int, number: int) -> HttpResponse:
    """Change a recorded hand; totals and the end of the game are recomputed.
    If the game would end earlier, the scorer confirms first."""
    game = load_game(request, game_id)
    record = get_object_or_404(game.hands, number=number)
    url = reverse("hand_edit", args=[game_id, number])
    if request.method == "GET":
        initial = {
            "version": game.version,
            "token": uuid.uuid4(),
            "thrown_in": "",
            **EditHandForm.initial_from_record(record),
        }
        # Bound to the hand as recorded: its points are previewed at once.
        form = EditHandForm(initial, initial=initial, game=game)
        return hand_screen(request, game, form, record=record)
    form = EditHandForm(request.POST, game=game)
    if response := hand_post(request, game, form, url, record=record):
        return response
    assert form.hand is not None
    try:
        game.edit_hand(
            version=form.cleaned_data["version"],
            number=number,
            hand=form.hand,
            confirm_earlier_end=form.cleaned_data.get("confirm_earlier_end", False),
            token=form.cleaned_data.get("token"),
        )
    except TokenUsed as used:
        # Back after this phone's own fix, changed, saved again: its token made
        # that fix. Nothing is stored; the form comes back as the one tap posts
        # (a new token, the game's version), so its Save stores what it shows
        # (never a Save refused again beside the points it shows).
        again = {**request.POST.dict(), "token": str(uuid.uuid4()), "version": str(game.version)}
        fresh = EditHandForm(again, game=game)
        fresh.is_valid()
        # The one conflict part, a fix's: its Save below is the way to change it.
        conflict = {**conflict_of(request, game, form.hand, used), "fix": True, "as_edit": None}
        return hand_screen(
            request, game, fresh, status=409, url=url, conflict=conflict, record=record
        )
    except StaleGame:
        return refused_change(
            request, game_id, "Nothing changed: the game changed on another phone first."
        )
    except HandError as error:
        form.add_engine_errors(error.errors)
        return hand_screen(request, game, form, status=422, url=url, record=record)
    except EndMovesEarlier as end:
        later = f"hand {end.ended_after + 1}"
        if end.later_hands > 1:
            later = f"hands {end.ended_after + 1}..{end.ended_after + end.later_hands}"
        warning = (
            f"This would end the game after hand {end.ended_after}; {later} will be kept "
            "and marked as played after the end."
        )
        return hand_screen(
            request,
            game,
            form,
            status=422,
            url=url,
            record=record,
            confirm_end=warning,
            confirm_after=end.ended_after,
        )
    return after_change(request, game_id, f"Hand {number} changed.")


@require_GET
def hand_history(request: HtmxHttpRequest, game_id: int, number: int) -> HttpResponse:
    """What happened to one hand: recorded, edited (what changed), undone; and when."""
    game = load_game(request, game_id)
    changes = list(HandChange.objects.filter(game=game, hand_number=number))
    record = game.hands.filter(number=number).first()
    if record is None and not changes:
        raise Http404("No such hand")
    return screen(
        request,
        "games/hand_changes.html",
        {"game": game, "number": number, "record": record, "changes": changes},
    )
