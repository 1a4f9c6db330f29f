"""The score calculator's query string: a table's setup, then the hand as the scorer records it."""

from __future__ import annotations

from typing import Any

from django import forms

from referee.engine.hands import GameSetup, HandError
from referee.engine.reading import read_hand
from referee.engine.scoring import score_hand
from referee.engine.variants import RulesError, Variant
from referee.forms.fields import (
    MAX_TRICKS,
    PlayersField,
    TrumpField,
    choice_errors,
    is_player_count,
    sentence,
)
from referee.forms.house_rules import HouseRulesForm

# The parameters that describe the hand; without any of them the page only sets the table up.
HAND_PARAMS = ("maker", "trump", "called", "partner", "alone", "tricks", "renege")


class ScoreForm(HouseRulesForm):
    """What would this hand score? (docs/formats.md, "What a hand record holds"). ``players`` is a
    count or the names in seat order; ``maker``, ``partner`` and ``renege`` are seats from 1."""

    players = PlayersField()
    maker = forms.TypedChoiceField(
        coerce=int,
        choices=[(str(i), str(i)) for i in range(1, 7)],
        error_messages=choice_errors("a seat from 1 to 6", required="Pick the maker."),
    )
    trump = TrumpField()
    called = forms.CharField(required=False, max_length=8)
    partner = forms.CharField(required=False, max_length=8)
    alone = forms.BooleanField(required=False)
    tricks = forms.TypedChoiceField(
        coerce=int,
        choices=[(str(i), str(i)) for i in range(MAX_TRICKS + 1)],
        error_messages=choice_errors(
            "from 0 to 6 tricks", required="Pick how many tricks the maker's side took."
        ),
    )
    # ``renege`` is who reneged, as in a hand record; the house rule moves to ``renege_rule``.
    renege = forms.TypedChoiceField(
        required=False,
        coerce=int,
        empty_value=None,
        choices=[(str(i), str(i)) for i in range(1, 7)],
        error_messages=choice_errors("a seat from 1 to 6, or nobody"),
    )
    renege_rule = HouseRulesForm.base_fields["renege"]
    rule_fields = {"renege": "renege_rule"}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hand_given = self.is_bound and any(k in self.data for k in HAND_PARAMS)
        if not self.hand_given:
            # Only the table is being set up: nothing of the hand is missing yet.
            for name in HAND_PARAMS:
                self.fields[name].required = False

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        data["score"] = data["setup"] = data["hand"] = None
        # Names (a game's table) rather than a count: the page keeps them as they came.
        data["named"] = bool(data.get("players")) and not is_player_count(
            str(self.data.get("players", ""))
        )
        variant: Variant = data["variant"]
        names = data.get("players") or tuple(
            f"Player {n}" for n in range(1, variant.player_counts[0] + 1)
        )
        if "players" in self.errors or "variant" in self.errors:
            return data
        try:
            setup = GameSetup(variant=variant, players=names, rules=data["rules"])
        except RulesError as error:
            self.add_error("players", sentence(error.message))
            return data
        data["setup"] = setup
        if not self.hand_given or self.errors:
            return data
        for field in ("maker", "renege"):
            seat = data.get(field)
            if seat is not None and seat > setup.n:
                self.add_error(field, f"There is no seat {seat} at a table of {setup.n}.")
        partner = data.get("partner") or ""
        if _is_seat_number(partner) and not 1 <= int(partner) <= setup.n:
            self.add_error("partner", f"There is no seat {partner} at a table of {setup.n}.")
        if self.errors:
            return data
        try:
            hand = read_hand(setup, self._document(setup, data))
        except HandError as error:
            for key, message in error.errors.items():
                self.add_error(key if key in self.fields else None, sentence(message))
            return data
        data["hand"] = hand
        data["score"] = score_hand(setup, hand)
        return data

    def _document(self, setup: GameSetup, data: dict[str, Any]) -> dict[str, Any]:
        """The hand in game-document form, so the engine's reader checks it
        (docs/formats.md, "Game document (import and export)")."""
        doc: dict[str, Any] = {
            "trump": data["trump"],
            "tricks": data["tricks"],
            "maker": setup.name(data["maker"] - 1),
        }
        if data.get("renege") is not None:
            doc["renege"] = setup.name(data["renege"] - 1)
        if data.get("alone"):
            doc["alone"] = True
        if data.get("called"):
            doc["called"] = data["called"]
        partner = data.get("partner") or ""
        if _is_seat_number(partner):
            doc["partner"] = setup.name(int(partner) - 1)
        elif partner:
            doc["partner"] = partner  # "maker", "none", or refused by the reader
        return doc


def _is_seat_number(text: str) -> bool:
    # ASCII only: "²" is a digit to str.isdigit but not to int().
    return text.isascii() and text.isdigit()
