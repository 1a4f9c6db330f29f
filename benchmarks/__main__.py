"""Run every `bench_*` function of `benchmarks/bench_*.py` and print one table.

The run has a folder of its own (a SQLite file, the collected static files);
nothing touches the database `make run` uses, and the folder is removed at the end.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import os
import pkgutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from benchmarks import Duration, Figure


def discover() -> Iterator[tuple[str, Callable[[], Figure | list[Figure]]]]:
    """Every bench_* function, by module name then order of definition."""
    package = Path(__file__).parent
    for info in sorted(pkgutil.iter_modules([str(package)]), key=lambda m: m.name):
        if not info.name.startswith("bench_"):
            continue
        module = importlib.import_module(f"benchmarks.{info.name}")
        functions = [
            (name, fn)
            for name, fn in vars(module).items()
            if name.startswith("bench_")
            and inspect.isfunction(fn)
            and fn.__module__ == module.__name__
        ]
        functions.sort(key=lambda item: item[1].__code__.co_firstlineno)
        for name, fn in functions:
            yield f"{info.name}.{name}", fn


def start_django(folder: str) -> Duration:
    """Production settings on the run's own folder: migrate, collect static files."""
    os.environ["BOWER_BENCH_DIR"] = folder
    os.environ["DJANGO_SETTINGS_MODULE"] = "benchmarks.settings"
    start = time.perf_counter()
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)
    return Duration("set-up: migrate, collectstatic", time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("names", nargs="*", help="run only benchmarks whose name contains one")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="fewer iterations, a shorter load run, 600 games instead of 2,000",
    )
    args = parser.parse_args(argv)
    if args.quick:
        os.environ["BOWER_BENCH_QUICK"] = "1"

    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bower-bench-") as folder:
        figures: list[Figure] = [start_django(folder)]
        from benchmarks.report import table
        from benchmarks.web import bare_view

        # First, and in every run: the floor every HTTP figure is divided by.
        bare = bare_view()
        figures.append(bare)
        ran = 0
        for name, bench in discover():
            if args.names and not any(part in name for part in args.names):
                continue
            print(f"  {time.perf_counter() - began:6.1f} s  {name}", file=sys.stderr, flush=True)
            result = bench()
            figures.extend(result if isinstance(result, list) else [result])
            ran += 1
    if not ran:
        print("no benchmark matched", file=sys.stderr)
        return 1
    figures.append(Duration("the whole run", time.perf_counter() - began))
    print(table(figures, bare))
    return 0


if __name__ == "__main__":
    sys.exit(main())
