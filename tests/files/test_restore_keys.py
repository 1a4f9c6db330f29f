"""Restore keeps tables apart (issue 43; docs/formats.md, "History out and back in"):
a backup whose table key anyone could guess (too short, too few different characters)
or that holds one key twice is refused, naming the table and the key's line in the file;
a backup table whose key is already stored is refused until the operator says
``--merge``. Each refusal stores nothing. Run on SQLite and on PostgreSQL."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scorekeeper.models import Game, Player, PrivateTable
from scorekeeper.models.private_tables import new_key
from tests.backup_support import backup, restore
from tests.documents import example, import_document

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def a_backup(*keys: str) -> str:
    """A backup of one table per key, each with one game of its own, written as
    ``manage.py backup`` writes (one field a line)."""
    tables = [
        {"name": f"Club {n}", "key": key, "games": [example() | {"id": None}]}
        for n, key in enumerate(keys, start=1)
    ]
    return json.dumps({"format": "bower.backup/1", "tables": tables}, indent=1) + "\n"


def line_of(text: str, key: str, nth: int = 0) -> int:
    """The line (from 1) of the ``nth`` ``"key"`` field holding ``key``."""
    lines = [n for n, line in enumerate(text.splitlines(), start=1) if f'"key": "{key}"' in line]
    return lines[nth]


def stored() -> tuple[int, int]:
    return PrivateTable.objects.count(), Game.objects.count()


def refused(text: str, tmp_path: Path, *, merge: bool = False) -> str:
    before = stored()
    with pytest.raises(CommandError) as error:
        restore(text, tmp_path, merge=merge)
    assert stored() == before
    message = str(error.value)
    assert message.endswith("(nothing restored)")
    return message


def test_two_tables_with_one_key_are_refused_naming_both_lines(tmp_path: Path) -> None:
    # Before, both clubs' games were restored into one table ("Restored 2 tables").
    key = new_key()
    text = a_backup(new_key(), key, key)
    message = refused(text, tmp_path)
    first, second = line_of(text, key), line_of(text, key, 1)
    assert message.startswith(f"private table 3, key (line {second}): ")
    assert f"private table 2 has this key too (line {first})" in message


@pytest.mark.parametrize(
    "key",
    [
        "aaaaaaaaaaaaaaaaaaaaaa",  # 22 characters, one of them different
        "abababababababababababababababab",
        "01234567801234567801234567801234",  # 9 different
    ],
)
def test_a_key_anyone_could_guess_is_refused_with_its_line(tmp_path: Path, key: str) -> None:
    text = a_backup(new_key(), key)
    message = refused(text, tmp_path)
    assert message.startswith(f"private table 2, key (line {line_of(text, key)}): ")
    assert "anyone could guess" in message


def test_a_key_too_short_is_refused(tmp_path: Path) -> None:
    key = "Xq3-9zLk_2Wm"
    text = a_backup(key)
    assert refused(text, tmp_path).startswith(f"private table 1, key (line {line_of(text, key)})")


def test_every_key_bower_makes_is_accepted(tmp_path: Path) -> None:
    keys = [new_key() for _ in range(30)]
    said = restore(a_backup(*keys), tmp_path)
    assert said.startswith("Restored 30 tables: 30 games added")


def test_a_table_already_stored_is_refused_until_merge_is_asked(tmp_path: Path) -> None:
    import_document(example())
    ours = PrivateTable.objects.get()
    text = a_backup(new_key(), ours.key)
    message = refused(text, tmp_path)
    assert message.startswith(f"private table 2, key (line {line_of(text, ours.key)}): ")
    assert f"this key is the stored table '{ours.name}'" in message
    assert "--merge" in message

    said = restore(text, tmp_path, merge=True)

    assert said.startswith("Restored 2 tables: 2 games added")
    assert Game.objects.filter(private_table=ours).count() == 2
    assert PrivateTable.objects.count() == 2


def test_restoring_the_same_backup_again_with_merge_adds_nothing(tmp_path: Path) -> None:
    import_document(example())
    text = backup()
    out = io.StringIO()
    call_command("restore", "-", "--merge", stdin=io.StringIO(text), stdout=out)
    assert "0 games added, 1 already stored" in out.getvalue()


def test_a_backup_of_tables_not_stored_needs_no_merge(tmp_path: Path) -> None:
    import_document(example())
    data: dict[str, Any] = json.loads(backup())
    for model in (Game, Player, PrivateTable):
        model.objects.all().delete()
    assert "1 game added" in restore(json.dumps(data, indent=1), tmp_path)
