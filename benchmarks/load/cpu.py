"""CPU time of a process and all its descendants, read from /proc (Linux):
the app server's master and workers, PostgreSQL's postmaster and backends."""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds used so far) of one process, or None if it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name, in parentheses, may hold spaces: split after its last ")".
    fields = text[text.rindex(")") + 2 :].split()
    parent, user, system = int(fields[1]), int(fields[11]), int(fields[12])
    return parent, (user + system) / TICKS


def tree_cpu(root: int) -> dict[int, float]:
    """CPU seconds used so far by ``root`` and each of its descendants, by pid."""
    stats: dict[int, tuple[int, float]] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit() and (stat := _stat(int(entry.name))) is not None:
            stats[int(entry.name)] = stat
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in stats.items():
        children.setdefault(parent, []).append(pid)
    found: dict[int, float] = {}
    waiting = [root]
    while waiting:
        pid = waiting.pop()
        if pid in stats and pid not in found:
            found[pid] = stats[pid][1]
            waiting.extend(children.get(pid, ()))
    return found


def used_between(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds the tree used between two readings: a process that appeared
    in between counts from its start; one that ended in between is lost (the
    servers' processes live through a run)."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def own_cpu() -> float:
    """CPU seconds this process has used so far (all its threads)."""
    times = os.times()
    return times.user + times.system


def load_average() -> float:
    """The machine's load average over the last minute."""
    return float(Path("/proc/loadavg").read_text().split()[0])


def go_first() -> None:
    """Run before others' work when the machine is busy (as root; else as it
    is): the phones and the wire stand for other devices and the network, whose
    delays are not the server's. With autogroups on (a session each), a
    process's nice counts only within its session: the session's is set too."""
    with suppress(OSError):
        os.nice(-10)
    with suppress(OSError):
        Path("/proc/self/autogroup").write_text("-10")
