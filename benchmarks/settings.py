"""Settings for `make bench`: the app's production settings, on a throwaway database.

DEBUG is off, whitenoise serves the collected static files and every middleware
of the app runs, so a figure is what a phone would get from `make serve`. What
differs is only what a benchmark needs: a SQLite file in the run's own temporary
folder (a file, not memory, so gunicorn's workers share it), loopback hosts, a
throwaway secret key, plain HTTP, and a bare view to compare with
(benchmarks/urls.py). The runner (benchmarks/__main__.py) makes the folder and
names it in BOWER_BENCH_DIR before Django starts; gunicorn inherits it.
"""

from __future__ import annotations

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

# The app's settings read these when imported: production, with a key of the run's own.
os.environ["DJANGO_DEBUG"] = "0"
os.environ.setdefault("DJANGO_SECRET_KEY", "bower-benchmarks-only-" + "x" * 40)
os.environ["DJANGO_ALLOWED_HOSTS"] = "127.0.0.1,localhost,testserver"

from scorekeeper.settings import *  # noqa: F403
from scorekeeper.settings import sqlite_database

_folder = os.environ.get("BOWER_BENCH_DIR", "")
if not _folder or not Path(_folder).is_dir():
    raise ImproperlyConfigured(
        "benchmarks.settings needs BOWER_BENCH_DIR, a folder of its own: "
        "run the benchmarks with `make bench` or `python -m benchmarks`."
    )
BENCH_DIR = Path(_folder)

DATABASES = {"default": sqlite_database(BENCH_DIR / "bench.sqlite3")}
STATIC_ROOT = BENCH_DIR / "staticfiles"
ROOT_URLCONF = "benchmarks.urls"

# The loopback speaks plain HTTP: no redirect to https (a proxy does TLS in production).
SECURE_SSL_REDIRECT = False
SILENCED_SYSTEM_CHECKS = ["security.W008"]

# Errors still reach standard error; request lines of a load run would drown the report.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "ERROR"},
}
