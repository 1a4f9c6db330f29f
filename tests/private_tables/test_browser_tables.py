"""Private tables on real phones (docs/decisions.md, D13): one phone starts a game, a second
joins by the key link and sees each hand within 5 seconds, a third with no link
sees nothing and changes nothing; the watch link; a replaced key."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scorekeeper.models import Game, PrivateTable
from tests.conftest import BrowserProblems
from tests.game_support import record, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Axe = Callable[..., None]
FIVE_SECONDS = 5000


def phone(new_context: Callable[..., BrowserContext], problems: BrowserProblems) -> Page:
    """Another phone: no table remembered, watched for console errors."""
    context = new_context()
    problems.watch(context)
    return context.new_page()


def start_a_game(page: Page) -> None:
    page.goto("/games/new/")
    for seat, name in enumerate(["Ann", "Ben", "Cat", "Dan", "Eve"], start=1):
        page.get_by_role("textbox", name=re.compile(rf"^Seat {seat}\b")).fill(name)
    page.get_by_role("group", name="First dealer", exact=True).get_by_role(
        "radio", name="Ann", exact=True
    ).tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 1")


def test_a_second_phone_joins_by_the_key_link_and_a_third_sees_nothing(
    new_context: Callable[..., BrowserContext],
    browser_problems: BrowserProblems,
    axe: Axe,
    live_server: Any,
) -> None:
    first = phone(new_context, browser_problems)
    start_a_game(first)
    game = Game.objects.get()
    first.get_by_text("Invite a phone").tap()
    key_link = first.locator(".share-url").first
    expect(key_link).to_be_visible()
    expect(first.locator(".invite svg.qr")).to_have_count(2)
    axe(first)
    join = key_link.inner_text()
    assert join == f"{live_server.url}/t/{game.private_table.key}/"

    second = phone(new_context, browser_problems)
    second.goto(join)
    # The key left the address bar: the phone opens the game in play.
    assert second.url == f"{live_server.url}/games/{game.pk}/"
    expect(second.get_by_role("heading", level=1)).to_have_text("Hand 1")

    first.get_by_role("button", name="Misdeal: no score").tap()  # stick the dealer is on
    expect(first.get_by_role("heading", level=1)).to_have_text("Hand 2")
    expect(second.get_by_role("heading", level=1)).to_have_text("Hand 2", timeout=FIVE_SECONDS)

    third = phone(new_context, browser_problems)
    browser_problems.allow("404 (Not Found)")
    browser_problems.allow("403 (Forbidden)")
    assert third.goto(f"/games/{game.pk}/").status == 404  # type: ignore[union-attr]
    third.goto("/games/")
    expect(third.get_by_text("Ann")).to_have_count(0)
    third.goto("/players/")
    expect(third.get_by_text("Ann")).to_have_count(0)
    hands = game.hands.count()
    for action in ["hand/enter/", "hand/undo/", "rematch/"]:
        response = third.request.post(f"/games/{game.pk}/{action}", form={"version": "1"})
        assert response.status in (403, 404)
    assert game.hands.count() == hands
    assert Game.objects.count() == 1


def test_the_watch_link_follows_the_game_and_refuses_a_write(page: Page, axe: Axe) -> None:
    game = start_game()
    page.goto(f"/w/{game.watch_token}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 1")
    expect(page.locator("form")).to_have_count(0)
    axe(page)
    record(game, maker="Ben", trump="H", called="S", partner="maker", tricks=5)
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2", timeout=FIVE_SECONDS)
    expect(page.locator(".watch-row", has_text="Ben").locator(".watch-total")).not_to_have_text("0")
    assert page.request.post(f"/w/{game.watch_token}/").status == 403


def seen_as(page: Page, state: str) -> None:
    """The phone puts the page out of view (or back): as the browser tells it."""
    page.evaluate(
        """(state) => {
        Object.defineProperty(document, "visibilityState", {configurable: true, get: () => state});
        document.dispatchEvent(new Event("visibilitychange"));
    }""",
        state,
    )


def test_the_poll_rests_while_the_page_is_hidden(page: Page) -> None:
    game = start_game()
    page.goto(f"/w/{game.watch_token}/")
    asked: list[str] = []
    page.on(
        "request", lambda request: asked.append(request.url) if "/state/" in request.url else None
    )
    seen_as(page, "hidden")
    page.wait_for_timeout(4500)
    assert asked == []
    seen_as(page, "visible")
    page.wait_for_timeout(500)  # back in view: asks at once, not in 4 seconds
    assert len(asked) == 1


def test_the_tables_page_replaces_a_key_after_a_confirm_step(
    page: Page, axe: Axe, browser_problems: BrowserProblems
) -> None:
    start_game()
    private_table = PrivateTable.objects.get()
    old_key = private_table.key
    page.goto("/tables/")
    expect(page.get_by_role("heading", name=re.compile("Tests"))).to_be_visible()
    page.get_by_text("Invite a phone").tap()
    axe(page)
    page.get_by_role("link", name="Replace the key").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Replace the key of Tests")
    axe(page)
    page.get_by_role("checkbox").check()
    page.get_by_role("button", name="Replace the key").tap()
    expect(page.get_by_text("has a new key")).to_be_visible()
    private_table.refresh_from_db()
    assert private_table.key != old_key
    browser_problems.allow("404 (Not Found)")
    assert page.goto(f"/t/{old_key}/").status == 404  # type: ignore[union-attr]


def test_a_key_link_from_another_site_asks_before_joining_and_keeps_new_games_where_they_were(
    page: Page, axe: Axe, live_server: Any
) -> None:
    start_game()  # the phone's own table, "Tests", has a game
    club = PrivateTable.objects.create(name="Friday club")
    elsewhere = "http://elsewhere.example/"
    lure = (
        f'<!doctype html><title>Elsewhere</title><a href="{live_server.url}{club.key_path}">Win</a>'
    )
    page.route(f"{elsewhere}**", lambda route: route.fulfill(content_type="text/html", body=lure))

    def tables_cookie() -> str:
        return next(c["value"] for c in page.context.cookies() if c["name"] == "bower_tables")

    before = tables_cookie()
    page.goto(elsewhere)
    page.get_by_role("link", name="Win").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Join Friday club?")
    assert page.url == f"{live_server.url}/tables/join/"  # the key left the address bar
    expect(page.get_by_text("New games on this phone go to Tests")).to_be_visible()
    buttons = page.locator("main").get_by_role("button")
    expect(buttons).to_have_count(1)
    expect(buttons).to_have_text("Join")
    axe(page)
    assert tables_cookie() == before  # nothing joined yet

    buttons.tap()
    expect(page.locator("#messages")).to_contain_text(
        "This phone now keeps the score at Friday club. New games on this phone still go to Tests."
    )
    assert page.url == f"{live_server.url}/games/"
    page.goto("/games/new/")
    expect(page.get_by_label("Private table")).to_have_value(
        str(PrivateTable.objects.get(name="Tests").pk)
    )
    # No page of the phone's history holds the key.
    page.go_back()
    page.go_back()
    expect(page.get_by_role("heading", level=1)).to_have_text("Nothing to join")
    assert club.key not in page.url
    page.go_back()
    assert page.url == elsewhere


@pytest.mark.parametrize(
    "next_page", ["/admin/../t/{key}/", "/admin/%2e%2e/t/{key}/", "/admin/x/../../t/{key}/"]
)
def test_the_operators_sign_in_never_leads_into_a_strangers_table(
    page: Page, django_user_model: Any, live_server: Any, next_page: str
) -> None:
    """A sign-in link whose `next` a browser resolves to a table's key link: the
    operator lands on the admin's index, and the stranger's table is not on the
    operator's phone."""
    django_user_model.objects.create_superuser("operator", password="a long pass phrase")
    mallory = PrivateTable.objects.create(name="Mallory's table")
    start_game(players=("Mallory", "Trent", "Cat", "Dan", "Eve"), private_table=mallory)
    page.goto("/admin/login/?next=" + next_page.format(key=mallory.key))
    page.get_by_label("Username").fill("operator")
    page.get_by_label("Password").fill("a long pass phrase")
    page.get_by_role("button", name="Log in").tap()
    expect(page.get_by_role("heading", name="Site administration")).to_be_visible()
    assert page.url == f"{live_server.url}/admin/"
    page.goto("/tables/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    expect(page.get_by_text("Mallory's table")).to_have_count(0)
