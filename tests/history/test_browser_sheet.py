"""A long game's score sheet on a phone (conftest.py: `page` at 390x844 in
Chromium, failing on console errors and CSP violations; `axe`): it opens on the
latest hands, and the earlier ones are a tap away, through htmx and without it."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from scorekeeper.web import phone_tables
from tests.conftest import BrowserProblems, table_cookie
from tests.game_support import TEST_TABLE_KEY, url
from tests.games.test_game_table import long_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def edit_link(page: Page, number: int) -> Locator:
    """A row's link to its hand's edit screen: the hand's number, "edit hand N" unseen."""
    return page.get_by_role("link", name=re.compile(rf"^{number}\W+edit hand {number}$"))


def fits_the_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_long_games_sheet_opens_on_the_latest_hands_and_pages_back(
    page: Page, axe: Callable[..., None]
) -> None:
    game = long_game(61)
    page.goto(url("game_table", game))
    page.get_by_role("link", name="All hands").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("All hands")
    expect(page.locator(".sheet-pages .pager-where").first).to_have_text("Hands 51 to 61 of 61")
    expect(edit_link(page, 61)).to_be_visible()
    fits_the_phone(page)
    axe(page)

    # Through htmx: the screen is swapped and the address follows the page.
    page.get_by_role("link", name="Earlier hands: 1 to 50").tap()
    expect(page).to_have_url(re.compile(r"/sheet/\?page=1$"))
    expect(edit_link(page, 1)).to_be_visible()
    expect(edit_link(page, 61)).to_have_count(0)
    chart = page.get_by_role("img", name=re.compile("Running totals after each hand"))
    expect(chart).to_be_visible()
    expect(page.get_by_role("link", name="Hands 1\N{EN DASH}50")).to_have_attribute(
        "aria-current", "page"
    )
    axe(page)

    # Back in the browser's history: the latest hands again.
    page.go_back()
    expect(edit_link(page, 61)).to_be_visible()

    # A row's link still opens that hand's edit screen.
    edit_link(page, 55).tap()
    expect(page).to_have_url(re.compile(r"/hands/55/edit/$"))


def test_the_pages_are_plain_links_without_javascript(
    new_context: Callable[..., Any], browser_problems: BrowserProblems, live_server: Any
) -> None:
    context = new_context(java_script_enabled=False)
    cookie = {
        "name": phone_tables.COOKIE,
        "value": table_cookie(TEST_TABLE_KEY),
        "url": live_server.url,
    }
    context.add_cookies([cookie])
    browser_problems.watch(context)
    page = context.new_page()
    game = long_game(61)
    page.goto(url("game_sheet", game))
    page.get_by_role("link", name="Earlier hands: 1 to 50").tap()
    expect(page).to_have_url(re.compile(r"/sheet/\?page=1$"))
    expect(page.locator(".sheet-pages .pager-where").first).to_have_text("Hands 1 to 50 of 61")
    page.get_by_role("link", name="Later hands: 51 to 61").first.tap()
    expect(edit_link(page, 61)).to_be_visible()
    page.get_by_role("link", name="Hands 1\N{EN DASH}50").tap()
    expect(edit_link(page, 1)).to_be_visible()
    assert browser_problems.unexpected() == []
