"""The night page on a phone of 375x667 (issue 24, "The night page"): it opens
with the round and how far each table has played, the player's own seat once the
phone said who it is; a question or an error shows where it was tapped, with
JavaScript and without; the invite names the night; the operator's seat_night
line is not on a player's page; the standings' euchres are on the screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight
from scorekeeper.web import phone_tables
from tests.conftest import BrowserProblems, table_cookie
from tests.game_support import TEST_TABLE_KEY, our_table, record
from tests.night_support import EIGHT, tables_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 667}
# What a table made by a five-player game is called: not the night's name.
GAME_TABLE_NAME = "Ann, Ben, Cat, Dan, Eve"


def in_view(page: Page, locator: Locator) -> None:
    """The whole of ``locator`` is on the screen, not somewhere down the page."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box is not None
    assert box["y"] >= 0, box
    assert box["y"] + box["height"] <= PHONE["height"], box


def a_night_with_hands_left() -> EuchreNight:
    """Friday club, 8 players, 2 rounds of 4 hands: table 1 has played 2 hands,
    table 2 none; its table was named after a game's five players."""
    private_table = our_table()
    private_table.name = GAME_TABLE_NAME
    private_table.save(update_fields=["name"])
    night = EuchreNight.start(
        private_table=private_table,
        variant=Variant.STANDARD,
        players=list(EIGHT),
        rounds=2,
        rules=NightRules(hands_per_round=4),
        name="Friday club",
        seed=7,
    )
    first, _second = tables_of(night.rounds.get(number=1))
    names = [seat.player.name for seat in first.seat_list()]
    record(first, maker=names[0], trump="H", tricks=3)
    record(first, maker=names[1], trump="S", tricks=5)
    return night


def phone_without_javascript(
    new_context: Callable[..., BrowserContext], problems: BrowserProblems, live_server: Any
) -> Page:
    context = new_context(java_script_enabled=False)
    cookie = table_cookie(TEST_TABLE_KEY)
    context.add_cookies([{"name": phone_tables.COOKIE, "value": cookie, "url": live_server.url}])
    problems.watch(context)
    page = context.new_page()
    page.set_viewport_size(PHONE)
    return page


def test_the_night_page_opens_with_the_round_and_asks_where_the_tap_was(
    page: Page,
    new_context: Callable[..., BrowserContext],
    browser_problems: BrowserProblems,
    axe: Callable[..., None],
    live_server: Any,
) -> None:
    night = a_night_with_hands_left()
    page.set_viewport_size(PHONE)
    page.goto(f"/nights/{night.pk}/")

    # The first screenful: the round and how far each table has played.
    expect(page.get_by_role("heading", level=1)).to_have_text("Friday club")
    in_view(page, page.locator("#round-heading"))
    progress = page.get_by_role("list", name="How far each table has played")
    in_view(page, progress)
    expect(progress.get_by_role("listitem")).to_have_text(
        ["Table 1 hand 3 of 4", "Table 2 not started"]
    )
    # Nothing for the operator on a player's page.
    assert "seat_night" not in page.content()
    axe(page)

    # The invite names the night, not the players of the game that made the table.
    page.get_by_text("Invite a phone or a TV").tap()
    expect(page.locator("#invite-join-heading")).to_have_text("Join Friday club")
    expect(page.locator(".invite")).not_to_contain_text(GAME_TABLE_NAME)

    # The phone says once who it is: its seat comes first, and stays after a reload.
    page.get_by_label("Which player are you?").select_option(label="Cat")
    page.get_by_role("button", name="That's me").tap()
    mine = page.locator("#me")
    expect(mine).to_contain_text("Cat Round 1: table")
    page.reload()
    in_view(page, mine.get_by_role("link", name="Score table"))
    expect(mine).to_contain_text("Cat Round 1: table")

    # Seat round 2 with hands left: the question is on the screen, and has the focus.
    page.get_by_role("button", name="Seat round 2").tap()
    question = page.locator("#seat-anyway")
    expect(question).to_contain_text("Seat round 2 anyway?")
    in_view(page, question)
    expect(question).to_be_focused()
    axe(page)

    # A refused change of players is said where it was tapped too.
    page.get_by_text("Players leave or arrive").tap()
    page.get_by_text("Someone leaves or comes back").tap()
    page.locator(".person", has_text=EIGHT[0]).get_by_role("button", name="Leaves").tap()
    refused = page.locator("#people [role=alert]")
    expect(refused).to_contain_text("needs at least 8 players present")
    in_view(page, refused)
    expect(refused).to_be_focused()

    # Without JavaScript the answer opens at the question as well.
    plain = phone_without_javascript(new_context, browser_problems, live_server)
    plain.goto(f"/nights/{night.pk}/")
    plain.get_by_role("button", name="Seat round 2").click()
    assert plain.url.endswith("#next-round")
    in_view(plain, plain.locator("#seat-anyway"))
    plain.get_by_role("button", name="Yes, seat round 2 now").click()
    expect(plain.locator("#messages")).to_contain_text("Round 2 is seated")
    in_view(plain, plain.locator("#messages"))

    # The first phone's poll brings round 2 and Cat's new seat.
    expect(page.locator("#round-heading")).to_have_text("Round 2", timeout=10_000)
    expect(mine).to_contain_text("Cat Round 2:")

    # The standings on the same phone: the lone hands and euchres are on the
    # screen beside the totals; only the round-by-round columns scroll.
    page.goto(f"/nights/{night.pk}/standings/")
    euchres = page.get_by_role("columnheader", name="Euchres")
    box = euchres.bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= PHONE["width"], box
