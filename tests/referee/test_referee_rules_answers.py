"""The rules page answers a table's question (issue 24): a house rule Bower does not play
is named as one, with what it is, instead of nothing or a "did you mean" pointing at a
different rule; a dispute question gets its answer first, linked to the rule it rests on."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

HTMX = {"HTTP_HX_REQUEST": "true"}


def results(client: Client, variant: str, query: str, **extra: str) -> str:
    response = client.get(f"/referee/rules/{variant}/", {"q": query}, **extra)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("variant", ["call-ace", "call-your-partner", "standard"])
def test_farmers_hand_is_named_as_a_house_rule_bower_does_not_play(
    client: Client, variant: str
) -> None:
    page = results(client, variant, "farmer's hand")
    assert "Not played by Bower: Farmer's hand, or going under" in page
    assert "A house rule Bower does not play." in page
    assert "Nothing in the" not in page
    assert "Did you mean" not in page


def test_going_under_is_answered_not_sent_to_going_alone(client: Client) -> None:
    page = results(client, "standard", "going under", **HTMX)
    assert "Did you mean" not in page
    first = re.search(
        r'<li class="hit hit-answer">\s*<a class="hit-where" href="#([a-z-]+)">', page
    )
    assert first is not None
    assert first.group(1) == "kitty"  # the deal's kitty, the rule the house rule would change
    assert "Farmer's hand, or going under" in page


def test_a_dispute_question_gets_its_answer_first_linked_to_its_rule(client: Client) -> None:
    page = results(client, "standard", "can the stuck dealer name the turned down suit")
    hits = re.findall(r'<li class="hit([^"]*)">\s*<a class="hit-where" href="#([a-z-]+)">', page)
    assert hits[0] == (" hit-answer", "stick-the-dealer")
    assert 'id="stick-the-dealer"' in page  # the link lands on the rule
    text = " ".join(re.sub(r"<[^>]+>", " ", page).split())  # words the query marks
    assert "a stuck dealer must name one of the other three suits" in text


def test_a_games_link_marks_the_canadian_loner_in_force_on_the_standard_rules(
    client: Client,
) -> None:
    page = client.get("/referee/rules/standard/", {"canadian_loner": "on"}).content.decode()
    block = page.split('id="house-canadian-loner"')[1].split("</div>")[0]
    assert re.search(r'<li class="choice in-force">\s*<strong>On</strong>', block)
    plain = client.get("/referee/rules/standard/").content.decode()
    block = plain.split('id="house-canadian-loner"')[1].split("</div>")[0]
    assert "in force" not in block
    assert 'Off</strong> <span class="badge">default</span>' in block


def test_the_canadian_loner_asked_of_another_variant_is_refused_with_a_message(
    client: Client,
) -> None:
    response = client.get("/referee/rules/call-ace/", {"canadian_loner": "on"})
    assert response.status_code == 200  # the page still serves, with the default rules
    page = html.unescape(response.content.decode())
    assert "The Canadian loner is a house rule of standard euchre only." in page
    assert "These are the default rules." in page
