"""Settings for the test suite: the real settings, made fast and self-contained."""

from scorekeeper.settings import *  # noqa: F403
from scorekeeper.settings import STORAGES

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
