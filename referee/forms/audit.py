"""The hand audit's query string: the table, the call, then each trick's cards."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django import forms

from referee.engine.audit import AuditError, HandAudit, TrickEntry, audit_hand
from referee.engine.cards import Card, CardError, Suit, parse_card, parse_suit, parse_trump
from referee.engine.hands import GameSetup
from referee.engine.names import index_of
from referee.engine.variants import RulesError, Variant
from referee.forms.fields import (
    MAX_TRICKS,
    CardListField,
    PlayersField,
    ReturnPathField,
    TrumpField,
    sentence,
)
from referee.forms.house_rules import HouseRulesForm

_TRICK_FIELD = re.compile(r"t([1-9])")


def is_trick_field(name: str) -> bool:
    """``t1`` ... ``t6``: a trick's cards."""
    return _TRICK_FIELD.fullmatch(name) is not None


class AuditForm(HouseRulesForm):
    """A hand entered trick by trick; the whole state lives in the query string.

    ``players`` are names in seat order; ``maker`` and ``leader`` are names;
    ``t1`` ... ``t6`` are each trick's cards in the order played; ``finish`` is
    the page of this site that records the audited hand (a game's end-of-hand form).
    """

    players = PlayersField(
        label="Players, in seat order",
        help_text="Clockwise from any seat, separated by commas: Ann, Ben, Cat, Dan, Eve.",
    )
    maker = forms.CharField(required=False, max_length=40)
    trump = TrumpField(required=False)
    called = forms.CharField(required=False, max_length=8)
    alone = forms.BooleanField(required=False)
    leader = forms.CharField(required=False, max_length=40)
    # The one page a finished audit returns to: the game's end-of-hand form, which the
    # game's link names (scorekeeper/web/referee_links.py).
    finish = ReturnPathField(pages=("hand_finish",))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for number in range(1, MAX_TRICKS + 1):
            self.fields[f"t{number}"] = CardListField(
                required=False, max_cards=6, what=f"trick {number}"
            )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        data.update(setup=None, audit=None, ready=False)
        names: tuple[str, ...] = data.get("players") or ()
        data["names"] = names
        if not names or "players" in self.errors:
            return data
        try:
            setup = GameSetup(variant=data["variant"], players=names, rules=data["rules"])
        except RulesError as error:
            self.add_error("players", sentence(error.message))
            return data
        data["setup"] = setup
        maker, leader = self._seat(setup, "maker"), self._seat(setup, "leader")
        called = self._called(data["variant"], data.get("called") or "")
        alone = bool(data.get("alone"))
        data.update(maker_seat=maker, leader_seat=leader, called_value=called)
        needs_call = data["variant"] is Variant.CALL_ACE or (
            data["variant"] is Variant.CALL_YOUR_PARTNER and not alone
        )
        data["ready"] = (
            not any(not is_trick_field(k) for k in self.errors)
            and bool(data.get("trump"))
            and maker is not None
            and leader is not None
            and (called is not None or not needs_call)
        )
        if not data["ready"] or maker is None or leader is None:
            return data

        def run(entries: list[TrickEntry]) -> HandAudit:
            return audit_hand(
                setup,
                maker=maker,
                trump=parse_trump(data["trump"]),
                called=called,
                alone=alone,
                first_leader=leader,
                tricks=entries,
            )

        self._audit(run, self._tricks())
        return data

    def _tricks(self) -> list[TrickEntry]:
        """The tricks entered, up to the first empty one (or one at fault); a
        trick entered after a gap is named as such."""
        data = self.cleaned_data
        tricks: list[TrickEntry] = []
        for number in range(1, MAX_TRICKS + 1):
            cards = data.get(f"t{number}")
            if f"t{number}" in self.errors or not cards:
                break
            tricks.append(TrickEntry(cards=tuple(cards)))
        gap = len(tricks) + 2
        for number in range(gap, MAX_TRICKS + 1):
            if data.get(f"t{number}") and f"t{gap - 1}" not in self.errors:
                self.add_error(f"t{number}", f"Trick {gap - 1} is missing before it.")
                break
        return tricks

    def _audit(
        self, run: Callable[[list[TrickEntry]], HandAudit], tricks: list[TrickEntry]
    ) -> None:
        """The audit of ``tricks`` (``run``); refused, each fault beside its field,
        and the tricks before the first one at fault audited, so the table can mend it."""
        data = self.cleaned_data
        try:
            data["audit"] = run(tricks)
        except AuditError as error:
            at_fault = len(tricks)
            for key, message in error.errors.items():
                field = None if key == "tricks" else key.replace("trick-", "t")
                self.add_error(field if field in self.fields else None, sentence(message))
                if field and is_trick_field(field):
                    at_fault = min(at_fault, int(field[1:]) - 1)
                elif field:
                    data["ready"] = False  # the setup itself is at fault: back to it
            if data["ready"]:
                data["audit"] = run(tricks[:at_fault])

    def _seat(self, setup: GameSetup, field: str) -> int | None:
        name = " ".join((self.cleaned_data.get(field) or "").split())
        if not name:
            return None
        seat = index_of(name, setup.players)
        if seat is None:
            self.add_error(field, f"{name} is not one of the players.")
        return seat

    def _called(self, variant: Variant, text: str) -> Suit | Card | None:
        if not text:
            return None
        try:
            if variant is Variant.CALL_ACE:
                return parse_suit(text)
            if variant is Variant.CALL_YOUR_PARTNER:
                return parse_card(text)
        except CardError as error:
            self.add_error("called", sentence(str(error)))
            return None
        return None  # standard euchre calls nothing: a call left from another variant is dropped
