"""Whole numbers as every form reads them (docs/formats.md, "Numbers"): ASCII
digits, after an optional "-", and nothing else. Django's IntegerField reads
what Python's ``int`` does, so "1_0", Arabic-Indic digits, full-width digits,
"+1", " 1" and "1.0" would all be numbers; here each is refused. A "-" is
read so a number below a field's range is told the range. Leading zeros are
read ("07" is 7): a number pad types them, and they change no number."""

from __future__ import annotations

import re
from typing import Any

from django import forms

_DIGITS = re.compile(r"-?[0-9]+")


def whole_number(text: str) -> int | None:
    """``text`` as a whole number when it is ASCII digits (after an optional
    "-"), else None; None too past Python's 4,300 digits."""
    if not _DIGITS.fullmatch(text):
        return None
    try:
        return int(text)
    except ValueError:
        return None


class WholeNumberField(forms.IntegerField):
    """An IntegerField that reads ASCII digits only (``whole_number``); anything
    else is its ``invalid`` error."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        number = whole_number(value if isinstance(value, str) else str(value))
        if number is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return number
