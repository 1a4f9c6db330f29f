"""A club's season in a browser (issue 42): its page on a 320 px phone and its
watch link on a TV at 1280x720 and 1920x1080, with six players of thirty
letters in every variant, level two by two: every column and every name on
screen, names broken between their words only. Accessible, no console error."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Locator, Page, expect

from referee.engine.season_rule import RuleKind, SeasonRule
from scorekeeper.seasons.standings import season_standings
from tests.club_night_support import after_round_one, club_night, play_evenly
from tests.conftest import BrowserProblems
from tests.seasons.season_support import CLUB, a_club_season, month_end, season
from tests.thumb_support import HIT
from tests.tv_support import TV_SIZES, off_screen, scrolls, tv_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Axe = Callable[..., None]
SMALL_PHONE = {"width": 320, "height": 568}
NIGHT = date(2026, 9, 4)


def broken_words(page: Page, selector: str) -> list[str]:
    """Each word, in the elements matching ``selector``, that the page draws
    on two lines (broken inside it, not between words: a hyphen parts words)."""
    found: list[str] = page.evaluate(
        """(selector) => {
        const broken = [];
        for (const element of document.querySelectorAll(selector)) {
            const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                for (const match of node.textContent.matchAll(/[^\\s-]+/g)) {
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


def tall(page: Page) -> int:
    height: int = page.evaluate("document.documentElement.scrollHeight")
    return height


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


def tap(target: Locator) -> None:
    """A finger's tap: the target scrolled into view, and its middle is the target."""
    target.scroll_into_view_if_needed()
    assert target.evaluate(HIT), f"{target} is covered"
    target.click()


def test_a_phone_changes_the_season_rule_and_reads_it_with_the_called_aces(
    page: Page, axe: Axe
) -> None:
    autumn = a_club_season(NIGHT)
    page.set_viewport_size(SMALL_PHONE)
    page.goto(f"/seasons/{autumn.pk}/")
    rule = page.locator(".season-rule")
    expect(rule).to_have_text(re.compile(r"^Ranked by total points, then wins"))
    aces = page.get_by_role("region", name="The called ace this season")
    expect(aces).to_contain_text("In games: 4 calls")
    expect(aces.get_by_role("listitem").filter(has_text="Ace of spades")).to_contain_text(
        "called 4 times, the caller won 4 (100%)"
    )
    tap(page.locator("label.chip", has_text="Best nights"))
    tap(page.get_by_role("button", name="Change the rule"))
    best = page.locator(".field", has=page.get_by_label("Nights counted, for best nights"))
    expect(best).to_contain_text("Give how many of each player's best nights count")
    assert widest(page) <= SMALL_PHONE["width"]
    axe(page)
    page.get_by_label("Nights counted, for best nights").fill("1")
    tap(page.get_by_role("button", name="Change the rule"))
    expect(rule).to_have_text(re.compile(r"^Ranked by points on each player's best 1 game nights"))
    expect(page.get_by_role("columnheader", name="Best 1")).to_be_visible()
    tap(page.locator("label.chip", has_text="Places on each night"))
    tap(page.get_by_role("button", name="Change the rule"))
    expect(rule).to_contain_text("1st 10, 2nd 8, 3rd 6, 4th 5")
    expect(page.get_by_role("columnheader", name="Place points")).to_be_visible()
    assert widest(page) <= SMALL_PHONE["width"]
    assert broken_words(page, ".season-name, .leader-names, .season-rule, .called-aces li") == []
    axe(page)
    page.goto("/seasons/")
    expect(page.get_by_role("group", name="Standings rule")).to_be_visible()
    assert widest(page) <= SMALL_PHONE["width"]
    axe(page)
    # The club's called aces: every game of the phone's tables, on the players list.
    page.goto("/players/")
    club = page.get_by_role("region", name="The called ace")
    expect(club).to_contain_text("In games: 4 calls")
    expect(club.get_by_role("listitem").filter(has_text=CLUB[0]).first).to_be_visible()
    assert widest(page) <= SMALL_PHONE["width"]
    assert broken_words(page, ".called-aces li") == []
    axe(page)


def test_the_tv_fits_every_column_and_every_name_of_the_club_season(
    browser: Browser,
    browser_context_args: dict[str, Any],
    browser_problems: BrowserProblems,
    axe: Axe,
) -> None:
    autumn = a_club_season(NIGHT)
    # The rule that adds a column: the widest standings.
    autumn.change_rule(SeasonRule(RuleKind.BEST, 3))
    with tv_page(browser, browser_context_args, browser_problems) as page:
        page.goto(f"/seasons/watch/{autumn.watch_token}/")
        expect(page.get_by_role("columnheader", name="Standard", exact=False)).to_have_count(1)
        # The TV gives the rule's score in place of the points, as the rule ranks by it.
        expect(page.get_by_role("columnheader", name="Best 3")).to_have_count(1)
        expect(page.get_by_role("columnheader", name="Points")).to_have_count(0)
        expect(page.locator(".season-rule")).to_contain_text("best 3 game nights, then wins")
        for size in TV_SIZES:
            page.set_viewport_size(size)
            assert widest(page) <= size["width"], size
            selector = ".season-table th, .season-table td, .leader, .note, .season-rule"
            assert off_screen(page, selector) == []
            assert not scrolls(page)
            assert broken_words(page, ".season-name, .leader-names") == []
            for name in CLUB:
                expect(page.get_by_role("rowheader", name=name)).to_be_in_viewport()
            axe(page)
    assert browser_problems.unexpected() == []


def test_the_tv_fits_a_season_with_the_club_night_and_every_tied_name(
    browser: Browser,
    browser_context_args: dict[str, Any],
    browser_problems: BrowserProblems,
    axe: Axe,
) -> None:
    a_club_season(NIGHT).delete()  # its games, in the longer season below
    night = after_round_one(club_night())
    for number in (2, 3):
        play_evenly(night.rounds.get(number=number), night.night_rules.hands_per_round)
        night.refresh_from_db()
        if number == 2:
            night.seat_next_round(version=night.version)
    # Both the club's games and its night of twelve, every one of them level on a figure.
    autumn = season("Autumn and the club night", NIGHT, month_end(timezone.localdate()))
    leaders = season_standings(autumn).leaders
    with tv_page(browser, browser_context_args, browser_problems) as page:
        page.goto(f"/seasons/watch/{autumn.watch_token}/")
        for size in TV_SIZES:
            page.set_viewport_size(size)
            assert (widest(page), tall(page)) == (size["width"], size["height"])
            shown = ".watch-page:not(.is-resting)"  # ten lines a page, in turn
            selector = f"{shown} th, {shown} td, .leader, .note, .season-rule"
            assert off_screen(page, selector) == []
            assert broken_words(page, ".season-name, .leader-names") == []
            for leader in leaders:
                if not leader.risen:
                    line = page.locator(".leader", has_text=leader.label).first
                    for name in leader.names:
                        expect(line).to_contain_text(name)
            axe(page)
    assert browser_problems.unexpected() == []
