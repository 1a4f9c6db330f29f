"""The real server started the way a person starts it, for the tests that talk to it
over the loopback: `HOST=0.0.0.0 make run` (scripts/serve-lan) and `make serve`."""

from __future__ import annotations

import http.client
import os
import random
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
# A real server flooded by slow, idle or hostile clients: minutes, so `make floods` runs
# these (BOWER_FLOODS=1), not `make test` (docs/development.md, "make floods").
floods = pytest.mark.skipif(
    os.environ.get("BOWER_FLOODS") != "1", reason="floods a real server: make floods runs it"
)


def free_port() -> int:
    """A loopback port free now, below the kernel's range for outgoing connections
    (32768 and up here), so the many connections of tests running meanwhile cannot
    take it in the seconds before the server binds it."""
    while True:
        port = random.randrange(20000, 32000)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
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
    host = "0.0.0.0" if target == "run" else "127.0.0.1"
    # About 8 s on an idle machine (check, collectstatic, migrate, the server); the
    # bound leaves room for a slow machine busy with other tests (one CI run on a
    # machine 2.8x slower than the usual was still migrating after 120 s).
    deadline = time.monotonic() + 240
    for attempt in range(3):
        port = free_port()
        server = _make(target, host, port, environ, log)
        try:
            while get(port, "127.0.0.1") == 0 and server.poll() is None:
                assert time.monotonic() < deadline, f"no answer in 240 s:\n{log.read_text()}"
                time.sleep(0.3)
            if server.poll() is None:
                yield port
                return
            # Another test's server took the port first: again, on another.
            told = log.read_text()
            assert "Address already in use" in told, f"make {target} stopped:\n{told}"
            assert attempt < 2, f"make {target} found no free port:\n{told}"
        finally:
            _stop(server)


def _make(
    target: str, host: str, port: int, environ: dict[str, str], log: Path
) -> subprocess.Popen[bytes]:
    with log.open("w") as output:  # the server keeps its own copy of the file
        return subprocess.Popen(
            # -o: never reinstall the project from inside a test, even if pyproject.toml changed.
            ["make", "-o", ".venv/.bower-app-installed", target, f"HOST={host}", f"PORT={port}"],
            cwd=BASE_DIR,
            env=environ,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def _stop(server: subprocess.Popen[bytes]) -> None:
    """The server's whole process group stopped (gone already if it stopped itself)."""
    try:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=15)
    except ProcessLookupError:
        server.wait(timeout=5)
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
