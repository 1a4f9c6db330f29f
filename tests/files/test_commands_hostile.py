"""The operator's commands given bad input (docs/formats.md, "Game document (import and export)",
"History out and back in", "Tables: private by link, no accounts"): missing files, folders,
unreadable, endless or binary files, bad JSON, the wrong kind of document, NUL characters
and half characters in names, dates past the years, bad table keys. Each says
what is wrong on one line of standard error, exits non-zero, prints nothing
on standard output and stores nothing, on SQLite and PostgreSQL alike (what
PostgreSQL cannot store, SQLite is refused too, so a backup of one restores
into the other).

The commands run in the test's process as ``manage.py`` runs them
(``ManagementUtility``): its exit code, its standard error. A few run as a
real ``manage.py`` too, for the shell's own view."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.core.management import ManagementUtility

from scorekeeper.models import EuchreNight, Game, Hand, NightRound, Player, PrivateTable, Seat
from tests.documents import example
from tests.game_support import our_table
from tests.night_support import a_played_night

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
KEY = "K7d-Qm2xL9_pR4wZ8nB3cF6hJ1tV5sG0"  # as new_key makes them: 32 URL-safe characters


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str


def manage(*args: str, stdin: bytes = b"") -> Ran:
    """``manage.py ARGS`` in this process: its exit code, standard output and
    standard error. An exception that escapes (a traceback) fails the test."""
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with (
        redirect_stdout(out),
        redirect_stderr(err),
        mock.patch.object(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin))),
        # manage.py closes the connections at the end; the test's transaction stays.
        mock.patch("django.core.management.base.connections.close_all"),
    ):
        try:
            ManagementUtility(["manage.py", *args]).execute()
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
    return Ran(code, out.getvalue(), err.getvalue())


def stored() -> tuple[int, ...]:
    models = (PrivateTable, Game, Seat, Hand, Player, EuchreNight, NightRound)
    return tuple(m.objects.count() for m in models)


def assert_refused(ran: Ran, says: str) -> None:
    """Refused as the contract says: non-zero, one line naming the fault."""
    assert ran.code != 0, ran
    assert ran.out == "", ran
    lines = ran.err.splitlines()
    assert len(lines) == 1, ran.err
    assert lines[0].startswith("CommandError: "), ran.err
    assert says in lines[0], ran.err
    assert "Traceback" not in ran.err


def game(**fields: Any) -> bytes:
    return json.dumps({**example(), **fields}).encode()


def backup(*tables: dict[str, Any]) -> bytes:
    return json.dumps({"format": "bower.backup/1", "tables": list(tables)}).encode()


def private_table_backup(
    name: str = "Club", key: str = KEY, games: list[Any] | None = None, **more: Any
) -> Any:
    return {"name": name, "key": key, "games": games or [], **more}


# --- files that cannot be read ------------------------------------------------------------


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    """Paths that are not a readable file, by what they are."""
    a_file = tmp_path / "a-file.json"
    a_file.write_bytes(game())
    return {
        "missing": str(tmp_path / "missing.json"),
        "a folder": str(tmp_path),
        "under a file": str(a_file / "game.json"),
        "a NUL in its name": str(tmp_path / "game\x00.json"),
    }


@pytest.mark.parametrize("command", ["import_game", "restore"])
@pytest.mark.parametrize(
    ("which", "says"),
    [
        ("missing", "No such file or directory"),
        ("a folder", "Is a directory"),
        ("under a file", "Not a directory"),
        ("a NUL in its name", "no file name holds a NUL"),
    ],
)
def test_a_file_that_cannot_be_read_is_one_line(
    files: dict[str, str], command: str, which: str, says: str
) -> None:
    before = stored()
    ran = manage(command, files[which])
    assert_refused(ran, f"Cannot read {files[which].replace(chr(0), '\\x00')}: {says}")
    assert stored() == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its mode")
@pytest.mark.parametrize("command", ["import_game", "restore"])
def test_an_unreadable_file_is_one_line(tmp_path: Path, command: str) -> None:
    path = tmp_path / "locked.json"
    path.write_bytes(game())
    path.chmod(0)
    assert_refused(manage(command, str(path)), "Permission denied")
    assert not Game.objects.exists()


def test_import_of_a_file_that_never_ends_stops_at_the_limit() -> None:
    # /dev/zero is read up to one byte past the 1 MB limit, not forever.
    assert_refused(manage("import_game", "/dev/zero"), "document: it is too big")
    assert not Game.objects.exists()


# --- import_game: what the file holds -----------------------------------------------------

NO_DOCUMENT = [
    pytest.param(b"", "document: it is empty", id="empty"),
    pytest.param(os.urandom(2000) + b"\xff", "document: the file is not text", id="binary"),
    pytest.param(b'{"format": "bower.game/1",', "document: not valid JSON", id="bad JSON"),
    pytest.param(b"\x00" * 50, "document: not valid JSON", id="NULs"),
    pytest.param(backup(), 'format: must be "bower.game/1"', id="a backup"),
    pytest.param(b"[" * 100_000, "document: not a game document", id="nested too deep"),
    pytest.param(
        game(started_at="9999-12-31T23:59:59-14:00"), "started_at: must fall in", id="year 10000"
    ),
    pytest.param(
        game(started_at="0001-01-01T01:00:00+00:00"), "started_at: must fall in", id="year 1"
    ),
    pytest.param(
        game(players=["Ann\x00", "Ben", "Cat", "Dan", "Eve"]),
        "players: seat 1: A name",
        id="NUL name",
    ),
    pytest.param(
        game(players=["Ann\ud800", "Ben", "Cat", "Dan", "Eve"]),
        "half a character",
        id="half a character",
    ),
    # Quoted in the message: written as escapes, so the message stays one line.
    pytest.param(
        game(first_dealer="Zed\x00\nboom"),
        "first_dealer: 'Zed\\x00\\nboom' is not one of the players",
        id="NUL and line break quoted",
    ),
]


@pytest.mark.parametrize(("content", "says"), NO_DOCUMENT)
def test_import_of_what_is_not_a_good_game_document_is_one_line(content: bytes, says: str) -> None:
    our_table()
    before = stored()
    for ran in (manage("import_game", "-", stdin=content),):
        assert_refused(ran, says)
        assert ran.err.rstrip().endswith("(nothing imported)")
    assert stored() == before


@pytest.mark.parametrize(
    "key",
    ["nope", "a\x00b" * 11, "K" * 31 + "\x00", "K" * 31 + "\nK", "/t/" + "K" * 31 + "é/", "K" * 70],
)
def test_import_into_a_key_no_table_has_is_one_line(key: str) -> None:
    PrivateTable.objects.create(name="Club", key=KEY)
    before = stored()
    assert_refused(
        manage("import_game", "-", "--table", key, stdin=game()), "No table has that key"
    )
    assert stored() == before


def test_import_into_a_key_a_table_has_still_works() -> None:
    club = PrivateTable.objects.create(name="Club", key=KEY)
    ran = manage("import_game", "-", "--table", f"/t/{KEY}/", stdin=game())
    assert ran.code == 0, ran
    assert Game.objects.get(pk=int(ran.out.splitlines()[-1])).private_table == club


# --- restore: what the backup holds -------------------------------------------------------

BAD_BACKUPS = [
    pytest.param(b"", "file: this is not a Bower backup", id="empty"),
    pytest.param(os.urandom(2000) + b"\xff", "file: this is not a Bower backup", id="binary"),
    pytest.param(b"{nope", "file: this is not a Bower backup", id="bad JSON"),
    pytest.param(game(), 'format: a Bower backup says "format": "bower.backup/1"', id="a game"),
    pytest.param(b"[" * 100_000, "file: this is not a Bower backup", id="nested too deep"),
    pytest.param(
        b'{"format": "bower.backup/1", "tables": {}}', "tables: give the tables", id="no list"
    ),
    pytest.param(
        backup(private_table_backup(name="Club\x00")),
        "private table 1, name: holds a NUL",
        id="NUL name",
    ),
    pytest.param(
        backup(private_table_backup(name="Club\udc80")),
        "private table 1, name: holds a NUL or half",
        id="half a char",
    ),
    pytest.param(
        backup(private_table_backup(key=KEY[:-1] + "\x00")), "private table 1, key", id="NUL in key"
    ),
    pytest.param(
        backup(
            private_table_backup(games=[json.loads(game(players=["A\x00", "B", "C", "D", "E"]))])
        ),
        "private table 1, game 1, players: seat 1: A name",
        id="NUL player",
    ),
    pytest.param(
        backup(
            private_table_backup(games=[json.loads(game(started_at="9999-12-31T23:59:59-14:00"))])
        ),
        "private table 1, game 1, started_at: must fall in",
        id="year 10000",
    ),
    pytest.param(
        backup(
            private_table_backup(),
            private_table_backup(
                name="Two",
                key="L4e_Rn3yM8-qS5xA9oC2dG7jK1uW6tH0",
                games=[{"format": "bower.game/1\x00"}],
            ),
        ),
        'private table 2, game 1, format: must be "bower.game/1"',
        id="NUL in a format",
    ),
]


@pytest.mark.parametrize(("content", "says"), BAD_BACKUPS)
def test_restore_of_what_is_not_a_good_backup_is_one_line(content: bytes, says: str) -> None:
    before = stored()
    ran = manage("restore", "-", stdin=content)
    assert_refused(ran, says)
    assert ran.err.rstrip().endswith("(nothing restored)")
    assert stored() == before


def a_nights_backup() -> dict[str, Any]:
    """The backup of a played night, then the database emptied."""
    a_played_night()
    ran = manage("backup")
    assert ran.code == 0
    for model in (EuchreNight, Game, Player, PrivateTable):
        model.objects.all().delete()
    data: dict[str, Any] = json.loads(ran.out)
    return data


@pytest.mark.parametrize(
    ("change", "says"),
    [
        pytest.param(
            lambda n: n.update(name="Friday\x00"), "night 1, name: holds a NUL", id="NUL name"
        ),
        pytest.param(
            lambda n: n.update(name="Friday\ud800"), "night 1, name: holds a NUL", id="half a char"
        ),
        pytest.param(
            lambda n: n["players"][0].update(name="Ann\x00"),
            "night 1, player 1, name: A name",
            id="NUL player",
        ),
        pytest.param(
            lambda n: n.update(created_at="9999-12-31T23:59:59-14:00"),
            "night 1, created_at: must fall in",
            id="year 10000",
        ),
    ],
)
def test_restore_of_a_bad_night_is_one_line(change: Any, says: str) -> None:
    data = a_nights_backup()
    change(data["tables"][0]["nights"][0])
    ran = manage("restore", "-", stdin=json.dumps(data).encode())
    assert_refused(ran, f"private table 1, {says}")
    assert sum(stored()) == 0


def test_a_restored_nights_backup_is_taken_whole() -> None:
    # The same backup, untouched, restores: the refusals above are the changes'.
    data = a_nights_backup()
    ran = manage("restore", "-", stdin=json.dumps(data).encode())
    assert ran.code == 0, ran
    assert EuchreNight.objects.count() == 1


# --- the other commands -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("Club\x00", "letters, digits, spaces and punctuation only"),
        ("Club\x07", "letters, digits, spaces and punctuation only"),
        ("Club\udc80", "letters, digits, spaces and punctuation only"),
        ("x" * 61, "1 to"),
        ("   ", "1 to"),
    ],
)
@pytest.mark.postgres
def test_new_table_refuses_a_name_no_database_or_list_keeps(name: str, says: str) -> None:
    assert_refused(manage("new_table", name), says)
    assert not PrivateTable.objects.exists()


@pytest.mark.postgres
def test_tables_lists_a_table_a_line_whatever_its_name_holds() -> None:
    # A name with a line break (the admin takes any text) restores, and lists on one line.
    ran = manage("restore", "-", stdin=backup(private_table_backup(name="Club\nTwo\tThree")))
    assert ran.code == 0, ran
    listed = manage("tables")
    assert listed.out.splitlines() == [f"/t/{KEY}/  Club\\nTwo\\tThree (0 games)"]


@pytest.mark.parametrize("game_id", ["404", "-5", "9" * 30])
def test_export_of_a_game_that_is_not_there_is_one_line(game_id: str) -> None:
    assert_refused(manage("export_game", "--", game_id), f"There is no game {game_id}")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["export_game", "abc"], "argument game_id: invalid int value: 'abc'"),
        (["seat_night", "--players", "x", "--rounds", "2"], "invalid int value: 'x'"),
        (["import_game"], "the following arguments are required: file"),
    ],
)
def test_a_malformed_command_line_names_the_argument_without_a_traceback(
    args: list[str], says: str
) -> None:
    # argparse's own answer: the usage line, then the error, exit status 2.
    ran = manage(*args)
    assert ran.code == 2
    assert ran.err.splitlines()[-1].endswith(says)
    assert "Traceback" not in ran.err


# --- as the shell runs them ---------------------------------------------------------------


def shell(*args: str, db: Path, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """A real ``manage.py`` with the real settings, as a script runs it."""
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db}",
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        timeout=120,
        check=False,
    )


def test_from_the_shell_a_refusal_is_one_line_and_a_failing_exit_and_an_import_its_id(
    tmp_path: Path,
) -> None:
    db = tmp_path / "shell.sqlite3"
    assert shell("migrate", "--no-input", "-v0", db=db).returncode == 0
    # One of each kind; the others are refused in this process, above.
    wrong_partner = example()
    wrong_partner["hands"][2] = {
        "maker": "Cat",
        "trump": "S",
        "called": "S",
        "partner": "Zed",
        "tricks": 3,
    }
    refusals = [
        (["import_game", "-"], json.dumps(wrong_partner).encode(), "hand 3, partner"),
        (["import_game", "-"], game(first_dealer="Zed\nboom"), "'Zed\\nboom'"),
        (
            ["restore", "-"],
            backup(private_table_backup(name="Club\udc80")),
            "private table 1, name",
        ),
    ]
    for args, stdin, says in refusals:
        ran = shell(*args, db=db, stdin=stdin)
        err = ran.stderr.decode()
        assert ran.returncode == 1, (args, err)
        assert ran.stdout == b"", args
        assert err.count("\n") == 1, (args, err)
        assert err.startswith("CommandError: ")
        assert says in err, (args, err)
    listed = shell("tables", db=db)
    assert listed.stdout.decode().startswith("No table yet"), listed.stdout  # nothing stored

    good = shell("import_game", "-", db=db, stdin=json.dumps(example()).encode())
    assert good.returncode == 0, good.stderr
    game_id = good.stdout.decode().splitlines()[-1]
    assert game_id.isdigit()
    exported = shell("export_game", game_id, db=db)
    assert exported.returncode == 0
    assert json.loads(exported.stdout)["totals"]["Cat"] == 7
