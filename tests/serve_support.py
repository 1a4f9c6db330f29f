"""The real server started the way a person starts it, for the tests that talk to it
over the loopback: `HOST=0.0.0.0 make run` (scripts/serve-lan) and `make serve`."""

from __future__ import annotations

import http.client
import os
import secrets
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parent.parent
SERVER = BASE_DIR / ".venv" / "bin" / "granian"

needs_the_server = pytest.mark.skipif(
    not SERVER.exists() or shutil.which("make") is None, reason="needs make and granian"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def get(port: int, host: str, path: str = "/") -> int:
    """The status of GET `path` on loopback, asking for `host`; 0 while nothing answers."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", path, headers={"Host": host})
        return connection.getresponse().status
    except OSError:
        return 0
    finally:
        connection.close()


def clean_environment(tmp_path: Path) -> dict[str, str]:
    """This process's environment without Django's and Bower's settings, on a
    database of the test's own."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "BOWER_"))}
    environ["DATABASE_URL"] = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    return environ


@contextmanager
def started(target: str, environ: dict[str, str], log: Path) -> Iterator[int]:
    """`make TARGET` on a free loopback port; yields the port once it answers, and
    stops the server (its whole process group) on the way out."""
    port = free_port()
    host = "0.0.0.0" if target == "run" else "127.0.0.1"
    with log.open("w") as output:  # the server keeps its own copy of the file
        server = subprocess.Popen(
            # -o: never reinstall the project from inside a test, even if pyproject.toml changed.
            ["make", "-o", ".venv/.bower-app-installed", target, f"HOST={host}", f"PORT={port}"],
            cwd=BASE_DIR,
            env=environ,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        # About 8 s on an idle machine (check, collectstatic, migrate, the server); the
        # bound leaves room for a machine busy with other tests.
        deadline = time.monotonic() + 120
        while get(port, "127.0.0.1") == 0:
            assert server.poll() is None, f"make {target} stopped:\n{log.read_text()}"
            assert time.monotonic() < deadline, f"no answer in 120 s:\n{log.read_text()}"
            time.sleep(0.3)
        yield port
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=5)


def lan_environment(tmp_path: Path) -> dict[str, str]:
    """What `HOST=0.0.0.0 make run` needs: nothing but a key file of the test's own."""
    return clean_environment(tmp_path) | {"BOWER_SECRET_KEY_FILE": str(tmp_path / "secret-key")}


def production_environment(tmp_path: Path) -> dict[str, str]:
    """What `make serve` needs (docs/hosting.md: "Production"), answering plain http on the
    loopback: no redirect to https, which a proxy in front would do."""
    return clean_environment(tmp_path) | {
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
    }
