"""A phone's own earlier save is never blamed on "another phone" (issue 31, Back and
fixes; docs/formats.md, "The outbox's answers"). At 320x568: Bower records a hand
whose answer never reaches the phone, so it still waits there; the scorer changes it
(4 tricks, not 3) and it goes again, meeting the hand this phone saved before. The
choice names this phone, and each button does what it says (conftest.py: `page`
fails on any console error; `axe`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db.models import F
from playwright.sync_api import BrowserContext, Page, Route, expect

from scorekeeper.models import Game
from tests.conftest import BrowserProblems
from tests.game_support import fresh
from tests.games.test_browser_outbox import (
    HANDS,
    TRICKS,
    a_phone_without_a_worker,
    engine_totals,
    enter,
    tap,
    totals_shown,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Axe = Callable[..., None]
CHANGED = {**HANDS[0][1], "tricks": 4}


@pytest.mark.parametrize("choice", ["Keep what Bower has", "Change hand 1 to mine"])
def test_a_hand_changed_after_its_answer_was_lost_is_offered_as_this_phones_own(
    new_context: Callable[..., BrowserContext],
    browser_problems: BrowserProblems,
    live_server: Any,
    axe: Axe,
    choice: str,
) -> None:
    browser_problems.allow("the server responded with a status of 409")
    # No worker: the page alone sends, and every request it makes passes the route.
    game, page = a_phone_without_a_worker(new_context, browser_problems, live_server)
    page.set_viewport_size({"width": 320, "height": 568})
    sent: list[str] = []
    bower_answers = False

    def lose_the_first_answer(route: Route) -> None:
        sent.append(route.request.post_data or "")
        if len(sent) == 1:
            route.fetch()  # Bower records hand 1...
            route.abort("internetdisconnected")  # ...and its answer never reaches the phone
        elif bower_answers:
            route.continue_()
        else:
            route.abort("internetdisconnected")

    page.route("**/hand/enter/*", lose_the_first_answer)
    enter(page, HANDS[0][0])
    expect(page.locator("#messages")).to_have_text(
        "Hand 1 kept on this phone: it is sent when Bower can be reached."
    )
    # (On a slow machine the phone says so after 2 s, before Bower's answer has come back.)
    assert hands_stored(page, game, [(1, 3)]) == [(1, 3)]

    # Dan's side took 4 tricks, not 3: changed while it waits.
    page.get_by_role("button", name="Change hand 1").click()
    # The scorer sees the hand to change in the form, then taps.
    expect(page.get_by_role("heading", level=1)).to_have_text("Changing hand 1")
    tap(page, TRICKS, "4")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#messages")).to_have_text(
        "Hand 1 changed on this phone: it is sent when Bower can be reached."
    )
    bower_answers = True
    page.evaluate("window.dispatchEvent(new Event('online'))")

    choosing = page.locator("#outbox .outbox-choice")
    expect(choosing).to_contain_text("Hand 1 reached Bower from this phone before: Ben made")
    expect(choosing).to_contain_text("Mine, on this phone: Ben made")
    expect(page.locator("#messages")).to_have_text(
        "Hand 1 reached Bower from this phone before: choose below which to keep."
    )
    expect(page.locator("main")).not_to_contain_text("another phone")
    buttons = choosing.get_by_role("button")
    expect(buttons).to_have_text(["Keep what Bower has", "Change hand 1 to mine"])
    for shown in buttons.all():
        box = shown.bounding_box()
        assert box is not None
        assert box["x"] >= 0, box
        assert box["x"] + box["width"] <= 320, box
    # Neither the hand Bower has nor mine counts until the scorer chooses.
    assert totals_shown(page) == [0, 0, 0, 0, 0]
    axe(page)

    page.get_by_role("button", name=choice).click()
    expect(page.locator("#outbox")).to_have_count(0)
    if choice == "Keep what Bower has":
        expect(page.locator("#messages")).to_have_text(
            "Hand 1 stays as Bower has it; this phone's copy is dropped."
        )
        kept = HANDS[0][1]
    else:
        expect(page.locator("#messages")).to_have_text("Hand 1 is now the one from this phone.")
        kept = CHANGED
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    assert totals_shown(page) == engine_totals(game.setup, [kept])
    expect(page.locator("main")).not_to_contain_text("another phone")
    page.goto("about:blank")
    assert list(fresh(game).hands.values_list("number", "tricks")) == [(1, kept["tricks"])]


def test_a_hand_being_changed_stays_in_the_form_when_a_poll_brings_the_table(
    new_context: Callable[..., BrowserContext],
    browser_problems: BrowserProblems,
    live_server: Any,
) -> None:
    """A poll that sees the game changed while a waiting hand is being changed does
    not draw the form anew (the change and its taps would go, and Save would keep
    them as a new hand): the poll asks again later."""
    game, page = a_phone_without_a_worker(new_context, browser_problems, live_server)
    page.route("**/hand/enter/*", lambda route: route.abort("internetdisconnected"))
    enter(page, HANDS[0][0])
    expect(page.locator("#messages")).to_have_text(
        "Hand 1 kept on this phone: it is sent when Bower can be reached."
    )
    page.get_by_role("button", name="Change hand 1").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Changing hand 1")
    tap(page, TRICKS, "4")
    tricks = page.get_by_role("group", name=TRICKS, exact=True)
    expect(tricks.get_by_role("radio", name="4", exact=True)).to_be_checked()
    # The game changes on Bower (as when another phone saves): the poll sees it.
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1)
    # (A poll already on its way may come back first, with nothing new.)
    with page.expect_response(lambda answer: "/state/" in answer.url and answer.status == 200):
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    # Its answer handled. (A locator, not wait_for_function: that one's string is
    # evaluated by eval, which the page's CSP refuses once it has to poll.)
    expect(page.locator(".htmx-request")).to_have_count(0)
    expect(page.get_by_role("heading", level=1)).to_have_text("Changing hand 1")
    # What was tapped for the change is still tapped.
    expect(tricks.get_by_role("radio", name="4", exact=True)).to_be_checked()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#messages")).to_have_text(
        "Hand 1 changed on this phone: it is sent when Bower can be reached."
    )


def hands_stored(page: Page, game: Game, expected: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The game's hands (number, tricks) once they are ``expected``, or after 10 s: the
    page goes on meanwhile, so the route's handler can finish its request to Bower."""
    for _ in range(100):
        stored = list(fresh(game).hands.values_list("number", "tricks"))
        if stored == expected:
            break
        page.wait_for_timeout(100)
    return stored
