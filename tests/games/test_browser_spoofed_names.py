"""A name that would pass for another player's, typed on the new game form on a
small phone (320x568; conftest.py: `page` failing on console errors and CSP
violations; `axe`): each is refused beside its own seat, naming the hidden
character, and no game starts (docs/formats.md, "Game document (import and
export)": players' names)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.models import Game, Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL_PHONE = {"width": 320, "height": 568}


def test_spoofs_of_a_name_are_refused_beside_their_seats_on_a_small_phone(
    page: Page, axe: Callable[..., None]
) -> None:
    page.set_viewport_size(SMALL_PHONE)
    page.goto("/games/new/")
    names = ["Ann", "Ann\u2060", "A\u200dnn", "\u202eAnn", "Eve"]
    for seat, name in enumerate(names, start=1):
        page.get_by_role("textbox", name=re.compile(rf"^Seat {seat}\b")).fill(name)
    page.get_by_role("button", name="Start the game").tap()

    for seat, code in ((2, "U+2060 WORD JOINER"), (3, "U+200D ZERO WIDTH JOINER")):
        box = page.get_by_role("textbox", name=re.compile(rf"^Seat {seat}\b"))
        # The message sits in the seat's own field, read out with its box.
        field = page.locator(".seat-field", has=box)
        expect(field.locator(".errorlist")).to_contain_text(code)
        expect(box).to_have_attribute("aria-invalid", "true")
        expect(box).to_have_attribute(
            "aria-describedby", re.compile(rf"id_player_{seat - 1}_error")
        )
    seat_4 = page.locator(
        ".seat-field", has=page.get_by_role("textbox", name=re.compile(r"^Seat 4\b"))
    )
    expect(seat_4.locator(".errorlist")).to_contain_text("U+202E RIGHT-TO-LEFT OVERRIDE")
    # Ann and Eve stand: two seats filled, said beside seat 1; Eve's seat has nothing to say.
    expect(page.locator(".seat-field .errorlist").first).to_contain_text("2 seats are filled")
    eve = page.locator(
        ".seat-field", has=page.get_by_role("textbox", name=re.compile(r"^Seat 5\b"))
    )
    expect(eve.locator(".errorlist")).to_have_count(0)
    # Nothing wider than the phone, and nothing stored.
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    axe(page)
    assert not Game.objects.exists()
    assert not Player.objects.exists()

    # Typed again without the hidden characters, they are other players, and the game starts.
    for seat, name in ((2, "Ben"), (3, "Cat"), (4, "Dan")):
        page.get_by_role("textbox", name=re.compile(rf"^Seat {seat}\b")).fill(name)
    page.get_by_role("button", name="Start the game").tap()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    assert sorted(Player.objects.values_list("name", flat=True)) == [
        "Ann",
        "Ben",
        "Cat",
        "Dan",
        "Eve",
    ]
