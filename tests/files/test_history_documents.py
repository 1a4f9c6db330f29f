"""A game's lasting id and dates through export and import
(docs/formats.md, "Game document (import and export)"): a game lands on its own
night, a stored game is never imported twice unless asked for a copy, and existing games got their
ids."""

from __future__ import annotations

import io
import json
import uuid
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from referee.engine.document import DocumentError, read_document
from scorekeeper.files.game_files import export_text
from scorekeeper.models import Game, Hand, Player, Seat
from tests.documents import example, import_document, long_game
from tests.game_support import our_table

pytestmark = pytest.mark.django_db

GAME_ID = "0f8e5a4c-3b1d-4c6e-9a7b-2d5f8e1c3a90"
STARTED = "2025-11-21T19:30:00+01:00"
FINISHED = "2025-11-21T22:05:00+01:00"


def dated(data: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {**data, "id": GAME_ID, "started_at": STARTED, "finished_at": FINISHED, **fields}


def import_file(data: dict[str, Any], tmp_path: Path, *flags: str) -> int:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    out = io.StringIO()
    # Into the table the test phones joined, as the key link in `--table` says.
    call_command("import_game", str(path), "--table", our_table().key, *flags, stdout=out)
    return int(out.getvalue().splitlines()[-1])


def counts() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (Game, Seat, Hand, Player))


def test_export_writes_the_games_id_and_when_it_started_and_is_null_for_the_end_while_on() -> None:
    game = import_document(example())
    data = json.loads(export_text(game))
    assert data["id"] == str(game.uid)
    assert datetime.fromisoformat(data["started_at"]) == game.created_at
    assert datetime.fromisoformat(data["started_at"]).utcoffset() is not None
    assert data["finished_at"] is None
    assert data["finished"] is False


def test_a_finished_games_export_says_when_it_ended() -> None:
    game = import_document(long_game(60, target=25))
    data = json.loads(export_text(game))
    assert game.finished_at is not None
    assert datetime.fromisoformat(data["finished_at"]) == game.finished_at


def test_import_keeps_the_id_and_dates_so_the_game_lands_on_its_own_night(
    client: Client, tmp_path: Path
) -> None:
    game = Game.objects.get(pk=import_file(dated(long_game(60, target=25)), tmp_path))
    assert str(game.uid) == GAME_ID
    assert game.created_at == datetime.fromisoformat(STARTED)
    assert game.finished_at == datetime.fromisoformat(FINISHED)
    assert game.game_night == date(2025, 11, 21)
    night = client.get(reverse("game_night", args=[date(2025, 11, 21)]))
    assert [g.pk for g in night.context["games"]] == [game.pk]


def test_a_game_still_on_keeps_no_end_even_when_the_document_gives_one(tmp_path: Path) -> None:
    game = Game.objects.get(pk=import_file(dated(example()), tmp_path))
    assert game.finished_at is None


def test_importing_a_stored_game_again_changes_nothing_and_names_the_game(
    tmp_path: Path,
) -> None:
    first = import_file(dated(example()), tmp_path)
    before = counts()
    with pytest.raises(CommandError, match=rf"already stored as game {first} .*--copy"):
        import_file(dated(example()), tmp_path)
    assert counts() == before
    assert Player.objects.get(name="Ann").seats.count() == 1


def test_the_round_trip_of_an_export_is_refused_as_the_same_game(tmp_path: Path) -> None:
    game = import_document(example())
    path = tmp_path / "again.json"
    path.write_text(export_text(game))
    with pytest.raises(CommandError, match=f"game {game.pk}"):
        call_command("import_game", str(path), stdout=io.StringIO())
    assert Game.objects.count() == 1


def test_copy_imports_a_stored_game_as_a_new_game_with_a_new_id(tmp_path: Path) -> None:
    first = Game.objects.get(pk=import_file(dated(example()), tmp_path))
    copy = Game.objects.get(pk=import_file(dated(example()), tmp_path, "--copy"))
    assert copy.pk != first.pk
    assert copy.uid != first.uid
    assert copy.created_at == first.created_at  # still that night's game
    assert json.loads(export_text(copy))["id"] == str(copy.uid)


def test_a_document_without_an_id_gets_a_new_one_each_time(tmp_path: Path) -> None:
    one = Game.objects.get(pk=import_file(example(), tmp_path))
    two = Game.objects.get(pk=import_file(example(), tmp_path))
    assert one.uid != two.uid


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("id", "game-1", "id: must be the game's UUID"),
        ("id", 7, "id: must be the game's UUID"),
        ("started_at", "last Friday", "started_at: must be a date and time in ISO 8601"),
        ("started_at", "2025-11-21T19:30:00", "started_at: needs its offset from UTC"),
        ("finished_at", 20251121, "finished_at: must be a date and time in ISO 8601"),
    ],
)
def test_a_bad_id_or_date_is_named_and_nothing_is_stored(
    field: str, value: Any, message: str
) -> None:
    with pytest.raises(DocumentError) as caught:
        read_document({**example(), field: value})
    assert str(caught.value).startswith(message)


def test_dates_are_read_with_their_offset() -> None:
    document = read_document(dated(example()))
    assert document.id == uuid.UUID(GAME_ID)
    assert document.started_at == datetime(2025, 11, 21, 18, 30, tzinfo=UTC)
    assert document.finished_at is not None
    assert document.finished_at - document.started_at == timedelta(hours=2, minutes=35)


# --- The web upload -----------------------------------------------------------------------


def upload(client: Client, data: dict[str, Any], **fields: Any) -> Any:
    file = SimpleUploadedFile("game.json", json.dumps(data).encode())
    return client.post(reverse("game_import"), {"file": file, **fields})


def test_the_web_refuses_a_stored_game_beside_the_field_with_a_link_and_offers_a_copy(
    client: Client,
) -> None:
    stored = import_document(dated(example()))
    response = upload(client, dated(example()))
    assert response.status_code == 422
    error = response.context["form"].errors["file"][0]
    assert error.startswith("This game is already stored")
    html = response.content.decode()
    assert f'<a href="{reverse("game_table", args=[stored.pk])}">{stored}' in html
    assert 'id="id_file_error"' in html
    assert 'name="copy"' in html
    assert Game.objects.count() == 1

    copied = upload(client, dated(example()), copy="on")
    assert copied.status_code == 302
    assert Game.objects.count() == 2


def test_the_copy_box_is_not_offered_before_it_is_needed(client: Client) -> None:
    assert 'name="copy"' not in client.get(reverse("game_import")).content.decode()


# --- Games stored before ids --------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_the_migration_gives_every_existing_game_its_own_id() -> None:
    before = [("scorekeeper", "0003_game_next_dealer")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old_game = executor.loader.project_state(before).apps.get_model("scorekeeper", "Game")
    for _ in range(3):
        old_game.objects.create()
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    uids = list(Game.objects.values_list("uid", flat=True))
    assert len(uids) == 3
    assert len(set(uids)) == 3
    assert all(isinstance(u, uuid.UUID) for u in uids)
