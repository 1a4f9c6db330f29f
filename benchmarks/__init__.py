"""Bower's benchmarks: `make bench` (or `python -m benchmarks [NAME...]`).

A benchmark is a function named `bench_*` in a module `benchmarks/bench_*.py`.
It takes no arguments and returns a `Timing`, usually from `measure(...)`. The
runner sets Django up with the test settings and an empty, migrated database
in memory before any benchmark runs, so benchmarks may create what they need.

    from benchmarks import Timing, measure

    def bench_trick_winner() -> Timing:
        return measure("trick winner, 4 cards", lambda: winner(...), iterations=10_000)
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Timing:
    """Wall-clock seconds of each run of one operation."""

    name: str
    seconds: tuple[float, ...]

    @property
    def median_ms(self) -> float:
        return statistics.median(self.seconds) * 1000

    @property
    def p95_ms(self) -> float:
        ordered = sorted(self.seconds)
        return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))] * 1000

    def line(self) -> str:
        return (
            f"{self.name:<44} n={len(self.seconds):<6} "
            f"median {self.median_ms:9.3f} ms   p95 {self.p95_ms:9.3f} ms"
        )


def measure(
    name: str, operation: Callable[[], object], *, iterations: int, warmup: int = 5
) -> Timing:
    """Run `operation` `warmup` times unmeasured, then `iterations` times, timing each run."""
    for _ in range(warmup):
        operation()
    seconds = []
    for _ in range(iterations):
        start = time.perf_counter()
        operation()
        seconds.append(time.perf_counter() - start)
    return Timing(name, tuple(seconds))
