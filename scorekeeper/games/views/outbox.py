"""The one way in's answer to a phone's script (``static/js/outbox.js``): a hand
saved on the phone and sent, at once or later, in order, with ``after``, the
number of hands that phone saw, and its token (docs/formats.md, "Recording a
hand, once" and "The outbox's answers"). It is stored by ``Game.take_hand`` as
any hand is; the answer is JSON, because the phone's script reads it, not a
person:

- 200 ``{"recorded": number, "hands": count, "again": bool}``: stored as hand
  ``after + 1``, or already (``again``: this token, or the same deal from
  another phone, answers as recorded);
- 409 ``{"hands": count, "theirs": {...} | null, "mine": summary}``: nothing
  stored; another hand stands at ``after + 1`` (``theirs``, with who stored it
  and what posting the phone's hand as an edit of it takes), or hands were
  taken back meanwhile (``theirs`` null). The scorer chooses on the phone;
- 422 ``{"problems": [[field or null, message], ...]}``: the hand is refused
  (the game is over, the engine refuses it, the form is not a hand).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import HttpRequest, JsonResponse
from django.urls import reverse

from referee.engine.describe import describe_hand
from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import HandError
from scorekeeper.games.forms.actions import engine_errors
from scorekeeper.games.forms.hands import EditHandForm, WholeHandForm
from scorekeeper.games.views.answers import GAME_OVER_MESSAGE
from scorekeeper.models import Game, GameOver, HandAlreadyThere, StaleGame, TokenUsed
from scorekeeper.models import Hand as HandRecord


def answers_json(request: HttpRequest) -> bool:
    """Whether a posted hand comes from a phone's script, which asks for JSON
    (``Accept: application/json``); htmx and a page without JavaScript get HTML."""
    if request.headers.get("HX-Request"):
        return False
    return "application/json" in request.headers.get("Accept", "")


def record_from_outbox(game: Game, form: WholeHandForm) -> JsonResponse:
    """Store the hand ``form`` reads as hand ``after + 1`` of ``game``, once; the
    script's answer."""
    if not form.is_valid() or form.hand is None:
        return _refused(_problems(form) or [[None, "That is not a whole hand."]])
    hand = form.hand
    data = form.cleaned_data
    try:
        taken = game.take_hand(token=data["token"], hand=hand, after=data["after"])
    except HandAlreadyThere as there:
        return _conflict(game, hand, there.hand, by="another phone")
    except TokenUsed as used:
        return _conflict(game, hand, used.hand, by="this phone", number=used.number)
    except StaleGame:
        return _conflict(game, hand, None)
    except GameOver:
        return _refused([[None, GAME_OVER_MESSAGE]])
    except HandError as error:
        return _refused(
            [[field, message] for field, message in engine_errors(error.errors, form.fields)]
        )
    return JsonResponse({"recorded": taken.number, "hands": taken.hands, "again": taken.again})


def _problems(form: forms.Form) -> list[list[str | None]]:
    shown: list[list[str | None]] = []
    for field, errors in form.errors.items():
        name = None if field == NON_FIELD_ERRORS else field
        shown.extend([name, str(message)] for message in errors)
    return shown


def _refused(problems: list[list[str | None]]) -> JsonResponse:
    return JsonResponse({"problems": problems}, status=422)


def _conflict(
    game: Game,
    mine: EngineHand,
    theirs: HandRecord | None,
    *,
    by: str = "",
    number: int | None = None,
) -> JsonResponse:
    """The 409: the phone's hand, and the one standing where it goes (``by``
    this phone: its token recorded it, Back and changed; or another phone),
    with what it takes to keep the phone's hand as an edit of it."""
    setup = game.setup
    fresh = Game.objects.get(pk=game.pk)
    answer: dict[str, Any] = {
        "hands": fresh.hands.count(),
        "mine": describe_hand(setup, mine),
        "theirs": None,
    }
    if theirs is None and number is not None:
        # This phone's token recorded hand ``number``, taken back since.
        answer["theirs"] = {"number": number, "by": by, "summary": "", "edit": None}
    elif theirs is not None:
        answer["theirs"] = {
            "number": theirs.number,
            "by": by,
            "summary": theirs.summary(setup),
            "points": theirs.points,
            "dealer": setup.name(theirs.dealer),
            # The token it was stored with: the phone knows its own earlier saves by it.
            "token": None if theirs.token is None else str(theirs.token),
            # Posting the phone's hand as the change of theirs (the scorer's tap).
            "edit": {
                "url": reverse("hand_edit", args=[game.pk, theirs.number]),
                "fields": EditHandForm.data_for(fresh, mine, dealer=theirs.dealer),
            },
        }
    return JsonResponse(answer, status=409)
