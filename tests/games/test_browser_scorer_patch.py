"""The scorer's own saves bring the table up to date as a follower's poll does
(docs/formats.md, "Polls" and "Save the call"): the parts that changed around the
hand form the phone keeps, not the whole page drawn anew (conftest.py: `page` at
390x844, failing on any console error; `axe`)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import APIResponse, Page, Request, Route, expect

from tests.games.test_browser_game import TRICKS, make_trump, save_when_previewed, score, start, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Axe = Callable[..., None]
SAME_FORM = "() => window.keptForm === document.querySelector('.table-hand')"


def a_game_on_its_table(page: Page) -> list[str]:
    """A five-player Call-Ace game started on the phone's table screen, and the list
    that each later request for the whole table page is put in."""
    start(page, "Call-Ace Euchre", ["Ann", "Ben", "Cat", "Dan", "Eve"], dealer="Ann")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 1")
    game = page.url
    pages_drawn: list[str] = []

    def whole_page(request: Request) -> None:
        if request.method == "GET" and request.url == game:
            pages_drawn.append(request.url)

    page.on("request", whole_page)
    return pages_drawn


def test_the_scorers_call_and_hand_come_back_around_the_same_form(page: Page, axe: Axe) -> None:
    pages_drawn = a_game_on_its_table(page)
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


BACK_IN_VIEW = "() => document.dispatchEvent(new Event('visibilitychange'))"
# What the phone says once Bower recorded hand 1: at once, or, on a machine slow enough
# that the hand was shown as waiting meanwhile (outbox.js, QUIET), as sent from there.
RECORDED = re.compile(r"Hand 1 recorded\.|1 hand sent to Bower and recorded\.")


def held_requests(page: Page, part: str, most: int | None = None) -> list[Route]:
    """Requests to addresses with `part` held (not sent) until the test lets them go:
    the first `most` of them, or every one."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        if most is not None and len(held) >= most:
            route.continue_()
        else:
            held.append(route)

    page.route(lambda url: part in url, hold)
    return held


def first_held(page: Page, held: list[Route]) -> Route:
    for _ in range(250):
        if held:
            return held[0]
        page.wait_for_timeout(20)
    raise AssertionError("no request was held")


def hand_one_entered(page: Page) -> None:
    """Hand 1 (Ben with Dan, 3 tricks) entered on the form the page keeps (``SAME_FORM``)."""
    page.evaluate("() => { window.keptForm = document.querySelector('.table-hand'); }")
    make_trump(page, "Ben", "Hearts", "Ace of spades")
    tap(page, "Partner", "Dan")
    tap(page, TRICKS, "3")


def hand_one_on_its_way(page: Page) -> tuple[Route, APIResponse]:
    """Hand 1 entered and saved: Bower records it, and its answer waits, held, until
    the test lets it go."""
    hand_one_entered(page)
    held = held_requests(page, "/hand/enter/", most=1)
    save_when_previewed(page, "Partnership made it: Ben with Dan took 3 tricks")
    hand = first_held(page, held)
    return hand, hand.fetch()


def test_a_poll_while_the_scorers_hand_is_on_its_way_leaves_the_table_to_its_answer(
    page: Page,
) -> None:
    """The phone comes back into view (a poll at once, live.js) while its hand is on its
    way to Bower: no poll draws the table over the form meanwhile; the hand's answer
    brings the table up to date around it, and the next hand tapped meanwhile stays."""
    a_game_on_its_table(page)
    # The live part asked for whole (a poll without `form`) while the hand is on its way.
    whole_live_parts: list[str] = []
    on_its_way = True
    page.on(
        "request",
        lambda request: (
            whole_live_parts.append(request.url)
            if on_its_way and "/state/" in request.url and "form=" not in request.url
            else None
        ),
    )
    hand, answer = hand_one_on_its_way(page)
    tap(page, "Who made trump?", "Cat")  # the next hand, meanwhile
    page.evaluate(BACK_IN_VIEW)
    page.wait_for_timeout(1000)  # time for a poll, were one asked, to be answered and drawn
    on_its_way = False
    hand.fulfill(response=answer)
    expect(page.locator("#messages")).to_have_text(RECORDED)
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    expect(score(page, "Ben")).to_have_text("1")
    # The call goes on from the maker tapped meanwhile.
    expect(page.get_by_role("region", name="The next hand")).to_contain_text("Cat")
    expect(page.get_by_role("group", name="Trump")).to_be_visible()
    assert whole_live_parts == []


def test_a_save_waiting_for_the_call_on_its_way_is_kept_through_a_poll(page: Page) -> None:
    """Save tapped while the call is still on its way waits for it (hand.js), and is
    not lost when the phone comes back into view meanwhile (a poll at once, live.js):
    the hand is recorded once the call's answer is back."""
    start(page, "Call-Ace Euchre", ["Ann", "Ben", "Cat", "Dan", "Eve"], dealer="Ann")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 1")
    held = held_requests(page, "/hand/start/")
    tap(page, "Who made trump?", "Ben")
    tap(page, "Trump", "Hearts")
    tap(page, "Called ace", "Ace of spades")
    page.get_by_role("button", name="Save the call").tap()
    call = first_held(page, held)
    tap(page, "Partner", "Dan")
    tap(page, TRICKS, "3")
    save_when_previewed(page, "Partnership made it: Ben with Dan took 3 tricks")
    answer = call.fetch()  # Bower has the call; its answer is not back yet
    page.evaluate(BACK_IN_VIEW)
    page.wait_for_timeout(1000)  # time for a poll, were one asked, to be answered and drawn
    call.fulfill(response=answer)
    expect(page.locator("#messages")).to_have_text(RECORDED)
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    expect(score(page, "Ben")).to_have_text("1")
    expect(score(page, "Dan")).to_have_text("1")


