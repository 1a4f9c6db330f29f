"""The forms of a euchre night (docs/rules.md, Euchre night 2): starting one (the players present,
the variant, rounds, hands per round and the night's house rules), seating the
next round, and a player leaving, coming back or arriving late.

Names go through the engine's one name check (``referee.engine.names``); the
night's rules are read by the engine (``NightRules``, ``house_rules_from_dict``);
the tables' house-rule fields are the new game form's
(``TableRuleFields``).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from django import forms

from referee.chips import ChipField
from referee.engine.names import LookAlike, NameError_, clean_name, look_alike, same_name
from referee.engine.night import (
    HANDS_PER_ROUND_RANGE,
    MISSED_AVERAGE,
    MISSED_NOTHING,
    ROUND_MINUTES_RANGE,
    SIT_OUT_AVERAGE,
    SIT_OUT_RANGE,
    NightRules,
    PrizeKind,
    PrizeTies,
)
from referee.engine.night_prizes import PRIZE_ORDER
from referee.engine.night_rules import MOVE_BY_RESULT, MOVE_ROTATION
from referee.engine.seating import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    NIGHT_VARIANTS,
    SeatingError,
    check_night_size,
)
from referee.engine.variants import RulesError, Variant, house_rules_from_dict
from referee.forms.numbers import WholeNumberField
from scorekeeper.models import EuchreNight, Player, PrivateTable
from scorekeeper.models.euchre_nights import NAME_MAX_LENGTH
from scorekeeper.web.house_rules import TableRuleFields, table_rules_data

DEFAULT_ROUNDS = 6
# Room for every player a night seats, one name a line, with spaces to spare.
NEW_NAMES_MAX_LENGTH = MAX_PLAYERS * 40
OUT_OF_DATE = "This screen is out of date: here is the night as it stands; try again."

# The tables' house rules, as the new game form asks them (docs/rules.md (every variant)).
TABLE_RULES = ("stick_the_dealer", "no_trump", "canadian_loner", "deal", "renege")
STANDARD_ONLY = frozenset({"no_trump", "canadian_loner", "lone_march_five"})
CALL_ACE_ONLY = frozenset({"deal"})


class PrizeFields(forms.Form):
    """The night's prizes (docs/rules.md, Euchre night 6): which it gives, one a
    person or not, and how ties are settled. A form sent without them (no
    ``prizes_asked``) keeps the night's, or the defaults."""

    prizes_asked = forms.BooleanField(required=False, widget=forms.HiddenInput(attrs={"id": False}))
    prizes = forms.TypedMultipleChoiceField(
        label="Prizes",
        choices=[(kind.value, kind.label) for kind in PRIZE_ORDER],
        coerce=PrizeKind,
        required=False,
        initial=[kind.value for kind in PRIZE_ORDER],
        widget=forms.CheckboxSelectMultiple,
        help_text="The low score is the booby prize.",
        error_messages={"invalid_choice": "Tick prizes among those listed."},
    )
    one_prize_each = ChipField(
        label="One prize a person",
        choices=[("on", "Yes: the higher prize first"), ("off", "No: every prize they lead")],
        initial="on",
        layout="chips-wide",
        help_text="As club sheets give them: the night's winner takes no side prize.",
        error_messages={"invalid_choice": "Tap Yes or No."},
    )
    prize_ties = ChipField(
        label="Ties for a prize",
        choices=[
            (PrizeTies.SHARE.value, "Shared"),
            (PrizeTies.BREAK.value, "Fewer rounds sat out, then the draw"),
        ],
        initial=PrizeTies.SHARE.value,
        layout="chips-wide",
        help_text="The draw comes from the night's seed: every screen names the same winner.",
        error_messages={"invalid_choice": "Tap how ties are settled."},
    )

    def prize_rules(self, rules: NightRules) -> NightRules:
        """``rules`` with the prizes as this (valid) form chose them."""
        data = self.cleaned_data
        if not data.get("prizes_asked"):
            return rules
        return rules.with_prizes(
            prizes=data.get("prizes") or (),
            one_prize_each=(data.get("one_prize_each") or "on") == "on",
            prize_ties=PrizeTies(data.get("prize_ties") or PrizeTies.SHARE.value),
        )

    @staticmethod
    def initial_for(rules: NightRules) -> dict[str, Any]:
        """The prize fields as ``rules`` chose them, to draw the form."""
        return {
            "prizes": [kind.value for kind in rules.prizes],
            "one_prize_each": "on" if rules.one_prize_each else "off",
            "prize_ties": rules.prize_ties.value,
        }


