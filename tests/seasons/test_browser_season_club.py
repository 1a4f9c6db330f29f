"""A club's season in a browser (issue 42): its page on a 320 px phone and its
watch link on a TV at 1280x720 and 1920x1080, with six players of thirty
letters in every variant, level two by two: every column and every name on
screen, names broken between their words only. Accessible, no console error."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.seasons.standings import season_standings
from tests.conftest import BrowserProblems
from tests.seasons.season_support import CLUB, a_club_season
from tests.tv_support import TV_SIZES, off_screen, scrolls, tv_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Axe = Callable[..., None]
SMALL_PHONE = {"width": 320, "height": 568}
NIGHT = date(2026, 9, 4)


def broken_words(page: Page, selector: str) -> list[str]:
    """Each word, in the elements matching ``selector``, that the page draws
    on two lines (broken inside it, not between words)."""
    found: list[str] = page.evaluate(
        """(selector) => {
        const broken = [];
        for (const element of document.querySelectorAll(selector)) {
            const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                for (const match of node.textContent.matchAll(/\\S+/g)) {
                    const range = document.createRange();
                    range.setStart(node, match.index);
                    range.setEnd(node, match.index + match[0].length);
                    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                    if (tops.size > 1) broken.push(match[0]);
                }
            }
        }
        return broken;
    }""",
        selector,
    )
    return found


def widest(page: Page) -> int:
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width


def test_a_phone_reads_the_club_season_names_whole(page: Page, axe: Axe) -> None:
    autumn = a_club_season(NIGHT)
    page.set_viewport_size(SMALL_PHONE)
    page.goto(f"/seasons/{autumn.pk}/")
    expect(page.get_by_role("heading", level=1)).to_have_text(autumn.name)
    assert widest(page) <= SMALL_PHONE["width"]
    assert broken_words(page, ".season-name, .leader-names") == []
    # Everyone level on a figure is named, however many they are.
    for leader in season_standings(autumn).leaders:
        line = page.locator(".leader", has_text=leader.label).first
        for name in leader.names:
            expect(line).to_contain_text(name)
    place_2 = page.get_by_role("row").filter(has=page.get_by_role("cell", name="=2", exact=True))
    expect(place_2).to_have_count(4)
    axe(page)


def test_the_tv_fits_every_column_and_every_name_of_the_club_season(
    browser: Browser,
    browser_context_args: dict[str, Any],
    browser_problems: BrowserProblems,
    axe: Axe,
) -> None:
    autumn = a_club_season(NIGHT)
    with tv_page(browser, browser_context_args, browser_problems) as page:
        page.goto(f"/seasons/watch/{autumn.watch_token}/")
        expect(page.get_by_role("columnheader", name="Standard", exact=False)).to_have_count(1)
        for size in TV_SIZES:
            page.set_viewport_size(size)
            assert widest(page) <= size["width"], size
            assert off_screen(page, ".season-table th, .season-table td, .leader, .note") == []
            assert not scrolls(page)
            assert broken_words(page, ".season-name, .leader-names") == []
            for name in CLUB:
                expect(page.get_by_role("rowheader", name=name)).to_be_in_viewport()
            axe(page)
    assert browser_problems.unexpected() == []
