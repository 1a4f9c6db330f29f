"""A euchre night's standings, watch link and score card on a phone (docs/rules.md, Euchre night 3):
readable at 375 px without sideways scrolling, accessible, kept up to date by
the poll, with no console error."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, Game
from tests.conftest import BrowserProblems
from tests.game_support import our_table, record
from tests.tv_support import TV_SIZES, off_screen, scrolls, smallest_text_px, stopped_clock, tv_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Axe = Callable[..., None]
FIVE_SECONDS = 5000
TWELVE = tuple(f"Player with a long name {n}" for n in range(1, 13))


def a_night(rounds: int = 3, players: tuple[str, ...] = TWELVE) -> EuchreNight:
    night = EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=players,
        rounds=rounds,
        rules=NightRules(hands_per_round=4),
        name="Club night",
        seed=3,
    )
    night.seat_next_round(version=night.version)
    return night


def first_table(night: EuchreNight, number: int) -> Game:
    return Game.objects.with_seats().get(
        night_round__night=night, night_round__number=number, night_table=1
    )


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_standings_fit_a_phone_and_follow_the_hands(page: Page, axe: Axe) -> None:
    night = a_night()
    page.goto(f"/nights/{night.pk}/standings/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Standings")
    expect(page.get_by_text("Round 2 of 3")).to_be_visible()
    expect(page.get_by_role("region", name="Standings table")).to_be_visible()
    no_sideways_scroll(page)
    axe(page)
    game = first_table(night, 2)
    maker = game.seat_list()[0].player.name
    record(game, maker=maker, trump="H", tricks=5, alone=True)
    row = page.get_by_role("row").filter(has=page.get_by_role("rowheader", name=maker))
    expect(row.locator(".total")).to_have_text("4", timeout=FIVE_SECONDS)
    # One prize a person: the lone march puts the maker first on points, so the
    # lone hands prize passes them over, and nobody else has made one.
    expect(page.locator(".prize", has_text="Most points")).to_contain_text(maker)
    expect(page.locator(".prize", has_text="Most lone hands made")).to_contain_text("nobody yet")
    no_sideways_scroll(page)


def test_the_tv_shows_every_standing_and_table_at_once_and_turns_pages_for_more(
    browser: Browser,
    browser_context_args: dict[str, Any],
    browser_problems: BrowserProblems,
    axe: Axe,
) -> None:
    """24 players on a TV (issue 24): every standing and every table of the round
    on screen at 1280x720 and 1920x1080, no scrolling, players level on points
    drawn alike; 30 players: the standings turn their pages by themselves."""
    night = a_night(players=tuple(f"Player number {n}" for n in range(1, 25)))
    game = first_table(night, 2)
    record(game, maker=game.seat_list()[0].player.name, trump="H", tricks=3)  # two lead, level
    with tv_page(browser, browser_context_args, browser_problems) as page:
        page.goto(f"/nights/watch/{night.watch_token}/")
        standings = page.locator(".night-standing")
        expect(standings).to_have_count(24)
        expect(page.locator(".night-table-card")).to_have_count(6)
        expect(page.locator(".night-standing.is-ahead")).to_have_count(2)
        for size in TV_SIZES:
            page.set_viewport_size(size)
            assert off_screen(page, ".night-standing, .night-table-card, .night-seats li") == []
            assert not scrolls(page)
            heights = standings.evaluate_all("rows => rows.map(row => row.offsetHeight)")
            assert len(set(heights)) == 1  # every line alike, the leaders and shared places too
            axe(page)
        assert smallest_text_px(page) >= 24  # at 1920x1080

        bigger = a_night(players=tuple(f"Player {n}" for n in range(1, 31)))
        stopped_clock(page)
        page.goto(f"/nights/watch/{bigger.watch_token}/")
        first = page.locator(".watch-page", has_text="Places 1 to 24 of 30")
        then = page.locator(".watch-page", has_text="Places 25 to 30 of 30")
        expect(first).to_be_visible()
        expect(then).to_be_hidden()
        assert off_screen(page, ".watch-page:not(.is-resting) .night-standing") == []
        page.clock.fast_forward(9000)
        expect(then).to_be_visible()
        expect(first).to_be_hidden()
        assert off_screen(page, ".watch-page:not(.is-resting) .night-standing") == []
        assert not scrolls(page)
    assert browser_problems.unexpected() == []


def test_the_watch_page_shows_the_room_and_refuses_a_write(page: Page, axe: Axe) -> None:
    night = a_night()
    page.goto(f"/nights/watch/{night.watch_token}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Club night")
    expect(page.get_by_role("heading", name="Round 2: who sits where")).to_be_visible()
    expect(page.locator(".night-table-card")).to_have_count(3)
    expect(page.locator("form")).to_have_count(0)
    no_sideways_scroll(page)
    axe(page)
    game = first_table(night, 2)
    maker = game.seat_list()[0].player.name
    record(game, maker=maker, trump="H", tricks=3)
    expect(page.locator(".night-standing").first).to_contain_text("1", timeout=FIVE_SECONDS)
    expect(page.locator(".night-table-card").first).to_contain_text("1 of 4 hands")
    assert page.request.post(f"/nights/watch/{night.watch_token}/").status == 403


def test_the_score_card_offers_print_and_fits_a_phone(page: Page, axe: Axe) -> None:
    night = a_night()
    page.goto(f"/nights/{night.pk}/rounds/2/tables/1/card/")
    expect(page.get_by_role("button", name="Print")).to_be_visible()
    expect(page.locator(".card-table tbody tr")).to_have_count(4)
    no_sideways_scroll(page)
    axe(page)
    page.emulate_media(media="print")
    expect(page.get_by_role("button", name="Print")).to_be_hidden()
    expect(page.locator(".site-header")).to_be_hidden()
