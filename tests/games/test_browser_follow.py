"""Two phones at one table, 375x667 (conftest.py: no console error, axe): one scores,
the other follows. The follower's poll (static/js/live.js) brings the totals, the last
hand, the dealer and the call another phone saved, around the hand form it keeps: the
chips tapped on it mid-hand stay tapped, and it then saves a hand of its own, once
(docs/formats.md, "Polls: following a game live")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scorekeeper.models import Player
from scorekeeper.web import phone_tables
from tests.conftest import BrowserProblems, table_cookie
from tests.game_support import FIVE, TEST_TABLE_KEY, fresh, record, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TRICKS = "Tricks for the maker's side"
POLLED = 20_000  # ms: a poll every 4 s, and the answer drawn on a busy machine


def a_second_phone(
    new_context: Callable[..., BrowserContext], problems: BrowserProblems, live_server: Any
) -> Page:
    """Another phone of the table: its own browser, its own outbox, watched as the first."""
    context = new_context()
    cookie = {"name": phone_tables.COOKIE, "value": table_cookie(TEST_TABLE_KEY)}
    context.add_cookies([{**cookie, "url": live_server.url}])
    problems.watch(context)
    page = context.new_page()
    page.set_viewport_size({"width": 375, "height": 667})
    return page


def tap(page: Page, group: str, name: str) -> None:
    page.get_by_role("group", name=group, exact=True).get_by_role(
        "radio", name=name, exact=True
    ).click()


def chip(page: Page, group: str, name: str) -> Any:
    return page.get_by_role("group", name=group, exact=True).get_by_role(
        "radio", name=name, exact=True
    )


def score(page: Page, name: str) -> Any:
    return page.locator(".score-row", has_text=name).locator(".score-total")


def test_a_following_phone_keeps_its_tapped_chips_while_the_table_moves_on(
    page: Page,
    new_context: Callable[..., BrowserContext],
    browser_problems: BrowserProblems,
    live_server: Any,
    axe: Callable[..., None],
) -> None:
    game = start_game(players=FIVE, first_dealer=0, target=99)
    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(f"/games/{game.pk}/")
    follower = a_second_phone(new_context, browser_problems, live_server)
    follower.goto(f"/games/{game.pk}/")
    expect(follower.locator(".table-hand[data-ready]")).to_have_count(1)
    # The follower's form, marked: the same one is there after every poll.
    follower.evaluate("document.querySelector('.table-hand').dataset.mark = 'kept'")
    kept = follower.locator(".table-hand[data-mark='kept']")

    # The scorer records hand 1: Ben makes hearts, calls the ace of spades, Dan, 3 tricks.
    tap(page, "Who made trump?", "Ben")
    tap(page, "Trump", "Hearts")
    tap(page, "Called ace", "Ace of spades")
    page.get_by_role("button", name="Save the call").click()
    tap(page, "Partner", "Dan")
    tap(page, TRICKS, "3")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#messages")).to_contain_text("Hand 1")

    # The follower: hand 2, the totals, the last hand, Ben deals; the same form, for hand 2.
    expect(follower.get_by_role("heading", level=1)).to_have_text("Hand 2", timeout=POLLED)
    # The tab's title too, on both (the scorer's own save answers as a poll does).
    expect(follower).to_have_title("Hand 2 · Call-Ace Euchre · Bower")
    expect(page).to_have_title("Hand 2 · Call-Ace Euchre · Bower")
    expect(score(follower, "Ben")).to_have_text("1")
    expect(score(follower, "Dan")).to_have_text("1")
    expect(follower.locator(".last-hand")).to_contain_text("Hand 1 · Ben +1 · Dan +1")
    expect(follower.locator(".recent-hand")).to_have_count(1)
    expect(follower.locator(".deal-line")).to_contain_text("Deals Ben Leads Cat")
    expect(kept).to_have_attribute("data-hand", "2")
    assert kept.locator("input[name=after]").input_value() == "1"

    # Mid-hand on the follower: Cat made spades (two chips tapped, the called ace not yet).
    tap(follower, "Who made trump?", "Cat")
    tap(follower, "Trump", "Spades")
    expect(follower.locator(".stage-summary")).to_have_text("Cat · ♠ Spades")

    # The scorer saves the call for hand 2: Cat makes spades and calls the ace of hearts.
    tap(page, "Who made trump?", "Cat")
    tap(page, "Trump", "Spades")
    tap(page, "Called ace", "Ace of hearts")
    page.get_by_role("button", name="Save the call").click()

    # The follower sees the call; what was tapped on it stays, the called ace comes from the call.
    # (The call's line shows beside the maker's chips: at this stage the form has the screen.)
    saved = follower.locator(".saved-call:not([hidden])")
    expect(saved).to_contain_text("Cat made", timeout=POLLED)
    expect(saved).to_contain_text("partner unknown")
    expect(kept).to_have_attribute("data-call-saved", "yes")
    expect(chip(follower, "Trump", "Spades")).to_be_checked()
    expect(chip(follower, "Called ace", "Ace of hearts")).to_be_checked()
    expect(follower.locator(".stage-summary")).to_have_text("Cat · ♠ Spades · ♥ Ace of hearts")
    expect(follower.locator(".last-hand")).to_be_hidden()
    axe(follower)

    # The scorer ends hand 2: Eve was the partner, 3 tricks.
    expect(page.locator(".table-hand")).to_have_attribute("data-stage", "play")
    expect(page.locator(".table-hand[data-call-sending]")).to_have_count(0)
    tap(page, "Partner", "Eve")
    tap(page, TRICKS, "3")
    page.get_by_role("button", name="Save hand").click()

    # The follower: hand 3, Cat deals; its form, for hand 3, starts afresh (as one drawn for it).
    expect(follower.get_by_role("heading", level=1)).to_have_text("Hand 3", timeout=POLLED)
    expect(follower.locator(".deal-line")).to_contain_text("Deals Cat Leads Dan")
    expect(score(follower, "Cat")).to_have_text("1")
    expect(follower.locator(".recent-hand")).to_have_count(2)
    expect(follower.locator(".saved-call")).to_be_hidden()
    expect(kept).to_have_attribute("data-hand", "3")
    expect(kept).to_have_attribute("data-stage", "maker")
    tapped = follower.locator(".table-hand input[type=radio]:checked:not([value=''])")
    expect(tapped).to_have_count(0)

    # Its points are worked out from the totals the poll brought.
    drawn = follower.evaluate("JSON.parse(document.querySelector('#hand-outcomes').textContent)")
    assert drawn["totals"] == [0, 1, 1, 1, 1]
    assert drawn["deals"][0] == {"deals": "Cat", "leads": "Dan", "row": 2}

    # The follower scores hand 3 on that form, recorded once, as hand 3.
    tap(follower, "Who made trump?", "Dan")
    tap(follower, "Trump", "Clubs")
    tap(follower, "Called ace", "Ace of diamonds")
    follower.get_by_role("button", name="Save the call").click()
    expect(follower.locator(".table-hand[data-call-sending]")).to_have_count(0)
    tap(follower, "Partner", "Ann")
    tap(follower, TRICKS, "5")
    expect(follower.locator("#preview .preview-points")).to_contain_text("Dan +3 → 4")
    expect(follower.locator("#preview .preview-points")).to_contain_text("Ann +3 → 3")
    follower.get_by_role("button", name="Save hand").click()
    expect(follower.get_by_role("heading", level=1)).to_have_text("Hand 4")
    expect(follower.locator("#messages")).to_contain_text("Hand 3")
    hands = list(fresh(game).hands.order_by("number").values_list("number", "maker"))
    assert hands == [(1, 1), (2, 2), (3, 3)]
    # And the scorer sees it at its own poll.
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 4", timeout=POLLED)
    expect(score(page, "Dan")).to_have_text("4")


def test_a_follower_that_missed_a_hand_and_the_next_call_sees_both_and_new_names(
    page: Page,
) -> None:
    game = start_game(players=FIVE, first_dealer=0, target=99)
    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(f"/games/{game.pk}/")
    expect(page.locator(".table-hand[data-ready]")).to_have_count(1)
    page.evaluate("document.querySelector('.table-hand').dataset.mark = 'kept'")
    kept = page.locator(".table-hand[data-mark='kept']")
    tap(page, "Who made trump?", "Cat")  # mid-hand 1 on this phone

    # Its polls go unanswered (a weak signal) while the table records hand 1 and saves
    # the call of hand 2: Ben makes hearts and calls the ace of spades.
    page.route("**/state/?*", lambda route: route.fulfill(status=204))
    record(game, maker="Ann", trump="H", called="S", partner="Cat", tricks=3)
    fresh(game).save_call(version=None, maker=1, trump="H", called="S")
    page.unroute("**/state/?*")

    # One answer brings both: hand 2 with its call saved, on the form it keeps.
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2", timeout=POLLED)
    expect(kept).to_have_attribute("data-hand", "2")
    expect(kept).to_have_attribute("data-call-saved", "yes")
    expect(page.locator(".saved-call")).to_contain_text("Ben made")
    expect(page.locator(".saved-call")).to_be_visible()
    expect(page.get_by_role("button", name="Hand over: tricks and points")).to_be_visible()
    # The chips of hand 1 tapped here are gone; the call's are chosen (shown at the next stage).
    expect(kept.locator("input[name=maker]:checked")).to_have_value("1")
    expect(kept.locator("input[name=trump]:checked")).to_have_value("H")
    expect(kept.locator("input[name=called]:checked")).to_have_value("S")
    expect(score(page, "Ann")).to_have_text("1")

    # A player renamed: the chips name the players anew, so the live part is drawn
    # anew (the form too: a new one, with Danny's chip).
    Player.objects.get(name="Dan").rename("Danny")
    expect(page.locator(".score-row", has_text="Danny")).to_have_count(1, timeout=POLLED)
    expect(kept).to_have_count(0)
    expect(page.locator(".table-hand")).to_have_attribute("data-hand", "2")
    page.get_by_role("button", name="Hand over: tricks and points").click()
    expect(chip(page, "Partner", "Danny")).to_be_visible()
