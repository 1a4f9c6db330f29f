"""Check-in at the door and the night's prizes in a browser (issue 33, items 4 and 5): on a
phone of 320x568, with JavaScript and without; the check-in QR on the TV at 1280x720
and 1920x1080 with the standings still on screen; axe finds nothing serious and the
console stays clean (a deliberate 404 or 422 aside)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, NightPlayer
from tests.conftest import BrowserProblems
from tests.game_support import our_table
from tests.night_support import EIGHT
from tests.tv_support import TV_SIZES, off_screen, scrolls, tv_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Axe = Callable[..., None]
SMALL_PHONE = {"width": 320, "height": 568}
POLL = 9000  # the night page asks every 4 s


def a_check_in_night(players: tuple[str, ...] = ("Ann", "Ben", "Cat")) -> EuchreNight:
    return EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=list(players),
        rounds=2,
        rules=NightRules(hands_per_round=4),
        name="Brewery league",
        seed=3,
        check_in=True,
    )


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def player_phone(
    browser: Browser, args: dict[str, Any], problems: BrowserProblems, **extra: Any
) -> BrowserContext:
    """A player's phone that has never seen the table: no key, a small screen."""
    phone = browser.new_context(**{**args, "viewport": SMALL_PHONE, **extra})
    problems.watch(phone)
    return phone


def test_a_player_checks_in_and_the_organiser_sees_them_live(
    page: Page,
    browser: Browser,
    browser_context_args: dict[str, Any],
    browser_problems: BrowserProblems,
    axe: Axe,
) -> None:
    night = a_check_in_night()
    page.set_viewport_size(SMALL_PHONE)
    page.goto(f"/nights/{night.pk}/")
    check_in = page.locator("#check-in")
    expect(check_in.get_by_role("img", name="QR code of the check-in link")).to_be_visible()
    expect(check_in).to_contain_text("Nobody has checked in yet.")
    expect(check_in).to_contain_text("Expected, not here yet: Ann, Ben, Cat")
    no_sideways_scroll(page)
    axe(page)
    address = check_in.get_by_role("link", name="/nights/check-in/").get_attribute("href")
    assert address

    phone = player_phone(browser, browser_context_args, browser_problems)
    mine = phone.new_page()
    mine.goto(address)
    expect(mine.get_by_role("heading", name="Brewery league")).to_be_visible()
    no_sideways_scroll(mine)
    axe(mine)
    mine.get_by_role("button", name="Ben").click()
    expect(mine.get_by_role("heading", name="You're checked in, Ben")).to_be_visible()
    expect(mine.get_by_text("Wait for round 1")).to_be_visible()
    axe(mine)

    # The organiser's page follows without a reload.
    expect(check_in.locator(".checked-in")).to_have_text("Ben", timeout=POLL)
    expect(check_in).to_contain_text("Here: 1 player")

    # Seven more check in on their phones; round 1 is seated; Ben's phone shows his table.
    for name in EIGHT:
        if name != "Ben":
            night.check_in(token=str(night.check_in_link), name=name)
    expect(check_in).to_contain_text("Here: 8 players", timeout=POLL)
    page.get_by_role("button", name="Seat round 1").click()
    expect(page.get_by_text("Round 1 is seated")).to_be_visible()
    expect(mine.locator(".my-where")).to_contain_text("Round 1: table", timeout=POLL)
    phone.close()
    assert browser_problems.unexpected() == []


def test_a_double_tap_checks_in_once_and_bad_names_are_said_beside_the_field(
    browser: Browser,
    browser_context_args: dict[str, Any],
    browser_problems: BrowserProblems,
    axe: Axe,
) -> None:
    night = a_check_in_night()
    browser_problems.allow("status of 422")
    phone = player_phone(browser, browser_context_args, browser_problems)
    mine = phone.new_page()
    mine.goto(f"/nights/check-in/{night.check_in_link}/")
    mine.get_by_role("button", name="Check in").click()
    field_error = mine.locator(".field .form-errors")
    expect(field_error).to_have_text("Type your name, or tap it in the list.")
    axe(mine)
    mine.get_by_label("Not in the list? Type your name").fill("Zo\u200be")
    mine.get_by_role("button", name="Check in").click()
    expect(field_error).to_contain_text("hidden character")
    mine.get_by_label("Not in the list? Type your name").fill("Zoe")
    mine.get_by_role("button", name="Check in").dblclick()
    expect(mine.get_by_role("heading", name="You're checked in, Zoe")).to_be_visible()
    assert NightPlayer.objects.filter(night=night, player__name="Zoe").count() == 1
    phone.close()
    assert browser_problems.unexpected() == []


