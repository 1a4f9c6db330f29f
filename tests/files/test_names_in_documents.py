"""Players' names in the game document (docs/formats.md, "Game document (import
and export)": players' names): ``import_game``, the import page's upload and
paste and ``restore`` refuse a name holding a hidden or direction-changing
character, naming the seat or the hand and field, store nothing, and say which
names they read in another form (full-width letters as plain ones)."""

from __future__ import annotations

import io
import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Game, NightPlayer, Player
from tests.documents import example
from tests.game_support import our_table, start_game
from tests.names_support import (
    FULL_WIDTH,
    RIGHT_TO_LEFT,
    SPOOFS,
    WORD_JOINER,
    stored,
    wide,
)

pytestmark = pytest.mark.django_db

# --- the game document: command, upload, paste ---------------------------------------


def with_players(*names: str, **hand: Any) -> dict[str, Any]:
    """The example document with these players in its seats, its hands naming
    them as it names the players they replace; ``hand`` changes hand 1."""
    data = example()
    given = dict(zip(data["players"], names, strict=True))
    data["players"] = list(names)
    data["first_dealer"] = given[data["first_dealer"]]
    for raw in data["hands"]:
        for field in ("maker", "partner", "renege"):
            if raw.get(field) in given:
                raw[field] = given[raw[field]]
    data["hands"][0].update(hand)
    return data


def import_command(data: dict[str, Any], tmp_path: Path) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    out = io.StringIO()
    call_command("import_game", str(path), stdout=out)
    return out.getvalue()


@pytest.mark.parametrize(("name", "code"), SPOOFS)
def test_import_refuses_a_player_with_a_hidden_character_naming_the_seat(
    tmp_path: Path, name: str, code: str
) -> None:
    our_table()
    data = with_players("Ann", "Ben", "Cat", "Dan", name)
    with pytest.raises(
        CommandError, match=rf"^players: seat 5: .*{re.escape(code)}.*\(nothing imported\)$"
    ):
        import_command(data, tmp_path)
    assert stored()[:3] == (0, 0, 0)


def test_import_refuses_a_hand_naming_a_player_with_a_hidden_character(tmp_path: Path) -> None:
    our_table()
    data = with_players("Ann", "Ben", "Cat", "Dan", "Eve", maker="B\u200den")
    with pytest.raises(CommandError, match=r"^hand 1, maker: .*U\+200D"):
        import_command(data, tmp_path)
    assert stored()[:3] == (0, 0, 0)


def test_import_reads_full_width_names_as_the_players_they_are(tmp_path: Path) -> None:
    start_game("standard", ("Ann", "Ben", "Cat", "Dan"))
    data = with_players(FULL_WIDTH, "Ben", "Cat", "Dan", "Eve", maker=wide("BEN"))
    data["first_dealer"] = FULL_WIDTH
    out = import_command(data, tmp_path)
    assert f"Folded the name '{FULL_WIDTH}' into 'Ann' (players)." in out
    game = Game.objects.get(pk=int(out.splitlines()[-1]))
    assert game.seats.get(position=0).player == Player.objects.get(name="Ann")
    assert Player.objects.count() == 5


@pytest.mark.parametrize("field", ["file", "text"])
def test_an_upload_or_paste_with_a_spoofed_name_says_which_seat_beside_its_field(
    client: Client, field: str
) -> None:
    text = json.dumps(with_players("Ann", WORD_JOINER, "Cat", "Dan", "Eve"))
    if field == "file":
        given: dict[str, Any] = {"file": SimpleUploadedFile("g.json", text.encode())}
    else:
        given = {"text": text}
    response = client.post(reverse("game_import"), given)
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert list(errors) == [field]
    assert errors[field][0].startswith("Players: seat 2: This name holds a hidden character")
    assert "U+2060" in errors[field][0]
    assert stored()[:3] == (0, 0, 0)


# --- restore ---------------------------------------------------------------------------


