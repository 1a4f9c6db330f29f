"""Seasons in a browser (docs/formats.md, "Seasons"): naming one on a phone,
with htmx and without JavaScript, refused dates shown beside the field; the
season's page on a 320 px phone; its watch link on a TV, live. Accessible, no
console error."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from scorekeeper.models import Season
from tests.conftest import BrowserProblems, table_cookie
from tests.documents import document, import_document, local
from tests.game_support import TEST_TABLE_KEY
from tests.seasons.season_support import game_on, season
from tests.tv_support import TV_SIZES, off_screen, scrolls, smallest_text_px, stopped_clock, tv_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Axe = Callable[..., None]
FIVE_SECONDS = 5000
SMALL_PHONE = {"width": 320, "height": 568}


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def name_a_season(page: Page, name: str, starts: str, ends: str) -> None:
    page.get_by_label("Name of the season").fill(name)
    page.get_by_label("First game night").fill(starts)
    page.get_by_label("Last game night").fill(ends)
    page.get_by_role("button", name="Name the season").click()


def test_a_phone_names_a_season_after_a_refusal_and_sees_its_standings(
    page: Page, axe: Axe
) -> None:
    game_on(date(2026, 9, 4), "Ann", "Ben")
    season("Summer", date(2026, 6, 1), date(2026, 8, 31))
    page.set_viewport_size(SMALL_PHONE)
    page.goto("/games/")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Seasons").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Seasons")
    no_sideways_scroll(page)
    axe(page)

    name_a_season(page, "Autumn 2026", "2026-12-20", "2026-09-01")
    last = page.locator(".field", has=page.get_by_label("Last game night"))
    expect(last.locator(".errorlist")).to_contain_text("comes before the first")
    no_sideways_scroll(page)
    axe(page)

    name_a_season(page, "Autumn 2026", "2026-08-31", "2026-12-20")
    first = page.locator(".field", has=page.get_by_label("First game night"))
    expect(first.locator(".errorlist")).to_contain_text("“Summer”")
    assert Season.objects.count() == 1

    page.get_by_label("First game night").fill("2026-09-01")
    page.get_by_role("button", name="Name the season").dblclick()  # a double tap
    expect(page.get_by_role("heading", level=1)).to_have_text("Autumn 2026")
    expect(page).to_have_url(f"/seasons/{Season.objects.get(name='Autumn 2026').pk}/")
    standings = page.get_by_role("region", name="Season standings")
    expect(standings.get_by_role("rowheader", name="Ann")).to_be_visible()
    expect(page.locator(".leader", has_text="Most points")).to_contain_text("Ann and Ben")
    expect(page.get_by_role("link", name="/seasons/watch/")).to_be_visible()
    no_sideways_scroll(page)
    axe(page)
    assert Season.objects.count() == 2


def test_without_javascript_the_form_is_a_real_form(
    new_context: Callable[..., BrowserContext], live_server: Any
) -> None:
    context = new_context(java_script_enabled=False)
    context.add_cookies(
        [{"name": "bower_tables", "value": table_cookie(TEST_TABLE_KEY), "url": live_server.url}]
    )
    game_on(date(2026, 9, 4), "Ann", "Ben")
    page = context.new_page()
    page.goto("/seasons/")
    name_a_season(page, "", "2026-09-01", "2026-12-20")
    expect(page.locator(".field.has-errors")).to_contain_text("Give the season a name")
    name_a_season(page, "Autumn", "2026-09-01", "2026-12-20")
    expect(page.get_by_role("heading", level=1)).to_have_text("Autumn")
    # Post/Redirect/Get: the address is the season's own.
    expect(page).to_have_url(f"{live_server.url}/seasons/{Season.objects.get().pk}/")
    expect(page.get_by_role("rowheader", name="Ann")).to_be_visible()
    assert Season.objects.count() == 1


def a_big_season() -> Season:
    """Fifteen players over three games of five: more lines than a TV screen holds."""
    names = [f"Player number {n:02}" for n in range(1, 16)]
    for n in range(0, 15, 5):
        hand = {"maker": names[n], "trump": "H", "called": "S", "partner": names[n + 1]}
        data = document("call-ace", names[n : n + 5], [{**hand, "tricks": 5}] * 4)
        import_document(data, at=local(2026, 9, 4, 20))
    return season("Autumn", date(2026, 9, 1), date(2026, 12, 20))


def test_the_tv_shows_the_standings_without_scrolling_and_follows_the_games(
    browser: Browser,
    browser_context_args: dict[str, Any],
    browser_problems: BrowserProblems,
    axe: Axe,
) -> None:
    game_on(date(2026, 9, 4), "Ann", "Ben")
    autumn = season("Autumn", date(2026, 9, 1), date(2026, 12, 20))
    with tv_page(browser, browser_context_args, browser_problems) as page:
        page.goto(f"/seasons/watch/{autumn.watch_token}/")
        expect(page.get_by_role("heading", level=1)).to_have_text("Autumn")
        expect(page.locator("form")).to_have_count(0)
        for size in TV_SIZES:
            page.set_viewport_size(size)
            assert off_screen(page, ".season-table tr, .leader") == []
            assert not scrolls(page)
            axe(page)
        assert smallest_text_px(page) >= 18  # at 1920x1080

        game_on(date(2026, 9, 11), "Cat", "Dan")
        cat = page.get_by_role("row").filter(has=page.get_by_role("rowheader", name="Cat"))
        expect(cat.locator("td").nth(1)).to_have_text("2", timeout=FIVE_SECONDS)  # games
        assert page.request.post(f"/seasons/watch/{autumn.watch_token}/").status == 403
    assert browser_problems.unexpected() == []


def test_a_tv_turns_the_pages_of_a_long_season(
    browser: Browser,
    browser_context_args: dict[str, Any],
    browser_problems: BrowserProblems,
    axe: Axe,
) -> None:
    big = a_big_season()
    with tv_page(browser, browser_context_args, browser_problems) as page:
        stopped_clock(page)
        page.goto(f"/seasons/watch/{big.watch_token}/")
        first = page.locator(".watch-page", has_text="Places 1 to 10 of 15")
        then = page.locator(".watch-page", has_text="Places 11 to 15 of 15")
        expect(first).to_be_visible()
        expect(then).to_be_hidden()
        assert off_screen(page, ".watch-page:not(.is-resting) .season-table tr") == []
        page.clock.fast_forward(9000)
        expect(then).to_be_visible()
        expect(first).to_be_hidden()
        page.set_viewport_size(TV_SIZES[1])
        assert off_screen(page, ".watch-page:not(.is-resting) .season-table tr, .leader") == []
        assert not scrolls(page)
        # axe waits on the page's timers: the clock runs again for it.
        page.clock.resume()
        axe(page)
    assert browser_problems.unexpected() == []
