"""The scorer's own saves bring the table up to date as a follower's poll does
(docs/formats.md, "Polls" and "Save the call"): the parts that changed around the
hand form the phone keeps, not the whole page drawn anew (conftest.py: `page` at
390x844, failing on any console error; `axe`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Request, Route, expect

from tests.conftest import BrowserProblems
from tests.games.test_browser_game import TRICKS, make_trump, save_when_previewed, score, start, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Axe = Callable[..., None]
SAME_FORM = "() => window.keptForm === document.querySelector('.table-hand')"


def test_the_scorers_call_and_hand_come_back_around_the_same_form(page: Page, axe: Axe) -> None:
    start(page, "Call-Ace Euchre", ["Ann", "Ben", "Cat", "Dan", "Eve"], dealer="Ann")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 1")
    game = page.url
    pages_drawn: list[str] = []

    def whole_page(request: Request) -> None:
        if request.method == "GET" and request.url == game:
            pages_drawn.append(request.url)

    page.on("request", whole_page)
    page.evaluate("() => { window.keptForm = document.querySelector('.table-hand'); }")

    # Save the call: the call saved shows, on the form the scorer is tapping.
    make_trump(page, "Ben", "Hearts", "Ace of spades")
    # (Bower's line of the call: what a page drawn anew would hold; the stage shows its own.)
    expect(page.locator("#saved-call")).to_contain_text("Ben")
    expect(page.locator("#saved-call")).not_to_have_attribute("hidden", "")
    assert page.evaluate(SAME_FORM)

    # Save hand: the new totals, the last hand and the next dealer, the form cleared
    # for hand 2 (the same element), with what Bower said.
    tap(page, "Partner", "Dan")
    tap(page, TRICKS, "3")
    save_when_previewed(page, "Partnership made it: Ben with Dan took 3 tricks")
    expect(page.locator("#messages")).to_have_text("Hand 1 recorded.")
    expect(page.locator("#last-hand")).to_contain_text("Hand 1 · Ben +1 · Dan +1")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    expect(score(page, "Ben")).to_have_text("1")
    expect(page.locator(".deal-line")).to_contain_text("Deals Ben Leads Cat")
    expect(page.locator(".recent-hand").first).to_contain_text("Ben")
    expect(page.locator("#saved-call")).to_have_attribute("hidden", "")
    assert page.evaluate(SAME_FORM)
    assert page.locator(".table-hand").get_attribute("data-hand") == "2"
    assert page.locator(".table-hand").get_attribute("data-call-saved") == ""
    assert pages_drawn == []
    axe(page)

    # The next hand goes the same way, on the token Bower gave with the answer.
    make_trump(page, "Cat", "Spades", "Ace of hearts")
    tap(page, "Partner", "Ann")
    tap(page, TRICKS, "5")
    save_when_previewed(page, "Partnership march, 5 players")
    expect(page.locator("#messages")).to_have_text("Hand 2 recorded.")
    expect(score(page, "Cat")).to_have_text("3")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 3")
    assert page.evaluate(SAME_FORM)
    assert pages_drawn == []


def test_the_scorers_table_put_off_after_a_hand_is_asked_again_not_drawn_whole(
    page: Page, browser_problems: BrowserProblems
) -> None:
    """An overloaded Bower puts off the table's update after the scorer's hand (503,
    Retry-After): the phone asks for it again a moment later, not for the whole
    page, the costliest answer there is (docs/decisions.md, D66)."""
    browser_problems.allow("the server responded with a status of 503")
    start(page, "Call-Ace Euchre", ["Ann", "Ben", "Cat", "Dan", "Eve"], dealer="Ann")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 1")
    game = page.url
    pages_drawn: list[str] = []
    page.on(
        "request",
        lambda request: (
            pages_drawn.append(request.url)
            if request.method == "GET" and request.url == game
            else None
        ),
    )
    asked: list[str] = []

    def busy_once(route: Route) -> None:
        # The outbox's request for what changed (the poller's says its target).
        if route.request.headers.get("hx-target") is None:
            asked.append(route.request.url)
            if len(asked) == 1:
                route.fulfill(status=503, headers={"Retry-After": "1"}, body="")
                return
        route.continue_()

    page.route("**/state/?*", busy_once)
    make_trump(page, "Ben", "Hearts", "Ace of spades")
    tap(page, "Partner", "Dan")
    tap(page, TRICKS, "3")
    save_when_previewed(page, "Partnership made it: Ben with Dan took 3 tricks")
    expect(page.locator("#last-hand")).to_contain_text("Hand 1 · Ben +1 · Dan +1")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    expect(score(page, "Ben")).to_have_text("1")
    assert len(asked) == 2
    assert asked[0] == asked[1]
    assert pages_drawn == []
