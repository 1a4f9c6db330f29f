"""Recording the next hand the way the table plays it: trump made, the partner
revealed, the deal out of turn, the hand over (or entered whole), thrown in
or cancelled (taken back and redone: ``undo.py``)."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import HandError
from referee.engine.variants import no_score_hand_name
from scorekeeper.games.forms.actions import DealerForm, GameActionForm, RevealForm
from scorekeeper.games.forms.hands import (
    EditHandForm,
    FinishHandForm,
    HandForm,
    StartHandForm,
    WholeHandForm,
)
from scorekeeper.games.screens import describe_current_call, table_context
from scorekeeper.games.views.answers import GAME_OVER_MESSAGE, after_change, behind, open_game
from scorekeeper.games.views.hand_screen import hand_post, hand_screen
from scorekeeper.games.views.outbox import record_sent_later, sent_later
from scorekeeper.models import Game, GameOver, Hand, HandInProgress, StaleGame, TokenUsed
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import load_game
from scorekeeper.web.rendering import screen


def _prefill(request: HtmxHttpRequest, game: Game, base: dict[str, Any]) -> dict[str, Any] | None:
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
    return {**base, **given, "version": game.version, "token": uuid.uuid4()}


@require_http_methods(["GET", "POST"])
def hand_start(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Trump is made: the maker, trump and the call (and the bidding round, if noted)."""
    game = load_game(request, game_id)
    url = reverse("hand_start", args=[game_id])
    if request.method == "GET":
        if closed := open_game(request, game):
            return closed
        initial = {
            "version": game.version,
            "token": uuid.uuid4(),
            **HandForm.initial_from_current(game.current_hand),
        }
        form = StartHandForm(initial=initial, game=game)
        # The maker's name tapped on the table (not bound: nothing is wrong yet);
        # the maker chips say what is a seat, so "²" or "99" is simply ignored.
        maker = request.GET.get("maker", "")
        choices = form.fields["maker"]
        if isinstance(choices, forms.ChoiceField) and choices.valid_value(maker):
            form.initial["maker"] = maker
        return hand_screen(request, game, form)
    form = StartHandForm(request.POST, game=game)
    if not form.is_valid():
        return hand_screen(request, game, form, status=422, url=url)
    try:
        game.start_hand(version=form.cleaned_data["version"], **form.start_kwargs)
    except StaleGame:
        return behind(request, game_id)
    except GameOver:
        return behind(request, game_id, GAME_OVER_MESSAGE)
    except HandError as error:
        form.add_engine_errors(error.errors)
        return hand_screen(request, game, form, status=422, url=url)
    return after_change(request, game)


