import json
import os
import secrets
import string
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db.utils import ConnectionHandler

from scorekeeper.settings import (
    database_from_env,
    env_bool,
    env_int,
    env_list,
    env_time_zone,
    sqlite_database,
)

BASE_DIR = Path(__file__).resolve().parent.parent


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run manage.py in a fresh interpreter with the real settings and `env` on top."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environ |= {"DJANGO_SETTINGS_MODULE": "scorekeeper.settings", **env}
    return subprocess.run(
        [sys.executable, "-W", "error", "manage.py", *args],
        cwd=BASE_DIR,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_production_settings_pass_the_deploy_check() -> None:
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="example.com",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_a_bad_debug_value_stops_the_app_loudly() -> None:
    result = manage("check", DJANGO_DEBUG="yes please")
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "DJANGO_DEBUG='yes please'" in result.stderr


def test_debug_off_without_a_secret_key_stops_the_app() -> None:
    result = manage("check", DJANGO_DEBUG="0")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


@pytest.mark.parametrize(
    "key",
    [
        "too-short",
        "a" * 60 + "bcd",  # long, but only four different characters
        "django-insecure-" + string.ascii_letters,  # Django's own made-up development key
    ],
    ids=["short", "four-characters", "django-insecure"],
)
def test_debug_off_with_a_guessable_secret_key_stops_the_app(key: str) -> None:
    result = manage("check", DJANGO_DEBUG="0", DJANGO_SECRET_KEY=key)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is too weak" in result.stderr


def read_settings(*names: str, **env: str) -> dict[str, Any]:
    """The values of settings `names` as a fresh interpreter reads them with `env`."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "BOWER_"))}
    environ |= {"DJANGO_SETTINGS_MODULE": "scorekeeper.settings", **env}
    code = (
        "import json, sys; from django.conf import settings; "
        "print(json.dumps({n: getattr(settings, n) for n in sys.argv[1:]}))"
    )
    result = subprocess.run(
        [sys.executable, "-W", "error", "-c", code, *names],
        cwd=BASE_DIR,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    values: dict[str, Any] = json.loads(result.stdout)
    return values


LAN = {"BOWER_LAN": "1", "DJANGO_SECRET_KEY": secrets.token_urlsafe(50)}


def test_the_lan_switch_turns_debug_off_and_allows_plain_http() -> None:
    values = read_settings(
        "DEBUG",
        "ALLOWED_HOSTS",
        "SESSION_COOKIE_SECURE",
        "CSRF_COOKIE_SECURE",
        "SECURE_SSL_REDIRECT",
        "SECURE_HSTS_SECONDS",
        **LAN,
        DJANGO_ALLOWED_HOSTS="192.168.1.20,localhost",
    )
    assert values == {
        "DEBUG": False,
        "ALLOWED_HOSTS": ["192.168.1.20", "localhost"],
        # A phone on http:// would never send a Secure-only cookie back.
        "SESSION_COOKIE_SECURE": False,
        "CSRF_COOKIE_SECURE": False,
        "SECURE_SSL_REDIRECT": False,
        "SECURE_HSTS_SECONDS": 0,
    }


def test_https_deployments_keep_secure_cookies_redirect_and_hsts() -> None:
    values = read_settings(
        "SESSION_COOKIE_SECURE",
        "CSRF_COOKIE_SECURE",
        "SECURE_SSL_REDIRECT",
        "SECURE_HSTS_SECONDS",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
    )
    assert values == {
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 60 * 60 * 24 * 365,
    }


def test_the_lan_settings_pass_the_deploy_check() -> None:
    result = manage("check", "--deploy", "--fail-level", "WARNING", **LAN)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_lan_switch_refuses_debug_on() -> None:
    result = manage("check", **LAN, DJANGO_DEBUG="1")
    assert result.returncode != 0
    assert "DJANGO_DEBUG must be 0" in result.stderr


def make(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run `make ARGS` in the project with `env` on top of a clean environment."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "BOWER_"))}
    return subprocess.run(
        # -o: never reinstall the project from inside a test, even if pyproject.toml changed.
        ["make", "--no-print-directory", "-o", ".venv/.bower-app-installed", *args],
        cwd=BASE_DIR,
        env=environ | env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("key", "says"),
    [(None, "DJANGO_SECRET_KEY must be set"), ("short", "DJANGO_SECRET_KEY is too weak")],
)
def test_make_serve_refuses_a_missing_or_weak_key_in_one_line(key: str | None, says: str) -> None:
    env = {"DJANGO_DEBUG": "0", "DJANGO_ALLOWED_HOSTS": "example.com"}
    if key is not None:
        env["DJANGO_SECRET_KEY"] = key
    result = make("serve", **env)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    # Our line, then make's own "Error 1"; no traceback.
    assert len(lines) <= 2, result.stderr
    assert lines[0].startswith("Bower cannot start: " + says)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("true", True), ("TRUE", True), (" 0 ", False), ("false", False)],
)
def test_yes_no_values_are_read_strictly(
    monkeypatch: pytest.MonkeyPatch, raw: str, expected: bool
) -> None:
    monkeypatch.setenv("BOWER_FLAG", raw)
    assert env_bool("BOWER_FLAG", default=not expected) is expected


@pytest.mark.parametrize("raw", ["", "yes", "off", "2", "treu"])
def test_anything_else_is_not_a_yes_no_value(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv("BOWER_FLAG", raw)
    with pytest.raises(ImproperlyConfigured, match="BOWER_FLAG"):
        env_bool("BOWER_FLAG", default=True)


def test_an_unset_variable_takes_its_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BOWER_FLAG", raising=False)
    assert env_bool("BOWER_FLAG", default=True) is True
    assert env_int("BOWER_FLAG", default=7) == 7
    assert env_list("BOWER_FLAG", default=["a"]) == ["a"]


@pytest.mark.parametrize("raw", ["ten", "-1", "1.5"])
def test_a_bad_number_is_refused(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv("BOWER_SECONDS", raw)
    with pytest.raises(ImproperlyConfigured, match="BOWER_SECONDS"):
        env_int("BOWER_SECONDS", default=0)


def test_the_tables_time_zone_is_read_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOWER_TZ", " America/Chicago ")
    assert env_time_zone("BOWER_TZ", default="UTC") == "America/Chicago"


@pytest.mark.parametrize("raw", ["Mars/Olympus", "", "../etc/passwd"])
def test_a_time_zone_nobody_knows_is_refused(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv("BOWER_TZ", raw)
    with pytest.raises(ImproperlyConfigured, match="BOWER_TZ"):
        env_time_zone("BOWER_TZ", default="UTC")


def test_allowed_hosts_are_split_on_commas(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOWER_HOSTS", " example.com, www.example.com ,")
    assert env_list("BOWER_HOSTS", default=[]) == ["example.com", "www.example.com"]


def test_an_empty_host_list_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOWER_HOSTS", " , ")
    with pytest.raises(ImproperlyConfigured, match="BOWER_HOSTS"):
        env_list("BOWER_HOSTS", default=["localhost"])


def test_database_url_selects_postgresql(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://ann:secret@db.example.com:5433/bower")
    config = database_from_env()
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["HOST"], config["PORT"], config["NAME"]) == ("db.example.com", 5433, "bower")


def test_postgresql_gives_up_waiting_for_a_lock_after_the_lock_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The wait then ends in an error the middleware answers with 503 "busy".
    monkeypatch.setenv("DATABASE_URL", "postgres://ann:secret@db.example.com/bower")
    assert database_from_env()["OPTIONS"]["options"] == "-c lock_timeout=5000"
    monkeypatch.setenv("BOWER_LOCK_TIMEOUT", "2")
    assert database_from_env()["OPTIONS"]["options"] == "-c lock_timeout=2000"
    monkeypatch.delenv("DATABASE_URL")
    assert database_from_env()["OPTIONS"]["timeout"] == 2  # SQLite waits as long


def test_a_database_url_nobody_understands_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "mongodb://localhost/bower")
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        database_from_env()


def test_without_database_url_the_database_is_a_sqlite_file_beside_manage_py(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert database_from_env() == sqlite_database(BASE_DIR / "db.sqlite3")


def test_the_sqlite_file_uses_wal_a_busy_timeout_and_immediate_transactions(
    tmp_path: Path, django_db_blocker: Any
) -> None:
    default = settings.DATABASES["default"]
    if default["ENGINE"] != "django.db.backends.sqlite3":
        pytest.skip("the configured database is not SQLite")
    handler = ConnectionHandler({"default": {**default, "NAME": str(tmp_path / "t.sqlite3")}})
    connection = handler["default"]
    pragmas = {}
    with django_db_blocker.unblock():
        try:
            with connection.cursor() as cursor:
                for name in ("journal_mode", "synchronous", "busy_timeout"):
                    cursor.execute(f"PRAGMA {name}")
                    pragmas[name] = cursor.fetchone()[0]
            transaction_mode = connection.transaction_mode
        finally:
            connection.close()
    # A few seconds' wait for the write lock, then a 503 "busy" (scorekeeper/web/middleware.py).
    assert pragmas == {"journal_mode": "wal", "synchronous": 1, "busy_timeout": 5000}
    assert transaction_mode == "IMMEDIATE"
