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
    """A form whose refusal is one message, as the API answers it."""

    def first_error(self) -> str:
        for errors in self.errors.values():
            return str(errors[0])
        return "bad request"

    def _engine(self, run: Any) -> Any:
        try:
            return run()
        except CardError as error:
            raise forms.ValidationError(str(error)) from None


class TrickApiForm(ApiForm):
    """``?trump=H&cards=AS,JD,9H,KH``: who won and why."""

    trump = _text("trump")
    cards = _text("cards")

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        data["trump"] = self._engine(lambda: parse_trump(data["trump"]))
        cards = self._engine(lambda: parse_cards(data["cards"]))
        data["result"] = self._engine(lambda: judge_trick(cards=cards, trump=data["trump"]))
        return data


class LegalApiForm(ApiForm):
    """``?trump=H&led=AH&hand=JD,9S,KC``: which cards may be played."""

    trump = _text("trump")
    led = _text("led", required=False)
    hand = _text("hand")

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        trump = self._engine(lambda: parse_trump(data["trump"]))
        led = self._engine(lambda: parse_card(data["led"])) if data.get("led") else None
        hand = self._engine(lambda: parse_cards(data["hand"]))
        data["result"] = self._engine(lambda: legal_plays(hand=hand, led=led, trump=trump))
        return data
