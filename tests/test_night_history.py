"""A euchre night in history (rules.md 7, contract.md "History out and back
in"): the whole night in the backup and back, its hands in the players'
statistics (its tables not counted as games won or lost), its place on the
player's page and in the game lists, and player merges across nights."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scorekeeper.models import (
    EuchreNight,
    Game,
    Hand,
    NightPlayer,
    NightRound,
    Player,
    PrivateTable,
    Seat,
)
from tests.documents import import_document, long_game
from tests.night_support import a_played_night, play_round, start_night

pytestmark = pytest.mark.django_db


def backup() -> str:
    out = io.StringIO()
    call_command("backup", stdout=out)
    return out.getvalue()


def restore(text: str, tmp_path: Path) -> str:
    path = tmp_path / "backup.json"
    path.write_text(text)
    out = io.StringIO()
    call_command("restore", str(path), stdout=out)
    return out.getvalue()


def counts() -> tuple[int, ...]:
    models = (PrivateTable, EuchreNight, NightPlayer, NightRound, Game, Seat, Hand, Player)
    return tuple(m.objects.count() for m in models)


def empty_the_database() -> None:
    for model in (EuchreNight, Game, Player, PrivateTable):
        model.objects.all().delete()
    assert sum(counts()) == 0


# --- the backup ----------------------------------------------------------------------


def test_a_nights_tables_are_in_its_rounds_not_among_the_games() -> None:
    import_document(long_game(12))
    night = a_played_night()
    (table,) = json.loads(backup())["tables"]
    assert len(table["games"]) == 1  # the ordinary game only
    (written,) = table["nights"]
    assert written["id"] == str(night.uid)
    assert written["rules"]["hands_per_round"] == 4
    assert [p["name"] for p in written["players"]][-1] == "Ivy"
    first, second = written["rounds"]
    assert second["sitting_out"] == list(night.rounds.get(number=2).sitting_out) != []
    assert [t["table"] for t in first["tables"]] == [1, 2]
    # Each table's game is scored as the round plays it: after 4 hands, no winner.
    game = first["tables"][0]["game"]
    assert game["finished"] is True
    assert game["winners"] == []
    assert len(game["hands"]) == 4
    assert second["tables"][0]["game"]["finished"] is False


def test_backup_restore_into_an_empty_database_backup_again_is_the_same_file(
    tmp_path: Path,
) -> None:
    import_document(long_game(12))
    night = a_played_night()
    standings = night.board().standings
    first = backup()
    stored = counts()
    empty_the_database()

    said = restore(first, tmp_path)

    assert "1 game added" in said
    assert "1 euchre night added, 0 already stored" in said
    assert counts() == stored
    assert backup() == first
    restored = EuchreNight.objects.get(uid=night.uid)
    assert restored.board().standings == standings
    tables = Game.objects.filter(night_round__night=restored)
    assert tables.count() == 4
    assert all(g.round_hands == 4 and g.is_night_table for g in tables)
    assert restored.entrants.get(number=9).player.name == "Ivy"


def test_a_restored_night_goes_on_where_it_stopped(tmp_path: Path) -> None:
    night = a_played_night()
    text = backup()
    empty_the_database()
    restore(text, tmp_path)
    restored = EuchreNight.objects.get(uid=night.uid)
    second = restored.rounds.get(number=2)
    play_round(second, 2)  # the round's last two hands, recorded as usual
    assert restored.board().over


def test_restoring_a_stored_night_skips_it(tmp_path: Path) -> None:
    a_played_night()
    text = backup()
    before = counts()
    said = restore(text, tmp_path)
    assert "0 euchre nights added, 1 already stored" in said
    assert counts() == before


def test_a_backup_written_before_nights_still_restores(tmp_path: Path) -> None:
    import_document(long_game(12))
    data = json.loads(backup())
    del data["tables"][0]["nights"]
    empty_the_database()
    said = restore(json.dumps(data), tmp_path)
    assert "1 game added" in said
    assert "night" not in said


def _round(data: dict[str, Any], number: int) -> Any:
    return data["tables"][0]["nights"][0]["rounds"][number - 1]


def _stranger_at_table(table: dict[str, Any]) -> None:
    """Someone who is not a player of the night takes a seat (every hand too)."""
    name = table["game"]["players"][3]
    table["game"] = json.loads(json.dumps(table["game"]).replace(f'"{name}"', '"Zed"'))


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["tables"][0].update(nights={}), "table 1, nights"),
        (lambda d: d["tables"][0]["nights"][0].update(id=None), "table 1, night 1, id"),
        (
            lambda d: d["tables"][0]["nights"][0].update(variant="whist"),
            "table 1, night 1, variant",
        ),
        (
            lambda d: d["tables"][0]["nights"][0]["rules"].update(hands_per_round=40),
            "table 1, night 1, rules, hands_per_round",
        ),
        (
            lambda d: d["tables"][0]["nights"][0].update(rounds_planned=1),
            "table 1, night 1, rounds",
        ),
        (
            lambda d: d["tables"][0]["nights"][0]["players"][8].update(name="ann"),
            "table 1, night 1, player 9, name",
        ),
        (
            lambda d: d["tables"][0]["nights"][0].update(
                players=d["tables"][0]["nights"][0]["players"][:7]
            ),
            "table 1, night 1, players",
        ),
        (
            lambda d: _round(d, 2).update(sitting_out=[42]),
            "table 1, night 1, round 2, sitting_out",
        ),
        (
            lambda d: _round(d, 2).update(sitting_out=[_round(d, 2)["sitting_out"][0], 1]),
            "table 1, night 1, round 2, tables",
        ),
        (
            lambda d: _round(d, 1)["tables"][1].update(table=3),
            "table 1, night 1, round 1, table 2",
        ),
        (
            lambda d: _round(d, 1)["tables"][0]["game"]["hands"][2].update(tricks=9),
            "table 1, night 1, round 1, table 1, game, hand 3",
        ),
        (
            lambda d: _stranger_at_table(_round(d, 1)["tables"][0]),
            "table 1, night 1, round 1, table 1, game, players",
        ),
    ],
)
def test_a_bad_night_changes_nothing_and_names_the_place(
    tmp_path: Path, change: Any, where: str
) -> None:
    a_played_night()
    good = json.loads(backup())
    empty_the_database()
    data = copy.deepcopy(good)
    change(data)
    with pytest.raises(CommandError, match=rf"^{where}\b.*\(nothing restored\)$"):
        restore(json.dumps(data), tmp_path)
    assert sum(counts()) == 0


def test_a_big_nights_backup_stays_small_and_restores(tmp_path: Path) -> None:
    # The night: 16 players, 6 rounds of 8 hands at 4 tables.
    names = [f"Player {n}" for n in range(1, 17)]
    night = start_night(names, rounds=6, hands=8)
    for number in range(1, 7):
        if number > 1:
            night.seat_next_round(version=night.version)
        play_round(night.rounds.get(number=number), 8)
    standings = night.board().standings
    text = backup()
    # 192 hands: a few hundred kilobytes at most (about 1.5 kB a hand, indented).
    assert len(text.encode()) < 400_000
    empty_the_database()
    restore(text, tmp_path)
    assert EuchreNight.objects.get().board().standings == standings
    assert backup() == text
