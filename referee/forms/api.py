"""The JSON API's query strings (docs/formats.md, "Referee API"): read by forms like every
other page, the engine's own words kept as the error (bad input answers 400)."""

from __future__ import annotations

from typing import Any

from django import forms

from referee.engine.cards import CardError, parse_card, parse_cards, parse_trump
from referee.engine.tricks import judge_trick, legal_plays

_LONGEST = 200  # far more than six cards in any notation


def _text(name: str, *, required: bool = True) -> forms.CharField:
    return forms.CharField(
        required=required,
        max_length=_LONGEST,
        error_messages={
            "required": f"the '{name}' parameter is missing",
            "max_length": f"the '{name}' parameter is too long",
        },
    )


class ApiForm(forms.Form):
    """A form whose refusal is one message, as the API answers it: ``answer`` runs
    the engine on the parameters once they read, and its CardError is the message."""

    def first_error(self) -> str:
        for errors in self.errors.values():
            return str(errors[0])
        return "bad request"

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not self.errors:
            try:
                data.update(self.answer(data))
            except CardError as error:
                raise forms.ValidationError(str(error)) from None
        return data

    def answer(self, data: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError


class TrickApiForm(ApiForm):
    """``?trump=H&cards=AS,JD,9H,KH``: who won and why."""

    trump = _text("trump")
    cards = _text("cards")

    def answer(self, data: dict[str, Any]) -> dict[str, Any]:
        trump = parse_trump(data["trump"])
        return {
            "trump": trump,
            "result": judge_trick(cards=parse_cards(data["cards"]), trump=trump),
        }


class LegalApiForm(ApiForm):
    """``?trump=H&led=AH&hand=JD,9S,KC``: which cards may be played."""

    trump = _text("trump")
    led = _text("led", required=False)
    hand = _text("hand")

    def answer(self, data: dict[str, Any]) -> dict[str, Any]:
        trump = parse_trump(data["trump"])
        led = parse_card(data["led"]) if data.get("led") else None
        return {"result": legal_plays(hand=parse_cards(data["hand"]), led=led, trump=trump)}
