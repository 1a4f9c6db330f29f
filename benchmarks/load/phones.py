"""The phones of `make load`: one locust user (benchmarks/load/phone.py) per phone.

Run as a process of its own, in the phones' network namespace:
``python -m benchmarks.load.phones PLAN.json`` (benchmarks/load/plan.py). Locust
patches the standard library with gevent's on import, which the rest of the run
must not get. It measures the ceiling (the trivial view, many clients at once)
at every latency, then for each table count starts the phones of the tables
added and measures the mix (benchmarks/load/mix.py) at every latency. Each
result is one JSON line on standard output; progress goes to standard error.
"""

from __future__ import annotations

import json
import logging
import statistics
import sys
import time
from collections import Counter
from urllib.parse import urlsplit

import gevent  # type: ignore[import-untyped]
import gevent.lock  # type: ignore[import-untyped]

# Importing locust patches sockets, threads and time with gevent's (it must
# come before any socket is made: this process makes none before).
import locust
from locust.contrib.fasthttp import FastHttpSession
from locust.env import Environment

from benchmarks.load import cpu, mix
from benchmarks.load.network import Network
from benchmarks.load.phone import Phone, Run
from benchmarks.load.plan import Plan, Result, Stats
from benchmarks.load.tally import TALLY, say

HEALTH_PATH = "/healthz"


# -- the run ------------------------------------------------------------------------


def percentiles(times: list[float]) -> Stats:
    if not times:
        return {"count": 0, "p50": 0.0, "p95": 0.0, "p99": 0.0, "max": 0.0}
    if len(times) == 1:
        return {"count": 1, "p50": times[0], "p95": times[0], "p99": times[0], "max": times[0]}
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    return {
        "count": len(times),
        "p50": cuts[49],
        "p95": cuts[94],
        "p99": cuts[98],
        "max": max(times),
    }


class LoopLag:
    """How late the phones' event loop wakes a greenlet that sleeps 50 ms: a
    generator short of CPU shows here before it shows in the server's figures."""

    TICK = 0.05

    def __init__(self) -> None:
        self.lags: list[float] = []
        gevent.spawn(self._watch)

    def _watch(self) -> None:
        while True:
            asleep = time.monotonic()
            gevent.sleep(self.TICK)
            self.lags.append((time.monotonic() - asleep - self.TICK) * 1000)

    def p99(self, since: int) -> float:
        return percentiles(self.lags[since:])["p99"]


def measure(
    kind: str, tables: int, latency: float, seconds: float, lag: LoopLag, ready: float
) -> Result:
    """Open the tally for ``seconds``; the figures of that window."""
    plan = Run.plan
    server_before = cpu.tree_cpu(plan["server_pid"])
    db_before = cpu.tree_cpu(plan["db_pid"]) if plan["db_pid"] else {}
    wire_before = cpu.tree_cpu(plan["wire_pid"]) if plan["wire_pid"] else {}
    own_before = cpu.own_cpu()
    lag_from = len(lag.lags)
    began = time.monotonic()
    TALLY.start()
    gevent.sleep(seconds)
    TALLY.open = False
    elapsed = time.monotonic() - began
    server_after = cpu.tree_cpu(plan["server_pid"])
    db_after = cpu.tree_cpu(plan["db_pid"]) if plan["db_pid"] else {}
    wire_after = cpu.tree_cpu(plan["wire_pid"]) if plan["wire_pid"] else {}
    answered = sum(len(times) for times in TALLY.times.values())
    names = Counter(_command(pid) for pid in server_after)
    return {
        "kind": kind,
        "tables": tables,
        "latency": latency,
        "seconds": elapsed,
        "per_second": answered / elapsed,
        "stats": {name: percentiles(times) for name, times in TALLY.times.items()},
        "errors": dict(TALLY.errors),
        "hands": TALLY.hands,
        "server_cpu": 100 * cpu.used_between(server_before, server_after) / elapsed,
        "db_cpu": 100 * cpu.used_between(db_before, db_after) / elapsed,
        "wire_cpu": 100 * cpu.used_between(wire_before, wire_after) / elapsed,
        "generator_cpu": 100 * (cpu.own_cpu() - own_before) / elapsed,
        "loop_lag_p99": lag.p99(lag_from),
        "load": cpu.load_average(),
        "ready_seconds": ready,
        "ready_phones": Run.ready,
        "server_processes": ", ".join(f"{n} x{c}" for n, c in sorted(names.items())),
    }


