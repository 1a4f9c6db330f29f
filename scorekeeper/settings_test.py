"""Settings for the test suite: the real settings, made fast and self-contained."""

import os
import tempfile
from pathlib import Path

from scorekeeper.settings import *  # noqa: F403
from scorekeeper.settings import DATABASES, STORAGES

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The test client's login() signs in with no request, which axes' backend refuses;
# this one lets it through, and counts every sign-in that has one.
AUTHENTICATION_BACKENDS = [
    "tests.axes_support.AxesBesideTheTestClient",
    "django.contrib.auth.backends.ModelBackend",
]

# Tests serve static files from static/ and the apps, with no collectstatic run.
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Look files up per request, so whitenoise does not warn that staticfiles/ is missing.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True

# SECURE_CSP stays as it is: the browser tests fail on any CSP violation.

# The suite imports many games from 127.0.0.1 in a minute; tests/files/test_import_rate.py
# sets the limit it tests.
BOWER_IMPORTS_PER_MINUTE = 0
# Likewise new tables by import and check-ins (tests/files/test_import_rate.py and
# tests/nights/test_check_in_rate.py set the limits they test).
BOWER_NEW_TABLES_PER_HOUR = 0
BOWER_CHECK_INS_PER_MINUTE = 0
BOWER_NIGHT_CHECK_INS_PER_MINUTE = 0

# On SQLite the test database is a file (in RAM, /dev/shm, where there is one), not
# SQLite's in-memory database: the live server's threads, racing requests and the test
# each open their own connection, as a real server's threads do, and WAL lets them read
# while one writes. One file a process; pytest-xdist adds each worker's name.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    _FOLDER = Path("/dev/shm") if Path("/dev/shm").is_dir() else Path(tempfile.gettempdir())
    DATABASES["default"]["TEST"] = {"NAME": str(_FOLDER / f"bower-test-{os.getpid()}.sqlite3")}
