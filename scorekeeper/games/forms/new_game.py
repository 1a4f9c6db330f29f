"""The new game form: the variant, players in seat order, the first dealer
and the house rules (the defaults of docs/rules.md). Names go through the engine's
one name check (``referee.engine.names``); the house rules are read by the
engine (``house_rules_from_dict``)."""

from __future__ import annotations

import copy
from typing import Any

from django import forms

from referee.chips import ChipField
from referee.engine.names import (
    NAME_MAX_LENGTH,
    LookAlike,
    NameError_,
    clean_name,
    first_repeat,
    look_alike,
    same_name,
)
from referee.engine.variants import (
    TARGET_RANGE,
    Deal,
    HouseRules,
    RulesError,
    TieRule,
    Variant,
    house_rules_from_dict,
)
from referee.forms.numbers import WholeNumberField
from scorekeeper.models import Game, PrivateTable
from scorekeeper.web.forms import with_new_token
from scorekeeper.web.house_rules import RULE_HELP, TableRuleFields, table_rules_data

SEAT_SLOTS = 6  # the most players any variant seats (Call-Ace with 6)


class NewGameForm(forms.Form):
    """Variant, players in seat order, the first dealer and the house rules
    (defaults of docs/rules.md)."""

    token = forms.UUIDField(
        widget=forms.HiddenInput,
        error_messages=dict.fromkeys(
            ("required", "invalid"),
            "This form is out of date: open a new game form and try again.",
        ),
    )
    variant = ChipField(
        label="Variant",
        choices=[(v.value, v.label) for v in Variant],
        initial=Variant.CALL_ACE.value,
        required=True,
        layout="chips-wide",
        error_messages={"required": "Tap the variant you are playing."},
    )
    first_dealer = ChipField(
        label="First dealer",
        choices=[("random", "Pick for me")]
        + [(str(i), f"Seat {i + 1}") for i in range(SEAT_SLOTS)],
        initial="random",
        required=True,
    )
    target = WholeNumberField(
        label="Target",
        min_value=TARGET_RANGE[0],
        max_value=TARGET_RANGE[1],
        initial=10,
        help_text=RULE_HELP["target"],
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    stick_the_dealer = copy.deepcopy(TableRuleFields.base_fields["stick_the_dealer"])
    deal = copy.deepcopy(TableRuleFields.base_fields["deal"])
    renege = copy.deepcopy(TableRuleFields.base_fields["renege"])
    ties = ChipField(
        label="Tie at the top",
        choices=[(TieRule.SHARE.value, "Share the win"), (TieRule.PLAY_ON.value, "Play on")],
        initial=TieRule.SHARE.value,
        help_text=RULE_HELP["ties"],
        layout="chips-wide",
    )
    no_trump = copy.deepcopy(TableRuleFields.base_fields["no_trump"])
    canadian_loner = copy.deepcopy(TableRuleFields.base_fields["canadian_loner"])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for slot in range(SEAT_SLOTS):
            self.fields[f"player_{slot}"] = forms.CharField(
                label=f"Seat {slot + 1}",
                max_length=NAME_MAX_LENGTH,
                required=False,
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "autocapitalize": "words", "spellcheck": "false"}
                ),
            )
        self.players: tuple[str, ...] = ()
        self.rules = HouseRules()

    # What the screen shows for the variant currently chosen (bound or initial).

    @property
    def variant_value(self) -> Variant:
        raw = self["variant"].value()
        try:
            return Variant(raw)
        except ValueError:
            return Variant.CALL_ACE

    def shown_rules(self) -> HouseRules:
        """The house rules the deal table shows: the deal chosen so far (docs/rules.md, Call-Ace 1),
        the common deal while none (or a value no deal has) is chosen."""
        deal = self["deal"].value() if self.variant_value is Variant.CALL_ACE else None
        return HouseRules(deal=Deal(deal) if deal in {d.value for d in Deal} else Deal.STANDARD)

    def seat_fields(self) -> list[forms.BoundField]:
        """One name box per seat the chosen variant can have."""
        return [self[f"player_{slot}"] for slot in range(max(self.variant_value.player_counts))]

    def rule_fields(self) -> list[forms.BoundField]:
        """The house rules that apply to the chosen variant."""
        names = ["stick_the_dealer", "renege"]
        if self.variant_value is Variant.CALL_ACE:
            names.insert(1, "deal")
        if self.variant_value is Variant.STANDARD:
            names[1:1] = ["no_trump", "canadian_loner"]
        else:
            names.append("ties")
        return [self[name] for name in names]

    def typed_names(self) -> list[str]:
        """The names typed so far, in their slots ('' for an empty slot)."""
        return [" ".join(str(self[f"player_{s}"].value() or "").split()) for s in range(SEAT_SLOTS)]

    def refreshed(self, *, add_player: str = "") -> NewGameForm:
        """The same form, unbound, with what was typed (and a picked player put
        in the first empty seat): the screen re-drawn for a new variant or a
        picked player, with no errors shown yet."""
        initial = {name: self[name].value() for name in self.fields}
        if add_player:
            names = self.typed_names()
            slots = range(max(self.variant_value.player_counts))
            if not any(same_name(add_player, n) for n in names if n):
                for slot in slots:
                    if not names[slot]:
                        initial[f"player_{slot}"] = add_player
                        break
        return NewGameForm(initial=initial)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        try:
            variant = Variant(data.get("variant", ""))
        except ValueError:
            return data
        counts = variant.player_counts
        players, slot_of_seat = self._seated(range(max(counts)))
        seat_of_slot = {slot: seat for seat, slot in enumerate(slot_of_seat)}
        if len(players) not in counts:
            self.add_error(
                "player_0",
                f"{variant.label} is played by {variant.player_counts_text} players: "
                f"{len(players)} {'seat is' if len(players) == 1 else 'seats are'} filled",
            )
        dealer = data.get("first_dealer")
        if dealer and dealer != "random" and int(dealer) not in seat_of_slot:
            self.add_error(
                "first_dealer", f"Seat {int(dealer) + 1} is empty: tap a seat with a player"
            )
        elif dealer and dealer != "random":
            data["first_dealer_seat"] = seat_of_slot[int(dealer)]
        rules = table_rules_data(variant, data)
        if data.get("target") is not None:
            rules["target"] = data["target"]
        if variant is not Variant.STANDARD:
            rules["ties"] = data.get("ties") or TieRule.SHARE.value
        try:
            self.rules = house_rules_from_dict(variant, rules)
        except RulesError as error:
            self.add_error(error.field if error.field in self.fields else None, error.message)
        self.players = tuple(players)
        return data

    def _seated(self, slots: range) -> tuple[list[str], list[int]]:
        """The players named in ``slots``, in seat order, and the slot each sits
        in; a name that is not one, or is there already, is named beside its slot."""
        players: list[str] = []
        slot_of_seat: list[int] = []
        for slot in slots:
            raw = self.cleaned_data.get(f"player_{slot}") or ""
            if not raw.strip():
                continue
            try:
                name = clean_name(raw)
            except NameError_ as error:
                self.add_error(f"player_{slot}", str(error))
                continue
            if first_repeat([*players, name]) is not None:
                earlier = next(i for i, p in enumerate(players) if same_name(p, name))
                self.add_error(
                    f"player_{slot}",
                    f"{name} already sits in seat {slot_of_seat[earlier] + 1}: "
                    "one person is one player",
                )
                continue
            if (known := look_alike(name, players)) is not None:
                seat = slot_of_seat[players.index(known)] + 1
                self.add_error(f"player_{slot}", str(LookAlike(name, known, f"in seat {seat}")))
                continue
            slot_of_seat.append(slot)
            players.append(name)
        return players, slot_of_seat

    def start(self, *, private_table: PrivateTable) -> Game:
        """Start the game at ``private_table`` (once per form token); "pick for
        me" has the game draw the first dealer. Raises AlreadyStarted when the
        token started another game (the form changed since)."""
        data = self.cleaned_data
        return Game.start(
            variant=Variant(data["variant"]),
            players=self.players,
            first_dealer=data.get("first_dealer_seat"),
            rules=self.rules,
            token=data["token"],
            private_table=private_table,
        )

    def refuse(self, error: LookAlike) -> None:
        """Show ``error`` (a name the table already knows a look-alike of,
        found as the game started) beside that name's seat."""
        slots = (f"player_{s}" for s in range(SEAT_SLOTS))
        field = next((f for f in slots if same_name(self.data.get(f) or "", error.name)), None)
        self.add_error(field, str(error))

    def anew(self, error: str) -> NewGameForm:
        """The same form with a new token, showing ``error``: what a phone sees
        when its form's token already started another game. One tap on Start
        then starts this one as a new game."""
        again = NewGameForm(with_new_token(self.data))
        again.is_valid()
        again.add_error(None, error)
        return again
