"""Recording the next hand the way the table plays it: the call saved (it tells
the other phones: ``save_call``), the deal out of turn, the hand itself, whole or a
misdeal (``hand_enter``, the one route a hand is recorded by) or the call
cancelled (taken back and redone: ``undo.py``)."""

from __future__ import annotations

import uuid
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from referee.engine.hands import HandError
from referee.engine.variants import no_score_hand_name
from referee.http import wants_partial
from scorekeeper.games.forms.actions import DealerForm, GameActionForm
from scorekeeper.games.forms.hands import CallForm, HandForm, WholeHandForm
from scorekeeper.games.views.answers import (
    GAME_OVER_MESSAGE,
    after_change,
    game_over_answer,
    live_patch,
    refused_change,
)
from scorekeeper.games.views.hand_screen import conflict_of, hand_post, hand_screen
from scorekeeper.models import Game, GameOver, HandAlreadyThere, StaleGame, TokenUsed
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import load_game
from scorekeeper.web.rendering import screen


def _prefill(request: HtmxHttpRequest, game: Game) -> dict[str, Any] | None:
    """GET parameters that fill a hand form (the referee's audit sends them): the
    form is then bound, so a bad value is named beside its field."""
    keys = (
        "maker",
        "trump",
        "called",
        "alone",
        "round",
        "tricks",
        "partner",
        "renege",
        "revealed_on_trick",
    )
    given = {k: request.GET[k] for k in keys if k in request.GET}
    if not given:
        return None
    return {**given, "after": game.hands_played, "token": uuid.uuid4()}


