"""A phone whose poll an overloaded server put off (503, Retry-After) waits that
long before asking again, and says nothing: nobody tapped (static/js/live.js)."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, Route, expect

from tests.conftest import BrowserProblems
from tests.game_support import start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ASK_AGAIN = """() => document.dispatchEvent(new Event("visibilitychange"))"""


def until(page: Page, asked: list[float], count: int) -> None:
    """Wait (at most 5 s) until the phone has asked ``count`` times."""
    for _ in range(50):
        if len(asked) >= count:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the phone asked {len(asked)} times, not {count}")


def test_a_poll_put_off_by_a_busy_server_waits_its_retry_after_and_shows_no_error(
    page: Page, browser_problems: BrowserProblems
) -> None:
    # What Chromium and htmx log for any 503 (as tests/web/test_busy_database.py).
    for expected in ("Response Status Error Code 503", "the server responded with a status of 503"):
        browser_problems.allow(expected)
    game = start_game()
    asked: list[float] = []

    def busy_then_fine(route: Route) -> None:
        asked.append(time.monotonic())
        if len(asked) == 1:
            route.fulfill(status=503, headers={"Retry-After": "2"}, body="")
        else:
            route.fulfill(status=204)

    page.goto(f"/games/{game.pk}/")
    page.route("**/state/?*", busy_then_fine)
    # A phone coming back into view asks at once (live.js): the server is busy.
    page.evaluate(ASK_AGAIN)
    until(page, asked, 1)
    page.evaluate(ASK_AGAIN)  # within the 2 s it was told: no request
    page.wait_for_timeout(500)
    assert len(asked) == 1
    expect(page.locator("#messages .message-error")).to_have_count(0)
    page.wait_for_timeout(1700)
    page.evaluate(ASK_AGAIN)  # past the 2 s: it asks again
    until(page, asked, 2)
    assert asked[1] - asked[0] >= 2
