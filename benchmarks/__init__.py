"""Bower's benchmarks: `make bench` (or `python -m benchmarks [NAME...]`).

A benchmark is a function named `bench_*` in a module `benchmarks/bench_*.py`.
It takes no arguments and returns a figure (`Timing`, `Rate`, `Size` or
`Ratio`) or a list of them. The runner starts Django with the production
settings of benchmarks/settings.py on an empty, migrated SQLite file of its own
and measures the bare view (benchmarks/urls.py) first, so that every HTTP figure
is printed beside its ratio to the bare view measured in the same run.

    from benchmarks import Timing, measure

    def bench_trick_winner() -> Timing:
        return measure("trick winner, 4 cards", lambda: winner(...), iterations=10_000)

`measure` runs the operation in three repetitions; a figure's median is the
median of the three repetitions' medians, so one noisy repetition (another
process on the machine's two cores) does not move it much.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

REPETITIONS = 3


def quick() -> bool:
    """A smaller, faster run (`python -m benchmarks --quick` or BOWER_BENCH_QUICK=1):
    fewer iterations, a shorter load run and 600 games instead of 2,000."""
    return os.environ.get("BOWER_BENCH_QUICK", "") not in ("", "0")


def scaled(iterations: int) -> int:
    """Iterations for this run: a third of them in a quick run (at least 3)."""
    return max(3, iterations // 3) if quick() else iterations


@dataclass(frozen=True)
class Timing:
    """Wall-clock seconds of each run of one operation, per repetition.

    ``http`` figures go through Django's request cycle and are compared with
    the bare view; ``queries`` is the number of SQL queries one run makes."""

    name: str
    repetitions: tuple[tuple[float, ...], ...]
    queries: int | None = None
    http: bool = False
    goal: str = ""

    @property
    def seconds(self) -> tuple[float, ...]:
        return tuple(s for repetition in self.repetitions for s in repetition)

    @property
    def median_ms(self) -> float:
        return statistics.median(statistics.median(r) for r in self.repetitions) * 1000

    @property
    def p95_ms(self) -> float:
        ordered = sorted(self.seconds)
        return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))] * 1000


@dataclass(frozen=True)
class Rate:
    """Requests (or hands) per second of a load run, and the bare view's in the same run."""

    name: str
    per_second: float
    count: int
    errors: int
    bare_per_second: float | None = None
    unit: str = "req/s"
    goal: str = ""


@dataclass(frozen=True)
class Size:
    """Bytes of a response as they go on the wire, and how they were encoded."""

    name: str
    bytes: int
    encoding: str
    goal: str = ""


@dataclass(frozen=True)
class Ratio:
    """One figure divided by another: a curve (hand 300 vs hand 1) or a speed-up."""

    name: str
    value: float
    goal: str = ""


@dataclass(frozen=True)
class Duration:
    """How long one thing took once: the set-up of a benchmark's data."""

    name: str
    seconds: float


Figure = Timing | Rate | Size | Ratio | Duration


@dataclass
class Operation:
    """One operation to time (``measure``): ``setup`` and ``after`` run around
    every run, untimed (say, putting a hand in play and taking it back)."""

    name: str
    run: Callable[[], object]
    setup: Callable[[], object] | None = None
    after: Callable[[], object] | None = None
    count_queries: bool = False
    http: bool = False
    goal: str = ""
    counted: list[int] = field(default_factory=list)

    def once(self, *, count: bool = False) -> float:
        if self.setup is not None:
            self.setup()
        start = time.perf_counter()
        if count:
            _count_queries(self.run, into=self.counted)
        else:
            self.run()
        elapsed = time.perf_counter() - start
        if self.after is not None:
            self.after()
        return elapsed

    def timing(self, repetitions: list[list[float]]) -> Timing:
        queries = self.counted[-1] if self.counted else None
        return Timing(
            self.name,
            tuple(tuple(r) for r in repetitions),
            queries=queries,
            http=self.http,
            goal=self.goal,
        )


def measure(
    name: str,
    operation: Callable[[], object],
    *,
    iterations: int,
    warmup: int = 5,
    setup: Callable[[], object] | None = None,
    after: Callable[[], object] | None = None,
    count_queries: bool = False,
    http: bool = False,
    goal: str = "",
) -> Timing:
    """Run `operation` `warmup` times unmeasured, then `iterations` times in each
    of three repetitions, timing each run. `setup` and `after` run around every
    run, untimed (say, putting a hand in play and taking it back). With
    `count_queries`, the last warm-up run counts the SQL queries."""
    one = Operation(name, operation, setup, after, count_queries, http, goal)
    return measure_alternately([one], iterations=iterations, warmup=warmup)[0]


def measure_alternately(
    operations: list[Operation], *, iterations: int, warmup: int = 5, block: int = 1
) -> list[Timing]:
    """``measure`` for operations to compare: taken in turn, ``block`` runs of
    each at a time, so a change in the machine's speed meanwhile (another
    process, the CPU's clock) weighs on all of them alike and their ratio
    holds. A light operation beside a heavy one wants blocks: right after the
    heavy one it would pay for the caches and garbage that one left."""
    for number in range(warmup):
        for operation in operations:
            operation.once(count=operation.count_queries and number == warmup - 1)
    iterations = scaled(iterations)
    runs: list[list[list[float]]] = [[] for _ in operations]
    for _ in range(REPETITIONS):
        for timings in runs:
            timings.append([])
        for start in range(0, iterations, block):
            for operation, timings in zip(operations, runs, strict=True):
                for _ in range(min(block, iterations - start)):
                    timings[-1].append(operation.once())
    return [operation.timing(timings) for operation, timings in zip(operations, runs, strict=True)]


def _count_queries(operation: Callable[[], object], *, into: list[int]) -> None:
    """Run `operation` once, noting how many SQL queries it made."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        operation()
    into.append(len(captured.captured_queries))
