"""A table's setup in the query string: the variant, the players, the house rules.

This is how a game reaches the referee (its address carries its setup, built by
the scorekeeper), and how a shared link reopens a ruling with the same rules.
"""

from __future__ import annotations

from typing import Any

from django import forms

from referee.engine.variants import (
    RULE_KEYS,
    HouseRules,
    RulesError,
    Variant,
    house_rules_from_dict,
    parse_variant,
)
from referee.forms.fields import (
    DEAL_CHOICES,
    RENEGE_CHOICES,
    TIES_CHOICES,
    VARIANT_CHOICES,
    OnOffField,
    choice_errors,
    sentence,
)
from referee.forms.numbers import WholeNumberField


class HouseRulesForm(forms.Form):
    """The variant and the house-rule keys of the game document
    (docs/formats.md, "Game document (import and export)"), every one optional: what is missing
    takes the default of docs/rules.md."""

    variant = forms.ChoiceField(
        choices=VARIANT_CHOICES,
        required=False,
        error_messages=choice_errors("call-ace, call-your-partner or standard"),
    )
    target = WholeNumberField(required=False, min_value=1, max_value=99)
    stick_the_dealer = OnOffField()
    no_trump = OnOffField()
    canadian_loner = OnOffField()
    deal = forms.ChoiceField(
        required=False,
        error_messages=choice_errors("standard or seed"),
        choices=DEAL_CHOICES,
    )
    renege = forms.ChoiceField(
        required=False,
        choices=RENEGE_CHOICES,
        error_messages=choice_errors("march-or-euchre or offender-loses-2"),
    )
    ties = forms.ChoiceField(
        required=False,
        error_messages=choice_errors("share or play-on"),
        choices=TIES_CHOICES,
    )

    # House-rule key -> the query parameter that carries it, where a form needs another name.
    rule_fields: dict[str, str] = {}

    def __init__(self, *args: Any, variant: Variant | None = None, **kwargs: Any) -> None:
        """``variant``: fixed by the page's address (the rules pages), not read again."""
        super().__init__(*args, **kwargs)
        self.fixed_variant = variant
        if variant is not None:
            del self.fields["variant"]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        variant = self.fixed_variant or parse_variant(data.get("variant") or Variant.CALL_ACE.value)
        data["variant"] = variant
        fields = self.rule_params()
        given = {k: data[f] for k, f in fields.items() if data.get(f) not in (None, "")}
        data["rules_given"] = bool(given)
        try:
            data["rules"] = house_rules_from_dict(variant, given)
        except RulesError as error:
            field = fields.get(error.field)
            self.add_error(field if field in self.fields else None, sentence(error.message))
            data["rules"] = HouseRules()
        return data

    def rule_params(self) -> dict[str, str]:
        """House-rule key -> the query parameter of this form that carries it."""
        return {key: self.rule_fields.get(key, key) for key in RULE_KEYS}

    def rules_query(self, *, with_variant: bool = True) -> dict[str, str]:
        """The house rules as query parameters: only what differs from the defaults."""
        data = self.cleaned_data
        variant: Variant = data["variant"]
        query = {"variant": variant.value} if with_variant else {}
        names = self.rule_params()
        for key, value in data["rules"].query(variant).items():
            query[names[key]] = value
        return query
