"""Naming a season (docs/formats.md, "Seasons"): its name and its first and
last game nights. Every date is checked here (a day of the calendar, a year
from 1900 to 2999, the last night not before the first); a season sharing a
game night with another of the table is refused by the model
(``Season.name_season``) and shown beside the dates."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms

from referee.chips import ChipField
from referee.engine.names import holds_hidden, is_storable
from referee.engine.season_rule import (
    KIND_LABELS,
    MOST_NIGHTS,
    PLACE_POINTS,
    RuleKind,
    SeasonRule,
)
from referee.forms.numbers import WholeNumberField
from scorekeeper.models import PrivateTable, Season, SeasonOverlaps
from scorekeeper.models.seasons import FIRST_YEAR, LAST_YEAR, NAME_MAX_LENGTH

NO_SUCH_DATE = "No such date: give a day of the calendar, as 2026-09-01."
YEARS = f"Give a year from {FIRST_YEAR} to {LAST_YEAR}."


class NightDateField(forms.DateField):
    """A game night's date as a phone's date picker sends it (YYYY-MM-DD)."""

    input_formats = ["%Y-%m-%d"]
    default_error_messages = {"invalid": NO_SUCH_DATE, "required": "Give the date."}

    def __init__(self, **kwargs: Any) -> None:
        attrs = {"min": f"{FIRST_YEAR}-01-01", "max": f"{LAST_YEAR}-12-31"}
        super().__init__(widget=forms.DateInput(attrs=attrs, format="%Y-%m-%d"), **kwargs)
        self.widget.input_type = "date"

    def to_python(self, value: Any) -> datetime.date | None:
        if isinstance(value, str) and len(value) > 10:
            raise forms.ValidationError(NO_SUCH_DATE, code="invalid")
        return super().to_python(value)

    def validate(self, value: Any) -> None:
        super().validate(value)
        if value is not None and not FIRST_YEAR <= value.year <= LAST_YEAR:
            raise forms.ValidationError(YEARS, code="year")


class RuleForm(forms.Form):
    """How the season's standings rank (docs/rules.md, "Season standings")."""

    rule = ChipField(  # not required: a form without it ranks by total points
        label="Standings rule",
        choices=list(KIND_LABELS.items()),
        initial=RuleKind.POINTS,
        layout="chips-wide",
        help_text=f"Places score {', '.join(map(str, PLACE_POINTS[:-1]))} and {PLACE_POINTS[-1]} "
        f"for 1st to {len(PLACE_POINTS)}th on each game night.",
        error_messages={"invalid_choice": "Choose one of the rules shown."},
    )
    best = WholeNumberField(
        label="Nights counted, for best nights",
        required=False,
        min_value=1,
        max_value=MOST_NIGHTS,
        error_messages=dict.fromkeys(
            ("invalid", "min_value", "max_value"),
            f"Give a number of nights from 1 to {MOST_NIGHTS}.",
        ),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("rule") == RuleKind.BEST and not data.get("best") and "best" not in self.errors:
            self.add_error("best", "Give how many of each player's best nights count, as 5.")
        return data

    @property
    def chosen(self) -> SeasonRule:
        kind = RuleKind(self.cleaned_data["rule"] or RuleKind.POINTS)
        return SeasonRule(kind, self.cleaned_data["best"] if kind is RuleKind.BEST else 0)


class SeasonForm(RuleForm):
    """A season: its name, its first and last game nights, both counted, and its rule."""

    field_order = ["token", "name", "starts", "ends", "rule", "best"]

    token = forms.UUIDField(
        widget=forms.HiddenInput,
        error_messages=dict.fromkeys(
            ("required", "invalid"), "This form is out of date: open the seasons again and retry."
        ),
    )
    name = forms.CharField(
        label="Name of the season",
        max_length=NAME_MAX_LENGTH,
        error_messages={
            "required": "Give the season a name, as “Autumn 2026”.",
            "max_length": f"A name of at most {NAME_MAX_LENGTH} characters.",
        },
        widget=forms.TextInput(attrs={"autocomplete": "off", "placeholder": "Autumn 2026"}),
    )
    starts = NightDateField(label="First game night")
    ends = NightDateField(label="Last game night")

    def __init__(
        self, *args: Any, nights: list[datetime.date] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        # The table's game nights, offered by the date pickers (a <datalist>).
        self.nights = nights or []
        if self.nights:
            for name in ("starts", "ends"):
                self.fields[name].widget.attrs["list"] = "season-nights"

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        # Printable and nothing hidden: a TV across the room shows the name as typed.
        if not is_storable(name) or not name.isprintable() or holds_hidden(name):
            raise forms.ValidationError(
                "A name holds letters, digits, spaces and punctuation, and nothing hidden."
            )
        return name

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        starts, ends = data.get("starts"), data.get("ends")
        if starts is not None and ends is not None and ends < starts:
            self.add_error("ends", "The last game night comes before the first: swap them.")
        return data

    def name_season(self, private_table: PrivateTable) -> Season | None:
        """Store the season; None, with the error beside the dates, when it
        shares a game night with another season of the table."""
        data = self.cleaned_data
        try:
            return Season.name_season(
                private_table=private_table,
                name=data["name"],
                starts=data["starts"],
                ends=data["ends"],
                token=data["token"],
                rule=self.chosen,
            )
        except SeasonOverlaps as clash:
            other = clash.season
            message = (
                f"These dates share game nights with “{other.name}” "
                f"({other.starts:%-d %B %Y} to {other.ends:%-d %B %Y}): "
                "a table's seasons never overlap."
            )
            # Beside the date that runs into the other season.
            self.add_error("ends" if other.starts > data["starts"] else "starts", message)
            return None
