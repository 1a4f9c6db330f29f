"""The euchre night's rules among the referee's rules pages (``/referee/rules/euchre-night/``,
docs/formats.md, "Referee pages' query strings")."""

from __future__ import annotations

import re

from django.test import Client

from referee.engine.rulebook.euchre_night import NIGHT_SECTION_SLUGS, night_rulebook

HTMX = {"HTTP_HX_REQUEST": "true"}
NIGHT = "/referee/rules/euchre-night/"


def test_the_rules_index_lists_the_euchre_night_beside_the_variants(client: Client) -> None:
    page = client.get("/referee/rules/").content.decode()
    books = re.findall(r'href="/referee/rules/([a-z-]+)/"><span class="tool-title">([^<]+)', page)
    assert books == [
        ("call-ace", "Call-Ace Euchre"),
        ("call-your-partner", "Call-Your-Partner Euchre"),
        ("standard", "Standard euchre"),
        ("euchre-night", "Euchre night"),
    ]


def test_the_night_page_numbers_its_six_sections_as_docs_rules_md(client: Client) -> None:
    response = client.get(NIGHT)
    assert response.status_code == 200
    page = response.content.decode()
    found = re.findall(
        r'<section class="rule-section" id="([a-z-]+)".*?'
        r'<span class="section-number">(\d)</span> ([^<]+?) <a',
        page,
        re.DOTALL,
    )
    assert found == [
        (s.slug, str(n), s.title) for n, s in enumerate(night_rulebook().sections, start=1)
    ]
    assert [slug for slug, _, _ in found] == list(NIGHT_SECTION_SLUGS)
    assert 'aria-current="page">Euchre night</a>' in page
    for ruling in ("ruling-night", "ruling-lone-renege", "ruling-sit-out-average"):
        assert f'<div class="ruling" id="{ruling}">' in page
    assert 'id="house-sit-out"' in page


def test_the_night_page_finds_a_rule_by_word(client: Client) -> None:
    page = client.get(NIGHT, {"q": "sitting out"}).content.decode()
    results = page.split('id="tool"')[1].split("</div>")[0]
    assert 'href="#ruling-sit-out-average"' in results
    assert "<mark>" in results
    partial = client.get(NIGHT, {"q": "partner"}, **HTMX)
    assert partial.status_code == 200
    assert partial.content.decode().lstrip().startswith('<div id="tool"')
    assert 'href="#new-partners"' in partial.content.decode()


def test_a_night_search_that_misses_suggests_night_words(client: Client) -> None:
    text = client.get(NIGHT, {"q": "standngs"}).content.decode()
    link = re.search(r'Did you mean <a href="([^"]+)">standings</a>', text)
    assert link is not None
    assert link.group(1) == "/referee/rules/euchre-night/?q=standings"
    nothing = client.get(NIGHT, {"q": "xyzzy"}).content.decode()
    assert 'Try one word, such as <a href="?q=partner">partner</a>' in nothing


def test_a_night_search_too_long_is_refused_beside_the_box(client: Client) -> None:
    response = client.get(NIGHT, {"q": "x" * 101})
    assert response.status_code == 200
    assert "Ensure this value has at most 100 characters" in response.content.decode()
    assert client.get(NIGHT, {"q": "x" * 101}, **HTMX).status_code == 422
    # The variants' house rules mean nothing here: ignored, never an error.
    assert "errorlist" not in client.get(NIGHT, {"ties": "x", "players": "\u00b2"}).content.decode()
