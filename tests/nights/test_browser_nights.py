"""A euchre night in Chromium at a phone's size (conftest.py: `page`, `axe`):
starting an 8-player night through the form and reading its seating board."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.models import EuchreNight

pytestmark = pytest.mark.browser

EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def test_starting_an_8_player_night_shows_its_seating_board(
    page: Page, axe: Callable[..., None]
) -> None:
    page.goto("/nights/")
    page.get_by_role("link", name="Start a euchre night").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("New euchre night")
    axe(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    page.get_by_label("Name of the night (optional)").fill("Friday club")
    page.get_by_label("New players, one name a line").fill("\n".join(EIGHT[:5]))
    page.get_by_role("button", name="Start the night").click()
    # Too few: the form says so beside the players, and nothing is started.
    expect(page.get_by_text("needs 8 or more players: 5 are chosen")).to_be_visible()
    assert not EuchreNight.objects.exists()

    page.get_by_label("New players, one name a line").fill("\n".join(EIGHT))
    page.get_by_label("Hands per round").fill("4")
    page.get_by_role("button", name="Start the night").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Friday club")
    expect(page.get_by_text("round 1 of 6 · 4 hands a round")).to_be_visible()
    night = EuchreNight.objects.get()
    (plan,) = night.plans()
    names = {e.number: e.player.name for e in night.entrants.select_related("player")}
    for number, seats in enumerate(plan.tables, start=1):
        night_table = page.locator(f"#table-{number}")
        expect(night_table.get_by_role("heading")).to_have_text(f"Table {number}")
        expect(night_table.locator(".table-seat").first).to_contain_text(f"North {names[seats[0]]}")
        expect(night_table.get_by_role("link", name=f"Score table {number}")).to_be_visible()
    lines = page.locator(".player-line")
    expect(lines).to_have_count(8)
    expect(lines.first).to_contain_text("Ann Round 1: table")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    axe(page)