class NightStartForm(PrizeFields):
    """Start a night: its name, the players present (or check-in at the door),
    the variant, the rounds, hands per round, sitting out, the tables' house
    rules and the prizes (docs/rules.md, Euchre night 3)."""

    token = forms.UUIDField(
        widget=forms.HiddenInput,
        error_messages=dict.fromkeys(
            ("required", "invalid"),
            "This form is out of date: open a new night form and try again.",
        ),
    )
    name = forms.CharField(
        label="Name of the night (optional)",
        max_length=NAME_MAX_LENGTH,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "placeholder": "Club night"}),
    )
    known = forms.TypedMultipleChoiceField(
        label="Players of this table",
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "invalid_choice": "Tick players of the table chosen above.",
            "invalid_list": "Tick players of the table chosen above.",
        },
    )
    new_names = forms.CharField(
        label="New players, one name a line",
        max_length=NEW_NAMES_MAX_LENGTH,
        required=False,
        widget=forms.Textarea(
            attrs={
                "rows": 4,
                "autocapitalize": "words",
                "autocomplete": "off",
                "spellcheck": "false",
            }
        ),
    )
    variant = ChipField(
        label="Variant",
        choices=[(v.value, v.label) for v in NIGHT_VARIANTS],
        initial=Variant.STANDARD.value,
        required=True,
        layout="chips-wide",
        help_text="Standard euchre: tables of 4, partners opposite. Call-Ace: tables of 4 to 6.",
        error_messages={"required": "Tap the variant of the night."},
    )
    movement = ChipField(
        label="Seating after round 1",
        choices=[
            (MOVE_ROTATION, "Rotation: new partners and opponents"),
            (MOVE_BY_RESULT, "By result: winners move up a table"),
        ],
        initial=MOVE_ROTATION,
        layout="chips-wide",
        help_text="By result: in standard euchre each table's winning pair moves up a table "
        "and splits; in Call-Ace the top scorer moves up and the lowest down.",
    )
    rounds = WholeNumberField(
        label="Rounds",
        min_value=1,
        max_value=MAX_ROUNDS,
        initial=DEFAULT_ROUNDS,
        help_text="Partners change every round.",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    hands_per_round = WholeNumberField(
        label="Hands per round",
        min_value=HANDS_PER_ROUND_RANGE[0],
        max_value=HANDS_PER_ROUND_RANGE[1],
        initial=8,
        help_text="Every table plays this many hands, then the round is over (4 to 12).",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    round_minutes = WholeNumberField(
        label="Round timer, minutes (optional)",
        min_value=ROUND_MINUTES_RANGE[0],
        max_value=ROUND_MINUTES_RANGE[1],
        required=False,
        help_text="The TV and the table screens show when a round's time is up "
        f"({ROUND_MINUTES_RANGE[0]} to {ROUND_MINUTES_RANGE[1]}). Leave empty for no timer.",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    lone_march_five = ChipField(
        label="A lone march scores",
        choices=[("off", "4 points"), ("on", "5 points")],
        initial="off",
        help_text="Standard euchre only: a common club rule gives 5 for a lone march.",
    )
    sit_out = ChipField(
        label="Sitting out scores",
        choices=[(SIT_OUT_AVERAGE, "The round's average"), ("fixed", "A fixed number")],
        initial=SIT_OUT_AVERAGE,
        layout="chips-wide",
        help_text="When the players do not fill the tables, who sits out scores the average "
        "of the round's points per player (rounded down), or a fixed number.",
    )
    missed = ChipField(
        label="A round missed scores",
        choices=[(MISSED_NOTHING, "Nothing"), (MISSED_AVERAGE, "The round's average")],
        initial=MISSED_NOTHING,
        layout="chips-wide",
        help_text="A round a player misses by arriving late or leaving scores nothing, or "
        "the round's average as a round sat out does.",
    )
    sit_out_points = WholeNumberField(
        label="Fixed points for sitting out",
        min_value=SIT_OUT_RANGE[0],
        max_value=SIT_OUT_RANGE[1],
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    opening = ChipField(
        label="How the players come in",
        choices=[
            ("now", "Entered here: round 1 is seated at once"),
            ("check-in", "They check in at the door"),
        ],
        initial="now",
        layout="chips-wide",
        help_text="At the door, each player scans the night's QR code on their phone and "
        "types or finds their name; you seat round 1 when they are in. Names entered "
        "here are then the players expected.",
        error_messages={"invalid_choice": "Tap how the players come in."},
    )
    # The tables' house-rule fields, as the new game form asks them (same choices, same help).
    stick_the_dealer = copy.deepcopy(TableRuleFields.base_fields["stick_the_dealer"])
    no_trump = copy.deepcopy(TableRuleFields.base_fields["no_trump"])
    canadian_loner = copy.deepcopy(TableRuleFields.base_fields["canadian_loner"])
    deal = copy.deepcopy(TableRuleFields.base_fields["deal"])
    renege = copy.deepcopy(TableRuleFields.base_fields["renege"])

    def __init__(self, *args: Any, known: Sequence[Player] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.known_players = list(known)
        field = self.fields["known"]
        assert isinstance(field, forms.TypedMultipleChoiceField)
        field.choices = [(p.pk, p.name) for p in self.known_players]
        self.fields["no_trump"].label = "No trump (standard euchre)"
        self.fields["canadian_loner"].label = "Canadian loner (standard euchre)"
        self.fields["deal"].label = "Call-Ace deal"
        self.players: tuple[str, ...] = ()
        self.rules = NightRules()

    def _check_size(self, count: int, rounds: int | None) -> None:
        """``count`` players are not too many and, unless they check in at the
        door (fewer may be expected), enough for a night that seats ``rounds``
        rounds (docs/rules.md, Euchre night 1); else said beside the names or the rounds."""
        if count > MAX_PLAYERS:
            self.add_error(
                "new_names", f"A euchre night seats at most {MAX_PLAYERS} players, not {count}."
            )
        elif self.check_in:
            return
        elif count < MIN_PLAYERS:
            self.add_error(
                "new_names",
                f"A euchre night needs {MIN_PLAYERS} or more players: "
                f"{count} {'is' if count == 1 else 'are'} chosen.",
            )
        elif rounds is not None:
            try:
                check_night_size(players=count, rounds=rounds)
            except SeatingError as error:
                self.add_error("rounds", str(error))

    @property
    def check_in(self) -> bool:
        """The night opens with check-in at the door (docs/formats.md, "Check-in")."""
        return self.cleaned_data.get("opening") == "check-in"

    def rule_fields(self) -> list[tuple[forms.BoundField, str]]:
        """The tables' house rules, each with the variant it belongs to ("" for both)."""
        return [(self[name], _only(name)) for name in TABLE_RULES]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        try:
            variant = Variant(data.get("variant", ""))
        except ValueError:
            return data
        self.players = tuple(self._players(data))
        if "new_names" not in self.errors and "known" not in self.errors:
            self._check_size(len(self.players), data.get("rounds"))
        sit_out: Any = SIT_OUT_AVERAGE
        if data.get("sit_out") == "fixed":
            sit_out = data.get("sit_out_points")
            if sit_out is None and "sit_out_points" not in self.errors:
                low, high = SIT_OUT_RANGE
                self.add_error(
                    "sit_out_points", f"Give the points for sitting out, from {low} to {high}."
                )
        hands = data.get("hands_per_round")
        if hands is None or sit_out is None:
            return data  # their own errors are shown beside them
        try:
            self.rules = NightRules(
                movement=data.get("movement") or MOVE_ROTATION,
                hands_per_round=hands,
                round_minutes=data.get("round_minutes"),
                lone_march_five=variant is Variant.STANDARD and data.get("lone_march_five") == "on",
                sit_out=sit_out,
                missed=data.get("missed") or MISSED_NOTHING,
                table_rules=house_rules_from_dict(variant, table_rules_data(variant, data)),
            )
            self.rules = self.prize_rules(self.rules)
            self.rules.check_variant(variant)
        except RulesError as error:
            field = {"sit_out": "sit_out_points"}.get(error.field, error.field)
            self.add_error(field if field in self.fields else None, error.message)
        return data

    def _players(self, data: dict[str, Any]) -> list[str]:
        """The players ticked (in the list's order), then the new names typed;
        a name given twice is refused (one person is one player)."""
        picked = set(data.get("known") or ())
        names = [p.name for p in self.known_players if p.pk in picked]
        table_names = [p.name for p in self.known_players]
        problems: list[str] = []
        for line_number, line in enumerate(str(data.get("new_names") or "").splitlines(), 1):
            if not line.strip():
                continue
            try:
                name = clean_name(line)
            except NameError_ as error:
                problems.append(f"Line {line_number}: {error}")
                continue
            if any(same_name(name, other) for other in names):
                problems.append(
                    f"Line {line_number}: {name} is already among the players: "
                    "one person is one player."
                )
                continue
            known = look_alike(name, names) or look_alike(name, table_names)
            if known is not None:
                where = "among the players" if known in names else "at this table"
                problems.append(f"Line {line_number}: {LookAlike(name, known, where)}")
                continue
            names.append(name)
        for problem in problems[:5]:
            self.add_error("new_names", problem)
        return names

    def start(self, *, private_table: PrivateTable) -> EuchreNight:
        """Start the night at ``private_table`` (once per form token) and seat
        its first round."""
        data = self.cleaned_data
        return EuchreNight.start(
            private_table=private_table,
            variant=Variant(data["variant"]),
            players=self.players,
            rounds=data["rounds"],
            rules=self.rules,
            name=" ".join(data.get("name", "").split()),
            token=data["token"],
            check_in=self.check_in,
        )


def _only(name: str) -> str:
    if name in STANDARD_ONLY:
        return Variant.STANDARD.value
    if name in CALL_ACE_ONLY:
        return Variant.CALL_ACE.value
    return ""


class NightChangeForm(forms.Form):
    """Every change to a night carries the version the phone saw: a stale
    phone is caught, and a double tap changes the night once."""

    version = WholeNumberField(
        min_value=0,
        widget=forms.HiddenInput(attrs={"id": False}),
        error_messages=dict.fromkeys(
            ("required", "invalid", "min_value", "max_value"), OUT_OF_DATE
        ),
    )


class SeatNextForm(NightChangeForm):
    """Seat the next round; ``confirm`` when some table still has hands to play."""

    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput(attrs={"id": False}))
    # The round this button seats: a second tap finds it seated already.
    round = WholeNumberField(min_value=1, max_value=MAX_ROUNDS, required=False)


class NightPlayersForm(NightChangeForm):
    """A player leaves or comes back (by number), or arrives late (by name:
    typed, or tapped among the table's players)."""

    ACTIONS = (("leave", "Leaves"), ("back", "Comes back"), ("arrive", "Arrives"))

    action = forms.ChoiceField(
        choices=ACTIONS, error_messages={"invalid_choice": "Tap one of the buttons."}
    )
    number = WholeNumberField(min_value=1, max_value=MAX_PLAYERS, required=False)
    name = forms.CharField(
        label="Name",
        max_length=200,
        required=False,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "words", "spellcheck": "false"}
        ),
    )
    pick = forms.CharField(max_length=200, required=False)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        action = data.get("action")
        if action in ("leave", "back") and data.get("number") is None:
            self.add_error(None, "Tap the button beside a player.")
        if action == "arrive":
            raw = data.get("pick") or data.get("name") or ""
            try:
                data["arriving"] = clean_name(raw)
            except NameError_ as error:
                self.add_error("name", str(error))
        return data


class NightPrizesForm(NightChangeForm, PrizeFields):
    """The night's prizes chosen again, until the night is over (docs/rules.md,
    Euchre night 6)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "prizes-%s")
        super().__init__(*args, **kwargs)


class CheckInSwitchForm(NightChangeForm):
    """The organiser opens check-in (a new link) or closes it."""

    open = forms.ChoiceField(
        choices=(("open", "Open"), ("close", "Close")),
        error_messages=dict.fromkeys(("required", "invalid_choice"), "Tap Open or Close."),
    )