def test_without_javascript_a_player_checks_in_by_typing(
    browser: Browser,
    browser_context_args: dict[str, Any],
    browser_problems: BrowserProblems,
) -> None:
    night = a_check_in_night(players=())
    phone = player_phone(browser, browser_context_args, browser_problems, java_script_enabled=False)
    mine = phone.new_page()
    mine.goto(f"/nights/check-in/{night.check_in_link}/")
    mine.get_by_label("Your name").fill("Dee")
    mine.get_by_label("Your name").press("Enter")
    expect(mine.get_by_role("heading", name="You're checked in, Dee")).to_be_visible()
    expect(mine.get_by_text("You're in, Dee")).to_be_visible()
    phone.close()
    assert browser_problems.unexpected() == []


def test_a_wrong_or_closed_link_says_so_and_offers_no_form(
    browser: Browser,
    browser_context_args: dict[str, Any],
    browser_problems: BrowserProblems,
    axe: Axe,
) -> None:
    night = a_check_in_night()
    old = night.check_in_link
    night.set_check_in(version=None, open_=False)
    browser_problems.allow("status of 404")
    phone = player_phone(browser, browser_context_args, browser_problems)
    mine = phone.new_page()
    mine.goto(f"/nights/check-in/{old}/")
    expect(mine.get_by_role("heading", name="Check-in is closed")).to_be_visible()
    expect(mine.get_by_role("alert")).to_contain_text("scan the QR code the organiser shows now")
    expect(mine.get_by_role("button", name="Check in")).to_have_count(0)
    axe(mine)
    phone.close()
    assert not NightPlayer.objects.filter(night=night, present=True).exists()
    assert browser_problems.unexpected() == []


def test_the_tv_shows_the_check_in_code_beside_the_standings(
    browser: Browser,
    browser_context_args: dict[str, Any],
    browser_problems: BrowserProblems,
    axe: Axe,
) -> None:
    night = a_check_in_night(players=EIGHT)
    with tv_page(browser, browser_context_args, browser_problems) as tv:
        tv.goto(f"/nights/watch/{night.watch_token}/")
        code = tv.get_by_role("img", name="QR code of the check-in link of this night")
        for size in TV_SIZES:
            tv.set_viewport_size(size)
            expect(code).to_be_visible()
            assert off_screen(tv, ".watch-check-in, .prizes") == []
            assert not scrolls(tv)
            axe(tv)
        for name in EIGHT:
            night.check_in(token=str(night.check_in_link), name=name)
        night.refresh_from_db()
        night.seat_next_round(version=night.version)
        tv.reload()
        expect(tv.locator(".night-table-card")).to_have_count(2)
        for size in TV_SIZES:
            tv.set_viewport_size(size)
            expect(code).to_be_visible()
            assert off_screen(tv, ".watch-check-in, .night-standing, .night-table-card") == []
            assert not scrolls(tv)
    assert browser_problems.unexpected() == []


def test_the_organiser_changes_the_prizes_on_a_small_phone(page: Page, axe: Axe) -> None:
    night = EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=list(EIGHT),
        rounds=2,
        rules=NightRules(hands_per_round=4),
        seed=3,
    )
    page.set_viewport_size(SMALL_PHONE)
    page.goto(f"/nights/{night.pk}/")
    expect(page.locator("#prizes-now .prize")).to_have_count(4)
    page.get_by_text("Change the prizes").click()
    prizes = page.locator("#night-prizes")
    prizes.get_by_label("Most lone hands made").uncheck()
    prizes.get_by_label("Most euchres as a defender").uncheck()
    prizes.get_by_label("Fewer rounds sat out, then the draw").check()
    no_sideways_scroll(page)
    axe(page)
    prizes.get_by_role("button", name="Save the prizes").click()
    expect(page.get_by_text("The prizes are changed")).to_be_visible()
    expect(page.locator("#prizes-now .prize")).to_have_count(2)
    expect(page.locator("#prizes-now")).to_contain_text(
        "A tie goes to who sat out fewer rounds, then to the night's draw."
    )
    night.refresh_from_db()
    assert [p.value for p in night.night_rules.prizes] == ["most-points", "low-score"]


def test_the_organiser_starts_a_night_with_check_in_and_its_prizes(page: Page, axe: Axe) -> None:
    page.set_viewport_size(SMALL_PHONE)
    page.goto("/nights/new/")
    page.get_by_label("Name of the night (optional)").fill("Brewery league")
    page.get_by_label("New players, one name a line").fill("Ann\nBen")
    page.get_by_label("They check in at the door").check()
    page.get_by_label("Low score").uncheck()
    page.get_by_label("No: every prize they lead").check()
    no_sideways_scroll(page)
    axe(page)
    page.get_by_role("button", name="Start the night").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Brewery league")
    expect(page.locator("#check-in")).to_contain_text("Expected, not here yet: Ann, Ben")
    expect(page.get_by_role("button", name="Seat round 1")).to_be_visible()
    expect(page.locator("#prizes-now .prize")).to_have_count(3)
    expect(page.locator("#prizes-now")).to_contain_text("A player may take several prizes.")
    no_sideways_scroll(page)
    axe(page)
    night = EuchreNight.objects.get()
    assert not night.rounds.exists()
    assert night.night_rules.one_prize_each is False
