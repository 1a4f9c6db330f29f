"""`HOST=0.0.0.0 make run`: what phones on the table's Wi-Fi get (docs/hosting.md: "On
the table's Wi-Fi"). Not the development server: granian with DEBUG off, so an error
shows the app's plain page and a stranger's Host header is turned away."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client, override_settings
from django.urls import path

from scorekeeper.urls import urlpatterns as app_urls
from tests.serve_support import get, lan_environment, needs_the_server, started


def broken_view(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug with secrets in its traceback")


urlpatterns = [path("test-broken/", broken_view), *app_urls]

# What the LAN switch sets that a page can show; the rest is read in test_settings.py.
LAN_PAGES = override_settings(DEBUG=False, ROOT_URLCONF=__name__)


@pytest.mark.django_db
@LAN_PAGES
def test_an_error_shows_the_plain_page_not_a_traceback() -> None:
    response = Client(raise_request_exception=False).get("/test-broken/")
    assert response.status_code == 500
    page = response.content.decode()
    assert "Something went wrong" in page
    assert "Traceback" not in page
    assert "a bug with secrets" not in page
    assert len(page) < 2000


@pytest.mark.django_db
@LAN_PAGES
def test_a_page_that_does_not_exist_shows_the_apps_own_page() -> None:
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "Not found" in page
    assert "URLconf" not in page


@pytest.fixture
def lan_server(tmp_path: Path) -> Iterator[int]:
    """`make run HOST=0.0.0.0` on a free port, with its own database and key file."""
    environ = lan_environment(tmp_path) | {"WEB_CONCURRENCY": "1"}
    with started("run", environ, tmp_path / "server.log") as port:
        yield port


@needs_the_server
def test_make_run_for_phones_serves_the_app_logs_requests_and_turns_away_other_hosts(
    lan_server: int, tmp_path: Path
) -> None:
    assert get(lan_server, "127.0.0.1") == 200
    assert get(lan_server, "127.0.0.1", "/static/css/bower.css") == 200
    assert get(lan_server, "evil.example") == 400
    key = tmp_path / "secret-key"
    assert key.stat().st_mode & 0o777 == 0o600
    assert len(key.read_text().strip()) >= 50
    assert '"GET / HTTP/1.1" 200' in (tmp_path / "server.log").read_text()
    # HEAD: GET's headers, no body (granian leaves it out): the next answer follows them.
    with socket.create_connection(("127.0.0.1", lan_server), timeout=5) as phone:
        phone.sendall(b"HEAD / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        phone.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        answers = b"".join(iter(lambda: phone.recv(65536), b""))
    head, after = answers.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 200")
    assert b"content-length: " in head.lower()
    assert after.startswith(b"HTTP/1.1 200")
    assert after.endswith(b"\r\n\r\nok\n")
