"""The forms of a player's own phone at a euchre night: checking in at the door, and
which player of the night this phone is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from referee.engine.names import NameError_, clean_name


class NightMeForm(forms.Form):
    """Which player of the night this phone is (docs/decisions.md, D48): one of the
    night's players, or blank to forget."""

    number = forms.TypedChoiceField(
        label="Which player are you?",
        coerce=int,
        empty_value=None,
        required=False,
        error_messages={"invalid_choice": "Pick your name among the night's players."},
    )

    def __init__(self, *args: Any, entrants: Sequence[tuple[int, str]], **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "me-%s")
        super().__init__(*args, **kwargs)
        field = self.fields["number"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [("", "Your name"), *entrants]


class CheckInForm(forms.Form):
    """A player checks in at the door: their name typed, or tapped among the
    names the night expects (read by ``referee.engine.names``)."""

    name = forms.CharField(
        label="Your name",
        max_length=200,
        required=False,
        widget=forms.TextInput(
            attrs={
                "autocomplete": "name",
                "autocapitalize": "words",
                "spellcheck": "false",
                "maxlength": 30,
            }
        ),
    )
    pick = forms.CharField(max_length=200, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "check-in-%s")
        super().__init__(*args, **kwargs)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        raw = data.get("pick") or data.get("name") or ""
        if not raw.strip():
            self.add_error("name", "Type your name, or tap it in the list.")
            return data
        try:
            data["arriving"] = clean_name(raw)
        except NameError_ as error:
            self.add_error("name", str(error))
        return data
