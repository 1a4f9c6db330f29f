"""`make load`: card tables' phones against the server people run (docs/decisions.md, D26).

Seeds the tables (a game in play each) in a database of the run's own, starts
the server as docs/hosting.md says to (``HOST=0.0.0.0 make run`` or ``make serve``)
in a network namespace of its own, and runs the phones (locust,
benchmarks/load/phones.py) in another, joined by a wire (benchmarks/load/wire.py)
that delays each packet by each step's latency. Prints, per table count and
latency: requests a second, p50/p95/p99 of the poll, the table screen, saving
the call and recording a hand, the errors by kind, the CPU of the server's
processes (and PostgreSQL's) and of the phones' process, and the same
server's ceiling on a trivial view (``/healthz``) measured in the same run,
with the ratio.

Bounded: every step has its seconds, every phone a 10 s timeout, the phones'
process a deadline; only the run's own namespaces (or 127.0.0.1) are asked.
The namespaces, the server and the run's folder are removed whatever happens.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import FrameType
from urllib.parse import unquote, urlsplit

from benchmarks.load import mix, network, servers
from benchmarks.load.network import Network
from benchmarks.load.plan import Plan, Result, SeededTable
from benchmarks.load.report import report

PORT = 8000


def _numbers(text: str) -> list[float]:
    return [float(part) for part in text.replace(" ", "").split(",") if part]


def parse(argv: list[str] | None) -> argparse.Namespace:
    env = os.environ.get
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load", description=__doc__)
    parser.add_argument(
        "--tables",
        default=env("LOAD_TABLES", "200,600,1000"),
        help="table counts, in increasing order (LOAD_TABLES; default 200,600,1000)",
    )
    parser.add_argument(
        "--db",
        choices=("sqlite", "postgres"),
        default=env("LOAD_DB", "sqlite"),
        help="postgres runs under scripts/with-postgres (LOAD_DB; default sqlite)",
    )
    parser.add_argument(
        "--mode",
        choices=servers.MODES,
        default=env("LOAD_MODE", "lan"),
        help="lan: HOST=0.0.0.0 make run; serve: make serve (LOAD_MODE; default lan)",
    )
    parser.add_argument(
        "--server",
        choices=servers.SERVERS,
        default=env("LOAD_SERVER", "as-configured"),
        help="gunicorn-sync: the server set-up before granian (LOAD_SERVER)",
    )
    parser.add_argument(
        "--latency",
        default=env("LOAD_LATENCY", "0,20,80"),
        help="the phones' round-trip latency in ms, each a step (LOAD_LATENCY; default 0,20,80)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=float(env("LOAD_SECONDS", "8")),
        help="seconds measured per table count and latency (LOAD_SECONDS; default 8)",
    )
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before each window")
    parser.add_argument("--ceiling-seconds", type=float, default=4.0)
    parser.add_argument("--ceiling-clients", type=int, default=200)
    parser.add_argument(
        "--spawn-rate", type=float, default=100.0, help="phones arriving a second (default 100)"
    )
    parser.add_argument(
        "--faster",
        type=float,
        default=1.0,
        help="the tables' minute runs this many times faster: a quick check of the flows, "
        "whose figures are not a table's",
    )
    args = parser.parse_args(argv)
    args.table_counts = sorted({int(n) for n in _numbers(args.tables)})
    args.latencies = _numbers(args.latency)
    if not args.table_counts or min(args.table_counts) < 1 or not args.latencies:
        parser.error("give at least one table count (1 or more) and one latency")
    return args


def _say(text: str) -> None:
    print(f"  {time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)


def _stop_on_term(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt  # so every clean-up below runs


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.db == "postgres" and not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        # A throwaway cluster for the run; with-postgres removes it afterwards.
        wrapper = Path(__file__).resolve().parents[2] / "scripts" / "with-postgres"
        command = [str(wrapper), sys.executable, "-m", "benchmarks.load", *(argv or sys.argv[1:])]
        return subprocess.call(command, env={**os.environ, "LOAD_DB": "postgres"})
    for stop in (signal.SIGTERM, signal.SIGHUP):  # killed, or its terminal closed
        signal.signal(stop, _stop_on_term)
    began = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="bower-load-"))
    try:
        return _run(args, folder, began)
    except KeyboardInterrupt:
        print("make load: stopped; the server and the namespaces are gone", file=sys.stderr)
        return 130
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _database_url(args: argparse.Namespace, folder: Path) -> str:
    if args.db == "postgres":
        return os.environ["DATABASE_URL"]
    return f"sqlite:///{folder / 'load.sqlite3'}"


def _postmaster(database_url: str) -> int:
    """PostgreSQL's postmaster pid, when the database is with-postgres's cluster."""
    socket_folder = unquote(urlsplit(database_url).hostname or "")
    try:
        return int((Path(socket_folder) / "data" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0


def _prepare_django(database_url: str, *, collect: bool) -> None:
    """The app's settings on the run's database, to migrate and seed it."""
    os.environ.update(
        DATABASE_URL=database_url,
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        DJANGO_DEBUG="0",
        BOWER_LAN="1",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
    )
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    if collect:  # make run and make serve collect them themselves
        call_command("collectstatic", verbosity=0, interactive=False)


def _run(args: argparse.Namespace, folder: Path, began: float) -> int:
    database_url = _database_url(args, folder)
    server_environment = dict(os.environ)  # before Django's set-up changes it
    _prepare_django(database_url, collect=args.server == "gunicorn-sync")
    emulate = network.can_emulate()
    latencies = _latencies(args.latencies, emulate=emulate)
    bound = _bound(args, latencies)
    print(
        f"make load: {args.db}, {servers.describe(args.mode, args.server)}; "
        f"tables {args.table_counts}, latency {latencies} ms, {args.seconds:g} s each "
        f"(at most {bound / 60:.1f} min once the server answers)",
        file=sys.stderr,
        flush=True,
    )
    tables = _seed(max(args.table_counts))
    os.environ.clear()
    os.environ.update(server_environment)
    place = network.emulated_network(folder) if emulate else _loopback()
    with place as net:
        port = PORT if net.emulated else _free_port()
        command, environment = servers.command_and_environment(
            args.mode, args.server, net, port, folder, database_url
        )
        log = folder / "server.log"
        _say(f"starting the server: {' '.join(command)}")
        with servers.running(command, environment, net, log) as server:
            plan = _plan(args, tables, latencies, net, port, server.pid, database_url)
            results = drive(plan, folder, net, server, timeout=bound + 120)
            if server.poll() is not None or not results:
                print(f"make load: the server's log ends:\n{_tail(log)}", file=sys.stderr)
    if not results:
        print("make load: nothing was measured", file=sys.stderr)
        return 1
    print(
        report(
            results,
            title=f"{args.db}, {servers.describe(args.mode, args.server)}",
            minutes=(time.monotonic() - began) / 60,
            faster=args.faster,
        )
    )
    return 0


def _latencies(asked: list[float], *, emulate: bool) -> list[float]:
    """The latencies to run: all asked where the network can be emulated, else 0 ms alone."""
    if not emulate and any(asked):
        print(
            "make load: no network namespaces here (needs root, iproute2 and /dev/net/tun): "
            "phones on 127.0.0.1 at no added latency only",
            file=sys.stderr,
        )
        return [0.0]
    return asked


def _bound(args: argparse.Namespace, latencies: list[float]) -> float:
    """Seconds the run takes at most once the server answers."""
    steps = len(args.table_counts) * len(latencies)
    return float(
        60
        + len(latencies) * (args.ceiling_seconds + 2)
        + steps * (args.warmup + args.seconds)
        + len(args.table_counts) * mix.READY_WITHIN
        + max(args.table_counts) * mix.PHONES_PER_TABLE / args.spawn_rate
    )


def _seed(count: int) -> list[SeededTable]:
    """The run's tables, seeded before the server starts (on SQLite its checks
    would wait for the lock otherwise)."""
    from django.db import connections

    from benchmarks.load.seed import seed_tables

    seeded_at = time.monotonic()
    tables = seed_tables(count)
    connections.close_all()
    _say(f"seeded {len(tables)} tables in {time.monotonic() - seeded_at:.0f} s")
    return tables


def _plan(
    args: argparse.Namespace,
    tables: list[SeededTable],
    latencies: list[float],
    net: Network,
    port: int,
    server_pid: int,
    database_url: str,
) -> Plan:
    """What the phones' process is told: where the server is, the tables, the steps."""
    return {
        "base": f"http://{net.server_address}:{port}",
        "behind_tls_proxy": args.mode == "serve",
        "tables": tables,
        "steps": args.table_counts,
        "latencies": latencies,
        "server_namespace": net.server_namespace,
        "phones_namespace": net.phones_namespace,
        "wire_control": net.wire_control,
        "wire_pid": net.wire_pid,
        "seconds": args.seconds,
        "warmup": args.warmup,
        "ceiling_seconds": args.ceiling_seconds,
        "ceiling_clients": args.ceiling_clients,
        "spawn_rate": args.spawn_rate,
        "pace": 1 / args.faster,
        "stagger": True,
        "live_test_server": False,
        "server_pid": server_pid,
        "db_pid": _postmaster(database_url),
    }


