"""The table `make load` prints: per table count and latency, the throughput
beside the same server's ceiling, the times of the poll, the table screen,
saving the call and recording a hand, the errors by kind and whose CPU went
where."""

from __future__ import annotations

from benchmarks.load import mix
from benchmarks.load.plan import Result

HEADINGS = (
    "tables",
    "latency",
    "req/s",
    "offered",
    "x ceiling",
    "poll p50/95/99 ms",
    "table screen p50/95/99",
    "save the call p50/95/99",
    "record a hand p50/95/99 (n)",
    "slowest ms",
    "errors",
    "server CPU",
    "phones' CPU",
    "load",
)
# The phones' process is one thread: near a core of CPU, or waking late, it
# is what limits the figures, not the server.
GENERATOR_BUSY_CPU = 90.0
GENERATOR_LATE_MS = 50.0


def _times(result: Result, name: str, *, count: bool = False) -> str:
    stats = result["stats"].get(name)
    if not stats or not stats["count"]:
        return "-"
    text = f"{stats['p50']:.0f}/{stats['p95']:.0f}/{stats['p99']:.0f}"
    return f"{text} ({stats['count']})" if count else text


def _errors(result: Result) -> str:
    errors = result["errors"]
    return ", ".join(f"{kind} {n}" for kind, n in sorted(errors.items())) or "none"


def _cpu(result: Result) -> str:
    text = f"{result['server_cpu']:.0f}%"
    return text + (f" +db {result['db_cpu']:.0f}%" if result["db_cpu"] else "")


def _generator(result: Result) -> str:
    text = f"{result['generator_cpu']:.0f}%"
    if result["wire_cpu"]:
        text += f" +wire {result['wire_cpu']:.0f}%"
    if result["generator_cpu"] > GENERATOR_BUSY_CPU or result["loop_lag_p99"] > GENERATOR_LATE_MS:
        text += f" LIMIT (late {result['loop_lag_p99']:.0f} ms)"
    return text


def report(results: list[Result], *, title: str, minutes: float, faster: float = 1.0) -> str:
    ceilings = {r["latency"]: r for r in results if r["kind"] == "ceiling"}
    lines = [f"make load: {title}"]
    for latency, r in ceilings.items():
        lines.append(
            f"  ceiling at {latency:g} ms: {r['per_second']:.0f} req/s on /healthz "
            f"(errors: {_errors(r)}; server CPU {_cpu(r)}, phones' CPU {_generator(r)}, "
            f"load {r['load']:.1f})"
        )
    rows: list[tuple[str, ...]] = [HEADINGS]
    for r in results:
        if r["kind"] != "step":
            continue
        ceiling = ceilings.get(r["latency"])
        ratio = r["per_second"] / ceiling["per_second"] if ceiling and ceiling["per_second"] else 0
        rows.append(
            (
                str(r["tables"]),
                f"{r['latency']:g} ms",
                f"{r['per_second']:.0f}",
                f"{mix.offered_per_second(r['tables']) * faster:.0f}",
                f"{ratio:.2f}",
                *(_times(r, name, count=name == mix.RECORD) for name in mix.SHOWN),
                f"{max((s['max'] for s in r['stats'].values()), default=0):.0f}",
                _errors(r),
                _cpu(r),
                _generator(r),
                f"{r['load']:.1f}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADINGS))]
    for row in rows:
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
    steps = [r for r in results if r["kind"] == "step"]
    told: set[int] = set()
    for r in steps:
        phones = r["tables"] * mix.PHONES_PER_TABLE
        if r["ready_phones"] < phones and r["tables"] not in told:
            told.add(r["tables"])
            lines.append(
                f"  {r['tables']} tables: only {r['ready_phones']} of {phones} phones had "
                f"joined and opened their table when it was measured"
            )
    if steps:
        processes = steps[-1]["server_processes"]
        lines.append(f"server processes: {processes}; the whole run took {minutes:.1f} min")
    lines.append(
        "req/s: answered without error in the window; offered: what the tables send when "
        "answered at once; x ceiling: req/s over the trivial view's at the same latency; "
        "poll: answered 204; table screen: a poll that saw the call or a hand and brought "
        "what changed around the form the phone keeps; slowest: the slowest answer of any "
        "kind in the window; wrong page: a hand's answer that "
        "was not the table after it; "
        "CPU in % of one core (the machine has "
        f"{_cores()}); load: the 1-minute load average at the window's end"
    )
    return "\n".join(lines)


def _cores() -> int:
    import os

    return os.cpu_count() or 1
