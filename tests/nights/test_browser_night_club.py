"""The club's night of issue 42 in a browser: a Call-Ace night of twelve with names of
30 letters, check-in at the door, a late arrival, a leaver, a misdeal and prizes
shared by many; and a standard night moved by result over 3 rounds with a tie for
every prize. On the TV at 1280x720 and 1920x1080 everything fits with every tied
name, the tie rule and only the rules that apply, and the check-in code stays
readable across a room; on a phone of 320x568 every page of the night fits, and
names break between their words. axe finds nothing serious; the console stays clean."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.models import EuchreNight
from scorekeeper.models.night_boards import read_board
from tests.club_night_support import (
    CLUB,
    LATE,
    LEAVER,
    after_round_one,
    club_night,
    ladder_night,
    play_level,
)
from tests.conftest import BrowserProblems
from tests.tv_support import TV_SIZES, off_screen, scrolls, tv_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Axe = Callable[..., None]
SMALL_PHONE = {"width": 320, "height": 568}
QR_ACROSS_A_ROOM = 240  # CSS px at 1280x720
MEASURE = (Path(__file__).parent.parent / "sizes_support.js").read_text()
FLOORS = {"text": 14, "chart": 12, "target": 44}


def qr_width(page: Page) -> float:
    box = page.get_by_role("img", name="QR code of the check-in link of this night").bounding_box()
    assert box is not None
    return float(box["width"])


def test_the_tv_fits_with_every_tied_name_the_tie_rule_and_a_readable_check_in_code(
    browser: Browser,
    browser_context_args: dict[str, Any],
    browser_problems: BrowserProblems,
    axe: Axe,
) -> None:
    fresh = club_night(round_minutes=30)  # with the round timer
    night = after_round_one(club_night())
    with tv_page(browser, browser_context_args, browser_problems) as page:
        for watched, seated in ((fresh, 1), (night, 2)):
            page.goto(f"/nights/watch/{watched.watch_token}/")
            expect(page.get_by_text(f"Round {seated} of 3")).to_be_visible()
            if watched is fresh:
                expect(page.locator(".time-up")).to_contain_text("time is up at")
            for size in TV_SIZES:
                page.set_viewport_size(size)
                assert not scrolls(page)
                if size == TV_SIZES[0]:
                    assert qr_width(page) >= QR_ACROSS_A_ROOM
                assert (
                    off_screen(
                        page,
                        ".night-standing, .night-table-card, .prize, .watch-rules, .watch-variant",
                    )
                    == []
                )
                axe(page)
        # Prizes shared by several name every one of them, on screen.
        prizes = page.locator(".prize")
        shared = prizes.filter(has_text="shared")
        expect(shared.first).to_be_visible()
        for text in shared.all_inner_texts():
            assert "players level" not in text
            assert text.count(",") >= 2  # three names or more, each written out
        rules = page.locator(".watch-rules")
        expect(rules).to_contain_text("Players level on a prize share it.")
        expect(rules).to_contain_text("The low score goes only to a player here for every round.")
        expect(rules).to_contain_text("A round missed by arriving late or leaving scores nothing.")
        expect(rules).not_to_contain_text("sits out")  # nobody sat out at this Call-Ace night
        low = prizes.filter(has_text="Low score")
        expect(low).not_to_contain_text(LATE)
        expect(low).not_to_contain_text(LEAVER)
    assert browser_problems.unexpected() == []


def night_pages(night: EuchreNight) -> list[str]:
    return [
        f"/nights/{night.pk}/",
        f"/nights/{night.pk}/standings/",
        f"/nights/{night.pk}/rounds/1/",
        f"/nights/{night.pk}/rounds/2/tables/1/card/",
        f"/nights/check-in/{night.check_in_link}/",
        f"/nights/watch/{night.watch_token}/",
        "/nights/",
        "/nights/new/",
    ]


def test_every_night_page_fits_a_320_px_phone_and_breaks_names_between_words(
    page: Page, axe: Axe
) -> None:
    night = after_round_one(club_night())
    page.set_viewport_size(SMALL_PHONE)
    problems: list[str] = []
    for address in night_pages(night):
        page.goto(address)
        found = page.evaluate(MEASURE, FLOORS)
        if found["width"] > SMALL_PHONE["width"]:
            problems.append(f"{address} is {found['width']} px wide")
        problems += [f"{address}: broken word {word}" for word in found["broken"]]
        axe(page)
    assert problems == [], "\n".join(problems)
    # The standings say the rule for rounds missed, and mark none as sat out.
    page.goto(f"/nights/{night.pk}/standings/")
    expect(
        page.get_by_text("A round missed by arriving late or leaving scores nothing.")
    ).to_be_visible()


def test_starting_a_night_leaves_its_page_in_the_address_bar(page: Page, axe: Axe) -> None:
    page.set_viewport_size(SMALL_PHONE)
    page.goto("/nights/new/")
    page.get_by_label("New players, one name a line").fill(
        "\n".join(f"Player {n}" for n in range(1, 9))
    )
    page.get_by_role("button", name="Start the night").click()
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    assert re.search(r"/nights/\d+/$", page.url), page.url
    page.reload()
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    assert re.search(r"/nights/\d+/$", page.url), page.url
    axe(page)


def test_the_seating_sheet_opens_from_the_night_and_prints_every_round(
    page: Page, axe: Axe
) -> None:
    night = after_round_one(club_night())
    page.set_viewport_size(SMALL_PHONE)
    page.goto(f"/nights/{night.pk}/")
    page.get_by_role("link", name="Every round's seating, to print").click()
    expect(page.get_by_role("heading", level=2)).to_have_count(3)
    expect(page.get_by_role("heading", name="Round 3 (as planned now", exact=False)).to_be_visible()
    axe(page)
    page.emulate_media(media="print")
    expect(page.get_by_role("button", name="Print")).to_be_hidden()
    expect(page.locator(".sheet-round").nth(1)).to_contain_text(LATE)  # seated from round 2


# --- A night moved by result (docs/rules.md, Euchre night 2) -------------------------------

MOVES = (
    "stayed at table 1",
    "moved up from table 2",
    "stayed at table 2",
    "moved down from table 1",
)
PRIZES = ("Most points", "Low score", "Most lone hands made", "Most euchres as a defender")


def fits(page: Page, address: str) -> list[str]:
    page.goto(address)
    found = page.evaluate(MEASURE, FLOORS)
    problems = [f"{address}: broken word {word}" for word in found["broken"]]
    if found["width"] > SMALL_PHONE["width"]:
        problems.append(f"{address} is {found['width']} px wide")
    return problems


def expect_every_prize_shared_by_all(page: Page) -> None:
    for label in PRIZES:
        prize = page.locator(".prize").filter(has=page.get_by_text(label, exact=True))
        expect(prize).to_contain_text("shared")
        for name in CLUB[:8]:
            expect(prize).to_contain_text(name)


def test_a_night_moved_by_result_over_three_rounds_on_a_320_px_phone(page: Page, axe: Axe) -> None:
    night = ladder_night()
    page.set_viewport_size(SMALL_PHONE)
    problems: list[str] = []
    for number in (2, 3):
        page.goto(f"/nights/{night.pk}/")
        # The next round's card states the rule (the last round's card has no next round).
        expect(page.get_by_text("Movement by result: After each round the winning")).to_be_visible()
        page.get_by_role("button", name=f"Seat round {number}").click()
        expect(page.get_by_role("heading", name=f"Round {number}", exact=True)).to_be_visible()
        moved = page.locator(".seat-moved")
        for words in MOVES:  # two players each: a pair splits as it moves
            expect(moved.filter(has_text=words)).to_have_count(2)
        axe(page)
        seated = night.rounds.get(number=number).games.get(night_table=1)
        problems += fits(page, f"/games/{seated.pk}/")
        expect(page.get_by_text("moved up from table 2.")).to_be_visible()
        axe(page)
        problems += fits(page, f"/nights/{night.pk}/seating/")
        expect(page.locator(".sheet-round")).to_have_count(number)
        problems += fits(page, f"/nights/{night.pk}/rounds/{number}/tables/1/card/")
        expect(page.get_by_text("(East\u2011West)")).to_be_visible()  # a hyphen that holds
        problems += fits(page, f"/nights/watch/{night.watch_token}/")  # a key link on a phone
        expect(page.locator(".seat-moved").first).to_be_visible()
        play_level(night.rounds.get(number=number))
    for address in (f"/nights/{night.pk}/", f"/nights/{night.pk}/standings/"):
        problems += fits(page, address)
        expect_every_prize_shared_by_all(page)
        expect(page.get_by_text("Players level on a prize share it.").first).to_be_visible()
        axe(page)
    assert problems == [], "\n".join(problems)


def test_the_tv_of_a_night_moved_by_result_fits_with_every_move_and_tied_name(
    browser: Browser,
    browser_context_args: dict[str, Any],
    browser_problems: BrowserProblems,
    axe: Axe,
) -> None:
    night = ladder_night()
    night.seat_next_round(version=night.version, results=read_board(night).results)
    with tv_page(browser, browser_context_args, browser_problems) as page:
        for over in (False, True):
            page.goto(f"/nights/watch/{night.watch_token}/")
            rules = page.locator(".watch-rules")
            expect(rules).to_contain_text("Movement by result: After each round the winning")
            expect(rules).to_contain_text("Level scores go to the higher night total")
            if not over:
                for words in MOVES:
                    expect(page.locator(".seat-moved").filter(has_text=words)).to_have_count(2)
            else:
                expect_every_prize_shared_by_all(page)
                expect(rules).to_contain_text("Players level on a prize share it.")
            for size in TV_SIZES:
                page.set_viewport_size(size)
                assert not scrolls(page)
                selectors = ".night-standing, .night-table-card, .prize, .watch-rules"
                assert off_screen(page, selectors) == []
                assert page.evaluate(MEASURE, FLOORS)["broken"] == []
                axe(page)
            page.set_viewport_size(TV_SIZES[0])
            if not over:  # play the night out: round 3 seated by round 2's results
                play_level(night.rounds.get(number=2))
                night.refresh_from_db()
                night.seat_next_round(version=night.version, results=read_board(night).results)
                play_level(night.rounds.get(number=3))
    assert browser_problems.unexpected() == []
