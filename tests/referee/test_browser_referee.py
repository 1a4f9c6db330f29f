"""The referee on a phone (conftest.py: `page` at 390x844 in Chromium, failing on
console errors and CSP violations; `axe`): the classic disputes, tapped out."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.web.referee_links import audit_url
from tests.game_support import start_game

pytestmark = pytest.mark.browser

# Hearts trump, Ben makes and calls the ace of spades, Ann leads; on trick 2
# Cat throws a club on a diamond lead and shows the ace of diamonds on trick 4.
HAND = [
    ["AC", "10D", "8C", "10C", "QC"],
    ["9D", "JH", "9C", "QD", "KD"],
    ["JD", "QS", "KH", "9H", "QH"],
    ["KS", "AD", "AS", "JS", "10S"],
    ["9S", "10H", "KC", "AH", "8D"],
]


# Every link and button a thumb taps: no smaller than 44 px tall (WCAG 2.5.5).
SMALL_TARGETS = """() => [...document.querySelectorAll('main a, main button, main summary')]
  .map(el => [el, el.getBoundingClientRect()])
  .filter(([el, box]) => box.width > 1 && box.height > 1 && box.height < 44)
  .map(([el, box]) => `${el.textContent.trim().slice(0, 30)} (${Math.round(box.height)} px)`)"""


def fits_the_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def tap_card(page: Page, card: str) -> None:
    """Tap a card chip and wait for htmx to swap it out of play."""
    page.locator(f"#pick-{card}").click()
    expect(page.locator(f"#pick-{card}")).to_have_count(0)


def test_the_trick_judge_settles_the_left_bower_dispute(
    page: Page, axe: Callable[..., None]
) -> None:
    page.goto("/referee/trick/")
    page.get_by_role("link", name="Hearts", exact=True).click()
    expect(page.get_by_role("link", name="Hearts", exact=True)).to_have_attribute(
        "aria-current", "true"
    )
    for card in ("AS", "JD", "9H", "KH"):
        tap_card(page, card)
    verdict = page.locator(".verdict")
    expect(verdict).to_contain_text("takes the trick (card 2 of 4)")
    expect(verdict).to_contain_text(
        "it is the left bower when hearts are trump, so it counts as a heart and outranks "
        "the king of hearts"
    )
    # The address is the ruling: reopening it shows the same thing.
    expect(page).to_have_url(re.compile(r"/referee/trick/\?trump=H&cards=AS,JD,9H,KH$"))
    share = page.locator(".share-url")
    expect(share).to_have_text(re.compile(r"/referee/trick/\?trump=H&cards=AS,JD,9H,KH$"))
    # One tap copies the link (a phone with a share sheet offers that instead).
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("button", name="Copy link").click()
    expect(page.locator(".share-status")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()").endswith("cards=AS,JD,9H,KH")
    chip = page.locator("#pick-AH").bounding_box()
    assert chip is not None
    assert chip["height"] >= 48
    fits_the_phone(page)
    axe(page)

    page.get_by_role("link", name="Undo last card").click()
    expect(page).to_have_url(re.compile(r"cards=AS,JD,9H$"))
    page.reload()
    expect(page.locator(".verdict")).to_contain_text("The jack of diamonds wins")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_legal_play_checker_shows_a_renege_and_its_penalty(
    page: Page, axe: Callable[..., None], scheme: str
) -> None:
    page.emulate_media(color_scheme=scheme)
    page.goto("/referee/legal/")
    page.get_by_role("group", name="1. Trump").get_by_role(
        "radio", name="Hearts", exact=True
    ).check()
    page.get_by_role("radio", name="ace of hearts").check()
    for card in ("jack of diamonds", "9 of spades", "king of clubs"):
        page.get_by_role("checkbox", name=card).check()
    page.get_by_role("button", name="Check").click()
    verdict = page.locator(".verdict")
    expect(verdict).to_contain_text("1 of 3 cards may be played")
    expect(verdict).to_contain_text("the jack of diamonds is the left bower")

    page.locator("#played-9S").click()
    expect(page.locator(".verdict-renege")).to_contain_text("Renege")
    expect(page.locator(".verdict-renege")).to_contain_text(
        "If a defender reneged, the maker's side scores a march"
    )
    expect(page).to_have_url(re.compile(r"trump=H&led=AH&hand=9S,KC,JD&played=9S$"))
    fits_the_phone(page)
    axe(page)


def test_a_whole_hand_audit_finds_the_renege(page: Page, axe: Callable[..., None]) -> None:
    page.goto("/referee/audit/")
    page.get_by_label("Players, in seat order").fill("Ann, Ben, Cat, Dan, Eve")
    page.get_by_role("button", name="Next").click()
    page.get_by_role("group", name="Maker").get_by_role("radio", name="Ben").check()
    page.get_by_role("group", name="Trump").get_by_role("radio", name="Hearts", exact=True).check()
    page.get_by_role("group", name="Called ace").get_by_role("radio", name="Ace of spades").check()
    page.get_by_role("group", name="Who led the first trick").get_by_role(
        "radio", name="Ann"
    ).check()
    axe(page)
    page.get_by_role("button", name="Enter the tricks").click()

    expect(page.locator("#next-prompt")).to_have_text("Tap the card Ann led.")
    for number, trick in enumerate(HAND, start=1):
        for card in trick:
            tap_card(page, card)
        if number == 2:
            expect(page.locator("#next-prompt")).to_have_text("Tap the card Ben led.")

    flag = page.locator(".flag-renege")
    expect(flag).to_have_text(
        "Renege Cat played the 9 of clubs on trick 2 while holding the ace of diamonds, "
        "played on trick 4: diamonds were led, so a diamond had to be played."
    )
    expect(page.locator(".status-list")).to_contain_text("Dan, revealed on trick 4")
    expect(page.locator(".verdict-score")).to_contain_text("Renege by Cat, a defender")
    fits_the_phone(page)
    axe(page)


def test_every_referee_page_fits_a_small_phone_and_passes_axe_in_light_and_dark(
    page: Page, axe: Callable[..., None]
) -> None:
    page.set_viewport_size({"width": 375, "height": 812})
    for url in (
        "/referee/",
        "/referee/rules/",
        "/referee/rules/call-ace/?q=left+bower",
        "/referee/ranking/?trump=D&deck=32",
        "/referee/score/?variant=call-your-partner&maker=2&trump=H&called=QS&partner=4&tricks=5",
        "/referee/score/?maker=9&trump=H",
        "/referee/audit/?players=Ann,Ben,Cat,Dan,Eve",
        "/referee/trick/?trump=NT&cards=7S,AS,ZZ",
        "/referee/legal/?trump=H&led=AH&hand=JD,9S&played=9S",
        "/referee/audit/?players=Ann,Ben,Cat,Dan,Eve&maker=Ben&trump=H&called=S&leader=Ann"
        "&t1=AC,10D,8C,10C,QC&t2=9D,JH,9C,QD,KD&t3=JD,QS,KH,9H,QH&t4=KS,AD,AS,JS,10S"
        "&t5=9S,10H,KC,AH,8D&finish=/games/1/hand/finish/",
    ):
        page.goto(url)
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        fits_the_phone(page)
        assert page.evaluate(SMALL_TARGETS) == [], url
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            axe(page)


def test_the_trick_judge_works_without_javascript(new_context: Callable[..., Any]) -> None:
    page = new_context(java_script_enabled=False).new_page()
    page.goto("/referee/trick/")
    page.get_by_role("link", name="Diamonds", exact=True).click()
    for name in ("jack of hearts", "ace of diamonds"):
        page.get_by_role("link", name=f"Add the {name}").click()
    expect(page).to_have_url(re.compile(r"trump=D&cards=JH,AD$"))
    expect(page.locator(".verdict")).to_contain_text("The jack of hearts wins")


LONG_NAMES = tuple(f"Bartholomew-Maximilianussonn-{letter}" for letter in "ABCDE")


@pytest.mark.parametrize("width", [320, 375])
@pytest.mark.django_db(transaction=True)
def test_the_audit_opened_from_a_game_with_long_names_fits_the_phone(
    page: Page, axe: Callable[..., None], width: int
) -> None:
    game = start_game(players=LONG_NAMES)
    page.set_viewport_size({"width": width, "height": 640})
    page.goto(audit_url(game, leader=LONG_NAMES[0]))
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    fits_the_phone(page)
    axe(page)
    page.locator("input[name=maker]").nth(1).check()
    page.locator("input[name=trump][value=H]").check()
    page.locator("input[name=called][value=S]").check()
    page.get_by_role("button", name="Enter the tricks").click()
    expect(page.locator(".audit-setup")).to_contain_text(LONG_NAMES[1])
    fits_the_phone(page)
