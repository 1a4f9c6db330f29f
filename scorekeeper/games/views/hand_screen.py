"""The hand form's screen, shared by recording and editing a hand: the form
with its preview of every player's points, or the live preview alone (htmx); and
the one conflict part a 409 shows above it (``conflict_of``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import render

from referee.engine.describe import describe_hand
from referee.engine.hands import Hand as EngineHand
from referee.http import varies_on_htmx, wants_partial
from scorekeeper.games.forms.hands import EditHandForm, HandForm
from scorekeeper.models import Game, HandAlreadyThere, StaleGame, TokenUsed
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.rendering import screen


def hand_screen(
    request: HtmxHttpRequest,
    game: Game,
    form: HandForm,
    *,
    status: int = 200,
    url: str | None = None,
    **extra: Any,
) -> HttpResponse:
    context = _context(game, form, previewed=form.stage != "start" and form.is_bound, **extra)
    return screen(request, "games/hand.html", context, status=status, url=url)


def _context(game: Game, form: HandForm, *, previewed: bool, **extra: Any) -> dict[str, Any]:
    context = {"game": game, "setup": game.setup, "form": form, "stage": form.stage, **extra}
    if previewed:
        context["preview"] = form.preview_rows()
        context["score"] = form.score()
    return context


def preview(request: HtmxHttpRequest, game: Game, form: HandForm, **extra: Any) -> HttpResponse:
    """The live preview: every player's points and the rule, as the scorer taps."""
    context = {**_context(game, form, previewed=True, **extra), "partial": True}
    response = render(request, "scorekeeper/games/hand.html#preview", context)
    response["HX-Retarget"] = "#preview"
    response["HX-Reswap"] = "outerHTML"
    return varies_on_htmx(response)


def hand_post(
    request: HtmxHttpRequest, game: Game, form: HandForm, url: str, **extra: Any
) -> HttpResponse | None:
    """A posted hand form that is not (yet) to be stored: the live preview, the
    no-JavaScript preview, or the form again with its errors. None: store it."""
    previewing = "preview" in request.POST
    if previewing and wants_partial(request):
        return preview(request, game, form, **extra)
    if not form.is_valid() or form.hand is None:
        return hand_screen(request, game, form, status=422, url=url, **extra)
    if previewing:
        return hand_screen(request, game, form, url=url, **extra)
    return None


def conflict_of(
    request: HtmxHttpRequest,
    game: Game,
    mine: EngineHand,
    refused: StaleGame | HandAlreadyThere | TokenUsed,
) -> dict[str, Any]:
    """What the one conflict part (hand.html's ``conflict``) shows, for the page, htmx
    and the outbox alike; nothing was stored. The phone's hand (``mine``) and the one
    standing where it goes, who stored it (this phone: its token, or an ``earlier``
    token the outbox sent it with before it was changed there; else another phone),
    and the choices: keep theirs, change it to mine, or save mine as the next hand.
    With no hand there, hands were taken back meanwhile."""
    game.read_again()
    setup = game.setup
    theirs = None if isinstance(refused, StaleGame) else refused.hand
    number = refused.number if isinstance(refused, TokenUsed) else theirs and theirs.number
    earlier = request.POST.getlist("earlier")
    ours = isinstance(refused, TokenUsed) or bool(theirs and str(theirs.token) in earlier)
    posted = {k: v for k, v in request.POST.items() if k not in ("csrfmiddlewaretoken", "earlier")}
    as_edit = None
    if theirs is not None:
        dealer = theirs.dealer if mine.dealer is None else mine.dealer
        as_edit = EditHandForm.data_for(game, mine, dealer=dealer)
    return {
        "number": number,
        "ours": ours,
        "hands": game.hands_played,
        "mine": describe_hand(setup, mine),
        "theirs": theirs.summary(setup) if theirs else "",
        "points": theirs.points if theirs else [],
        "as_edit": as_edit,
        # The same token, a later place (it recorded nothing: a token that did is ours).
        "as_next": None if ours else {**posted, "after": str(game.hands_played)},
    }
