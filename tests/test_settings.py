import os
import secrets
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
    assert pragmas == {"journal_mode": "wal", "synchronous": 1, "busy_timeout": 20000}
    assert transaction_mode == "IMMEDIATE"
