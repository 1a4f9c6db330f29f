"""The home page in Chromium at a phone's size (conftest.py: `page`, `axe`)."""

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_home_page_shows_its_heading_and_buttons_on_a_phone(page: Page) -> None:
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    start = page.get_by_role("link", name="Start a game")
    expect(start).to_be_visible()
    box = start.bounding_box()
    assert box is not None
    assert box["height"] >= 48


def test_home_page_loads_its_styles_and_htmx_under_the_csp(page: Page) -> None:
    page.goto("/")
    # bower.css applied (18px base type) and htmx running, both from /static/.
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "18px"
    # Loaded once goto returns (a deferred script runs before the load event); asked with
    # evaluate, not wait_for_function, whose string is eval'd, which the CSP refuses.
    assert page.evaluate("typeof window.htmx") == "object"
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False


def test_home_page_does_not_scroll_sideways_at_375px(page: Page) -> None:
    page.set_viewport_size({"width": 375, "height": 812})
    page.goto("/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_home_page_passes_axe_in_light_and_dark(
    page: Page, axe: Callable[..., None], scheme: str
) -> None:
    page.emulate_media(color_scheme=scheme)
    page.goto("/")
    axe(page)