@require_http_methods(["GET", "POST"])
def save_call(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Save the call: the maker, trump and the called card (and the bidding round, if
    noted), for the other phones to see; it starts nothing (the hand is whole at Save)."""
    game = load_game(request, game_id)
    url = reverse("hand_start", args=[game_id])
    if request.method == "GET":
        if game.is_finished:
            return game_over_answer(request, game)
        initial = {
            "version": game.version,
            "token": uuid.uuid4(),
            **HandForm.initial_from_current(game.current_hand),
        }
        form = CallForm(initial=initial, game=game)
        # The maker's name tapped on the table (not bound: nothing is wrong yet);
        # the maker chips say what is a seat, so "²" or "99" is simply ignored.
        maker = request.GET.get("maker", "")
        choices = form.fields["maker"]
        if isinstance(choices, forms.ChoiceField) and choices.valid_value(maker):
            form.initial["maker"] = maker
        return hand_screen(request, game, form)
    form = CallForm(request.POST, game=game)
    if not form.is_valid():
        return hand_screen(request, game, form, status=422, url=url)
    try:
        game.save_call(version=form.cleaned_data["version"], **form.start_kwargs)
    except StaleGame:
        return refused_change(request, game_id)
    except GameOver:
        return refused_change(request, game_id, GAME_OVER_MESSAGE)
    except HandError as error:
        form.add_engine_errors(error.errors)
        return hand_screen(request, game, form, status=422, url=url)
    # hand.js's fetch says the form it keeps (``?form=H&names=M``): the call saved
    # around it, as a follower's poll brings it (docs/formats.md, "Save the call").
    patch = live_patch(request, game, names=_names(game)) if wants_partial(request) else None
    return after_change(request, game) if patch is None else patch


def _names(game: Game) -> int:
    """The table's names version, as the table screen's poll says it."""
    return game.private_table.shown_version


@require_http_methods(["GET", "POST"])
def hand_dealer(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """A deal out of turn: who is dealing the next hand (GET asks, POST notes it).
    The hand is recorded with that dealer and the deal passes on from them."""
    game = load_game(request, game_id)
    url = reverse("hand_dealer", args=[game_id])
    if request.method == "GET":
        if game.is_finished:
            return game_over_answer(request, game)
        return _dealer_screen(request, game, DealerForm.for_game(game, game=game), url=url)
    form = DealerForm(request.POST, game=game)
    if form.is_valid():
        dealer = int(form.cleaned_data["dealer"])
        try:
            game.set_dealer(version=form.cleaned_data["version"], dealer=dealer)
        except StaleGame:
            return refused_change(request, game_id)
        except GameOver:
            return refused_change(request, game_id, GAME_OVER_MESSAGE)
        except HandError as error:
            form.add_engine_errors(error.errors)
        else:
            name = game.setup.name(dealer)
            turn = "" if game.next_dealer is None else " (out of turn)"
            return after_change(request, game, f"{name} deals this hand{turn}.")
    return _dealer_screen(request, game, form, url=url, status=422)


def _dealer_screen(
    request: HtmxHttpRequest, game: Game, form: DealerForm, *, url: str, status: int = 200
) -> HttpResponse:
    last = game.recent_hands(1)
    number, in_turn = game.in_turn(last[0] if last else None)
    _, dealer = game.upcoming(last[0] if last else None)
    setup = game.setup
    context = {
        "game": game,
        "form": form,
        "number": number,
        "in_turn": setup.name(in_turn),
        "dealer": setup.name(dealer),
        "choices": [
            (str(seat), name, seat == dealer, seat == in_turn)
            for seat, name in enumerate(setup.players)
        ],
    }
    return screen(request, "games/dealer.html", context, status=status, url=url)


@require_POST
def hand_cancel(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Forget the hand in progress (trump was recorded by mistake)."""
    form = GameActionForm(request.POST)
    if not form.is_valid():
        return refused_change(request, game_id, "Nothing changed: the form was incomplete.")
    game = load_game(request, game_id)
    try:
        game.cancel_hand_in_progress(version=form.cleaned_data["version"])
    except StaleGame:
        return refused_change(request, game_id)
    return after_change(request, game, "The call was cancelled.")


def _record(request: HtmxHttpRequest, game: Game, form: HandForm, url: str) -> HttpResponse:
    """Store the hand the form holds as hand ``after + 1``, once (its token). Stored,
    the table (or its live patch), the hand's number in the ``Bower-Hand`` header (303
    to the table without JavaScript); its place taken, the conflict (409); refused,
    the form with its messages (422)."""
    assert form.hand is not None
    data = form.cleaned_data
    try:
        taken = game.take_hand(token=data["token"], hand=form.hand, after=data["after"])
    except (StaleGame, HandAlreadyThere, TokenUsed) as refused:
        conflict = conflict_of(request, game, form.hand, refused)
        return hand_screen(request, game, form, status=409, url=url, conflict=conflict)
    except GameOver:
        form.add_error(None, GAME_OVER_MESSAGE)
        return hand_screen(request, game, form, status=422, url=url)
    except HandError as error:
        form.add_engine_errors(error.errors)
        return hand_screen(request, game, form, status=422, url=url)
    if wants_partial(request):
        game.read_again()  # drawn at once
    message = f"Hand {taken.number} recorded."
    if form.hand.thrown_in:
        name = no_score_hand_name(game.house_rules).lower()
        message = f"Hand {taken.number}: {name}, the deal passes on."
    # The outbox says which hand its form is for (``?form=H&names=M``): the table
    # around the form, as a follower's poll brings it (``live_patch``).
    patch = live_patch(request, game, names=_names(game)) if wants_partial(request) else None
    response = patch or after_change(request, game, message)
    response["Bower-Hand"] = str(taken.number)
    if response.status_code == 302:
        response.status_code = 303  # a posted hand's answer is the table, asked with GET
    return response


@require_GET
def hand_from_audit(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The way back from the referee's hand audit (it finishes nothing): a
    redirect to the whole hand, with the call in progress and the audit's
    ``tricks``, ``partner``, ``renege`` and ``revealed_on_trick`` filled in
    (``hand_enter``'s query)."""
    game = load_game(request, game_id)
    call = {
        key: value
        for key, value in HandForm.initial_from_current(game.current_hand).items()
        if value != ""
    }
    query = urlencode({**call, **request.GET.dict()})
    return redirect(reverse("hand_enter", args=[game_id]) + (f"?{query}" if query else ""))


@require_http_methods(["GET", "POST"])
def hand_enter(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """A hand, whole, or a misdeal: the one route a hand is recorded by
    (docs/formats.md, "Recording a hand, once"): the table screen's outbox and a
    page without JavaScript post the same form and get HTML (``_record``). GET draws it as one
    page, filled from the query (the referee's audit)."""
    game = load_game(request, game_id)
    url = reverse("hand_enter", args=[game_id])
    if request.method == "GET":
        if game.is_finished:
            return game_over_answer(request, game)
        data = _prefill(request, game)
        if data is not None:
            form = WholeHandForm(data, game=game)
        else:
            form = WholeHandForm(initial={"token": uuid.uuid4()}, game=game)
        return hand_screen(request, game, form)
    form = WholeHandForm(request.POST, game=game)
    return hand_post(request, game, form, url) or _record(request, game, form, url)
