"""Scoring goes on when the network drops (docs/decisions.md, D52; conftest.py: `page` fails
on any console error or CSP violation; `axe`). At 375x667 a hand saved offline waits in
the phone's outbox (static/js/outbox.js): the table shows it as waiting, totals marked
as not yet sent, and the next hand goes on at once; a reload offline keeps it all; the
network back, the hands are recorded once, in order, with the engine's totals. Two
phones that kept the same hand see a choice and lose nothing; a network cut while the
outbox is sent doubles no hand.

The live server is on localhost, a secure context: the service worker keeps the table
screen for the reload offline. A phone whose context blocks the worker sends from the
page alone, where the tests can cut its requests."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from referee.engine.hands import GameSetup
from referee.engine.reading import read_hand
from referee.engine.totals import score_game
from scorekeeper.models import Game, HandInProgress
from scorekeeper.web import phone_tables
from scorekeeper.web.middleware import BUSY_MESSAGE
from tests.conftest import BrowserProblems, table_cookie
from tests.game_support import FIVE, TEST_TABLE_KEY, fresh, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Axe = Callable[..., None]
TRICKS = "Tricks for the maker's side"
# What Chromium logs for requests that cannot leave the phone (or that a test cut).
OFFLINE_NOISE = (
    "ERR_INTERNET_DISCONNECTED",
    "ERR_FAILED",
    "Failed to fetch",
    # The browser checking the service worker for an update with no network.
    "An unknown error occurred when fetching the script",
    # htmx's own log of a poll that fell in the moment the network went.
    "htmx:sendError",
    "htmx:afterRequest",
)

# (maker, trump chip, called chip, partner chip, tricks), and the same hand in the
# game document's words, for the engine.
HANDS = [
    (
        ("Ben", "Hearts", "Ace of spades", "Dan", "3"),
        {"maker": "Ben", "trump": "H", "called": "S", "partner": "Dan", "tricks": 3},
    ),
    (
        ("Cat", "Spades", "Ace of hearts", "Eve", "5"),
        {"maker": "Cat", "trump": "S", "called": "H", "partner": "Eve", "tricks": 5},
    ),
    (
        ("Dan", "Clubs", "Ace of diamonds", "Ann", "1"),
        {"maker": "Dan", "trump": "C", "called": "D", "partner": "Ann", "tricks": 1},
    ),
    (
        ("Eve", "Diamonds", "Ace of diamonds", "Maker held the ace", "4"),
        {"maker": "Eve", "trump": "D", "called": "D", "partner": "maker", "tricks": 4},
    ),
    (
        ("Ann", "Hearts", "Ace of clubs", "Ace not in play", "3"),
        {"maker": "Ann", "trump": "H", "called": "C", "partner": "none", "tricks": 3},
    ),
]


def tap(page: Page, group: str, name: str) -> None:
    page.get_by_role("group", name=group, exact=True).get_by_role(
        "radio", name=name, exact=True
    ).click()


def save_call(page: Page, maker: str, trump: str, called: str) -> None:
    """The call tapped on the phone, and Save the call."""
    tap(page, "Who made trump?", maker)
    tap(page, "Trump", trump)
    tap(page, "Called ace", called)
    page.get_by_role("button", name="Save the call").click()


def enter(page: Page, chips: tuple[str, str, str, str, str]) -> None:
    """A whole hand on the phone, as the scorer taps it, and Save."""
    maker, trump, called, partner, tricks = chips
    save_call(page, maker, trump, called)
    expect(page.locator(".table-hand")).to_have_attribute("data-stage", "play")
    expect(page.locator(".table-hand[data-call-sending]")).to_have_count(0)
    tap(page, "Partner", partner)
    tap(page, TRICKS, tricks)
    page.get_by_role("button", name="Save hand").click()


def engine_totals(setup: GameSetup, hands: list[dict[str, Any]]) -> list[int]:
    return list(
        score_game(setup, first_dealer=0, hands=[read_hand(setup, h) for h in hands]).totals
    )


def totals_shown(page: Page) -> list[int]:
    return [int(t) for t in page.locator(".score-row .score-total").all_inner_texts()]


def makers(game: Game) -> list[tuple[int, int | None]]:
    return list(fresh(game).hands.order_by("number").values_list("number", "maker"))


def wait_until(page: Page, script: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not page.evaluate(script):
        assert time.monotonic() < deadline, f"still false after {timeout}s: {script}"
        page.wait_for_timeout(100)


def without_csrf(body: str) -> list[tuple[str, str]]:
    return [(name, value) for name, value in parse_qsl(body) if name != "csrfmiddlewaretoken"]


def a_phone(
    new_context: Callable[..., BrowserContext],
    problems: BrowserProblems,
    live_server: Any,
    **options: Any,
) -> Page:
    """Another phone at the table: its own browser, its own outbox."""
    context = new_context(**options)
    context.add_cookies(
        [
            {
                "name": phone_tables.COOKIE,
                "value": table_cookie(TEST_TABLE_KEY),
                "url": live_server.url,
            }
        ]
    )
    problems.watch(context)
    page = context.new_page()
    page.set_viewport_size({"width": 375, "height": 667})
    return page


def at_the_table(page: Page, problems: BrowserProblems) -> Game:
    """A five-player Call-Ace game's table screen open on the phone, at 375x667, where
    the network may drop."""
    for expected in OFFLINE_NOISE:
        problems.allow(expected)
    game = start_game(players=FIVE, target=99)
    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(f"/games/{game.pk}/")
    return game


def a_phone_without_a_worker(
    new_context: Callable[..., BrowserContext],
    problems: BrowserProblems,
    live_server: Any,
    init_script: str = "",
) -> tuple[Game, Page]:
    """A five-player game's table screen on a phone whose context blocks the service
    worker: the page alone keeps and sends its hands."""
    for expected in OFFLINE_NOISE:
        problems.allow(expected)
    game = start_game(players=FIVE, target=99)
    page = a_phone(new_context, problems, live_server, service_workers="block")
    if init_script:
        page.add_init_script(init_script)
    page.goto(f"/games/{game.pk}/")
    return game, page


def test_five_hands_kept_offline_survive_a_reload_and_are_recorded_once_in_order(
    page: Page, browser_problems: BrowserProblems, axe: Axe
) -> None:
    game = at_the_table(page, browser_problems)
    setup = game.setup
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_until(page, "caches.match(location.pathname, { ignoreVary: true }).then(Boolean)")

    page.context.set_offline(True)
    for number, (chips, _) in enumerate(HANDS[:3], start=1):
        enter(page, chips)
        expect(page.locator("#messages")).to_have_text(
            f"Hand {number} kept on this phone: it is sent when Bower can be reached."
        )
        expect(page.get_by_role("heading", level=1)).to_have_text(f"Hand {number + 1}")
    expect(page.locator("#offline-banner")).to_have_text("Offline: 3 hands wait on this phone")
    kept = [hand for _, hand in HANDS[:3]]
    assert totals_shown(page) == engine_totals(setup, kept)
    expect(page.locator(".unsent-line")).to_have_text(
        "Not yet sent: these totals count 3 hands waiting on this phone."
    )
    waiting = page.locator("#outbox .recent-hand")
    expect(waiting).to_have_count(3)
    # The dealer after the hands waiting, from the engine's deal order sent with the page.
    expect(page.locator(".deal-line")).to_have_text("Deals Dan Leads Eve")
    expect(waiting.first).to_contain_text(
        "Dan · ♣ Clubs · ♦ Ace of diamonds · partner: Ann · 1 trick"
    )

    # Closed and opened again with no network: the table as it was left.
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 4")
    expect(waiting).to_have_count(3)
    assert totals_shown(page) == engine_totals(setup, kept)
    axe(page)
    for number, (chips, _) in enumerate(HANDS[3:], start=4):
        enter(page, chips)
        expect(page.locator("#messages")).to_contain_text(f"Hand {number} kept on this phone")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 6")
    everything = [hand for _, hand in HANDS]
    assert totals_shown(page) == engine_totals(setup, everything)
    assert makers(game) == []

    # The network is back: sent in order, once; the table as Bower has it.
    page.context.set_offline(False)
    expect(page.locator("#messages")).to_have_text("5 hands sent to Bower and recorded.")
    expect(page.locator("#outbox")).to_have_count(0)
    expect(page.locator("#offline-banner")).to_be_empty()
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 6")
    expect(page.locator(".deal-line")).to_contain_text("Deals Ann")
    shown = totals_shown(page)
    assert shown == engine_totals(setup, everything)
    page.goto("about:blank")
    assert makers(game) == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 0)]
    assert [seat.total for seat in fresh(game).seat_list()] == shown


@pytest.mark.parametrize("choice", ["Keep theirs", "Keep mine", "Add mine as hand 2"])
def test_two_phones_that_kept_different_hands_offline_are_shown_both_and_the_scorer_chooses(
    page: Page,
    new_context: Callable[..., BrowserContext],
    browser_problems: BrowserProblems,
    live_server: Any,
    axe: Axe,
    choice: str,
) -> None:
    for expected in OFFLINE_NOISE:
        browser_problems.allow(expected)
    # Bower's answer to the second phone's hand: another hand stands there (409).
    browser_problems.allow("the server responded with a status of 409")
    game = start_game(players=FIVE, target=99)
    other = a_phone(new_context, browser_problems, live_server)
    # The choice fits the narrowest phone.
    other.set_viewport_size({"width": 320, "height": 568})
    page.set_viewport_size({"width": 375, "height": 667})
    for phone in (page, other):
        phone.goto(f"/games/{game.pk}/")
        phone.context.set_offline(True)
    enter(page, HANDS[0][0])
    enter(other, HANDS[1][0])
    for phone in (page, other):
        expect(phone.locator("#messages")).to_contain_text("Hand 1 kept on this phone")

    page.context.set_offline(False)
    expect(page.locator("#messages")).to_have_text("1 hand sent to Bower and recorded.")
    other.context.set_offline(False)
    expect(other.locator("#messages")).to_have_text(
        "Another phone entered this hand too: choose below which to keep."
    )
    choice_shown = other.locator("#outbox .outbox-choice")
    expect(choice_shown).to_contain_text(
        "Hand 1 was entered on another phone too: the same deal entered twice?"
    )
    expect(choice_shown).to_contain_text("Theirs: Ben made hearts")
    expect(choice_shown).to_contain_text("Mine, on this phone: Cat made spades")
    # The same deal first (theirs or mine); another hand after it, the less prominent choice.
    buttons = choice_shown.get_by_role("button")
    expect(buttons).to_have_text(["Keep theirs", "Keep mine", "Add mine as hand 2"])
    expect(buttons.last).not_to_have_class(re.compile("btn-primary"))
    for shown in buttons.all():
        box = shown.bounding_box()
        assert box is not None
        assert box["x"] >= 0, box
        assert box["x"] + box["width"] <= 320, box
    # Neither hand counts until the scorer chooses: the table shows Bower's hand 1
    # (theirs) in the last hands, and the totals leave it out, and mine too.
    expect(other.locator(".recent-list .recent-hand").first).to_contain_text("Ben")
    expect(other.locator(".unsent-line")).to_have_text(
        "Hand 1 is not counted until you choose below."
    )
    assert totals_shown(other) == [0, 0, 0, 0, 0]
    expect(other.locator("#offline-banner")).to_have_text(
        "1 hand waits on this phone to be sent to Bower"
    )
    axe(other)
    # Nothing is dropped while the scorer has not chosen.
    other.wait_for_timeout(500)
    assert makers(game) == [(1, 1)]
    # A call made meanwhile is not sent ahead of the hand waiting: it would be taken
    # for the wrong hand. It goes with its hand.
    save_call(other, "Dan", "Clubs", "Ace of diamonds")
    expect(other.locator(".call-note")).to_have_text(
        "Hands wait on this phone: the other phones see this hand once they are sent."
    )
    other.wait_for_timeout(300)
    assert not HandInProgress.objects.filter(game=game).exists()
    for _ in range(2):
        other.get_by_role("button", name="Back").click()

    other.get_by_role("button", name=choice).click()
    expect(other.locator("#outbox")).to_have_count(0)
    expect(other.locator("#offline-banner")).to_be_empty()
    if choice == "Keep theirs":
        expect(other.locator("#messages")).to_have_text(
            "Hand 1 stays as the other phone entered it; this phone's copy is dropped."
        )
        expect(other.get_by_role("heading", level=1)).to_have_text("Hand 2")
        assert totals_shown(other) == engine_totals(game.setup, [HANDS[0][1]])
        other.goto("about:blank")
        assert makers(game) == [(1, 1)]
    elif choice.startswith("Add mine"):
        expect(other.get_by_role("heading", level=1)).to_have_text("Hand 3")
        other.goto("about:blank")
        assert makers(game) == [(1, 1), (2, 2)]
    else:
        expect(other.locator("#messages")).to_have_text("Hand 1 is now the one from this phone.")
        other.goto("about:blank")
        assert makers(game) == [(1, 2)]
        # Theirs is not lost: hand 1's history keeps it.
        recorded, edited = fresh(game).changes.filter(hand_number=1).order_by("pk")
        assert recorded.summary.startswith("Ben made hearts")
        assert edited.summary.startswith("Cat made spades")
        assert edited.changes["maker"] == ["Ben", "Cat"]


def test_two_phones_that_kept_the_same_deal_offline_record_it_once_without_asking(
    page: Page,
    new_context: Callable[..., BrowserContext],
    browser_problems: BrowserProblems,
    live_server: Any,
) -> None:
    """The one deal scored on two phones: Bower answers the second as recorded, and that
    phone drops its copy with no choice to make (docs/formats.md, "Recording a hand, once")."""
    for expected in OFFLINE_NOISE:
        browser_problems.allow(expected)
    game = start_game(players=FIVE, target=99)
    other = a_phone(new_context, browser_problems, live_server)
    page.set_viewport_size({"width": 375, "height": 667})
    for phone in (page, other):
        phone.goto(f"/games/{game.pk}/")
        phone.context.set_offline(True)
        enter(phone, HANDS[0][0])
        expect(phone.locator("#messages")).to_contain_text("Hand 1 kept on this phone")

    page.context.set_offline(False)
    expect(page.locator("#messages")).to_have_text("1 hand sent to Bower and recorded.")
    other.context.set_offline(False)
    expect(other.locator("#messages")).to_have_text("1 hand sent to Bower and recorded.")
    expect(other.locator("#outbox")).to_have_count(0)
    expect(other.get_by_role("heading", level=1)).to_have_text("Hand 2")
    assert totals_shown(other) == engine_totals(game.setup, [HANDS[0][1]])
    other.goto("about:blank")
    assert makers(game) == [(1, 1)]


def test_online_a_different_hand_already_recorded_is_offered_at_once_as_a_choice(
    page: Page,
    new_context: Callable[..., BrowserContext],
    browser_problems: BrowserProblems,
    live_server: Any,
) -> None:
    """Sent at once from a phone that had not seen the other's hand (its polls lost):
    the choice shows straight away, never a "kept on this phone" after it."""
    browser_problems.allow("the server responded with a status of 409")
    for expected in OFFLINE_NOISE:
        browser_problems.allow(expected)
    game = start_game(players=FIVE, target=99)
    other = a_phone(new_context, browser_problems, live_server)
    # Its polls lost, and its call: the whole hand is what reaches Bower.
    other.route("**/state/?*", lambda route: route.fulfill(status=204))
    other.route("**/hand/start/?*", lambda route: route.abort("internetdisconnected"))
    for phone in (page, other):
        phone.set_viewport_size({"width": 375, "height": 667})
        phone.goto(f"/games/{game.pk}/")
    enter(page, HANDS[0][0])
    expect(page.locator("#messages")).to_have_text("Hand 1 recorded.")
    enter(other, HANDS[1][0])
    expect(other.locator("#messages")).to_have_text(
        "Another phone entered this hand too: choose below which to keep."
    )
    expect(other.locator("#outbox .outbox-choice")).to_contain_text("Theirs: Ben made hearts")
    other.wait_for_timeout(2500)  # past the moment a hand sent at once is not shown waiting
    expect(other.locator("#messages")).to_have_text(
        "Another phone entered this hand too: choose below which to keep."
    )
    other.get_by_role("button", name="Keep theirs").click()
    expect(other.locator("#outbox")).to_have_count(0)
    other.goto("about:blank")
    assert makers(game) == [(1, 1)]


def test_a_network_cut_while_the_outbox_is_sent_doubles_no_hand(
    new_context: Callable[..., BrowserContext], browser_problems: BrowserProblems, live_server: Any
) -> None:
    # No worker: the page alone sends, and every request it makes passes through the route.
    game, page = a_phone_without_a_worker(new_context, browser_problems, live_server)
    page.context.set_offline(True)
    for chips, _ in HANDS[:3]:
        enter(page, chips)
    expect(page.locator("#outbox .recent-hand")).to_have_count(3)

    sent: list[str] = []

    def cut_the_second(route: Route) -> None:
        sent.append(route.request.post_data or "")
        if len(sent) == 2:
            route.fetch()  # Bower records hand 2...
            route.abort("internetdisconnected")  # ...and its answer never reaches the phone
        else:
            route.continue_()

    page.route("**/hand/enter/*", cut_the_second)
    page.context.set_offline(False)
    expect(page.locator("#messages")).to_have_text("1 hand sent to Bower and recorded.")
    expect(page.locator("#outbox .recent-hand")).to_have_count(2)
    assert makers(game) == [(1, 1), (2, 2)]

    # The phone tries again: hand 2 again, with its token, then hand 3.
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#messages")).to_have_text("2 hands sent to Bower and recorded.")
    expect(page.locator("#outbox")).to_have_count(0)
    assert len(sent) == 4
    # The same hand, with the same token, sent again (the page's CSRF token aside).
    assert without_csrf(sent[1]) == without_csrf(sent[2])
    page.goto("about:blank")
    assert makers(game) == [(1, 1), (2, 2), (3, 3)]


def test_hands_waiting_on_the_phone_can_be_undone_redone_and_changed(
    page: Page, browser_problems: BrowserProblems
) -> None:
    game = at_the_table(page, browser_problems)
    setup = game.setup
    page.context.set_offline(True)
    for chips, _ in HANDS[:2]:
        enter(page, chips)
    waiting = page.locator("#outbox .recent-hand")
    expect(waiting).to_have_count(2)

    # Only the last waiting hand can be taken back; Redo puts it back as it was.
    expect(page.get_by_role("button", name="Undo hand 1")).to_have_count(0)
    page.get_by_role("button", name="Undo hand 2").click()
    expect(page.locator("#messages")).to_have_text("Hand 2 taken back: it was never sent.")
    expect(waiting).to_have_count(1)
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    assert totals_shown(page) == engine_totals(setup, [HANDS[0][1]])
    page.get_by_role("button", name="Redo").click()
    expect(waiting).to_have_count(2)
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 3")
    assert totals_shown(page) == engine_totals(setup, [HANDS[0][1], HANDS[1][1]])

    # Hand 1 changed while it waits: Dan took 4 tricks, not 3; hand 2 stays after it.
    page.get_by_role("button", name="Change hand 1").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Changing hand 1")
    expect(page.locator(".table-hand")).to_have_attribute("data-stage", "play")
    tap(page, TRICKS, "4")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#messages")).to_have_text(
        "Hand 1 changed on this phone: it is sent when Bower can be reached."
    )
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 3")
    changed = [{**HANDS[0][1], "tricks": 4}, HANDS[1][1]]
    assert totals_shown(page) == engine_totals(setup, changed)

    page.context.set_offline(False)
    expect(page.locator("#messages")).to_have_text("2 hands sent to Bower and recorded.")
    assert totals_shown(page) == engine_totals(setup, changed)
    page.goto("about:blank")
    assert list(fresh(game).hands.order_by("number").values_list("maker", "tricks")) == [
        (1, 4),
        (2, 5),
    ]


# What a phone's browser lacks on the Wi-Fi's plain http (not a secure context): no
# service worker (the context blocks it), no Web Locks, no crypto.randomUUID.
PLAIN_HTTP = """
Object.defineProperty(window, "isSecureContext", { get: () => false });
Object.defineProperty(Navigator.prototype, "locks", { get: () => undefined });
Object.defineProperty(Crypto.prototype, "randomUUID", { get: () => undefined });
"""


def test_over_plain_http_the_outbox_keeps_and_sends_hands_without_a_worker(
    new_context: Callable[..., BrowserContext], browser_problems: BrowserProblems, live_server: Any
) -> None:
    game, page = a_phone_without_a_worker(
        new_context, browser_problems, live_server, init_script=PLAIN_HTTP
    )
    assert page.evaluate("navigator.locks === undefined && !window.isSecureContext")
    page.context.set_offline(True)
    for number, (chips, _) in enumerate(HANDS[:2], start=1):
        enter(page, chips)
        expect(page.locator("#messages")).to_contain_text(f"Hand {number} kept on this phone")
    expect(page.locator("#offline-banner")).to_have_text("Offline: 2 hands wait on this phone")
    page.context.set_offline(False)
    expect(page.locator("#messages")).to_have_text("2 hands sent to Bower and recorded.")
    assert totals_shown(page) == engine_totals(game.setup, [hand for _, hand in HANDS[:2]])
    page.goto("about:blank")
    assert makers(game) == [(1, 1), (2, 2)]


def test_a_hand_a_busy_server_put_off_waits_on_the_phone_and_is_recorded_once(
    new_context: Callable[..., BrowserContext], browser_problems: BrowserProblems, live_server: Any
) -> None:
    """An overloaded Bower answers 503 "busy" having stored nothing (D56): the hand
    waits in the outbox and goes again after Retry-After, with its token."""
    for expected in ("Response Status Error Code 503", "the server responded with a status of 503"):
        browser_problems.allow(expected)
    game, page = a_phone_without_a_worker(new_context, browser_problems, live_server)
    busy = f'<p class="message message-error" role="alert">{BUSY_MESSAGE}</p>'
    sent: list[str] = []

    def busy_once(route: Route) -> None:
        sent.append(route.request.post_data or "")
        if len(sent) == 1:
            route.fulfill(status=503, headers={"Retry-After": "1"}, body=busy)
        else:
            route.continue_()

    page.route("**/hand/enter/*", busy_once)
    enter(page, HANDS[0][0])
    expect(page.locator("#messages")).to_have_text(
        "Bower is busy: hand 1 kept on this phone, and sent in a moment."
    )
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    # A second later the outbox sends it, with the token of the Save put off.
    expect(page.locator("#messages")).to_have_text("1 hand sent to Bower and recorded.")
    expect(page.locator("#outbox")).to_have_count(0)
    assert len(sent) == 2
    assert dict(parse_qsl(sent[0]))["token"] == dict(parse_qsl(sent[1]))["token"]
    assert all("version" not in dict(parse_qsl(body)) for body in sent)  # a hand is not asked it
    assert totals_shown(page) == engine_totals(game.setup, [HANDS[0][1]])
    page.goto("about:blank")
    assert makers(game) == [(1, 1)]


def test_the_call_a_busy_server_put_off_says_why_and_the_hand_goes_on(
    page: Page, browser_problems: BrowserProblems
) -> None:
    for expected in ("the server responded with a status of 503",):
        browser_problems.allow(expected)
    at_the_table(page, browser_problems)
    sent_as: list[str] = []

    def busy(route: Route) -> None:
        sent_as.append(route.request.headers["content-type"])
        route.fulfill(status=503, body=BUSY_MESSAGE)

    page.route("**/hand/start/?*", busy)
    save_call(page, "Ben", "Hearts", "Ace of spades")
    expect(page.locator(".call-note")).to_have_text(
        "The other phones were not told the call (Bower is busy): go on, the hand is saved"
        " whole at the end."
    )
    expect(page.locator(".table-hand")).to_have_attribute("data-stage", "play")
    # Sent as a form is, read ahead by the server: it waits a form's turn (D56).
    assert sent_as == ["application/x-www-form-urlencoded;charset=UTF-8"]
