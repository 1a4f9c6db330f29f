"""At a phone's size: a phone that imports too often is told, beside the paste box,
how long to wait, and keeps what it pasted (issue 32; docs/decisions.md, D58)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.models import Game
from scorekeeper.web import limits
from tests.documents import example

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def one_a_minute(settings: Any) -> Iterator[None]:
    settings.BOWER_IMPORTS_PER_MINUTE = 1
    limits._rates.clear()
    yield
    limits._rates.clear()


@pytest.mark.usefixtures("one_a_minute")
def test_a_second_import_within_the_minute_is_told_to_wait_beside_the_paste_box(
    page: Page, axe: Callable[..., None], browser_problems: Any
) -> None:
    browser_problems.allow("the server responded with a status of 429")  # the answer itself
    text = json.dumps(example())
    page.goto("/games/import/")
    page.get_by_label("Or paste the game document").fill(text)
    page.get_by_role("button", name="Import the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))

    page.goto("/games/import/")
    page.get_by_label("Or paste the game document").fill(text)
    page.get_by_role("button", name="Import the game").click()
    error = page.locator("#id_text_error")
    expect(error).to_contain_text("Bower takes one import every 60 seconds from one place")
    # A wait of a whole minute (the second import within the same second) says so.
    expect(error).to_contain_text(re.compile(r"try again in (\d+ seconds?|1 minute)\."))
    box = page.get_by_label("Or paste the game document")
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(box).to_have_value(text)  # nothing to paste again
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    axe(page)
    assert Game.objects.count() == 1
