"""The whole history out and back in (docs/formats.md, "History out and back in"):
``manage.py backup`` and ``manage.py restore``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.test import Client

from referee.engine.document import read_document
from scorekeeper.models import EuchreNight, Game, Hand, Player, PrivateTable, Seat
from tests.backup_support import backup, restore
from tests.documents import example, import_document, long_game
from tests.game_support import our_table, record, start_game, url
from tests.night_support import start_night, tables_of

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def counts() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (PrivateTable, Game, Seat, Hand, Player))


def a_history() -> None:
    """Two tables: ours with a finished game and one in play (a misdeal among its
    hands), and a club with a standard game under its own spelling of Ann."""
    import_document(long_game(60, target=25))
    import_document(example())
    club = PrivateTable.objects.create(name="The club")
    standard = {
        "format": "bower.game/1",
        "variant": "standard",
        "players": ["ANN", "Bob", "Cy", "Di"],
        "first_dealer": "Bob",
        "hands": [
            {"maker": "ANN", "trump": "S", "tricks": 5, "alone": True},
            {"maker": "Cy", "trump": "H", "tricks": 2},
        ],
    }
    Game.from_document(read_document(standard), private_table=club)


def test_backup_lists_every_table_with_its_key_and_games() -> None:
    a_history()
    data = json.loads(backup())
    assert data["format"] == "bower.backup/1"
    assert [(t["name"], t["key"]) for t in data["tables"]] == [
        (t.name, t.key) for t in PrivateTable.objects.order_by("created_at", "pk")
    ]
    ours, club = data["tables"]
    assert [len(t["games"]) for t in data["tables"]] == [2, 1]
    assert all(g["id"] and g["started_at"] for g in ours["games"] + club["games"])
    assert club["games"][0]["players"] == ["ANN", "Bob", "Cy", "Di"]


def test_backup_then_restore_into_an_empty_database_then_backup_again_is_the_same_file(
    tmp_path: Path,
) -> None:
    a_history()
    first = backup()
    stored = counts()
    for model in (Game, Player, PrivateTable):
        model.objects.all().delete()
    assert counts() == (0, 0, 0, 0, 0)

    said = restore(first, tmp_path)

    assert "2 tables: 3 games added, 0 already stored" in said
    assert counts() == stored
    assert backup() == first


def test_restoring_what_is_stored_skips_it_and_adds_the_rest(tmp_path: Path) -> None:
    a_history()
    text = backup()
    club_game = Game.objects.get(private_table__name="The club")
    club_game.delete()
    before = counts()

    said = restore(text, tmp_path, merge=True)

    assert "3 games" not in said
    assert "1 game added, 2 already stored" in said
    assert counts()[1] == before[1] + 1
    restored = Game.objects.get(private_table__name="The club")
    assert str(restored.uid) == json.loads(text)["tables"][1]["games"][0]["id"]


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.update(format="bower.game/1"), "format"),
        (lambda d: d["tables"][1].update(key="not a key!"), "private table 2, key"),
        (lambda d: d["tables"][1]["games"][0].update(variant="whist"), "private table 2, game 1"),
        (
            lambda d: d["tables"][1]["games"][0]["hands"][1].update(tricks=9),
            "private table 2, game 1, hand 2",
        ),
    ],
)
def test_a_bad_backup_changes_nothing_and_names_the_place(
    tmp_path: Path, change: object, where: str
) -> None:
    a_history()
    data = json.loads(backup())
    Game.objects.filter(private_table__name="The club").delete()
    PrivateTable.objects.filter(name="The club").delete()
    change(data)  # type: ignore[operator]
    before = counts()
    with pytest.raises(CommandError, match=rf"^{where}.*\(nothing restored\)$"):
        restore(json.dumps(data), tmp_path)
    assert counts() == before


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    our_table()
    with pytest.raises(CommandError, match="not a Bower backup"):
        restore("{not json", tmp_path)


def test_restore_reads_standard_input() -> None:
    a_history()
    text = backup()
    Game.objects.filter(private_table__name="The club").delete()
    out = io.StringIO()
    call_command("restore", "-", "--merge", stdin=io.StringIO(text), stdout=out)
    assert "1 game added" in out.getvalue()


@pytest.mark.django_db(transaction=True)
def test_a_backup_outside_any_transaction_reads_one_snapshot() -> None:
    # As the command runs: its own transaction (REPEATABLE READ on PostgreSQL).
    import_document(example())
    data = json.loads(backup())
    assert [len(t["games"]) for t in data["tables"]] == [1]


def test_the_operator_downloads_the_backup_and_nobody_else_does(
    client: Client, admin_client: Client
) -> None:
    a_history()
    # A phone of a table, not signed in to the admin: sent to the admin's sign-in.
    refused = client.get("/admin/backup/")
    assert refused.status_code == 302
    assert "/admin/login/" in refused["Location"]
    response = admin_client.get("/admin/backup/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    assert response.content.decode() == backup()


def test_a_restored_game_is_shown_as_restored_not_as_a_phone_saw_another_before(
    client: Client, tmp_path: Path
) -> None:
    first = import_document(long_game(3))
    saved = backup()
    Game.objects.all().delete()
    # A game a phone saw in a database that is then given up for the backup:
    # its number is free again, for the restored game at the same version.
    with transaction.atomic():
        other = import_document(long_game(5))
        assert "Hand 6" in client.get(url("game_table", other)).content.decode()
        transaction.set_rollback(True)
    restore(saved, tmp_path, merge=True)
    restored = Game.objects.get()
    assert restored.uid == first.uid
    page = client.get(url("game_table", restored)).content.decode()
    assert "Hand 4" in page
    assert "Hand 6" not in page


# --- Files written before the rulebook's numbers (docs/decisions.md, D45) ----------------------

OLD_CITATIONS = {
    "(Call-Ace rules 2)": "(rules 3.2)",
    "(house rule, Call-Ace rules 5)": "(house rule, 3.5)",
    ", Euchre night rules 4)": ", rules 7)",
}


def test_a_backup_written_with_the_old_sheets_numbers_restores_citing_the_rulebook(
    tmp_path: Path,
) -> None:
    # Export writes each hand's explanation; import and restore ignore it and
    # score every hand again (docs/formats.md), so an old file's words never come back.
    game = start_game("call-ace", renege="offender-loses-2")
    record(game, thrown_in=True)
    record(game, maker="Ann", trump="H", called="S", partner="Ben", tricks=1, renege="Dan")
    night = start_night(lone_march_five=True)
    night_table = tables_of(night.rounds.get(number=1))[0]
    record(
        night_table, maker=night_table.seat_list()[0].player.name, trump="H", tricks=5, alone=True
    )
    now = sorted(Hand.objects.values_list("section", "explanation"))
    text = backup()
    for new, old in OLD_CITATIONS.items():
        assert new in text
        text = text.replace(new, old)
    for model in (EuchreNight, Game, Player, PrivateTable):
        model.objects.all().delete()
    restore(text, tmp_path)
    assert sorted(Hand.objects.values_list("section", "explanation")) == now
    assert "rules 3.2" not in backup()
