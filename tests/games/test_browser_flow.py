"""The hand flow in one thumb (docs/decisions.md, D9), on the small phones it is played on:
every step of a hand on one screen, counted taps, no scrolling, no total
wrapped, no silent failure (conftest.py: `page` fails on console errors and
CSP violations; `axe`)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable

import pytest
from django.test import RequestFactory
from playwright.sync_api import Locator, Page, Route, expect

from scorekeeper.models import Game
from scorekeeper.web.middleware import BUSY_MESSAGE, busy_response
from tests.conftest import BrowserProblems
from tests.game_support import FIVE, HTMX, record, start_game
from tests.thumb_support import Thumb

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Axe = Callable[..., None]

PHONES = [(375, 667), (320, 640)]
LONG_NAME = "Bartholomew Featherstonehaugh"  # 29 characters, no space to break at the end
LONG_NAME = LONG_NAME + "s"  # 30


# A link inside a sentence (a rule's citation) is exempt, as WCAG 2.5.8 has it and
# tests/sizes_support.js does: its block holds more words than the link.
SMALL_TARGETS = """() => [...document.querySelectorAll(
  "main a, main button, main summary, main .chip, .site-header a")]
  .filter((el) => el.getClientRects().length && !el.closest(".visually-hidden, [hidden]"))
  .filter((el) => {
    if (el.tagName !== "A") return true;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display.startsWith("inline")) {
      block = block.parentElement;
    }
    return !block || block.textContent.trim() === el.textContent.trim();
  })
  .filter((el) => el.getBoundingClientRect().height < 44)
  .map((el) => `${el.tagName} ${el.textContent.trim()}: ${el.getBoundingClientRect().height}`)"""


def targets_big_enough(page: Page) -> None:
    """Every link, button and chip on the screen is at least 44 px tall."""
    assert page.evaluate(SMALL_TARGETS) == []


def shot(page: Page, name: str) -> None:
    """A picture of the screen for a person to look at (BOWER_SHOTS=dir)."""
    if folder := os.environ.get("BOWER_SHOTS"):
        size = page.viewport_size or {}
        page.screenshot(path=f"{folder}/{name}-{size.get('width')}.png")


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def heading(page: Page) -> Locator:
    return page.get_by_role("heading", level=1)


def chip(page: Page, group: str, name: str) -> Locator:
    return page.get_by_role("group", name=group, exact=True).get_by_role(
        "radio", name=name, exact=True
    )


@pytest.mark.parametrize(("width", "height"), PHONES)
def test_a_plain_call_ace_partnership_make_takes_seven_taps_and_no_scroll(
    page: Page, axe: Axe, width: int, height: int
) -> None:
    game = start_game(players=FIVE)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"/games/{game.pk}/")
    thumb = Thumb(page)
    shot(page, "1-table")
    targets_big_enough(page)

    # Ben makes trump: his name is on the table, and the call opens at once (hand.js).
    thumb.tap(chip(page, "Who made trump?", "Ben"))
    expect(page.locator(".stage-summary")).to_have_text("Ben")
    save = page.get_by_role("button", name="Save the call")
    thumb.in_view(save)
    shot(page, "2-call")
    targets_big_enough(page)
    thumb.tap(chip(page, "Trump", "Hearts"))
    thumb.tap(chip(page, "Called ace", "Ace of spades"))
    thumb.tap(save)

    # In play: the partner shows the ace of spades, then the tricks; the other
    # phones were told the call meanwhile.
    expect(page.locator(".table-hand")).to_have_attribute("data-call-saved", "yes")
    expect(page.locator(".score-row.is-maker")).to_contain_text("Ben")
    shot(page, "3-in-play")
    targets_big_enough(page)
    axe(page)
    thumb.tap(chip(page, "Partner", "Dan"))
    shot(page, "4-revealed")
    thumb.tap(chip(page, "Tricks for the maker's side", "3"))

    # Hand over, 3 tricks: the points are shown at once, Save beside them.
    expect(page.locator("#preview")).to_contain_text("Ben +1")
    shot(page, "5-hand-over")
    targets_big_enough(page)
    axe(page)
    thumb.tap(page.get_by_role("button", name="Save hand"))

    expect(page.locator("#messages")).to_contain_text("Hand 1 recorded.")
    expect(page.locator(".score-row", has_text="Dan").locator(".score-total")).to_have_text("1")
    shot(page, "6-recorded")
    targets_big_enough(page)
    assert thumb.taps <= 7, f"{thumb.taps} taps"
    # The next hand starts from here too, and the one just saved is fixed from here.
    for name in FIVE:
        thumb.in_view(chip(page, "Who made trump?", name))
    thumb.in_view(page.get_by_role("link", name="Fix hand 1"))
    game.refresh_from_db()
    hand = game.hands.get()
    assert (hand.maker, hand.partner, hand.tricks) == (1, 3, 3)


def enter_hand(page: Page, *, partner: str, tricks: str) -> None:
    """Ben makes hearts, calls the ace of spades: the partner and tricks given. Save."""
    chips = {
        "Who made trump?": "Ben",
        "Trump": "Hearts",
        "Called ace": "Ace of spades",
        "Tricks taken by the maker's side": tricks,
        "Partner": partner,
    }
    for group, chip in chips.items():
        field = page.get_by_role("group", name=group, exact=True)
        field.get_by_role("radio", name=chip, exact=True).check()
    page.get_by_role("button", name="Save hand").click()


def totals_on_one_line(page: Page) -> None:
    for total in page.locator(".score-total").all():
        box = total.bounding_box()
        assert box is not None
        line = float(total.evaluate("t => parseFloat(getComputedStyle(t).lineHeight)"))
        assert box["height"] < 1.5 * line, f"{total.inner_text()!r} wraps"


@pytest.mark.parametrize("width", [320, 414])
def test_the_result_shows_two_digit_totals_on_one_line(page: Page, width: int) -> None:
    game = start_game(players=(LONG_NAME, "Ben", "Cat", "Dan", "Eve"))
    for _ in range(4):
        record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=5)
    page.set_viewport_size({"width": width, "height": 700})
    page.goto(f"/games/{game.pk}/result/")
    expect(page.locator(".score-total").first).to_have_text("12")
    totals_on_one_line(page)
    no_sideways_scroll(page)


@pytest.mark.parametrize(("width", "height"), PHONES)
def test_totals_stay_on_one_line_and_long_names_do_not_widen_the_page(
    page: Page, width: int, height: int
) -> None:
    game = start_game(players=(LONG_NAME, "Ben", "Cat", "Dan", "Eve"), target=99)
    game.seats.filter(position=1).update(total=12)
    game.seats.filter(position=0).update(total=100)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"/games/{game.pk}/")
    totals_on_one_line(page)
    expect(page.locator(".score-total").first).to_have_text("100")
    no_sideways_scroll(page)
    # The dealer and leader lines, the call and the end of a hand too.
    chip(page, "Who made trump?", LONG_NAME).click()
    no_sideways_scroll(page)
    chip(page, "Trump", "Hearts").click()
    chip(page, "Called ace", "Ace of spades").click()
    page.get_by_role("button", name="Save the call").click()
    expect(page.locator(".table-hand")).to_have_attribute("data-call-saved", "yes")
    expect(page.locator(".score-row.is-maker")).to_contain_text(LONG_NAME)
    expect(chip(page, "Partner", "Ben")).to_be_visible()
    no_sideways_scroll(page)
    shot(page, "long-names")


def test_a_changed_hand_sent_with_the_same_form_is_refused_and_nothing_changes(
    page: Page, browser_problems: BrowserProblems
) -> None:
    browser_problems.allow("status of 409")
    game = start_game(players=FIVE)
    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(f"/games/{game.pk}/hand/enter/")
    enter_hand(page, partner="Ann", tricks="3")
    expect(page.locator("#messages")).to_contain_text("Hand 1 recorded.")

    # Back: the same form (the same token); partner Cat and 5 tricks, Save.
    page.go_back()
    expect(heading(page)).to_have_text("Enter a whole hand")
    enter_hand(page, partner="Cat", tricks="5")

    refused = page.locator(".form-errors[role=alert]")
    expect(refused).to_contain_text("Hand 1 reached Bower from this phone before")
    expect(page.locator("#messages")).not_to_contain_text("recorded.")
    keep = refused.get_by_role("button", name="Keep what Bower has")
    # The whole-hand form is long: what matters is that the refusal is in sight.
    expect(keep).to_be_in_viewport()
    hand = game.hands.get()
    assert (hand.partner, hand.tricks) == (0, 3)
    keep.click()
    expect(heading(page)).to_have_text("Hand 2")
    # The table shows hand 1 as Bower has it.
    expect(page.locator(".recent-list .recent-hand").first).to_contain_text("Ben +1")


def test_a_save_that_cannot_reach_bower_says_so_beside_save_and_retry_records_once(
    page: Page, browser_problems: BrowserProblems
) -> None:
    for expected in ("ERR_INTERNET_DISCONNECTED", "htmx:sendError", "htmx:afterRequest"):
        browser_problems.allow(expected)
    game = start_game(players=FIVE)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    game.refresh_from_db()
    game.save_call(version=game.version, maker=2, trump="S", called="H", alone=False)
    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(f"/games/{game.pk}/hand/finish/?tricks=5&partner=0")
    save = page.get_by_role("button", name="Save hand")
    expect(save).to_be_visible()

    page.context.set_offline(True)
    expect(page.locator("#offline-banner")).to_contain_text("Offline")
    # Said in the Save bar, which stays at the bottom of the screen: the banner
    # pinned there would hide it (or push it up over the chips).
    expect(page.locator(".save-bar .bar-offline")).to_be_visible()
    expect(page.locator("#offline-banner")).to_be_hidden()
    save.click()
    status = page.locator(".save-bar [role=alert]")
    expect(status).to_contain_text("Could not reach Bower: nothing was saved")
    shot(page, "offline-save")
    thumb = Thumb(page)
    retry = status.get_by_role("button", name="Retry")
    thumb.in_view(retry)
    # The bar, grown by the problem and Retry, stays at the bottom of the screen
    # (it once floated above the banner, over the chips).
    bar = page.locator(".save-bar").bounding_box()
    assert bar is not None
    assert abs(page.evaluate("innerHeight") - (bar["y"] + bar["height"])) < 2, "the bar floats"
    # What was entered is still there.
    expect(
        page.get_by_role("group", name="Tricks taken by the maker's side").get_by_role(
            "radio", name="5"
        )
    ).to_be_checked()

    page.context.set_offline(False)
    retry.click()
    expect(page.locator("#messages")).to_contain_text("Hand 2 recorded.")
    expect(page.locator("#offline-banner")).to_be_hidden()
    assert game.hands.count() == 2
    # And once more, as a double tap would: still two hands.
    assert game.hands.filter(number=2, tricks=5).count() == 1


def test_a_busy_scorebook_says_so_beside_save_and_keeps_the_hand(
    page: Page, browser_problems: BrowserProblems
) -> None:
    for expected in ("Response Status Error Code 503", "the server responded with a status of 503"):
        browser_problems.allow(expected)
    game = start_game(players=FIVE)
    game.save_call(version=game.version, maker=1, trump="H", called="S", alone=False)
    busy = busy_response(RequestFactory().post("/", **HTMX))

    def answer_busy(route: Route) -> None:
        route.fulfill(status=503, headers={"Retry-After": "2"}, body=busy.content)

    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(f"/games/{game.pk}/hand/finish/?tricks=3&partner=3")
    # The hand over form sends the whole hand to hand/enter/ (one way in).
    page.route("**/hand/{finish,enter}/", answer_busy)
    page.get_by_role("button", name="Save hand").click()
    status = page.locator(".save-bar [role=alert]")
    expect(status).to_contain_text(BUSY_MESSAGE)
    Thumb(page).in_view(status.get_by_role("button", name="Retry"))
    page.unroute("**/hand/{finish,enter}/")
    status.get_by_role("button", name="Retry").click()
    expect(page.locator("#messages")).to_contain_text("Hand 1 recorded.")
    assert game.hands.get().tricks == 3


def test_the_table_redrawn_mid_hand_logs_no_console_error(page: Page, axe: Axe) -> None:
    game = start_game(players=FIVE)
    game.save_call(version=game.version, maker=1, trump="H", called="S", alone=False)
    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(f"/games/{game.pk}/")
    expect(page.locator(".call")).to_contain_text("partner unknown")
    page.get_by_role("button", name="Hand over: tricks and points").click()
    chip(page, "Partner", "Dan").click()
    page.locator("summary", has_text="Revealed on").click()
    # Another phone changes the call: the poll redraws the table, what was tapped here stays.
    game.refresh_from_db()
    game.save_call(version=game.version, maker=1, trump="H", called="C", alone=False)
    changed = page.locator('.table-hand input[name="called"][value="C"]')
    expect(changed).to_be_checked(timeout=10_000)
    expect(chip(page, "Partner", "Dan")).to_be_checked()
    ids = page.evaluate("[...document.querySelectorAll('[id]')].map((e) => e.id)")
    assert sorted({i for i in ids if ids.count(i) > 1}) == []  # htmx settles by id
    # And once more: the call is cancelled on the other phone. The table is back at rest.
    game.refresh_from_db()
    game.cancel_hand_in_progress(version=game.version)
    expect(chip(page, "Who made trump?", "Ann")).to_be_visible(timeout=10_000)
    axe(page)


def test_undo_is_one_tap_beside_the_last_hand_on_the_table(page: Page) -> None:
    game = start_game(players=FIVE)
    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(f"/games/{game.pk}/hand/enter/?maker=1&trump=H&called=S&partner=3&tricks=3")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#messages")).to_contain_text("Hand 1 recorded.")
    # Out of the thumb's way, below the table: a scroll, then one tap.
    page.locator(".recent-hand").first.get_by_role("button", name="Undo hand 1").click()
    expect(page.locator("#messages")).to_contain_text("Hand 1 undone.")
    expect(heading(page)).to_have_text("Hand 1")
    assert not game.hands.exists()


def test_with_stick_the_dealer_the_table_offers_a_misdeal_not_all_passed(page: Page) -> None:
    game = start_game(players=FIVE)
    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_role("button", name=re.compile("All passed"))).to_have_count(0)
    page.get_by_role("button", name="Misdeal: no score").click()
    expect(page.locator("#messages")).to_contain_text("Hand 1: misdeal, the deal passes on.")
    # Undone in one tap, if it was tapped by mistake.
    page.get_by_role("button", name="Undo hand 1").click()
    expect(page.locator("#messages")).to_contain_text("Hand 1 undone.")
    assert isinstance(game, Game)
    assert not game.hands.exists()
