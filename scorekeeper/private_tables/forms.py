"""Forms of the private tables: the Join button of a key link opened from
another site, and the confirm step of replacing a table's key. Which of a
phone's tables a new or imported game goes to is ``PrivateTableChoiceForm``
(``scorekeeper.web.forms``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.validators import RegexValidator

from scorekeeper.models import PrivateTable
from scorekeeper.web.phone_tables import MAX_TABLES

# What a form carries of the key it was drawn for: its digest (``key_digest``).
DIGEST = RegexValidator(r"\A[0-9a-f]{32}\Z", "This form is out of date: open it again.")
# A replace form's token: ``new_key()``, 32 URL-safe characters.
FORM_TOKEN = RegexValidator(r"\A[A-Za-z0-9_-]{32}\Z", "This form is out of date: open it again.")
OUT_OF_DATE = {"required": "This form is out of date: open it again."}


class JoinForm(forms.Form):
    """The Join button of a key link opened from another site
    (docs/formats.md, "Tables: private by link, no accounts"): the table it was drawn for
    (``shown``, its key digest: a link opened since on this phone may have left another one to
    join), which table a full phone forgets to make room, and whether new games go to the table
    joined (only when ticked: joining never moves them unasked)."""

    shown = forms.CharField(
        widget=forms.HiddenInput, validators=[DIGEST], error_messages=OUT_OF_DATE
    )
    instead_of = forms.TypedChoiceField(
        label="Forget which table on this phone?",
        coerce=int,
        widget=forms.RadioSelect,
        error_messages={"required": "Pick the table this phone forgets to make room."},
    )
    as_default = forms.BooleanField(required=False)

    def __init__(
        self, *args: Any, joining: PrivateTable, tables: Sequence[PrivateTable], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.joining = joining
        self.tables = list(tables)
        self.full = len(self.tables) >= MAX_TABLES
        if self.full:
            field = self.fields["instead_of"]
            assert isinstance(field, forms.TypedChoiceField)
            field.choices = [(t.pk, t.name) for t in self.tables]
        else:
            del self.fields["instead_of"]
        if self.tables:
            self.fields["as_default"].label = f"Start new games at {joining.name} from now on"
        else:
            del self.fields["as_default"]  # its only table: new games go there

    def clean_shown(self) -> str:
        shown: str = self.cleaned_data["shown"]
        if shown != self.joining.key_digest:
            raise forms.ValidationError(
                f"Another key link was opened on this phone since: this page is now "
                f"for {self.joining.name}. Check the name and tap Join again."
            )
        return shown

    def dropped(self) -> PrivateTable | None:
        """The table a full phone forgets to make room (None when not full)."""
        chosen = self.cleaned_data.get("instead_of")
        return next((t for t in self.tables if t.pk == chosen), None)


class ReplaceKeyForm(forms.Form):
    """Replacing a key locks out every other phone: the scorer confirms. The
    form carries the key it was drawn for (``shown``, its digest) and a
    ``token``: of two phones replacing at once, or a form left open while
    another phone replaced the key, only the first replaces it
    (``PrivateTable.replace_shown_key``); the same form sent twice answers
    as the first time."""

    shown = forms.CharField(
        widget=forms.HiddenInput, validators=[DIGEST], error_messages=OUT_OF_DATE
    )
    token = forms.CharField(
        widget=forms.HiddenInput, validators=[FORM_TOKEN], error_messages=OUT_OF_DATE
    )
    confirm = forms.BooleanField(
        label="Yes: the old link stops working, other phones must join again",
        error_messages={"required": "Tick the box to replace the key."},
    )
