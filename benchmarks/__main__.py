"""Find and run every `bench_*` function of `benchmarks/bench_*.py`; print one line each."""

from __future__ import annotations

import argparse
import importlib
import inspect
import os
import pkgutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from benchmarks import Timing


def discover() -> Iterator[tuple[str, Callable[[], Timing]]]:
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("names", nargs="*", help="run only benchmarks whose name contains one")
    args = parser.parse_args(argv)

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings_test")
    import django
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    django.setup()
    setup_test_environment(debug=False)
    # An empty, migrated database of its own: never the one `make run` uses.
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        ran = 0
        for name, bench in discover():
            if args.names and not any(part in name for part in args.names):
                continue
            print(bench().line(), flush=True)
            ran += 1
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()
    if not ran:
        print("no benchmark matched", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
