"""The operator's side of private tables: new_table, tables, import_game
--table, and the migration that moves existing games into one table."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scorekeeper.models import Game, PrivateTable
from tests.documents import example

pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[list[str], list[str]]:
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue().splitlines(), err.getvalue().splitlines()


def game_file(tmp_path: Path) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(example()))
    return str(path)


def test_new_table_prints_its_key_link_last() -> None:
    out, _ = run("new_table", "Friday club")
    private_table = PrivateTable.objects.get()
    assert private_table.name == "Friday club"
    assert out[-1] == f"/t/{private_table.key}/"


def test_new_table_without_a_name_is_our_table() -> None:
    run("new_table")
    assert PrivateTable.objects.get().name == "Our table"


def test_tables_lists_each_table_with_its_key_link(tmp_path: Path) -> None:
    home = PrivateTable.objects.create(name="Home")
    club = PrivateTable.objects.create(name="Club")
    run("import_game", game_file(tmp_path), "--table", home.key)
    out, _ = run("tables")
    assert out == [f"/t/{home.key}/  Home (1 game)", f"/t/{club.key}/  Club (0 games)"]


def test_import_goes_into_the_table_of_the_key(tmp_path: Path) -> None:
    PrivateTable.objects.create(name="Home")
    club = PrivateTable.objects.create(name="Club")
    out, _ = run("import_game", game_file(tmp_path), "--table", club.key)
    assert Game.objects.get(pk=int(out[-1])).private_table == club
    # The key as the whole link path works too.
    out, _ = run("import_game", game_file(tmp_path), "--table", club.key_path)
    assert Game.objects.get(pk=int(out[-1])).private_table == club


def test_import_with_an_unknown_key_stores_nothing(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="No table has that key"):
        run("import_game", game_file(tmp_path), "--table", "nope")
    assert not Game.objects.exists()


def test_import_without_a_key_uses_the_only_table(tmp_path: Path) -> None:
    home = PrivateTable.objects.create(name="Home")
    out, err = run("import_game", game_file(tmp_path))
    assert Game.objects.get(pk=int(out[-1])).private_table == home
    assert err == []


def test_import_without_a_key_and_no_single_table_makes_one(tmp_path: Path) -> None:
    out, err = run("import_game", game_file(tmp_path))
    private_table = Game.objects.get(pk=int(out[-1])).private_table
    assert err[-1].endswith(private_table.key_path)  # on stderr: the id stays the last stdout line
    PrivateTable.objects.create(name="Second")
    run("import_game", game_file(tmp_path))
    assert PrivateTable.objects.count() == 3


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_the_migration_moves_existing_games_and_players_into_one_table() -> None:
    before = [("scorekeeper", "0003_game_next_dealer")]
    after = [("scorekeeper", "0006_tables_required")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    OldGame, OldPlayer = (
        old.get_model("scorekeeper", "Game"),
        old.get_model("scorekeeper", "Player"),
    )
    OldSeat = old.get_model("scorekeeper", "Seat")
    for _ in range(2):
        game = OldGame.objects.create(variant="call-ace")
        for position, name in enumerate(["Ann", "Ben", "Cat", "Dan"]):
            player, _ = OldPlayer.objects.get_or_create(name=name)
            OldSeat.objects.create(game=game, player=player, position=position)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    NewPrivateTable = new.get_model("scorekeeper", "PrivateTable")
    NewGame, NewPlayer = (
        new.get_model("scorekeeper", "Game"),
        new.get_model("scorekeeper", "Player"),
    )
    private_table = NewPrivateTable.objects.get()
    assert set(NewGame.objects.values_list("private_table", flat=True)) == {private_table.pk}
    assert set(NewPlayer.objects.values_list("private_table", flat=True)) == {private_table.pk}
    tokens = list(NewGame.objects.values_list("watch_token", flat=True))
    assert len(set(tokens)) == 2
    assert all(len(t) >= 32 for t in tokens)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    out, _ = run("tables")
    assert out == [f"/t/{private_table.key}/  Our table (2 games)"]


@pytest.mark.django_db(transaction=True)
def test_the_migration_makes_no_table_for_an_empty_database() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate([("scorekeeper", "0003_game_next_dealer")])
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert not PrivateTable.objects.exists()


def test_a_key_never_starts_with_a_dash_so_the_command_line_takes_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # One key in 64 would start with "-", which `--table KEY` reads as an option.
    drawn = iter(["-starts-with-a-dash-xxxxxxxxxxxxx", "plain-key-xxxxxxxxxxxxxxxxxxxxxxx"])
    monkeypatch.setattr("secrets.token_urlsafe", lambda _bytes: next(drawn))
    private_table = PrivateTable.objects.create(name="Club")
    monkeypatch.undo()
    assert private_table.key == "plain-key-xxxxxxxxxxxxxxxxxxxxxxx"
    out, _ = run("import_game", game_file(tmp_path), "--table", private_table.key)
    assert Game.objects.get(pk=int(out[-1])).private_table == private_table
