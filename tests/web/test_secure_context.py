"""Cross-Origin-Opener-Policy goes only where a browser applies it (docs/decisions.md, D24):
over https, or on this machine (localhost); a phone on the Wi-Fi reads plain http,
where Chromium would ignore the header with a console error on every page."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client, override_settings
from playwright.sync_api import Browser, BrowserType, ConsoleMessage

from scorekeeper.web.secure_context import is_loopback
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE

OPENER_POLICY = "Cross-Origin-Opener-Policy"
WIFI_HOST = "192.168.1.20:8000"
PAGES = ["/", "/referee/", "/static/css/bower.css"]


def opener_policy(client: Client, path: str, **extra: Any) -> str | None:
    """The Cross-Origin-Opener-Policy `path` is answered with, if any."""
    response = client.get(path, **extra)
    response.close()  # a static file's answer holds the file open
    assert response.status_code == 200
    return response.headers.get(OPENER_POLICY)


@pytest.mark.django_db
@pytest.mark.parametrize("path", PAGES)
def test_a_phone_on_the_wifi_over_plain_http_gets_no_opener_policy(
    client: Client, path: str
) -> None:
    assert opener_policy(client, path, HTTP_HOST=WIFI_HOST) is None


@pytest.mark.django_db
@pytest.mark.parametrize("path", PAGES)
def test_a_page_over_https_gets_the_opener_policy(client: Client, path: str) -> None:
    assert opener_policy(client, path, HTTP_HOST="bower.example.com", secure=True) == "same-origin"


@pytest.mark.django_db
@override_settings(SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"))
def test_a_page_behind_a_tls_proxy_gets_the_opener_policy(client: Client) -> None:
    policy = opener_policy(
        client, "/", HTTP_HOST="bower.example.com", HTTP_X_FORWARDED_PROTO="https"
    )
    assert policy == "same-origin"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "localhost", "bower.localhost"]
)
def test_a_page_on_this_machine_over_plain_http_gets_the_opener_policy(
    client: Client, host: str
) -> None:
    assert opener_policy(client, "/", HTTP_HOST=host) == "same-origin"


@pytest.mark.parametrize(
    ("domain", "loopback"),
    [
        ("localhost", True),
        ("bower.localhost", True),
        ("127.0.0.1", True),
        ("127.8.9.10", True),
        ("[::1]", True),
        ("192.168.1.20", False),
        ("10.0.0.2", False),
        ("[fe80::1]", False),
        ("localhost.example.com", False),
        ("notlocalhost", False),
        ("bower.example.com", False),
    ],
)
def test_only_this_machines_names_count_as_loopback(domain: str, loopback: bool) -> None:
    assert is_loopback(domain) is loopback


# A name that Chromium resolves to the loopback: the page's address is not this
# machine's to the browser, like a phone's http://192.168.1.20:8000/, yet nothing
# leaves 127.0.0.1.
WIFI_NAME = "bower-wifi.test"


@pytest.fixture
def wifi_browser(browser_type: BrowserType) -> Iterator[Browser]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"needs Chromium at {CHROMIUM}")
    browser = browser_type.launch(
        headless=True,
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {WIFI_NAME} 127.0.0.1"],
    )
    yield browser
    browser.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_page_read_on_the_wifi_logs_no_console_error(
    wifi_browser: Browser, live_server: Any
) -> None:
    port = live_server.url.rsplit(":", 1)[1]
    context = wifi_browser.new_context(**PHONE)
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    context.on("console", on_console)
    page = context.new_page()
    for path in ["/", "/referee/"]:
        page.goto(f"http://{WIFI_NAME}:{port}{path}")
        page.evaluate("0")  # a round trip delivers console messages still in flight
    context.close()
    assert errors == []
