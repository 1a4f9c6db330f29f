"""The home page in Chromium at a phone's size (conftest.py: `page`, `axe`): one visit
walks what a person sees there, in light and dark."""

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_the_home_page_on_a_phone(page: Page, axe: Callable[..., None]) -> None:
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    start = page.get_by_role("link", name="Start a game")
    expect(start).to_be_visible()
    box = start.bounding_box()
    assert box is not None
    assert box["height"] >= 48

    # bower.css applied (18px base type) and htmx running, both from /static/ under the
    # CSP. Loaded once goto returns (a deferred script runs before the load event); asked
    # with evaluate, not wait_for_function, whose string is eval'd, which the CSP refuses.
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "18px"
    assert page.evaluate("typeof window.htmx") == "object"
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False

    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        axe(page)

    # The narrowest phone in use: nothing scrolls sideways.
    page.set_viewport_size({"width": 375, "height": 812})
    expect(start).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
