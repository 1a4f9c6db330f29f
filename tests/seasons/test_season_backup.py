"""Seasons in the backup (docs/formats.md, "History out and back in"): an
optional key per table, read back exactly, every season checked first."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from django.core.management.base import CommandError

from scorekeeper.models import Game, Player, PrivateTable, Season
from tests.backup_support import backup, restore
from tests.game_support import our_table
from tests.seasons.season_support import game_on, season

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def seasons() -> list[tuple[str, str, date, date, str, int]]:
    return list(
        Season.objects.order_by("private_table__key", "starts").values_list(
            "private_table__key", "name", "starts", "ends", "rule", "best"
        )
    )


def a_history() -> None:
    game_on(date(2026, 9, 4), "Ann", "Ben")
    winter = season("Winter", date(2027, 1, 1), date(2027, 3, 31))
    Season.objects.filter(pk=winter.pk).update(rule="best", best=3)
    season("Autumn", date(2026, 9, 1), date(2026, 12, 20))
    PrivateTable.objects.create(name="No seasons here")


def test_a_tables_seasons_are_in_its_backup_and_a_table_without_has_no_key() -> None:
    a_history()
    ours, other = json.loads(backup())["tables"]
    assert ours["seasons"] == [
        {"name": "Autumn", "starts": "2026-09-01", "ends": "2026-12-20"},
        {"name": "Winter", "starts": "2027-01-01", "ends": "2027-03-31", "rule": "best", "best": 3},
    ]
    assert "seasons" not in other


def test_backup_restore_into_an_empty_database_backup_again_is_the_same_file(
    tmp_path: Path,
) -> None:
    a_history()
    first = backup()
    stored = seasons()
    for model in (Game, Player, PrivateTable):
        model.objects.all().delete()
    assert not Season.objects.exists()
    said = restore(first, tmp_path)
    assert "; 2 seasons added, 0 already stored." in said
    assert seasons() == stored
    assert backup() == first


def test_restoring_skips_a_season_whose_nights_are_already_a_seasons(tmp_path: Path) -> None:
    a_history()
    text = backup()
    Season.objects.filter(name="Winter").delete()
    Season.objects.filter(name="Autumn").update(name="Our autumn")
    said = restore(text, tmp_path, merge=True)
    assert "; 1 season added, 1 already stored." in said
    assert [s[1] for s in seasons()] == ["Our autumn", "Winter"]


@pytest.mark.parametrize(
    ("seasons_data", "where"),
    [
        ("autumn", "private table 1, seasons"),
        ([["Autumn"]], "private table 1, season 1"),
        (
            [{"name": "", "starts": "2026-09-01", "ends": "2026-12-20"}],
            "private table 1, season 1, name",
        ),
        (
            [{"name": "A\x00", "starts": "2026-09-01", "ends": "2026-12-20"}],
            "private table 1, season 1, name",
        ),
        (
            [{"name": "A\u202e", "starts": "2026-09-01", "ends": "2026-12-20"}],
            "private table 1, season 1, name",
        ),
        (
            [{"name": "A", "starts": "2026-02-31", "ends": "2026-12-20"}],
            "private table 1, season 1, starts",
        ),
        (
            [{"name": "A", "starts": "0000-01-01", "ends": "2026-12-20"}],
            "private table 1, season 1, starts",
        ),
        (
            [{"name": "A", "starts": "2026-09-01", "ends": "99999-12-20"}],
            "private table 1, season 1, ends",
        ),
        ([{"name": "A", "starts": "2026-09-01"}], "private table 1, season 1, ends"),
        (
            [{"name": "A", "starts": "2026-09-01", "ends": "2026-08-01"}],
            "private table 1, season 1, ends",
        ),
        (
            [{"name": "A", "starts": "2026-09-01", "ends": "2026-12-20", "rule": "median"}],
            "private table 1, season 1, rule",
        ),
        (
            [{"name": "A", "starts": "2026-09-01", "ends": "2026-12-20", "rule": "best"}],
            "private table 1, season 1, best",
        ),
        (
            [
                {"name": "A", "starts": "2026-09-01", "ends": "2026-12-20"},
                {"name": "B", "starts": "2026-12-20", "ends": "2027-01-20"},
            ],
            "private table 1, season 2, starts",
        ),
    ],
)
def test_a_bad_season_changes_nothing_and_names_the_place(
    tmp_path: Path, seasons_data: object, where: str
) -> None:
    our_table()
    data = json.loads(backup())
    data["tables"][0]["seasons"] = seasons_data
    data["tables"].append({"name": "New", "key": "Qm7vT2xL9pR4wZ8nB3cF6hJ1kD5sG0yA", "games": []})
    with pytest.raises(CommandError, match=rf"^{where}: .*\(nothing restored\)$"):
        restore(json.dumps(data), tmp_path)
    assert not Season.objects.exists()
    assert not PrivateTable.objects.filter(name="New").exists()
