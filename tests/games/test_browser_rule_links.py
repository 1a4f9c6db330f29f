"""A player follows the rule under a hand to the rulebook, on a phone (conftest.py:
`page` at 390x844 in Chromium, failing on console errors and CSP violations; `axe`),
then reads the euchre night's rules (docs/decisions.md, D45)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.game_support import record, start_game
from tests.referee.test_browser_referee import SMALL_TARGETS, fits_the_phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_taps_the_rule_under_a_hand_and_reads_it_then_the_nights_rules(
    page: Page, axe: Callable[..., None]
) -> None:
    game = start_game("call-ace")
    record(game, thrown_in=True)
    page.goto(f"/games/{game.pk}/")
    rule = page.locator(".recent-rule").get_by_role("link", name="Call-Ace rules 2")
    expect(rule).to_be_visible()
    rule.tap()
    expect(page).to_have_url(re.compile(r"/referee/rules/call-ace/#bidding$"))
    bidding = page.get_by_role("heading", name=re.compile(r"^2 Bidding"))
    expect(bidding).to_be_in_viewport()
    expect(page.locator("#ruling-misdeal")).to_contain_text("misdeal")

    page.get_by_role("link", name="Rules", exact=True).tap()
    page.get_by_role("link", name=re.compile(r"^Euchre night")).tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Euchre night")
    page.get_by_role("searchbox", name="Find a rule").fill("sit out")
    page.get_by_role("button", name="Find").tap()
    hit = page.locator("#tool").get_by_role("link", name=re.compile("Sitting out"))
    expect(hit.first).to_be_visible()
    fits_the_phone(page)
    assert page.evaluate(SMALL_TARGETS) == []
    axe(page)
