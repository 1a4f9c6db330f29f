"""The referee's verdicts cite the rule applied by the in-app rulebook's numbers, linked
to its section (docs/decisions.md, D45)."""

from __future__ import annotations

from django.test import Client


def test_the_score_calculator_cites_and_links_the_rule_applied(client: Client) -> None:
    made = client.get(
        "/referee/score/", {"variant": "standard", "maker": "1", "trump": "H", "tricks": "3"}
    ).content.decode()
    assert (
        'Rule applied: <a class="rule-cite" href="/referee/rules/standard/#scoring">'
        "Standard rules 5</a>, Scoring." in made
    )


def test_the_calculator_links_a_renege_penalty_to_the_scoring_rules(client: Client) -> None:
    page = client.get(
        "/referee/score/",
        {
            "variant": "call-your-partner",
            "maker": "1",
            "trump": "H",
            "called": "QS",
            "partner": "2",
            "tricks": "2",
            "renege": "3",
            "renege_rule": "offender-loses-2",
        },
    ).content.decode()
    assert (
        '(house rule, <a class="rule-cite" href="/referee/rules/call-your-partner/#scoring">'
        "Call-Your-Partner rules 5</a>)" in page
    )
