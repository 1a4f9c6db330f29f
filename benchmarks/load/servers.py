"""The server a load run drives, started the way docs/hosting.md tells people to:
``HOST=0.0.0.0 make run`` (mode ``lan``: scripts/serve-lan) or ``make serve``
(mode ``serve``: production, as behind its https proxy), whatever server those
run today; or ``gunicorn-sync``, the set-up they ran before granian (gunicorn,
two sync workers), to compare with.

The server runs in the run's own database and folder, in its own process
group: stopping it stops its workers too, whatever happens to the run.
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from benchmarks.load.network import Network

BASE_DIR = Path(__file__).resolve().parent.parent.parent
BIN = BASE_DIR / ".venv" / "bin"
MODES = ("lan", "serve")
SERVERS = ("as-configured", "gunicorn-sync")
# make as a person types it, but taking the installed packages as they are: the
# run checked them before it started, and the server's namespace has no network
# to install from (the Makefile's stamp of the app's install).
MAKE = ("make", "--no-print-directory", "--old-file=.venv/.bower-app-installed")
# What make passes down that a person typing the command would not have.
_MAKE_VARIABLES = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")


def describe(mode: str, server: str) -> str:
    if server == "gunicorn-sync":
        return f"gunicorn, 2 sync workers (the set-up before granian), {mode} settings"
    if mode == "lan":
        return "HOST=0.0.0.0 make run (scripts/serve-lan as it is now)"
    return "make serve (as it is now), as behind an https proxy"


def command_and_environment(
    mode: str, server: str, network: Network, port: int, folder: Path, database_url: str
) -> tuple[list[str], dict[str, str]]:
    """How to start the server, and with which environment."""
    environment = {k: v for k, v in os.environ.items() if k not in _MAKE_VARIABLES}
    environment.pop("DJANGO_SETTINGS_MODULE", None)
    environment["DATABASE_URL"] = database_url
    # Inside the server's namespace it listens on all of that namespace's
    # addresses (only the run's own); on the loopback, on 127.0.0.1 alone.
    host = "0.0.0.0" if network.emulated else "127.0.0.1"
    address = network.server_address
    if mode == "lan":
        key_file = folder / "secret-key"
        environment["BOWER_SECRET_KEY_FILE"] = str(key_file)
        if server == "gunicorn-sync":
            key_file.write_text(secrets.token_urlsafe(50))
            environment |= {
                "BOWER_LAN": "1",
                "DJANGO_DEBUG": "0",
                "DJANGO_SECRET_KEY": key_file.read_text(),
                "DJANGO_ALLOWED_HOSTS": f"localhost,127.0.0.1,[::1],{address}",
            }
        if network.emulated:
            command = [*MAKE, "run", f"HOST={host}", f"PORT={port}"]
        else:
            # `make run` on 127.0.0.1 starts Django's development server.
            command = [str(BASE_DIR / "scripts" / "serve-lan"), host, str(port)]
    else:
        environment |= {
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": address,
            # docs/hosting.md's proxy does TLS and says so; the phones' requests carry it.
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "DJANGO_SECURE_PROXY_SSL_HEADER": "1",
        }
        environment.pop("BOWER_LAN", None)
        command = [*MAKE, "serve", f"HOST={host}", f"PORT={port}"]
    if server == "gunicorn-sync":
        # scripts/serve-lan's last line before granian (its checks are the run's own).
        command = [
            str(BIN / "gunicorn"),
            "scorekeeper.wsgi",
            "--bind",
            f"{host}:{port}",
            "--workers",
            "2",
            "--access-logfile",
            "-",
            "--no-control-socket",
        ]
    return command, environment


@contextmanager
def running(
    command: list[str], environment: dict[str, str], network: Network, log: Path
) -> Iterator[subprocess.Popen[bytes]]:
    """The server started in its namespace; stopped (TERM, then KILL after
    15 s) with all its processes on the way out."""
    with log.open("wb") as output:
        server = subprocess.Popen(
            network.on_server(command),
            cwd=BASE_DIR,
            env=environment,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        yield server
    finally:
        stop(server)


def stop(process: subprocess.Popen[Any]) -> None:
    """Stop a process and its group: TERM, then KILL."""
    for sig, wait in ((signal.SIGTERM, 15.0), (signal.SIGKILL, 10.0)):
        with suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        try:
            process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
        # Workers may outlive their master by a moment.
        deadline = time.monotonic() + wait
        while _group_alive(process.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        if not _group_alive(process.pid):
            return


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True
