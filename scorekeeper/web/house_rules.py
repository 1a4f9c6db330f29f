"""The house rules a table plays by, as the new game form and a euchre night's
form both ask them (docs/rules.md (every variant)): the same chips, choices and help, read
the same way (``table_rules_data``) by the engine (``house_rules_from_dict``)."""

from __future__ import annotations

from typing import Any

from django import forms

from referee.chips import ChipField
from referee.engine.variants import Deal, HouseRules, RenegeRule, TieRule, Variant

ON_OFF = [("on", "On"), ("off", "Off")]

RULE_HELP = {
    "target": "Points a player (a team, in standard euchre) needs to win. Default 10.",
    "stick_the_dealer": (
        "On: if everyone passes twice, the dealer must name trump. "
        "Off: the hand is thrown in and the deal passes on."
    ),
    "deal": (
        "Common: 5 cards each (8s added for 5 players, 7s and 8s for 6). "
        "Seed sheet: 24 cards, 6 each for 4 players or 4 each for 5 or 6; "
        "the makers need more than half the tricks."
    ),
    "renege": (
        "March or euchre: a defender's renege gives the makers a march, a maker's "
        "side renege scores as a euchre. Offender loses 2: the hand counts as played."
    ),
    "ties": (
        "Share: players level on the top total when someone reaches the target "
        "share the win. Play on: keep playing until one player alone is highest."
    ),
    "no_trump": "On: a maker may call no trump in round 2 (no bowers; the led suit's "
    "highest card wins).",
    "canadian_loner": (
        "On: the dealer's partner who orders the dealer up in round 1 must play alone "
        "(a common Ontario rule). Off: they choose, as any maker."
    ),
}

# A table's house rule in a line, where a screen lists the ones in force (docs/rules.md,
# Standard 3).
CANADIAN_LONER_LINE = "Canadian loner: the dealer's partner who orders up in round 1 goes alone."


def house_rule_names(rules: HouseRules, variant: Variant) -> list[str]:
    """The house rules a table plays that differ from Bower's defaults, a few words
    each, for the table screen (the target is shown beside the variant)."""
    differ = rules.differences(variant)
    names = []
    if "stick_the_dealer" in differ:
        names.append("No stick the dealer")
    if "no_trump" in differ:
        names.append("No trump allowed")
    if "canadian_loner" in differ:
        names.append("Canadian loner")
    if differ.get("deal") == Deal.SEED.value:
        names.append("Seed-sheet deal")
    if differ.get("renege") == RenegeRule.OFFENDER_LOSES_2.value:
        names.append("Renege: offender loses 2")
    if differ.get("ties") == TieRule.PLAY_ON.value:
        names.append("A level top plays on")
    return names


def table_rules_data(variant: Variant, data: dict[str, Any]) -> dict[str, Any]:
    """The house rules a table plays by, from a form's chips (stick the dealer,
    renege; no trump and the Canadian loner in standard euchre, the deal in
    Call-Ace: docs/rules.md (every variant)), as ``house_rules_from_dict`` reads
    them. A euchre night's tables play by these too (``scorekeeper/nights/forms.py``)."""
    rules: dict[str, Any] = {
        "stick_the_dealer": data.get("stick_the_dealer", "on") != "off",
        "renege": data.get("renege") or RenegeRule.MARCH_OR_EUCHRE.value,
    }
    if variant is Variant.CALL_ACE:
        rules["deal"] = data.get("deal") or Deal.STANDARD.value
    if variant is Variant.STANDARD:
        rules["no_trump"] = data.get("no_trump") == "on"
        rules["canadian_loner"] = data.get("canadian_loner") == "on"
    return rules


class TableRuleFields(forms.Form):
    """The table's house-rule chips. Each start form takes a copy of those it
    asks, in its own order (``copy.deepcopy(TableRuleFields.base_fields[name])``)."""

    stick_the_dealer = ChipField(
        label="Stick the dealer",
        choices=ON_OFF,
        initial="on",
        help_text=RULE_HELP["stick_the_dealer"],
    )
    deal = ChipField(
        label="Call-Ace deal",
        choices=[(Deal.STANDARD.value, "Common: 5 each"), (Deal.SEED.value, "Seed sheet")],
        initial=Deal.STANDARD.value,
        help_text=RULE_HELP["deal"],
        layout="chips-wide",
    )
    renege = ChipField(
        label="Renege",
        choices=[
            (RenegeRule.MARCH_OR_EUCHRE.value, "March or euchre"),
            (RenegeRule.OFFENDER_LOSES_2.value, "Offender loses 2"),
        ],
        initial=RenegeRule.MARCH_OR_EUCHRE.value,
        help_text=RULE_HELP["renege"],
        layout="chips-wide",
    )
    no_trump = ChipField(
        label="No trump", choices=ON_OFF, initial="off", help_text=RULE_HELP["no_trump"]
    )
    canadian_loner = ChipField(
        label="Canadian loner",
        choices=ON_OFF,
        initial="off",
        help_text=RULE_HELP["canadian_loner"],
    )
