"""The chips' radio inputs (templates/chips/choice.html) are drawn by a filter
(``referee_cards.option_tag``) instead of a widget template each: the HTML is
the same as Django's own, for every kind of chip the apps draw."""

from __future__ import annotations

import pytest
from django import forms

from referee.chips import ChipField, ChipNumberField
from referee.templatetags.referee_cards import option_tag


class EveryKindOfChip(forms.Form):
    plain = ChipField(choices=[("", "None"), ("1", "Ann"), ('<b&"c">', "odd")])
    asked = ChipField(choices=[("a", "A"), ("b", "B")], required=True)
    number = ChipNumberField(choices=[("", "Not noted"), ("1", "1"), ("2", "2")])
    ticks = forms.MultipleChoiceField(
        choices=[("x", "X"), ("y", "Y")], widget=forms.CheckboxSelectMultiple, required=False
    )
    greyed = ChipField(choices=[("1", "One")], disabled=True)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"plain": "1", "asked": "b", "number": "2", "ticks": ["x", "y"], "greyed": "1"},
        {"plain": "", "number": "", "asked": "nonsense"},
    ],
)
def test_the_filter_draws_each_option_exactly_as_django_does(data: dict[str, object]) -> None:
    form = EveryKindOfChip(data or None, initial={"number": "", "plain": "2"})
    for field in form:
        for option in field:
            assert option_tag(option) == option.tag()
