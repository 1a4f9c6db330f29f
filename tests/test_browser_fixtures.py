"""The browser test fixtures catch what they promise to (conftest.py)."""

import pytest
from playwright.sync_api import Page

from tests.conftest import BrowserProblems

pytestmark = pytest.mark.browser


def test_a_csp_violation_is_a_browser_problem(
    page: Page, browser_problems: BrowserProblems
) -> None:
    page.goto("/")
    with page.expect_console_message(lambda m: "Content Security Policy" in m.text):
        page.evaluate(
            "() => { const s = document.createElement('style');"
            " s.textContent = 'body { color: red }'; document.head.append(s); }"
        )
    assert [p for p in browser_problems.unexpected() if "Content Security Policy" in p]
    browser_problems.allow("Content Security Policy")


def test_a_failed_request_is_a_browser_problem(
    page: Page, browser_problems: BrowserProblems
) -> None:
    page.goto("/")
    with page.expect_console_message(lambda m: "404" in m.text):
        page.evaluate("() => fetch('/no-such-page/')")
    assert [p for p in browser_problems.unexpected() if "status of 404" in p]
    browser_problems.allow("status of 404")


def test_an_uncaught_exception_is_a_browser_problem(
    page: Page, browser_problems: BrowserProblems
) -> None:
    page.goto("/")
    with page.expect_event("pageerror"):
        page.evaluate("() => { setTimeout(() => { throw new Error('dealt out of turn') }) }")
    assert browser_problems.unexpected() == ["uncaught exception: dealt out of turn"]
    browser_problems.allow("dealt out of turn")


def test_an_invalid_form_answering_422_is_not_a_problem(
    page: Page, browser_problems: BrowserProblems
) -> None:
    page.route(
        "**/form-with-errors/",
        lambda route: route.fulfill(status=422, body="<p>errors</p>", content_type="text/html"),
    )
    page.goto("/")
    with page.expect_console_message(lambda m: "422" in m.text):
        page.evaluate("() => fetch('/form-with-errors/')")
    assert browser_problems.unexpected() == []
