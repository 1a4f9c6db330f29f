"""At a phone's size: a second new name checked in from the same place within 10 s is
told, above the form, how long to wait, and keeps the name typed; a player the night
lists still checks in at once (issue 43; docs/decisions.md, D71; the rates themselves:
tests/nights/test_check_in_rate.py)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.models import NightPlayer
from scorekeeper.web import limits
from tests.conftest import BrowserProblems
from tests.nights.test_browser_night_check_in import a_check_in_night, player_phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def as_served(settings: Any) -> Iterator[None]:
    settings.BOWER_CHECK_INS_PER_MINUTE = 6  # one every 10 s from one address
    limits._rates.clear()
    yield
    limits._rates.clear()


@pytest.mark.usefixtures("as_served")
def test_a_second_check_in_from_the_same_place_is_told_to_wait_and_keeps_the_name(
    page: Page,
    browser: Browser,
    browser_context_args: dict[str, Any],
    browser_problems: BrowserProblems,
    axe: Callable[..., None],
) -> None:
    browser_problems.allow("the server responded with a status of 429")  # the answer itself
    night = a_check_in_night()
    address = f"/nights/check-in/{night.check_in_link}/"
    one = player_phone(browser, browser_context_args, browser_problems)
    first = one.new_page()
    first.goto(address)
    first.get_by_label("Not in the list? Type your name").fill("Yan Wu")
    first.get_by_role("button", name="Check in", exact=True).click()
    expect(first.get_by_text("You're in, Yan Wu")).to_be_visible()

    # Another phone on the same address (this test's browsers all share 127.0.0.1).
    other = player_phone(browser, browser_context_args, browser_problems)
    second = other.new_page()
    second.goto(address)
    second.get_by_label("Not in the list? Type your name").fill("Zoe Quinn")
    second.get_by_role("button", name="Check in", exact=True).click()
    alert = second.get_by_role("alert").filter(has_text="Many check-ins at once from here")
    expect(alert).to_contain_text(re.compile(r"try again in \d+ seconds?\."))
    expect(second.get_by_label("Not in the list? Type your name")).to_have_value("Zoe Quinn")
    assert second.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    axe(second)
    # A player on the night's list is never held to the rate.
    second.get_by_role("button", name="Ben").click()
    expect(second.get_by_text("You're in, Ben")).to_be_visible()
    one.close()
    other.close()
    assert not NightPlayer.objects.filter(player__name="Zoe Quinn").exists()