def the_next_call_tapped(page: Page) -> list[str]:
    """Hand 2's call tapped and saved, and the list each call sent to Bower goes in."""
    calls: list[str] = []

    def sent(request: Request) -> None:
        if "/hand/start/" in request.url:
            calls.append(request.url)

    page.on("request", sent)
    tap(page, "Who made trump?", "Cat")
    tap(page, "Trump", "Spades")
    tap(page, "Called ace", "Ace of clubs")
    page.get_by_role("button", name="Save the call").tap()
    return calls


def test_a_call_saved_while_the_hand_before_is_on_its_way_follows_it(page: Page) -> None:
    """The next hand's call saved while the hand before is still on its way to Bower
    waits for that hand's answer (hand.js, outbox.js): sent before it, it would carry
    the game as it stood before that hand, and Bower would refuse it (409)."""
    a_game_on_its_table(page)
    hand, answer = hand_one_on_its_way(page)
    calls = the_next_call_tapped(page)
    expect(page.get_by_role("group", name=TRICKS)).to_be_visible()  # on to the end of hand 2
    page.wait_for_timeout(500)  # time for the call to go, were it sent at once
    assert calls == []
    hand.fulfill(response=answer)
    expect(page.locator("#messages")).to_have_text(RECORDED)
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    # Bower has the call: the phone's form says so, and a page drawn anew shows it.
    expect(page.locator(".table-hand")).to_have_attribute("data-call-saved", "yes")
    assert len(calls) == 1
    page.reload()
    expect(page.locator(".saved-call")).to_contain_text(
        "Cat made ♠ spades and calls the ace of ♣ clubs"
    )


def test_a_hand_saved_while_its_call_waits_for_the_hand_before_goes_whole(page: Page) -> None:
    """Save tapped while the call still waits for the hand before: the hand goes whole,
    its call with it, after the one on its way; the call is not sent by itself."""
    a_game_on_its_table(page)
    hand, answer = hand_one_on_its_way(page)
    calls = the_next_call_tapped(page)
    tap(page, "Partner", "Ann")
    tap(page, TRICKS, "3")
    save_when_previewed(page, "Partnership made it: Cat with Ann took 3 tricks")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 3")
    hand.fulfill(response=answer)
    expect(page.locator("#messages")).to_have_text("2 hands sent to Bower and recorded.")
    expect(score(page, "Cat")).to_have_text("1")
    expect(score(page, "Ann")).to_have_text("1")
    expect(score(page, "Ben")).to_have_text("1")
    assert calls == []


def test_a_call_waiting_for_the_hand_before_follows_it_when_the_table_is_drawn_whole(
    page: Page,
) -> None:
    """Where the hand's answer cannot bring the table up around the form (no patch:
    here it is the whole table, and every poll says nothing changed), the page is
    drawn whole from that answer, not asked for again: the call tapped meanwhile
    stays tapped on the new form and follows once it is drawn."""
    pages_drawn = a_game_on_its_table(page)
    hand_one_entered(page)
    held = held_requests(page, "/hand/enter/", most=1)
    save_when_previewed(page, "Partnership made it: Ben with Dan took 3 tricks")
    hand = first_held(page, held)
    answer = hand.fetch(url=hand.request.url.split("?")[0])  # the form kept not said
    page.route(lambda url: "/state/" in url, lambda route: route.fulfill(status=204))
    calls = the_next_call_tapped(page)
    hand.fulfill(response=answer)
    expect(page.locator("#messages")).to_have_text(RECORDED)
    expect(page.locator(".table-hand")).to_have_attribute("data-call-saved", "yes")
    assert pages_drawn == []
    assert len(calls) == 1
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    expect(page.locator(".stage-summary")).to_have_text("Cat · ♠ Spades · ♣ Ace of clubs")
    expect(page.get_by_role("group", name=TRICKS)).to_be_visible()


def test_a_hand_whose_answer_is_slow_comes_back_around_the_same_form(page: Page) -> None:
    """Bower's answer to a hand takes more than 2 s: the phone shows the hand as waiting;
    the answer, when it comes, brings the table up around the same form, never back to
    the hand before (the page is the one sender: nothing else draws it meanwhile)."""
    pages_drawn = a_game_on_its_table(page)
    hand, answer = hand_one_on_its_way(page)
    expect(page.locator("#messages")).to_have_text(
        "Hand 1 kept on this phone: it is sent when Bower can be reached."
    )
    page.evaluate(TITLES_KEPT)
    hand.fulfill(response=answer)
    expect(page.locator("#messages")).to_have_text("1 hand sent to Bower and recorded.")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    expect(score(page, "Ben")).to_have_text("1")
    expect(page.locator("#outbox")).to_have_count(0)
    assert page.evaluate("() => window.titlesSeen") == []
    assert page.evaluate(SAME_FORM)
    assert pages_drawn == []


# Each heading and Ben's total the table shows from now on, other than "Hand 2" and 1.
TITLES_KEPT = """() => {
  window.titlesSeen = [];
  const look = () => {
    const title = document.querySelector('.table-head h1');
    const ben = document.querySelector('.score-row[data-seat="1"] .score-total');
    const seen = `${title && title.textContent} / ${ben && ben.textContent.trim()}`;
    if (seen !== 'Hand 2 / 1' && !window.titlesSeen.includes(seen)) {
      window.titlesSeen.push(seen);
    }
  };
  const all = {subtree: true, childList: true, characterData: true};
  new MutationObserver(look).observe(document.body, all);
}"""
