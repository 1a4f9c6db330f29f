"""What the run hands the phones' process (a JSON file), and what it gets back
(one JSON line per result). Plain data: read by both sides."""

from __future__ import annotations

from typing import TypedDict


class SeededTable(TypedDict):
    game: int
    key_path: str
    players: int


class Plan(TypedDict):
    base: str  # http://address:port of the server
    behind_tls_proxy: bool  # make serve: as behind docs/hosting.md's https proxy
    tables: list[SeededTable]
    steps: list[int]  # table counts, in increasing order
    latencies: list[float]  # round-trip milliseconds
    server_namespace: str  # "" when no latency can be added
    phones_namespace: str
    wire_control: str  # the wire's control socket (benchmarks/load/wire.py)
    wire_pid: int
    seconds: float  # measured per table count and latency
    warmup: float  # after the latency changed or phones were added
    ceiling_seconds: float
    ceiling_clients: int
    spawn_rate: float  # phones started a second
    pace: float  # 1: real time; the smoke test runs the table's minute faster
    stagger: bool  # hands start at random moments of the minute (else at once)
    # Django's live server in a test: its threads share the test's one SQLite
    # connection, so the phones take turns.
    live_test_server: bool
    server_pid: int  # the server's processes: this one and its descendants
    db_pid: int  # PostgreSQL's postmaster, or 0


class Stats(TypedDict):
    count: int
    p50: float
    p95: float
    p99: float
    max: float


class Result(TypedDict):
    kind: str  # "ceiling" or "step"
    tables: int
    latency: float
    seconds: float
    per_second: float  # answered without error
    stats: dict[str, Stats]
    errors: dict[str, int]  # by kind: 5xx, 503, reset, timeout, other (status)
    hands: int  # hands recorded in the window
    server_cpu: float  # percent of one core
    db_cpu: float
    wire_cpu: float
    generator_cpu: float
    loop_lag_p99: float  # ms the phones' event loop woke late
    load: float  # the machine's load average (1 min) at the end
    ready_seconds: float  # how long the phones took to join and open their tables
    ready_phones: int  # how many had, of the tables' four each
    server_processes: str