def a_backup(*players: str, night_names: list[str] | None = None) -> dict[str, Any]:
    document = with_players(*players)
    private_table: dict[str, Any] = {
        "name": "Ours",
        "key": "Vd8rN3qW6tY1uI4oP7aS2fG5hJ9kL0",
        "games": [document],
    }
    if night_names is not None:
        private_table["nights"] = [
            {
                "id": str(uuid.uuid4()),
                "name": "Club",
                "variant": "standard",
                "rounds_planned": 2,
                "rules": {"hands_per_round": 4},
                "seed": 1,
                "players": [
                    {"number": n, "name": name, "present": True}
                    for n, name in enumerate(night_names, start=1)
                ],
                "rounds": [],
            }
        ]
    return {"format": "bower.backup/1", "tables": [private_table]}


def restore(data: dict[str, Any], tmp_path: Path) -> str:
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    out = io.StringIO()
    call_command("restore", str(path), stdout=out)
    return out.getvalue()


@pytest.mark.postgres
def test_restore_folds_a_full_width_name_into_the_player_and_says_so(tmp_path: Path) -> None:
    eight = [FULL_WIDTH, "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", wide("Hal")]
    out = restore(a_backup(FULL_WIDTH, "Ben", "Cat", "Dan", "Eve", night_names=eight), tmp_path)
    assert f"Folded the name '{FULL_WIDTH}' into 'Ann' (private table 1, game 1, players)." in out
    assert (
        f"Folded the name '{FULL_WIDTH}' into 'Ann' (private table 1, night 1, player 1, name)."
        in out
    )
    assert (
        f"Folded the name '{wide('Hal')}' into 'Hal' (private table 1, night 1, player 8, name)."
        in out
    )
    assert out.splitlines()[-1].startswith("Restored 1 table: 1 game added")
    # One Ann, sitting in the game and playing the night.
    ann = Player.objects.get(name="Ann")
    assert Player.objects.count() == 8
    assert ann.seats.count() == 1
    assert NightPlayer.objects.filter(player=ann).count() == 1


@pytest.mark.parametrize(("name", "code"), SPOOFS)
def test_restore_refuses_a_game_player_with_a_hidden_character_and_stores_nothing(
    tmp_path: Path, name: str, code: str
) -> None:
    data = a_backup("Ann", "Ben", name, "Dan", "Eve")
    pattern = (
        rf"^private table 1, game 1, players: seat 3: .*{re.escape(code)}.*\(nothing restored\)$"
    )
    with pytest.raises(CommandError, match=pattern):
        restore(data, tmp_path)
    assert stored() == (0, 0, 0, 0, 0)


def test_restore_refuses_a_night_player_with_a_hidden_character_and_stores_nothing(
    tmp_path: Path,
) -> None:
    eight = ["Ann", "Ben", "Cat", RIGHT_TO_LEFT.replace("Ann", "Dan"), "Eve", "Fay", "Gus", "Hal"]
    data = a_backup("Ann", "Ben", "Cat", "Dan", "Eve", night_names=eight)
    with pytest.raises(CommandError, match=r"^private table 1, night 1, player 4, name: .*U\+202E"):
        restore(data, tmp_path)
    assert stored() == (0, 0, 0, 0, 0)


def test_restore_refuses_two_names_that_read_as_one_in_a_game(tmp_path: Path) -> None:
    data = a_backup("Ann", "Ben", "Cat", "Dan", FULL_WIDTH)
    with pytest.raises(
        CommandError, match=r"^private table 1, game 1, players: 'Ann' appears twice"
    ):
        restore(data, tmp_path)
    assert stored() == (0, 0, 0, 0, 0)


def test_an_upload_says_which_names_it_read_in_another_form(client: Client) -> None:
    text = json.dumps(with_players(FULL_WIDTH, "Ben", "Cat", "Dan", "Eve"))
    response = client.post(reverse("game_import"), {"text": text}, follow=True)
    assert f"Read {FULL_WIDTH} as Ann." in response.content.decode()
    assert Game.objects.get().seats.get(position=0).player.name == "Ann"
