"""The rules pages' query string: a search, and a table's house rules to mark in force
(a variant's book; the euchre night's book takes the search alone)."""

from __future__ import annotations

from typing import Any

from django import forms

from referee.forms.fields import PlayersField
from referee.forms.house_rules import HouseRulesForm


def query_field(help_text: str) -> forms.CharField:
    """``q``: the words to find."""
    return forms.CharField(
        label="Find a rule", required=False, max_length=100, strip=True, help_text=help_text
    )


class RulesSearchForm(HouseRulesForm):
    """``?q=bower``, with a table's house rules (``stick_the_dealer=off`` ...) and
    its ``players`` when a game sends them: those rules are then marked in force."""

    q = query_field("A word or two: left bower, kitty, renege, stick the dealer.")
    players = PlayersField()

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        # A table's rules are marked once it says anything about itself.
        data["table_given"] = bool(data.get("rules_given") or data.get("players"))
        return data

    def table_query(self) -> dict[str, str]:
        """The table's part of the query string, to keep in the page's links."""
        data = self.cleaned_data
        if not data.get("table_given"):
            return {}
        query = self.rules_query(with_variant=False)
        if data.get("players"):
            query["players"] = ",".join(data["players"])
        return query


class NightRulesSearchForm(forms.Form):
    """``?q=sit out`` on the euchre night's rules: a search, nothing else."""

    q = query_field("A word or two: partner, sitting out, standings, prizes.")
