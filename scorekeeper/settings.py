"""Bower's one settings module, read from the environment.

Development needs no variables at all. Production sets DJANGO_DEBUG=0,
DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS (docs/hosting.md: "Production"); BOWER_LAN=1
is the same with plain http allowed, for phones on the table's Wi-Fi
(`HOST=0.0.0.0 make run`, scripts/serve-lan). Every value
is parsed strictly: a typo stops the app at start-up with ImproperlyConfigured
instead of quietly running with a default.
"""

from __future__ import annotations

import os
import zoneinfo
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.checks.security.base import (
    SECRET_KEY_INSECURE_PREFIX,
    SECRET_KEY_MIN_LENGTH,
    SECRET_KEY_MIN_UNIQUE_CHARACTERS,
)
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent

_BOOLEANS = {"1": True, "true": True, "0": False, "false": False}


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no variable: 1, 0, true or false (any case); unset means `default`."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return _BOOLEANS[raw.strip().lower()]
    except KeyError:
        # An empty or misspelt DJANGO_DEBUG must never fall back to "on" in production.
        raise ImproperlyConfigured(
            f"{name}={raw!r} is not a yes/no value: use 1, 0, true or false."
        ) from None


def env_int(name: str, default: int) -> int:
    """Read a whole number of at least 0; unset means `default`."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None
    if value < 0:
        raise ImproperlyConfigured(f"{name}={raw!r} must not be negative.")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated list; unset means `default`, and an empty list is an error."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    items = [item.strip() for item in raw.split(",") if item.strip()]
    if not items:
        raise ImproperlyConfigured(f"{name} is set but lists nothing (comma-separated values).")
    return items


def env_time_zone(name: str, default: str) -> str:
    """Read an IANA time zone name ("Europe/London", "America/Chicago")."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        zoneinfo.ZoneInfo(raw.strip())
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ImproperlyConfigured(
            f"{name}={raw!r} is not a time zone: use a name like America/Chicago."
        ) from None
    return raw.strip()


_NEW_KEY = "python -c 'import secrets; print(secrets.token_urlsafe(50))'"


def weak_secret_key(key: str) -> bool:
    """Django's own test for a guessable key (check security.W009)."""
    return (
        len(key) < SECRET_KEY_MIN_LENGTH
        or len(set(key)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS
        or key.startswith(SECRET_KEY_INSECURE_PREFIX)
    )


def sqlite_database(path: Path | str) -> dict[str, Any]:
    """The embedded database: one SQLite file, tuned for a web app's short writes.

    IMMEDIATE transactions take the write lock up front, so two requests that
    both write wait for each other (up to `timeout` seconds) instead of failing
    with "database is locked" half-way through; WAL lets reads go on meanwhile,
    and synchronous=NORMAL is safe with WAL (a power cut loses at most the last
    commits, never the file).
    """
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(path),
        # A connection kept for the worker's next requests: opening one (and
        # running the PRAGMAs) was most of a "nothing changed" poll.
        "CONN_MAX_AGE": 600,
        "CONN_HEALTH_CHECKS": True,
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            # Seconds a write waits for another to finish before giving up; the
            # middleware then answers 503 "busy", and the phone can tap again.
            "timeout": lock_timeout(),
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
    }


def lock_timeout() -> int:
    """Seconds a change waits for the lock another holds (``BOWER_LOCK_TIMEOUT``,
    5 by default), on SQLite and PostgreSQL alike; then the answer is 503 "busy"."""
    return env_int("BOWER_LOCK_TIMEOUT", 5)


