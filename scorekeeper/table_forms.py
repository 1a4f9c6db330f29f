"""Forms of the private tables: which of a phone's tables a new or imported
game goes to, and the confirm step of replacing a table's key."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from scorekeeper.models import PrivateTable


class TableChoiceForm(forms.Form):
    """Which of this phone's tables a game goes to; the last used is the
    default. With no table the field is not asked: the game makes one."""

    private_table = forms.TypedChoiceField(
        label="Table", coerce=int, required=False, empty_value=None
    )

    def __init__(self, *args: Any, tables: Sequence[PrivateTable], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tables = list(tables)
        field = self.fields["private_table"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [(t.pk, t.name) for t in self.tables]
        if self.tables:
            field.initial = self.tables[0].pk

    @property
    def asked(self) -> bool:
        """Only a phone with several tables picks one."""
        return len(self.tables) > 1

    def table(self) -> PrivateTable | None:
        """The table picked (the last used when the field was not sent), or
        None when this phone has no table yet."""
        chosen = self.cleaned_data.get("private_table") if self.is_valid() else None
        by_pk = {t.pk: t for t in self.tables}
        if chosen in by_pk:
            return by_pk[chosen]
        return self.tables[0] if self.tables else None


class ReplaceKeyForm(forms.Form):
    """Replacing a key locks out every other phone: the scorer confirms."""

    confirm = forms.BooleanField(
        label="Yes: the old link stops working, other phones must join again",
        error_messages={"required": "Tick the box to replace the key."},
    )
