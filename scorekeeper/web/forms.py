"""Small forms several features share: which of a phone's tables a new game,
an imported game or a euchre night goes to, and a start form sent again
under a new token."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.http import QueryDict

from scorekeeper.models import PrivateTable


class PrivateTableChoiceForm(forms.Form):
    """Which of this phone's tables a game goes to; the last used is the
    default. With no table the field is not asked: the game makes one."""

    private_table = forms.TypedChoiceField(
        label="Private table", coerce=int, required=False, empty_value=None
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

    def chosen_private_table(self) -> PrivateTable | None:
        """The private table picked (the last used when the field was not sent), or
        None when this phone has no table yet."""
        chosen = self.cleaned_data.get("private_table") if self.is_valid() else None
        by_pk = {t.pk: t for t in self.tables}
        if chosen in by_pk:
            return by_pk[chosen]
        return self.tables[0] if self.tables else None


def with_new_token(data: Mapping[str, Any]) -> QueryDict:
    """A start form's data as sent, under a new token: the form drawn again
    when its token already started a game or night."""
    copied = QueryDict(mutable=True)
    copied.update(data)  # every value of a key that has several
    copied["token"] = str(uuid.uuid4())
    return copied
