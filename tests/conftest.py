"""Shared test set-up.

- The PostgreSQL pass of `make test` (BOWER_POSTGRES_RUN=1) runs only the tests
  marked `postgres` (PostgreSQL may answer them otherwise) or `postgres_only`.
- Tests marked `postgres_only` are skipped unless the database is PostgreSQL.
- Browser tests get Playwright's `page`, opened on the live server at a phone's
  size in Debian's Chromium; any console error, uncaught exception or CSP
  violation fails the test. `axe(page)` checks accessibility.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.http import HttpResponse
from django.test import Client
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, WebError, expect

from scorekeeper.models.private_tables import key_digest
from scorekeeper.web import phone_tables
from tests.game_support import TEST_TABLE_KEY

# Playwright's sync API keeps an event loop running in the test's thread, and
# Django refuses database calls made where a loop runs unless told it is safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

POSTGRES_RUN = os.environ.get("BOWER_POSTGRES_RUN") == "1"


CHROMIUM = os.environ.get("BOWER_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # Chromium's own calls home are refused on a closed network, noisily.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# What a browser test waits for before it fails: 10 s, not Playwright's 5. Three
# workers, their live servers and Chromium share two cores in CI; a page there has
# taken more than 5 s to draw what it draws at once on a quiet machine. A wait ends
# as soon as the page shows it: a passing test takes no longer.
expect.set_options(timeout=10_000)

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
    "locale": "en-US",
}

_BROWSER_FIXTURES = {"page", "context", "new_context", "browser"}


def _on_postgresql() -> bool:
    return bool(settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)

    if not _on_postgresql():
        if POSTGRES_RUN:
            raise pytest.UsageError(
                "BOWER_POSTGRES_RUN=1 but DATABASE_URL does not point at PostgreSQL."
            )
        skip = pytest.mark.skip(reason="needs PostgreSQL: runs in make test's PostgreSQL pass")
        for item in items:
            if item.get_closest_marker("postgres_only"):
                item.add_marker(skip)

    if POSTGRES_RUN:
        kept, dropped = [], []
        for item in items:
            wanted = item.get_closest_marker("postgres") or item.get_closest_marker("postgres_only")
            (kept if wanted else dropped).append(item)
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = kept


# ---- Private tables ----------------------------------------------------------


def table_cookie(*keys: str) -> str:
    """The signed cookie of a phone that opened these tables' key links."""
    response = HttpResponse()
    value = phone_tables.cookie_value([key_digest(key) for key in keys])
    response.set_signed_cookie(phone_tables.COOKIE, value, salt=phone_tables.SALT)
    return response.cookies[phone_tables.COOKIE].value


def joined_client(*keys: str) -> Client:
    """A test client (a phone) that has opened these tables' key links."""
    client = Client()
    client.cookies[phone_tables.COOKIE] = table_cookie(*keys)
    return client


@pytest.fixture(autouse=True)
def _nothing_kept_from_another_test() -> None:
    """A process keeps figures it worked out while their games stay as they are
    (docs/decisions.md, D57 and D74), known by their table's ids and counts; a test's
    database is rolled back and its ids used again, so every test starts with none."""
    from scorekeeper.models import called_aces, ratings
    from scorekeeper.seasons import screens

    for kept in (screens._KEPT, called_aces._CLUBS, called_aces._PLAYERS):
        kept._kept.clear()
    ratings._KEPT.clear()


@pytest.fixture
def client() -> Client:
    """pytest-django's client, as a phone that joined the tests' own table
    (``tests.game_support.our_table``, where ``start_game`` puts games)."""
    return joined_client(TEST_TABLE_KEY)


@pytest.fixture
def stranger() -> Client:
    """A phone that has no table at all."""
    return Client()