def database_from_env() -> dict[str, Any]:
    """DATABASE_URL when set (postgres://user:pass@host/db), else db.sqlite3 beside manage.py."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        return sqlite_database(BASE_DIR / "db.sqlite3")
    try:
        config: dict[str, Any] = dict(
            dj_database_url.parse(url, conn_max_age=600, conn_health_checks=True)
        )
    except ValueError as error:
        raise ImproperlyConfigured(f"DATABASE_URL cannot be read: {error}") from None
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # A sqlite:// URL gets the same tuning as the default file.
        return sqlite_database(config["NAME"])
    if config["ENGINE"] == "django.db.backends.postgresql":
        # Without it a change waits as long as the lock is held; 0 would mean forever.
        options = config.setdefault("OPTIONS", {})
        given = options.get("options", "")
        timeout = f"-c lock_timeout={max(1, lock_timeout()) * 1000}"
        options["options"] = f"{given} {timeout}".strip()
    return config


# --- Core -------------------------------------------------------------------

# Serving other machines over plain http (the table's Wi-Fi): DEBUG is off,
# and the https-only protections are switched off together below.
LAN = env_bool("BOWER_LAN", default=False)
DEBUG = env_bool("DJANGO_DEBUG", default=not LAN)
if LAN and DEBUG:
    # The debug pages show settings and code to anyone on the Wi-Fi.
    raise ImproperlyConfigured("BOWER_LAN=1 serves other machines: DJANGO_DEBUG must be 0.")

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            f"DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off, for example to the "
            f"output of: {_NEW_KEY}"
        )
    SECRET_KEY = "django-insecure-bower-development-only-never-use-this-key-in-production"
elif not DEBUG and weak_secret_key(SECRET_KEY):
    # A guessable key lets anyone forge sessions and CSRF tokens: refuse, not warn.
    raise ImproperlyConfigured(
        f"DJANGO_SECRET_KEY is too weak: it needs {SECRET_KEY_MIN_LENGTH} or more random "
        f"characters, not starting {SECRET_KEY_INSECURE_PREFIX!r}; make one with: {_NEW_KEY}"
    )

# With DEBUG on, any host may ask (the developer's own machine). Otherwise only
# the names listed; scripts/serve-lan lists this machine's Wi-Fi address.
ALLOWED_HOSTS = env_list(
    "DJANGO_ALLOWED_HOSTS",
    default=["*"] if DEBUG else ["localhost", "127.0.0.1", "[::1]"],
)

INSTALLED_APPS = [
    "whitenoise.runserver_nostatic",
    # The operator's admin at /admin/ (createsuperuser); phones never log in. Its
    # sign-in goes on only to a page of the admin (scorekeeper/web/sign_in.py).
    "scorekeeper.apps.BowerAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    # Counts the admin's wrong passwords and pauses its sign-in (below, "Sign-in").
    "axes",
    "django_htmx",
    "scorekeeper",
    "referee",
]

MIDDLEWARE = [
    # Before SecurityMiddleware, so it sees the headers that one adds: takes off
    # Cross-Origin-Opener-Policy where a browser would only log an error for it.
    "scorekeeper.web.secure_context.OpenerPolicyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages gzipped (after whitenoise, which answers for static files with its
    # own brotli/gzip copies made by collectstatic). BREACH needs a secret
    # repeated in a compressed page an attacker can also inject into: Django
    # masks the CSRF token afresh in every response, which is its mitigation.
    "django.middleware.gzip.GZipMiddleware",
    "scorekeeper.web.middleware.BusyDatabaseMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "scorekeeper.web.phone_tables.TablesMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Answers a sign-in that axes refused with the "paused" page.
    "axes.middleware.AxesMiddleware",
    # Last, so a NUL in the address is a 404 like any other (headers and all).
    "scorekeeper.web.middleware.NulInPathMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.template.context_processors.csp",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": database_from_env()}
# Each process's memory (Django's default, and nothing shares it). "drawings": the table's live
# patch drawn once after a change for all of the table's phones (docs/decisions.md, D66); a
# table's phones ask for it within a poll, so a few hundred tables' last drawings are kept
# for a minute (at most about 10 KB each).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "drawings": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "drawings",
        "TIMEOUT": 60,
        "OPTIONS": {"MAX_ENTRIES": 1000},
    },
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
# Game nights and the times on game cards are shown in the table's local time.
TIME_ZONE = env_time_zone("DJANGO_TIME_ZONE", "UTC")
USE_I18N = False
USE_TZ = True

# --- Static files (whitenoise serves them, compressed and hashed) -----------

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# --- Security ---------------------------------------------------------------

# Only our own files run: scripts need the per-request nonce or to come from
# /static/; no inline style attributes (score bars are <meter>, not width:%).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.NONE],
}
# Django's defaults already send X-Frame-Options: DENY, nosniff and
# Cross-Origin-Opener-Policy (only in a secure context: scorekeeper/web/secure_context.py).
# Said outright: no page's address (a table's key link is one) is ever sent to another site.
SECURE_REFERRER_POLICY = "same-origin"

SILENCED_SYSTEM_CHECKS: list[str] = []

if LAN:
    # Plain http on the table's Wi-Fi: a Secure-only cookie would never come
    # back, and an https redirect or HSTS would lock the phones out. Anyone on
    # that Wi-Fi can read the traffic (docs/hosting.md: "What is and is not protected").
    SILENCED_SYSTEM_CHECKS += ["security.W004", "security.W008", "security.W012", "security.W016"]
elif not DEBUG:
    # Behind a proxy that terminates TLS, let it say so (X-Forwarded-Proto: https).
    if env_bool("DJANGO_SECURE_PROXY_SSL_HEADER", default=False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    if not SECURE_SSL_REDIRECT:
        # Turned off on purpose: the proxy in front redirects http to https.
        SILENCED_SYSTEM_CHECKS.append("security.W008")
    SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

# --- Sign-in: a brake on guessing the admin's password (scorekeeper/web/sign_in.py)

# axes first: it refuses a paused sign-in before the password is even checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Five wrong passwords in a row for one name from one address pause that name
# there for 15 minutes (each try meanwhile starts the wait again); a right one
# before that starts the count afresh. Other names and addresses sign in as usual.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["ip_address", "username"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "scorekeeper.web.sign_in.locked_out"
AXES_CLIENT_IP_CALLABLE = "scorekeeper.web.sign_in.client_address"
# Proxies in front that add the client's address to X-Forwarded-For; 0 (none):
# the connection's own address is the client's, and the header is ignored.
BOWER_PROXY_COUNT = env_int("BOWER_PROXY_COUNT", 0)

# --- Imports: a game document pasted or uploaded (scorekeeper.web.limits, D58)
# Imports a minute from one address, per process; more are answered 429 with the
# wait beside the field. 0: no limit.
BOWER_IMPORTS_PER_MINUTE = env_int("BOWER_IMPORTS_PER_MINUTE", 6)
# Hands one table keeps; an import past it is refused beside the field. 0: no limit.
BOWER_TABLE_MAX_HANDS = env_int("BOWER_TABLE_MAX_HANDS", 20_000)
# New tables an hour one address makes by importing from a phone with no table, per
# process (one every 15 minutes); more are answered 429 beside the field. 0: no limit.
BOWER_NEW_TABLES_PER_HOUR = env_int("BOWER_NEW_TABLES_PER_HOUR", 4)

# --- Check-in at a euchre night's door (scorekeeper.web.limits, D71), per process;
# more are answered 429 with the wait above the form. 0: no limit.
# Check-ins a minute from one address (one every 10 s).
BOWER_CHECK_INS_PER_MINUTE = env_int("BOWER_CHECK_INS_PER_MINUTE", 6)
# Check-ins a minute at one night, from every address (one a second).
BOWER_NIGHT_CHECK_INS_PER_MINUTE = env_int("BOWER_NIGHT_CHECK_INS_PER_MINUTE", 60)

# --- Logging: errors to standard error, where the app server and runserver show them

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    # Replaces Django's default, which prints only while DEBUG is on.
    "loggers": {"django": {"handlers": ["console"], "level": "INFO", "propagate": False}},
}