def _tail(log: Path) -> str:
    return log.read_text(errors="replace")[-3000:]


def drive(
    plan: Plan,
    folder: Path,
    net: network.Network,
    server: subprocess.Popen[bytes],
    *,
    timeout: float,
) -> list[Result]:
    """Run the phones' process on ``plan``; its results, read as they come. The
    phones are stopped past ``timeout`` or as soon as the server stops."""
    path = folder / "plan.json"
    path.write_text(json.dumps(plan))
    command = net.on_phones([sys.executable, "-m", "benchmarks.load.phones", str(path)])
    phones = subprocess.Popen(
        command,
        cwd=servers.BASE_DIR,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    results: list[Result] = []
    done = threading.Event()

    def watch() -> None:
        """Stop the phones at the deadline, or when the server has stopped."""
        deadline = time.monotonic() + timeout
        while not done.wait(0.5):
            if server.poll() is not None or time.monotonic() > deadline:
                servers.stop(phones)
                return

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        assert phones.stdout is not None
        for line in phones.stdout:
            results.append(json.loads(line))
        if phones.wait() != 0:
            print(f"make load: the phones' process ended with {phones.returncode}", file=sys.stderr)
    finally:
        done.set()
        servers.stop(phones)
    return results


class _loopback:
    """No namespaces: the server on 127.0.0.1 (a context like emulated_network)."""

    def __enter__(self) -> network.Network:
        return network.Network.loopback()

    def __exit__(self, *exc: object) -> None:
        return None


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


if __name__ == "__main__":
    sys.exit(main())
