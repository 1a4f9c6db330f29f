"""Ratings and the called ace on a phone (conftest.py: `page` in Chromium,
failing on console errors and CSP violations; `axe`): the players list by
rating in a variant, a bad choice named beside its field, a player's ratings,
chart and calls, at 320x568 and at 1280x720, and the list without JavaScript."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.web import phone_tables
from tests.conftest import BrowserProblems, table_cookie
from tests.documents import document, import_document
from tests.game_support import TEST_TABLE_KEY

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIVE = ["Ann", "Ben", "Cat", "Dan", "Eve"]
SMALL_PHONE = {"width": 320, "height": 568}
LAPTOP = {"width": 1280, "height": 720}


def history() -> None:
    """Ann wins three Call-Ace games to 5, marching with Ben, with Cat (two hands
    each) and alone (one hand); Ben and Dan win a standard game."""
    for partner in ("Ben", "Cat", "maker"):
        hand = {"maker": "Ann", "trump": "H", "called": "S", "partner": partner, "tricks": 5}
        import_document(document("call-ace", FIVE, [hand] * 3, target=5))
    lone = {"maker": "Ben", "trump": "S", "alone": True, "tricks": 5}
    import_document(document("standard", FIVE[:4], [lone] * 3, target=10))


def fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def names(page: Page) -> list[str]:
    return page.locator(".records tbody th a").all_inner_texts()


def test_the_players_by_rating_and_a_players_ratings_and_calls_on_a_small_phone(
    page: Page, axe: Callable[..., None]
) -> None:
    history()
    page.set_viewport_size(SMALL_PHONE)
    page.goto("/players/")
    expect(page.get_by_role("columnheader", name=re.compile("Rating"))).to_contain_text(
        "Call-Ace Euchre"
    )
    expect(page.get_by_role("row", name=re.compile("^Ann"))).to_contain_text("3 games")
    fits(page)
    axe(page)

    page.get_by_label("Order").select_option("rating")
    page.get_by_label("Ratings in").select_option("standard")
    page.get_by_role("button", name="Show").click()
    expect(page).to_have_url(re.compile(r"order=rating.*variant=standard"))
    assert set(names(page)[:2]) == {"Ben", "Dan"}
    expect(page.get_by_role("row", name=re.compile("^Eve"))).to_contain_text("none")
    fits(page)
    axe(page)

    # A choice the form does not offer: named beside its field, the list still shown.
    page.goto("/players/?variant=poker&order=rating")
    expect(page.locator(".errorlist")).to_contain_text("Select a valid choice")
    expect(page.get_by_label("Ratings in")).to_have_attribute("aria-invalid", "true")
    assert names(page)[0] == "Ann"
    fits(page)
    axe(page)

    page.get_by_role("link", name="Ann", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ann")
    ratings = page.get_by_role("table", name=re.compile("rating in each variant"))
    expect(ratings.get_by_role("row")).to_have_count(3)  # the header, Call-Ace, standard
    chart = page.get_by_role("img", name=re.compile("rating after each rated game"))
    expect(chart).to_be_visible()
    expect(page.locator(".chart-legend li")).to_have_count(2)
    called = page.get_by_role("region", name="The called ace")
    expect(called.get_by_role("heading", name="Their 5 calls, by how each went")).to_be_visible()
    items = called.get_by_role("listitem")
    expect(items.filter(has_text="Partner found")).to_have_text(
        "Partner found: 4 hands: made it 0, marched 4, euchred 0 (won 100%)"
    )
    expect(items.filter(has_text="Held the ace")).to_contain_text("1 hand: made it 0, marched 1")
    expect(items.filter(has_text="Ace not in play")).to_have_text("Ace not in play: 0 hands")
    expect(items.filter(has_text="Ace of spades")).to_contain_text("5 hands")
    expect(items.filter(has_text="Called Ben")).to_have_text(
        "Called Ben: won 2 of 2 hands (100%), marched 2, euchred 0"
    )
    fits(page)
    box = chart.bounding_box()
    assert box is not None
    assert box["width"] <= SMALL_PHONE["width"]
    axe(page)

    page.set_viewport_size(LAPTOP)
    page.reload()
    fits(page)
    box = page.get_by_role("img", name=re.compile("rating after each rated game")).bounding_box()
    assert box is not None
    assert 300 < box["width"] <= 26 * 18 + 1  # 26rem: the chart stays near a phone's size
    axe(page)

    response = page.request.get("/ratings.csv")
    assert response.status == 200
    assert response.text().splitlines()[1].startswith('"Ann","call-ace",3,')


def test_the_players_list_sorts_by_rating_without_javascript(
    new_context: Callable[..., Any], browser_problems: BrowserProblems, live_server: Any
) -> None:
    history()
    context = new_context(java_script_enabled=False)
    context.add_cookies(
        [
            {
                "name": phone_tables.COOKIE,
                "value": table_cookie(TEST_TABLE_KEY),
                "url": live_server.url,
            }
        ]
    )
    browser_problems.watch(context)
    page = context.new_page()
    page.set_viewport_size(SMALL_PHONE)
    page.goto("/players/")
    page.get_by_label("Order").select_option("rating")
    page.get_by_role("button", name="Show").click()
    expect(page).to_have_url(re.compile(r"order=rating"))
    assert names(page)[0] == "Ann"
    page.get_by_role("link", name="Ann", exact=True).click()
    expect(page.get_by_role("img", name=re.compile("rating after each rated game"))).to_be_visible()
    assert browser_problems.unexpected() == []