# ---- Browser tests ---------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch the system's Chromium: Playwright's own browser download is not available."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            f"Chromium is not at {CHROMIUM}: install Debian's package 'chromium' "
            "(apt-get install chromium) or set BOWER_CHROMIUM to a Chromium binary.",
            pytrace=False,
        )
    return {
        "headless": True,
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(
    browser_context_args: dict[str, Any], django_db_setup: None, live_server: Any
) -> dict[str, Any]:
    """Every page is a phone's, and relative URLs go to the live server: page.goto("/")."""
    return {**browser_context_args, **PHONE, "base_url": live_server.url}


def _live_requests() -> list[threading.Thread]:
    """The live server's threads still answering a connection (socketserver's)."""
    return [
        thread
        for thread in threading.enumerate()
        if getattr(getattr(thread, "_target", None), "__name__", "") == "process_request_thread"
    ]


@pytest.fixture
def _live_server_quiet() -> Iterator[None]:
    """Torn down after every browser context of the test is closed and before its
    database is: waits for the live server to finish the connections those phones
    left open (a poll, a video's byte range, a worker's fetch). A request thread that
    closes its connection after the database was torn down fails the test."""
    yield
    deadline = time.monotonic() + 5
    while _live_requests() and time.monotonic() < deadline:
        time.sleep(0.02)


@pytest.fixture
def new_context(
    _live_server_quiet: None, new_context: Callable[..., BrowserContext]
) -> Callable[..., BrowserContext]:
    """pytest-playwright's, whose contexts close before the live server is waited on."""
    return new_context


class BrowserProblems:
    """Console errors, uncaught exceptions and CSP violations seen by a test's browser.

    Chromium reports a Content-Security-Policy violation as a console error, so
    watching the console catches those too.
    """

    def __init__(self) -> None:
        self.seen: list[str] = []
        # An invalid form answers 422 and htmx swaps it in (base.html's htmx-config);
        # Chromium still logs each 4xx as a console error, so that one is expected.
        self._allowed: list[str] = ["the server responded with a status of 422"]

    def allow(self, text: str) -> None:
        """Expect problems whose message contains `text` (say, a deliberate 422)."""
        self._allowed.append(text)

    def unexpected(self) -> list[str]:
        return [p for p in self.seen if not any(text in p for text in self._allowed)]

    def watch(self, context: BrowserContext) -> None:
        context.on("console", self._on_console)
        context.on("weberror", self._on_weberror)

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "")
            self.seen.append(f"console error: {message.text} ({where})")

    def _on_weberror(self, error: WebError) -> None:
        self.seen.append(f"uncaught exception: {error.error.message}")


@pytest.fixture
def browser_problems() -> BrowserProblems:
    return BrowserProblems()


@pytest.fixture
def context(
    new_context: Callable[..., BrowserContext], browser_problems: BrowserProblems, live_server: Any
) -> Iterator[BrowserContext]:
    """pytest-playwright's context, watched: the test fails at teardown on any
    problem. It is a phone that joined the tests' own table."""
    context = new_context()
    context.add_cookies(
        [
            {
                "name": phone_tables.COOKIE,
                "value": table_cookie(TEST_TABLE_KEY),
                "url": live_server.url,
            }
        ]
    )
    browser_problems.watch(context)
    yield context
    for open_page in context.pages:
        # A round trip delivers console events still in flight.
        open_page.evaluate("0")
    if problems := browser_problems.unexpected():
        pytest.fail(
            "The browser reported problems:\n" + "\n".join(f"  - {p}" for p in problems),
            pytrace=False,
        )


_SERIOUS = {"serious", "critical"}


@pytest.fixture(scope="session")
def axe() -> Callable[..., None]:
    """`axe(page)`: fail when axe-core finds a serious or critical accessibility problem."""
    checker = Axe()

    def check(page: Page, *, context: str | None = None) -> None:
        results = checker.run(page, context=context)
        serious = [v for v in results.response["violations"] if v["impact"] in _SERIOUS]
        lines = []
        for violation in serious:
            lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
            lines.extend(
                f"    {', '.join(node['target'])}: {node['html'][:160]}"
                for node in violation["nodes"]
            )
        assert not serious, f"axe found accessibility problems on {page.url}:\n" + "\n".join(lines)

    return check
