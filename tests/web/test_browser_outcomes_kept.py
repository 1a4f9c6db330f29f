"""A kind of table's table of outcomes (docs/decisions.md, D61) is fetched once and kept
on the phone: a table screen opened again without the network still scores a hand,
with the service worker (its cache) and over plain http without one (IndexedDB)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect

from referee.engine.reading import read_hand
from referee.engine.scoring import score_hand
from scorekeeper.models import Game
from tests.conftest import BrowserProblems
from tests.game_support import FIVE, fresh, record, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Seat 1 makes hearts, calls the ace of spades, seat 3 is the partner: a march.
HAND = {"maker": 1, "trump": "H", "called": "S", "partner": 3, "tricks": 5}

# The hand's chips tapped at the end of the hand, as the phone reads them; what it says.
TAP_THE_HAND = """() => {
  const form = document.querySelector(".table-hand");
  form.dataset.stage = "play";
  const set = (name, value) => {
    for (const input of form.querySelectorAll(`input[name="${name}"]`)) {
      input.checked = input.value === value;
    }
  };
  set("maker", "1"); set("trump", "H"); set("called", "S"); set("partner", "3"); set("tricks", "5");
  const tricks = form.querySelector('input[name="tricks"]:checked');
  tricks.dispatchEvent(new Event("change", { bubbles: true }));
  return form.querySelector("#preview .rule-line").textContent;
}"""

KEPT_IN_INDEXEDDB = """(address) =>
  idbKeyval.get(address, idbKeyval.createStore("bower-outcomes", "tables")).then(Boolean)"""

PLAIN_HTTP = "Object.defineProperty(window, 'isSecureContext', { get: () => false });"


@pytest.fixture
def game() -> Game:
    game = start_game(players=FIVE, first_dealer=0)
    record(game, maker="Cat", trump="S", called="S", partner="maker", tricks=3)
    return fresh(game)


def said_by_the_engine(game: Game) -> str:
    players = game.setup.players
    hand = {**HAND, "maker": players[1], "partner": players[3]}
    score = score_hand(game.setup, read_hand(game.setup, hand))
    return f"{score.explanation} ({score.citation.short})"


def wait_until(page: Page, script: str, arg: Any = None, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not page.evaluate(script, arg):
        assert time.monotonic() < deadline, f"still false after {timeout}s: {script}"
        page.wait_for_timeout(100)


def ready(page: Page) -> str:
    """The table screen, ready to take a hand: its kind's table's address."""
    expect(page.locator(".table-hand[data-ready]")).to_have_count(1)
    address = page.locator(".table-hand").get_attribute("data-outcomes")
    assert address
    return address


def test_a_table_screen_opened_again_offline_still_scores_a_hand(
    page: Page, game: Game, browser_problems: BrowserProblems
) -> None:
    for expected in ("ERR_INTERNET_DISCONNECTED", "htmx:sendError", "htmx:afterRequest"):
        browser_problems.allow(expected)
    page.goto(f"/games/{game.pk}/")
    address = ready(page)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # The worker keeps the screen and its kind's table (bower.js names it).
    wait_until(page, "caches.match(location.pathname, { ignoreVary: true }).then(Boolean)")
    wait_until(
        page, "(address) => caches.match(address, { ignoreVary: true }).then(Boolean)", address
    )

    page.context.set_offline(True)
    page.reload()
    assert page.evaluate("document.body.hasAttribute('data-offline-copy')")
    assert ready(page) == address
    assert page.evaluate(TAP_THE_HAND) == said_by_the_engine(game)


def test_over_plain_http_the_phone_keeps_the_table_it_fetched_once(
    page: Page, game: Game, browser_problems: BrowserProblems
) -> None:
    """No worker: the page keeps the table in IndexedDB. Opened again while the Wi-Fi
    cannot bring the table (another game of the kind), the phone has it still."""
    browser_problems.allow("ERR_FAILED")
    asked: list[str] = []

    def note(request: Request) -> None:
        if "/games/outcomes/" in request.url:
            asked.append(request.url)

    page.on("request", note)
    page.add_init_script(PLAIN_HTTP)
    page.goto(f"/games/{game.pk}/")
    address = ready(page)
    wait_until(page, KEPT_IN_INDEXEDDB, address)
    # Fetched once, with the page (preloaded, then read from the browser's cache).
    assert len(asked) == 1
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r === undefined)")

    other = start_game(players=("Zoë", "Yan", "Xi", "Wyn", "Val"), first_dealer=0)
    record(other, maker="Xi", trump="S", called="S", partner="maker", tricks=3)
    page.route("**/games/outcomes/**", lambda route: route.abort())
    page.goto(f"/games/{other.pk}/")
    assert ready(page) == address
    rule = page.evaluate(TAP_THE_HAND)
    assert rule == said_by_the_engine(fresh(other))
    assert "Yan" in rule


# Counts this page's writes to the phone's kept tables of outcomes (IndexedDB).
COUNT_WRITES = """
window.__outcomeWrites = 0;
const put = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (...args) {
  if (this.name === "tables") window.__outcomeWrites += 1;
  return put.apply(this, args);
};"""


def test_the_kept_table_is_written_once_not_at_every_load_of_the_screen(
    page: Page, game: Game
) -> None:
    page.add_init_script(PLAIN_HTTP)
    page.add_init_script(COUNT_WRITES)
    page.goto(f"/games/{game.pk}/")
    address = ready(page)
    wait_until(page, KEPT_IN_INDEXEDDB, address)
    assert page.evaluate("window.__outcomeWrites") == 1
    for _ in range(2):
        page.reload()
        assert ready(page) == address
        assert page.evaluate("window.__outcomeWrites") == 0
    # Still there for a screen opened without the network.
    assert page.evaluate(KEPT_IN_INDEXEDDB, address)


KEEP_OLDER = """async (tables) => {
  const store = idbKeyval.createStore("bower-outcomes", "tables");
  for (const address of tables) await idbKeyval.set(address, {kept: "before"}, store);
}"""
KEPT_ADDRESSES = """() =>
  idbKeyval.keys(idbKeyval.createStore("bower-outcomes", "tables")).then((keys) => keys.sort())"""


def test_a_table_an_older_bower_drew_for_the_kind_is_not_kept_beside_the_new_one(
    page: Page, game: Game
) -> None:
    """Bower changed since the phone kept the kind's table (its digest changed): once the
    new one is kept, the old one goes. Another kind's stays (another game may use it)."""
    page.add_init_script(PLAIN_HTTP)
    page.goto(f"/games/{game.pk}/")
    address = ready(page)
    wait_until(page, KEPT_IN_INDEXEDDB, address)
    kind = address.rstrip("/").rsplit("/", 1)[0]
    older = f"{kind}/0000000000000000/"
    other_kind = "/games/outcomes/standard.4.10.0.standard.share.0/1111111111111111/"
    page.evaluate(
        "(address) => idbKeyval.del(address, idbKeyval.createStore('bower-outcomes', 'tables'))",
        address,
    )
    page.evaluate(KEEP_OLDER, [older, other_kind])
    page.reload()
    assert ready(page) == address
    wait_until(page, KEPT_IN_INDEXEDDB, address)
    wait_until(page, f"() => ({KEPT_ADDRESSES})().then((keys) => keys.length === 2)")
    assert page.evaluate(KEPT_ADDRESSES) == sorted([address, other_kind])
