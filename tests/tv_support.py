"""Helpers of the browser tests of the watch pages on a TV (issue 24): a
landscape screen at 1280x720 and 1920x1080 with no touch, what is fully on
screen, and the smallest text."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, Page

from tests.conftest import BrowserProblems

TV_SIZES = ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080})
FIVE_SECONDS = 5000
# Any fixed moment (Unix seconds): the watch pages turn on the clock's ticks, not the date.
START = 1_800_000_000


@contextmanager
def tv_page(
    browser: Browser, context_args: dict[str, Any], problems: BrowserProblems
) -> Iterator[Page]:
    """A page on a TV's browser (1280x720 first), watched for console errors,
    closed after: the test asserts ``problems.unexpected() == []`` at its end."""
    context = browser.new_context(
        **{
            **context_args,
            "viewport": TV_SIZES[0],
            "is_mobile": False,
            "has_touch": False,
            "device_scale_factor": 1,
        }
    )
    problems.watch(context)
    try:
        yield context.new_page()
    finally:
        context.close()


def stopped_clock(page: Page) -> None:
    """The page's clock stands still from its first page on: a watch page turns its
    pages only when the test moves the clock on (``page.clock.fast_forward``), however
    long the machine takes meanwhile. axe waits on the page's timers: resume the
    clock (``page.clock.resume``) before it."""
    page.clock.install(time=START)
    page.clock.pause_at(START + 1)


def off_screen(page: Page, selector: str) -> list[str]:
    """The text of each element matching ``selector`` that is not wholly inside
    the viewport (cut at an edge, or below the fold)."""
    found: list[str] = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].filter((element) => {
            const box = element.getBoundingClientRect();
            return box.top < 0 || box.left < 0 || box.bottom > window.innerHeight
                || box.right > window.innerWidth || box.width === 0;
        }).map((element) => element.textContent.trim().replace(/\\s+/g, " "))""",
        selector,
    )
    return found


def scrolls(page: Page) -> bool:
    """Whether the page is taller or wider than the screen."""
    return bool(
        page.evaluate(
            "document.documentElement.scrollHeight > window.innerHeight"
            " || document.documentElement.scrollWidth > window.innerWidth"
        )
    )


def smallest_text_px(page: Page) -> float:
    """The smallest font size, in CSS pixels, of any text on screen (text read
    aloud only, one pixel wide, does not count)."""
    size: float = page.evaluate(
        """() => {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        let smallest = Infinity;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent.trim()) continue;
            const element = node.parentElement;
            const box = element.getBoundingClientRect();
            if (box.width <= 1 || box.height <= 1 || !element.checkVisibility()) continue;
            if (box.bottom <= 0 || box.top >= window.innerHeight) continue;
            smallest = Math.min(smallest, parseFloat(getComputedStyle(element).fontSize));
        }
        return smallest;
    }"""
    )
    return size
