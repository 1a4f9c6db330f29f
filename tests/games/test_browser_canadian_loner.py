"""The Canadian loner on a phone (conftest.py: `page` at 390x844 in Chromium, failing on
console errors and CSP violations; `axe`): chosen on the new game form, shown on the table,
and a call that breaks it refused beside the partner chips, then made alone."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.games.test_browser_game import TRICKS, group, score, start, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_standard_game_with_the_canadian_loner_holds_the_dealers_partner_to_it(
    page: Page, axe: Callable[..., None]
) -> None:
    start(page, "Standard euchre", ["Ann", "Ben", "Cat", "Dan"], dealer="Dan")
    loner = group(page, "Canadian loner")
    expect(loner).to_contain_text("must play alone")
    tap(page, "Canadian loner", "On")
    axe(page)
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".table-rules")).to_have_text("House rules: Canadian loner")

    # Dan deals; Ben, his partner, orders him up in round 1 and keeps Dan playing.
    tap(page, "Who made trump?", "Ben")
    tap(page, "Trump", "Hearts")
    page.locator("summary", has_text="Bidding round").tap()
    tap(page, "Bidding round (optional)", "1: ordered up")
    page.get_by_role("button", name="Save the call").tap()
    expect(page.locator(".errorlist").first).to_contain_text(
        re.compile(r"Ben ordered up their partner Dan, the dealer, in round 1: .*Canadian loner")
    )
    axe(page)

    # Alone, as the rule says: Dan sits out, and a march scores 4.
    tap(page, "Partner", "Maker goes alone")
    page.get_by_role("button", name="Save the call").tap()
    expect(page.locator(".call")).to_contain_text("Ben made ♥ hearts and goes alone; Dan sits out")
    page.get_by_text("Hand over: tricks and points").tap()
    tap(page, TRICKS, "5")
    page.get_by_role("button", name="Save hand").tap()
    expect(score(page, "Ben & Dan")).to_have_text("4")
