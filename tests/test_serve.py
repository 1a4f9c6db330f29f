"""`HOST=0.0.0.0 make run`: what phones on the table's Wi-Fi get (README: "From a phone
on the same Wi-Fi"). Not the development server: gunicorn with DEBUG off, so an error
shows the app's plain page and a stranger's Host header is turned away."""

from __future__ import annotations

import http.client
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client, override_settings
from django.urls import path

from scorekeeper.urls import urlpatterns as app_urls

BASE_DIR = Path(__file__).resolve().parent.parent
GUNICORN = BASE_DIR / ".venv" / "bin" / "gunicorn"


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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def get(port: int, host: str) -> int:
    """The status of GET / on loopback, asking for `host`; 0 while nothing answers."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", "/", headers={"Host": host})
        return connection.getresponse().status
    except OSError:
        return 0
    finally:
        connection.close()


@pytest.fixture
def lan_server(tmp_path: Path) -> Iterator[int]:
    """`make run HOST=0.0.0.0` on a free port, with its own database and key file."""
    port = free_port()
    log = tmp_path / "server.log"
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "BOWER_"))}
    environ |= {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'lan.sqlite3'}",
        "BOWER_SECRET_KEY_FILE": str(tmp_path / "secret-key"),
        "WEB_CONCURRENCY": "1",
    }
    with log.open("w") as output:  # the server keeps its own copy of the file
        server = subprocess.Popen(
            # -o: never reinstall the project from inside a test, even if pyproject.toml changed.
            ["make", "-o", ".venv/.bower-app-installed", "run", "HOST=0.0.0.0", f"PORT={port}"],
            cwd=BASE_DIR,
            env=environ,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        # About 8 s on an idle machine (check, collectstatic, migrate, gunicorn); the
        # bound leaves room for a machine busy with other tests.
        deadline = time.monotonic() + 60
        while get(port, "127.0.0.1") == 0:
            assert server.poll() is None, f"make run HOST=0.0.0.0 stopped:\n{log.read_text()}"
            assert time.monotonic() < deadline, f"no answer in 60 s:\n{log.read_text()}"
            time.sleep(0.3)
        yield port
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)


@pytest.mark.skipif(
    not GUNICORN.exists() or shutil.which("make") is None, reason="needs make and gunicorn"
)
def test_make_run_for_phones_serves_gunicorn_that_turns_away_other_hosts(
    lan_server: int, tmp_path: Path
) -> None:
    assert get(lan_server, "127.0.0.1") == 200
    assert get(lan_server, "evil.example") == 400
    key = tmp_path / "secret-key"
    assert key.stat().st_mode & 0o777 == 0o600
    assert len(key.read_text().strip()) >= 50