@require_POST
def hand_reveal(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The called card was played: one tap records who holds it (and on which trick)."""
    game = load_game(request, game_id)
    form = RevealForm(request.POST, game=game)
    if form.is_valid():
        trick = form.cleaned_data.get("trick")
        try:
            game.reveal_partner(
                version=form.cleaned_data["version"],
                partner=int(form.cleaned_data["partner"]),
                trick=int(trick) if trick else None,
            )
        except StaleGame:
            return behind(request, game_id)
        except HandError as error:
            form.add_engine_errors(error.errors)
        else:
            return after_change(request, game)
    # The table takes the partner with the whole hand now (static/js/hand.js): a
    # reveal refused says why above it.
    for problems in form.errors.values():
        for problem in problems:
            messages.error(request, str(problem))
    return screen(
        request,
        "games/table.html",
        table_context(game),
        status=422,
        url=reverse("game_table", args=[game_id]),
    )


@require_http_methods(["GET", "POST"])
def hand_dealer(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """A deal out of turn: who is dealing the next hand (GET asks, POST notes it).
    The hand is recorded with that dealer and the deal passes on from them."""
    game = load_game(request, game_id)
    url = reverse("hand_dealer", args=[game_id])
    if request.method == "GET":
        if closed := open_game(request, game):
            return closed
        return _dealer_screen(request, game, DealerForm.for_game(game, game=game), url=url)
    form = DealerForm(request.POST, game=game)
    if form.is_valid():
        dealer = int(form.cleaned_data["dealer"])
        try:
            game.set_dealer(version=form.cleaned_data["version"], dealer=dealer)
        except StaleGame:
            return behind(request, game_id)
        except GameOver:
            return behind(request, game_id, GAME_OVER_MESSAGE)
        except HandError as error:
            form.add_engine_errors(error.errors)
        else:
            name = game.table.name(dealer)
            turn = "" if game.next_dealer is None else " (out of turn)"
            return after_change(request, game, f"{name} deals this hand{turn}.")
    return _dealer_screen(request, game, form, url=url, status=422)


def _dealer_screen(
    request: HtmxHttpRequest, game: Game, form: DealerForm, *, url: str, status: int = 200
) -> HttpResponse:
    last = game.recent_hands(1)
    number, in_turn = game.in_turn(last[0] if last else None)
    _, dealer = game.upcoming(last[0] if last else None)
    table = game.table
    context = {
        "game": game,
        "form": form,
        "number": number,
        "in_turn": table.name(in_turn),
        "dealer": table.name(dealer),
        "choices": [
            (str(seat), name, seat == dealer, seat == in_turn)
            for seat, name in enumerate(table.players)
        ],
    }
    return screen(request, "games/dealer.html", context, status=status, url=url)


@require_POST
def hand_cancel(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Forget the hand in progress (trump was recorded by mistake)."""
    form = GameActionForm(request.POST)
    if not form.is_valid():
        return behind(request, game_id, "Nothing changed: the form was incomplete.")
    game = load_game(request, game_id)
    try:
        game.cancel_hand_in_progress(version=form.cleaned_data["version"])
    except StaleGame:
        return behind(request, game_id)
    return after_change(request, game, "The call was cancelled.")


def _record(
    request: HtmxHttpRequest, game: Game, form: HandForm, url: str, **extra: Any
) -> HttpResponse:
    """Store the hand the form holds, once (its token), if this phone is up to
    date; refused, the form comes back as it was shown (``extra``: its call)."""
    assert form.hand is not None
    try:
        record = game.record_hand(
            version=form.cleaned_data["version"],
            token=form.cleaned_data.get("token"),
            hand=form.hand,
        )
    except StaleGame:
        return behind(request, game.pk)
    except GameOver:
        form.add_error(None, GAME_OVER_MESSAGE)
        return hand_screen(request, game, form, status=422, url=url, **extra)
    except HandError as error:
        form.add_engine_errors(error.errors)
        return hand_screen(request, game, form, status=422, url=url, **extra)
    except TokenUsed as used:
        # Back, changed, saved again: this form already recorded another hand.
        # What was entered stays on screen, with the way to change the hand.
        already = _already(game, used, form)
        return hand_screen(request, game, form, status=409, url=url, already=already, **extra)
    return after_change(request, game, f"Hand {record.number} recorded.")


def _hand_of_token(game: Game, token: str) -> Hand | None:
    """The hand a form's token recorded, if any (``record_hand`` checks the
    token itself: this is for reading a form whose hand is no longer in progress)."""
    try:
        return game.hands.filter(token=uuid.UUID(token)).first()
    except ValueError:
        return None


def _call_of(hand: Hand) -> HandInProgress:
    """The call of a recorded hand, as the hand over form reads it (never
    saved, and not the game's: no hand is in progress)."""
    fields = ("maker", "trump", "called", "alone", "bidding_round", "partner", "revealed_on_trick")
    return HandInProgress(**{name: getattr(hand, name) for name in fields})


def _already(game: Game, used: TokenUsed, form: HandForm) -> dict[str, Any]:
    """The hand a form's token already recorded, as the 409 names it, and what
    its one tap posts to store the form's hand as the change of that hand."""
    assert form.hand is not None
    record = used.hand
    return {
        "number": record.number,
        "summary": record.summary(game.table),
        "as_edit": EditHandForm.data_for(game, form.hand, dealer=record.dealer),
    }


@require_http_methods(["GET", "POST"])
def hand_finish(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The hand is over: tricks, the partner if not revealed, a renege. GET
    accepts ``tricks``, ``partner`` (a seat, ``maker`` or ``none``), ``renege``
    and ``revealed_on_trick`` to fill the form (the referee's hand audit)."""
    game = load_game(request, game_id)
    current = game.current_hand
    if current is None and request.method == "POST":
        used = _hand_of_token(game, request.POST.get("token", ""))
        if used is not None and not used.thrown_in:
            # This screen's hand was saved already (a retry, or Back and a change):
            # read the form against its call; record_hand answers which it is.
            current = _call_of(used)
    if current is None:
        # Nothing in progress: the whole hand is entered at once, with the same values.
        query = request.GET.urlencode() if request.method == "GET" else ""
        target = reverse("hand_enter", args=[game_id]) + (f"?{query}" if query else "")
        if request.method == "POST":
            messages.warning(request, "No hand is in progress: enter the whole hand.")
        return redirect(target)
    url = reverse("hand_finish", args=[game_id])
    if request.method == "GET":
        if closed := open_game(request, game):
            return closed
        base = HandForm.initial_from_current(current)
        data = _prefill(request, game, base)
        if data is not None:
            form = FinishHandForm(data, game=game, current=current)
        else:
            initial = {"version": game.version, "token": uuid.uuid4(), **base}
            form = FinishHandForm(initial=initial, game=game, current=current)
        return hand_screen(request, game, form, call=describe_current_call(game, current))
    form = FinishHandForm(request.POST, game=game, current=current)
    call = describe_current_call(game, current)
    return hand_post(request, game, form, url, call=call) or _record(
        request, game, form, url, call=call
    )


@require_http_methods(["GET", "POST"])
def hand_enter(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """A whole hand at once, after the fact: the call and the end together."""
    game = load_game(request, game_id)
    url = reverse("hand_enter", args=[game_id])
    if request.method == "GET":
        if closed := open_game(request, game):
            return closed
        data = _prefill(request, game, {})
        if data is not None:
            form = WholeHandForm(data, game=game)
        else:
            initial = {"version": game.version, "token": uuid.uuid4()}
            form = WholeHandForm(initial=initial, game=game)
        return hand_screen(request, game, form)
    form = WholeHandForm(request.POST, game=game)
    if sent_later(request.POST):
        return record_sent_later(game, request.POST, form, form.hand if form.is_valid() else None)
    return hand_post(request, game, form, url) or _record(request, game, form, url)


@require_POST
def hand_thrown_in(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Everyone passed (or, with stick the dealer, a misdeal): no score, the
    deal passes on (docs/rules.md 2 (every variant))."""
    if sent_later(request.POST):
        game = load_game(request, game_id)
        return record_sent_later(game, request.POST, None, EngineHand(thrown_in=True))
    form = GameActionForm(request.POST)
    if not form.is_valid():
        return behind(request, game_id, "Nothing changed: the form was incomplete.")
    game = load_game(request, game_id)
    try:
        record = game.record_hand(
            version=form.cleaned_data["version"],
            token=form.cleaned_data.get("token"),
            hand=EngineHand(thrown_in=True),
        )
    except StaleGame:
        return behind(request, game_id)
    except GameOver:
        return behind(request, game_id, GAME_OVER_MESSAGE)
    except TokenUsed as used:
        number = used.hand.number
        return behind(
            request, game_id, f"Nothing changed: this screen already recorded hand {number}."
        )
    name = no_score_hand_name(game.house_rules)
    return after_change(request, game, f"Hand {record.number}: {name.lower()}, the deal passes on.")
