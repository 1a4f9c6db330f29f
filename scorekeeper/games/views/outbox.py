"""A hand sent from a phone's outbox (``static/js/outbox.js``): saved on the phone
while the network was down and sent later, in order, with ``after``, the number
of hands that phone saw (docs/formats.md, "Recording a hand, once" and "The
outbox's answers"). It is stored by ``Game.record_hand`` as any hand is; the
answer is JSON, because the phone's script reads it, not a person:

- 200 ``{"recorded": number, "hands": count}``: stored as hand ``after + 1``
  (or by this token already: a retry answers as the first time);
- 409 ``{"hands": count, "theirs": {...} | null, "mine": summary}``: nothing
  stored; another hand stands at ``after + 1`` (``theirs``, with what posting
  the phone's hand as an edit of it takes), or hands were taken back meanwhile
  (``theirs`` null). The scorer chooses on the phone;
- 422 ``{"problems": [[field or null, message], ...]}``: the hand is refused
  (the game is over, the engine refuses it, the form is not a hand).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import JsonResponse
from django.urls import reverse

from referee.engine.describe import describe_hand
from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import HandError
from scorekeeper.games.forms.actions import engine_errors
from scorekeeper.games.forms.hands import EditHandForm
from scorekeeper.games.views.answers import GAME_OVER_MESSAGE
from scorekeeper.models import Game, GameOver, HandAlreadyThere, StaleGame, TokenUsed
from scorekeeper.models import Hand as HandRecord


class SentLater(forms.Form):
    """What an outbox adds to a hand's form: where the hand goes, and its token
    (required: a hand sent again must be known as the same hand)."""

    after = forms.IntegerField(min_value=0, error_messages={"invalid": "Not a number of hands."})
    token = forms.UUIDField(error_messages={"required": "A hand sent later needs its token."})


def sent_later(data: Any) -> bool:
    """Whether a posted form comes from a phone's outbox."""
    return "after" in data


def record_sent_later(
    game: Game, data: Any, form: forms.Form | None, hand: EngineHand | None
) -> JsonResponse:
    """Store ``hand`` (read by ``form``, None for a hand with no form: thrown in)
    as hand ``after + 1`` of ``game``, once; the outbox's answer."""
    place = SentLater(data)
    problems = _problems(place)
    if form is not None and not form.is_valid():
        problems += _problems(form)
    if problems or hand is None:
        return _refused(problems or [[None, "That is not a whole hand."]])
    after = place.cleaned_data["after"]
    try:
        record = game.record_hand(
            version=None, token=place.cleaned_data["token"], hand=hand, after=after
        )
    except HandAlreadyThere as there:
        return _conflict(game, hand, there.hand)
    except TokenUsed as used:
        return _conflict(game, hand, used.hand)
    except StaleGame:
        return _conflict(game, hand, None)
    except GameOver:
        return _refused([[None, GAME_OVER_MESSAGE]])
    except HandError as error:
        fields = form.fields if form is not None else {}
        return _refused(
            [[field, message] for field, message in engine_errors(error.errors, fields)]
        )
    return JsonResponse({"recorded": record.number, "hands": _hands(game)})


def _problems(form: forms.Form) -> list[list[str | None]]:
    if form.is_valid():
        return []
    shown: list[list[str | None]] = []
    for field, errors in form.errors.items():
        name = None if field == NON_FIELD_ERRORS else field
        shown.extend([name, str(message)] for message in errors)
    return shown


def _refused(problems: list[list[str | None]]) -> JsonResponse:
    return JsonResponse({"problems": problems}, status=422)


def _hands(game: Game) -> int:
    return game.hands.count()


def _conflict(game: Game, mine: EngineHand, theirs: HandRecord | None) -> JsonResponse:
    table = game.table
    fresh = Game.objects.get(pk=game.pk)
    answer: dict[str, Any] = {
        "hands": _hands(fresh),
        "mine": describe_hand(table, mine),
        "theirs": None,
    }
    if theirs is not None:
        answer["theirs"] = {
            "number": theirs.number,
            "summary": theirs.summary(table),
            # Posting the phone's hand as the change of theirs (the scorer's tap).
            "edit": {
                "url": reverse("hand_edit", args=[game.pk, theirs.number]),
                "fields": EditHandForm.data_for(fresh, mine, dealer=theirs.dealer),
            },
        }
    return JsonResponse(answer, status=409)
