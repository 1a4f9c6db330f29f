"""The quick tools' query strings: card ranking, the trick judge, legal play."""

from __future__ import annotations

from typing import Any

from django import forms

from referee.engine.cards import parse_trump
from referee.engine.tricks import check_play, judge_trick, legal_plays
from referee.forms.fields import (
    PLAYER_COUNT_CHOICES,
    CardField,
    CardListField,
    TrumpField,
    choice_errors,
    deck_field,
)
from referee.forms.house_rules import HouseRulesForm


class RankingForm(forms.Form):
    """``?trump=H&deck=28``: every suit in order under that trump."""

    trump = TrumpField(required=False)
    deck = deck_field()


class TrickForm(forms.Form):
    """``?trump=H&cards=AS,JD,9H,KH``: the cards in the order played, the first one led."""

    trump = TrumpField(required=False)
    cards = CardListField(required=False, max_cards=6, what="trick")
    deck = deck_field()

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        trump, cards = data.get("trump"), data.get("cards")
        data["result"] = None
        if trump and cards and len(cards) >= 2:
            data["result"] = judge_trick(cards=cards, trump=parse_trump(trump))
        return data


class LegalForm(HouseRulesForm):
    """``?trump=H&led=AH&hand=JD,9S,KC&played=9S``: may this card be played?"""

    trump = TrumpField()
    led = CardField(required=False)
    hand = CardListField(
        max_cards=6,
        what="hand",
        error_messages={"required": "Pick the cards in the player's hand."},
    )
    played = CardField(required=False)
    players = forms.TypedChoiceField(
        required=False,
        coerce=int,
        empty_value=None,
        choices=PLAYER_COUNT_CHOICES,
        error_messages=choice_errors("4, 5 or 6 players"),
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        trump_text, hand = data.get("trump"), data.get("hand")
        led, played = data.get("led"), data.get("played")
        data["options"] = data["check"] = None
        players = data.get("players")
        if players is not None and players not in data["variant"].player_counts:
            counts = data["variant"].player_counts_text
            self.add_error("players", f"{data['variant'].label} is played by {counts} players.")
        if not trump_text or not hand:
            return data
        trump = parse_trump(trump_text)
        if led is not None and led in hand:
            self.add_error("led", f"The {led.name} was led, so it cannot also be in the hand.")
            return data
        data["options"] = legal_plays(hand=hand, led=led, trump=trump)
        if played is not None:
            if played not in hand:
                self.add_error(
                    "played", f"The {played.name} is not in the hand: pick one of its cards."
                )
            else:
                data["check"] = check_play(hand=hand, led=led, trump=trump, played=played)
        return data
