"""The referee's JSON API (docs/formats.md, "Referee API"): no login, bad input answers 400."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from referee.engine.cards import format_trump
from referee.forms.api import LegalApiForm, TrickApiForm


def _bad_request(message: str) -> JsonResponse:
    return JsonResponse({"error": message}, status=400)


@require_GET
def trick(request: HttpRequest) -> JsonResponse:
    """``GET /referee/api/trick?trump=H&cards=AS,JD,9H,KH``: who won and why."""
    form = TrickApiForm(request.GET)
    if not form.is_valid():
        return _bad_request(form.first_error())
    result = form.cleaned_data["result"]
    return JsonResponse(
        {
            "winner": result.winner,
            "card": str(result.card),
            "led_suit": result.led_suit.letter,
            "reason": result.reason,
            "trump": format_trump(form.cleaned_data["trump"]),
        }
    )


@require_GET
def legal(request: HttpRequest) -> JsonResponse:
    """``GET /referee/api/legal?trump=H&led=AH&hand=JD,9S,KC``: which cards may be played."""
    form = LegalApiForm(request.GET)
    if not form.is_valid():
        return _bad_request(form.first_error())
    result = form.cleaned_data["result"]
    return JsonResponse(
        {
            "legal": [str(c) for c in result.legal],
            "must_follow": result.must_follow.letter if result.must_follow else None,
            "reason": result.reason,
        }
    )