def _command(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/comm") as comm:
            return comm.read().strip()
    except OSError:
        return "?"


def ceiling(environment: Environment, clients: int, seconds: float) -> None:
    """``clients`` clients asking the trivial view back to back for ``seconds``
    (the caller opens the tally after the first second)."""
    deadline = time.monotonic() + seconds
    sent = {"X-Forwarded-Proto": "https"} if Run.plan["behind_tls_proxy"] else {}

    def client() -> None:
        session = FastHttpSession(
            base_url=Run.plan["base"],
            request_event=environment.events.request,
            user=None,
            network_timeout=mix.TIMEOUT,
            connection_timeout=mix.TIMEOUT,
            concurrency=1,
        )
        while time.monotonic() < deadline:
            with session.request(
                "GET", HEALTH_PATH, name=mix.CEILING, headers=sent, catch_response=True
            ) as response:
                if response.status_code == 200:
                    response.success()
                else:
                    response.failure(f"ceiling: {response.status_code}")

    workers = [gevent.spawn(client) for _ in range(clients)]
    gevent.joinall(workers, timeout=seconds + mix.TIMEOUT + 5)
    gevent.killall(workers)


def wait_for_server(seconds: float = 90) -> None:
    session = FastHttpSession(
        base_url=Run.plan["base"],
        request_event=locust.events.request,
        user=None,
        network_timeout=2,
        connection_timeout=2,
    )
    sent = {"X-Forwarded-Proto": "https"} if Run.plan["behind_tls_proxy"] else {}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if session.request("GET", HEALTH_PATH, headers=sent).status_code == 200:
            return
        gevent.sleep(0.3)
    raise SystemExit(f"the server did not answer {HEALTH_PATH} within {seconds:.0f} s")


def emit(result: Result) -> None:
    print(json.dumps(result), flush=True)


def main(path: str) -> None:
    # Its warning that a spawn rate over 100 a second "may cause issues": the
    # phones only join and open their table then, and the run waits for them.
    logging.getLogger("locust.runners").setLevel(logging.ERROR)
    # The phones stand for other devices: their figures should be the server's
    # answers, not their own wait for the CPU.
    cpu.go_first()
    with open(path) as file:
        plan: Plan = json.load(file)
    Run.plan = plan
    if plan["live_test_server"]:
        Run.turn = gevent.lock.BoundedSemaphore(1)
    split = urlsplit(plan["base"])
    Run.scheme = "https" if plan["behind_tls_proxy"] else "http"
    Run.origin = f"{Run.scheme}://{split.netloc}"
    network = Network(
        split.hostname or "",
        plan["server_namespace"],
        plan["phones_namespace"],
        plan["wire_control"],
        plan["wire_pid"],
    )
    Phone.host = plan["base"]
    environment = Environment(user_classes=[Phone], host=plan["base"])
    environment.events.request.add_listener(TALLY.on_request)  # type: ignore[no-untyped-call]
    runner = environment.create_local_runner()
    lag = LoopLag()
    wait_for_server()
    for latency in plan["latencies"]:
        network.set_latency(latency)
        say(f"ceiling at {latency:g} ms: {plan['ceiling_clients']} clients on {HEALTH_PATH}")
        measuring = gevent.spawn(
            ceiling, environment, plan["ceiling_clients"], plan["ceiling_seconds"] + 2
        )
        gevent.sleep(2)  # connections made, the server's processes warm
        emit(measure("ceiling", 0, latency, plan["ceiling_seconds"], lag, 0.0))
        measuring.join()
    for tables in plan["steps"]:
        network.set_latency(plan["latencies"][0])
        phones = tables * mix.PHONES_PER_TABLE
        say(f"{tables} tables: starting {phones - Run.ready} more phones")
        began = time.monotonic()
        # The last phone starts after this long; each has READY_WITHIN to open its table.
        arriving = (phones - runner.user_count) / plan["spawn_rate"]
        runner.start(phones, spawn_rate=plan["spawn_rate"])
        limit = began + arriving + mix.READY_WITHIN
        while Run.ready < phones and time.monotonic() < limit:
            gevent.sleep(0.2)
        ready = time.monotonic() - began
        if Run.ready < phones:
            say(f"only {Run.ready} of {phones} phones opened their table in {ready:.0f} s")
        for latency in plan["latencies"]:
            network.set_latency(latency)
            say(f"{tables} tables at {latency:g} ms: {plan['seconds']:g} s")
            gevent.sleep(plan["warmup"])
            emit(measure("step", tables, latency, plan["seconds"], lag, ready))
    runner.quit()


if __name__ == "__main__":
    main(sys.argv[1])
