"""Stored hands cite the in-app rulebook's numbers (docs/decisions.md, D45).

Before, a hand kept the number of a section of the old rule sheet ("3.4") and its
explanation cited that sheet ("(rules 3.2)", "(house rule, 3.5)", "rules 7").
Now ``section`` keeps the slug of the rulebook's section ("scoring") and the
explanation cites the rulebook as a screen shows it ("(Call-Ace rules 2)"). The
words are written out here, not asked of the engine, so this migration says the
same thing whatever the rulebook becomes; tests/test_migrations.py checks that
they are what the engine writes today. Reversible: the old numbers follow from
the variant and the hand's rule.
"""

from collections.abc import Callable, Iterable
from typing import Any

from django.db import migrations, models

BOOKS = {"call-ace": "Call-Ace", "call-your-partner": "Call-Your-Partner", "standard": "Standard"}
NIGHT_POINTS = "Euchre night rules 4"
OLD_SECTIONS = {
    "3.2": "bidding",
    "3.4": "scoring",
    "3.5": "scoring",
    "4": "scoring",
    "5": "scoring",
}
RENEGE_RULES = {"renege-euchre", "renege-march"}


def _phrases(variant: str) -> list[tuple[str, str]]:
    """(old, new) pairs of the words an explanation of ``variant`` cites a rule with."""
    book = BOOKS.get(variant, "Call-Ace")
    return [
        ("(rules 3.2)", f"({book} rules 2)"),
        ("(house rule, 3.5)", f"(house rule, {book} rules 5)"),
        ("a lone march scores 5, rules 7)", f"a lone march scores 5, {NIGHT_POINTS})"),
    ]


def _old_section(variant: str, section: str, rule: str) -> str:
    if section == "bidding":
        return "3.2"
    if section != "scoring":
        return section
    if variant == "standard":
        return "5"
    if rule in RENEGE_RULES:
        return "3.5"
    return "3.4" if variant == "call-ace" else "4"


def _rewrite(
    apps: Any,
    sections: Iterable[str],
    section_of: Callable[[str, str, str], str],
    to_new: bool,
) -> None:
    Hand = apps.get_model("scorekeeper", "Hand")
    ids = list(Hand.objects.filter(section__in=sections).values_list("pk", flat=True))
    for start in range(0, len(ids), 1000):
        hands = list(Hand.objects.filter(pk__in=ids[start : start + 1000]).select_related("game"))
        for hand in hands:
            variant = hand.game.variant
            for old, new in _phrases(variant):
                before, after = (old, new) if to_new else (new, old)
                hand.explanation = hand.explanation.replace(before, after)
            hand.section = section_of(variant, hand.section, hand.rule)
        Hand.objects.bulk_update(hands, ["section", "explanation"])


def _new_section(variant: str, section: str, rule: str) -> str:
    return OLD_SECTIONS[section]


def forwards(apps: Any, schema_editor: Any) -> None:
    _rewrite(apps, OLD_SECTIONS, _new_section, True)


def backwards(apps: Any, schema_editor: Any) -> None:
    _rewrite(apps, {"bidding", "scoring"}, _old_section, False)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0015_table_start"),
    ]

    operations = [
        migrations.AlterField(
            model_name="hand",
            name="section",
            field=models.CharField(blank=True, max_length=20),
        ),
        migrations.RunPython(forwards, backwards),
    ]
