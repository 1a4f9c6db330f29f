"""A game's watch link on a TV across the room (issue 24): at 1280x720 and
1920x1080, with no scrolling, every player, the dealer and the hand in play;
the winner in words; the rematch shown by the page's own poll, no reload."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.conftest import BrowserProblems
from tests.game_support import fresh, record, start_game
from tests.tv_support import FIVE_SECONDS, TV_SIZES, off_screen, scrolls, smallest_text_px, tv_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Axe = Callable[..., None]
SIX = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")


def test_the_tv_shows_the_whole_game_names_the_winner_and_follows_the_rematch(
    browser: Browser,
    browser_context_args: dict[str, Any],
    browser_problems: BrowserProblems,
    axe: Axe,
) -> None:
    game = start_game(players=SIX)
    record(game, maker="Ben", trump="H", called="S", partner="maker", tricks=5)  # Ben 6
    game = fresh(game)
    game.save_call(version=game.version, maker=2, trump="S", called="H")  # Cat's call
    with tv_page(browser, browser_context_args, browser_problems) as page:
        page.goto(f"/w/{game.watch_token}/")
        expect(page.locator(".watch-call")).to_contain_text("Cat made")

        for size in TV_SIZES:
            page.set_viewport_size(size)
            expect(page.locator(".watch-row")).to_have_count(6)
            assert off_screen(page, ".watch-row, .watch-deal, .watch-call, .watch-ahead") == []
            assert not scrolls(page)
            axe(page)
        assert smallest_text_px(page) >= 24  # at 1920x1080, read from across the room

        # Ben marches alone again: 12, the game is over, and the TV says who won.
        page.evaluate("window.neverReloaded = true")
        record(game, maker="Ben", trump="D", called="S", partner="maker", tricks=5)
        expect(page.get_by_role("heading", level=1)).to_have_text("Ben wins", timeout=FIVE_SECONDS)
        expect(page.locator(".watch-ahead")).to_have_text("Ben won with 12.")
        expect(page.locator(".watch-row.is-ahead")).to_have_count(1)
        expect(page.locator(".watch-row.is-ahead")).to_contain_text("winner")
        assert off_screen(page, ".watch-row, .watch-head") == []

        # A phone at the table taps Rematch: the TV moves on to it by itself.
        game.rematch()
        expect(page.get_by_role("heading", level=1)).to_have_text("Hand 1", timeout=FIVE_SECONDS)
        expect(page.locator(".watch-total")).to_have_text(["0"] * 6)
        assert page.evaluate("window.neverReloaded") is True
        assert off_screen(page, ".watch-row, .watch-deal") == []
    assert browser_problems.unexpected() == []
