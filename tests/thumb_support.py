"""A phone's thumb for the browser tests: taps only what is on screen, counts its
taps, and fails on the first scroll (docs/decisions.md, D9)."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

# Whether the middle of an element is the element itself, not something over it
# (the bar at the bottom could be).
HIT = """(el) => {
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return el.contains(hit);
}"""


class Thumb:
    """Taps as a person does on a phone: only what is on screen, never a scroll.

    Each tap checks first that the page has not scrolled and that the target
    lies inside the viewport (Playwright would otherwise scroll to it silently),
    then counts it.
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0

    def in_view(self, target: Locator) -> None:
        expect(target).to_be_visible()
        assert self.page.evaluate("window.scrollY") == 0, "the page scrolled"
        box = target.bounding_box()
        viewport = self.page.viewport_size
        assert box is not None
        assert viewport is not None
        where = f"{target} is outside the screen: {box} in {viewport}"
        assert box["y"] >= 0, where
        assert box["y"] + box["height"] <= viewport["height"], where
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= viewport["width"]
        assert target.evaluate(HIT), f"{target} is covered"

    def tap(self, target: Locator) -> None:
        self.in_view(target)
        target.click()
        self.taps += 1


def go_offline(page: Page) -> None:
    """The Wi-Fi drops, and the phone knows it (its banner says so) before the next
    tap, as a person sees it: a Save tapped in the same instant races the browser's own
    news of it, and a hand sent into a dead network while the page still believes it
    is online is sent again only by the outbox's next try, seconds later."""
    page.context.set_offline(True)
    expect(page.locator("#offline-banner")).to_contain_text("Offline")
