"""What the table screen shows is never left over from another state: after Save the
next hand's form is clean at once, whatever Bower's answer does meanwhile; Save waits
for a reneger while Renege is open (conftest.py: `page` at 390x844, failing on any
console error)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import BrowserProblems
from tests.game_support import FIVE, record, start_game
from tests.games.test_browser_game import TRICKS, make_trump, save_when_previewed, tap
from tests.games.test_browser_scorer_patch import (
    a_game_on_its_table,
    hand_one_entered,
    hand_one_on_its_way,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def the_next_hand_is_clean(page: Page) -> None:
    """No trace of the call just saved with the hand before: no line of it, no "In
    play", no maker's tag, no Cancel the call; the misdeal is there to tap."""
    expect(page.get_by_role("region", name="The next hand")).to_be_visible()
    expect(page.locator("#saved-call")).to_be_hidden()
    expect(page.locator(".scoreboard .tag-maker:visible")).to_have_count(0)
    expect(page.get_by_role("button", name="Cancel the call")).to_have_count(0)
    expect(page.get_by_role("button", name="Misdeal: no score")).to_be_visible()
    expect(page.get_by_role("button", name="Hand over: tricks and points")).to_have_count(0)


def test_a_save_held_for_3_seconds_never_shows_the_previous_call(page: Page) -> None:
    """Save with the call saved, and Bower's answer held past the moment the phone shows
    the hand as waiting (outbox.js, QUIET): the next hand's form is clean at once and
    stays so, and the answer leaves it so."""
    a_game_on_its_table(page)
    hand, answer = hand_one_on_its_way(page)
    the_next_hand_is_clean(page)
    expect(page.locator("#messages")).to_have_text(
        "Hand 1 kept on this phone: it is sent when Bower can be reached."
    )
    the_next_hand_is_clean(page)
    hand.fulfill(response=answer)
    expect(page.locator("#messages")).to_have_text("1 hand sent to Bower and recorded.")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    the_next_hand_is_clean(page)


def test_a_save_offline_shows_the_next_hand_clean_at_once(page: Page) -> None:
    """The call saved online, the hand saved offline: the next hand's form shows no
    trace of that call while the hand waits on the phone."""
    a_game_on_its_table(page)
    hand_one_entered(page)
    expect(page.locator("#saved-call")).to_contain_text("Ben")
    page.context.set_offline(True)
    save_when_previewed(page, "Partnership made it: Ben with Dan took 3 tricks")
    expect(page.locator("#messages")).to_have_text(
        "Hand 1 kept on this phone: it is sent when Bower can be reached."
    )
    the_next_hand_is_clean(page)
    page.context.set_offline(False)


def test_save_waits_for_the_reneger_while_renege_is_open(page: Page) -> None:
    """Renege opened and nobody tapped: Save hand is off and the points line says what
    is missing; the reneger tapped, or Renege closed, Save is on again."""
    a_game_on_its_table(page)
    make_trump(page, "Ben", "Hearts", "Ace of spades")
    tap(page, "Partner", "Dan")
    tap(page, TRICKS, "3")
    save = page.get_by_role("button", name="Save hand")
    expect(save).to_be_enabled()
    page.locator("summary", has_text="Renege").tap()
    expect(save).to_be_disabled()
    expect(page.locator("#preview")).to_contain_text("Tap who reneged, or close Renege.")
    tap(page, "Renege", "Ann")
    expect(save).to_be_enabled()
    expect(page.locator("#preview")).not_to_contain_text("Tap who reneged")
    tap(page, "Renege", "Ann")  # tapped again: taken back
    expect(save).to_be_disabled()
    page.locator("summary", has_text="Renege").tap()  # closed: no renege
    expect(save).to_be_enabled()
    save_when_previewed(page, "Partnership made it: Ben with Dan took 3 tricks")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")


def test_with_a_hand_waiting_the_marks_and_the_spoken_line_follow_the_totals_shown(
    page: Page,
) -> None:
    """Offline, hand 1 kept on the phone: the totals count it, and so do the "ahead"
    marks and the line a screen reader says."""
    a_game_on_its_table(page)
    hand_one_entered(page)
    page.context.set_offline(True)
    save_when_previewed(page, "Partnership made it: Ben with Dan took 3 tricks")
    expect(page.locator("#messages")).to_contain_text("Hand 1 kept on this phone")
    leaders = page.locator(".score-row.is-ahead")
    expect(leaders).to_have_count(2)
    expect(leaders.locator(".score-total")).to_have_text(["1", "1"])
    expect(leaders.locator(".tag-ahead")).to_have_text(["level", "level"])
    expect(page.locator(".ahead-line")).to_have_text(
        re.compile(r"^Ben and Dan level at the top with 1 of \d+\.$")
    )
    page.context.set_offline(False)
    expect(page.locator("#messages")).to_have_text("1 hand sent to Bower and recorded.")
    expect(page.locator(".ahead-line")).to_have_text(
        re.compile(r"^Ben and Dan level at the top with 1 of \d+\.$")
    )


def test_back_after_a_fix_then_saved_again_says_what_its_save_does(
    page: Page, browser_problems: BrowserProblems
) -> None:
    """Hand 1 fixed to 4 tricks; Back, 5 tapped, Save the change: Bower says this screen
    changed hand 1 already (to 4 tricks), and that Save stores what is shown, which it
    does: never a Save refused again beside the points it shows."""
    browser_problems.allow("the server responded with a status of 409")
    game = start_game(players=FIVE)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    page.goto(f"/games/{game.pk}/hands/1/edit/")
    tap(page, "Tricks taken by the maker's side", "4")
    page.get_by_role("button", name="Save the change").click()
    expect(page.locator("#messages")).to_contain_text("Hand 1 changed.")
    page.go_back()
    expect(page.get_by_role("heading", level=1)).to_have_text("Edit hand 1")
    tap(page, "Tricks taken by the maker's side", "5")
    expect(page.locator("#preview")).to_contain_text("march")
    page.get_by_role("button", name="Save the change").click()
    refused = page.locator(".form-errors[role=alert]")
    expect(refused).to_contain_text("Nothing changed: this screen already changed hand 1")
    expect(refused).to_contain_text("4 tricks")
    expect(refused).to_contain_text("Save the change stores what is shown below.")
    expect(page.locator("#preview")).to_contain_text("march")
    page.get_by_role("button", name="Save the change").click()
    expect(page.locator("#messages")).to_contain_text("Hand 1 changed.")
    assert game.hands.get(number=1).tricks == 5
