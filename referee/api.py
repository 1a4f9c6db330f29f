"""The referee's JSON API (contract.md): no login, bad input answers 400."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from referee.engine.cards import CardError, format_trump, parse_card, parse_cards, parse_trump
from referee.engine.tricks import judge_trick, legal_plays


def _bad_request(message: str) -> JsonResponse:
    return JsonResponse({"error": message}, status=400)


def _param(request: HttpRequest, name: str) -> str:
    value = request.GET.get(name)
    if value is None or not value.strip():
        raise CardError(f"the '{name}' parameter is missing")
    return value


@require_GET
def trick(request: HttpRequest) -> JsonResponse:
    """``GET /referee/api/trick?trump=H&cards=AS,JD,9H,KH``: who won and why."""
    try:
        trump = parse_trump(_param(request, "trump"))
        cards = parse_cards(_param(request, "cards"))
        result = judge_trick(cards=cards, trump=trump)
    except CardError as error:
        return _bad_request(str(error))
    return JsonResponse(
        {
            "winner": result.winner,
            "card": str(result.card),
            "led_suit": result.led_suit.letter,
            "reason": result.reason,
            "trump": format_trump(trump),
        }
    )


@require_GET
def legal(request: HttpRequest) -> JsonResponse:
    """``GET /referee/api/legal?trump=H&led=AH&hand=JD,9S,KC``: which cards may be played."""
    try:
        trump = parse_trump(_param(request, "trump"))
        led_text = request.GET.get("led", "").strip()
        led = parse_card(led_text) if led_text else None
        hand = parse_cards(_param(request, "hand"))
        result = legal_plays(hand=hand, led=led, trump=trump)
    except CardError as error:
        return _bad_request(str(error))
    return JsonResponse(
        {
            "legal": [str(c) for c in result.legal],
            "must_follow": result.must_follow.letter if result.must_follow else None,
            "reason": result.reason,
        }
    )
