"""One name, one person (docs/formats.md, "Game document (import and export)":
players' names): a name drawn as a name already in the game, the night or the
private table, from other letters (UTS #39's skeleton: a Cyrillic or Greek A, a
small capital), is refused beside its field, naming the name it passes for; a
letter carries at most two marks. Every way a name comes in: the new game
form, a euchre night's list, a late arrival, check-in, renaming, the admin and
the game document (command, upload, paste)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from referee.engine.names import NameError_, clean_name, look_alike, skeleton
from scorekeeper.models import EuchreNight, Player, PlayerChange
from tests.documents import example
from tests.game_support import new_game_form, our_table, start_game
from tests.names_support import CYRILLIC_ANN, LOOK_ALIKES, stored
from tests.night_support import new_night_form, start_night

# Names are compared as each database folds them.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

# --- the one check (engine) ------------------------------------------------------------


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_name_drawn_as_ann_from_other_letters_is_anns_look_alike(name: str) -> None:
    assert clean_name(name) == name  # a name on its own: no one to pass for
    assert skeleton(name) == skeleton("Ann")
    assert look_alike(name, ["Ben", "Ann"]) == "Ann"


@pytest.mark.parametrize(
    ("one", "other"),
    [("Amie", "Arnie"), ("Ann", "Anne"), ("Zoë", "Zoe"), ("Ann", "Ann Lee"), ("李雷", "李雪")],
)
def test_names_that_only_resemble_each_other_are_two_people(one: str, other: str) -> None:
    assert look_alike(one, [other]) is None


def test_the_same_name_in_another_case_is_the_player_not_a_look_alike() -> None:
    assert look_alike("ANN", ["Ann"]) is None
    assert look_alike("B0b", ["Bob"]) == "Bob"


def test_a_letter_carries_at_most_two_marks() -> None:
    assert clean_name("Nguyễn") == "Nguyễn"  # e, a circumflex and a dot below
    assert clean_name("A\u0336\u0336nn") == "A\u0336\u0336nn"
    for stack in ("A\u0336\u0336\u0336nn", "Ann" + "\u0336" * 20):
        with pytest.raises(NameError_, match=r"carries [0-9]+ accents or marks: at most 2"):
            clean_name(stack)


# --- the new game form -----------------------------------------------------------------


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_look_alike_of_a_seated_player_is_refused_beside_its_seat(
    client: Client, name: str
) -> None:
    response = client.post(reverse("new_game"), new_game_form(player_2=name))
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert errors["player_2"] == [
        f"{name} looks like Ann, already in seat 1: if it is them, type Ann;"
        " if not, tell them apart (add an initial)."
    ]
    assert 'id="id_player_2_error"' in response.content.decode()
    assert stored() == (0, 0, 0, 0, 0)


def test_a_look_alike_of_a_player_of_the_table_is_refused_as_the_game_starts(
    client: Client,
) -> None:
    start_game("standard", ("Ann", "Ben", "Cat", "Dan"))
    before = stored()
    data = new_game_form(player_0="Eve", player_1="Fay", player_2="Gus", player_3=CYRILLIC_ANN)
    response = client.post(reverse("new_game"), data)
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert list(errors) == ["player_3"]
    assert errors["player_3"][0].startswith(f"{CYRILLIC_ANN} looks like Ann, already at this table")
    assert stored() == before
    # Typed as the player it passes for, the game starts with Ann.
    assert client.post(reverse("new_game"), {**data, "player_3": "ann"}).status_code == 302


# --- a euchre night --------------------------------------------------------------------

NINE = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")


def test_a_new_nights_list_refuses_a_look_alike_among_its_names_and_the_tables(
    client: Client,
) -> None:
    response = client.post(reverse("night_new"), new_night_form([*NINE[:8], CYRILLIC_ANN]))
    assert response.status_code == 422
    assert response.context["form"].errors["new_names"] == [
        f"Line 9: {CYRILLIC_ANN} looks like Ann, already among the players: if it is them,"
        " type Ann; if not, tell them apart (add an initial)."
    ]
    start_game("standard", ("Zed", "Ben", "Cat", "Dan"))
    before = stored()
    response = client.post(reverse("night_new"), new_night_form(["Z\u0435d", *NINE[1:9]]))
    assert response.status_code == 422
    errors = response.context["form"].errors["new_names"]
    assert errors[0].startswith("Line 1: Z\u0435d looks like Zed, already at this table")
    assert stored() == before


@pytest.fixture
def night() -> EuchreNight:
    return start_night(NINE, rounds=3, seed=3)


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_late_arrival_drawn_as_a_player_of_the_night_is_refused(
    client: Client, night: EuchreNight, name: str
) -> None:
    before = stored()
    data = {"version": str(night.version), "action": "arrive", "name": name, "pick": ""}
    response = client.post(reverse("night_players", args=[night.pk]), data)
    assert response.status_code == 422
    assert response.context["people_errors"][0].startswith(
        f"{name} looks like Ann, already at this table"
    )
    assert stored() == before


@pytest.fixture
def door() -> EuchreNight:
    return start_night(["Ann", "Ben"], check_in=True)


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_checking_in_as_a_look_alike_is_refused_beside_the_name(
    stranger: Client, door: EuchreNight, name: str
) -> None:
    before = stored()
    address = reverse("night_check_in", args=[door.check_in_link])
    response = stranger.post(address, {"name": name})
    assert response.status_code == 422
    assert (
        response.context["form"]
        .errors["name"][0]
        .startswith(f"{name} looks like Ann, already at this table")
    )
    assert 'id="check-in-name_error"' in response.content.decode()
    assert stored() == before


# --- renaming and the admin ------------------------------------------------------------


def test_renaming_a_player_to_anothers_look_alike_is_refused(client: Client) -> None:
    start_game("standard", ("Ann", "Ben", "Cat", "Dan"))
    dan = Player.objects.get(name="Dan")
    response = client.post(reverse("player_rename", args=[dan.pk]), {"name": CYRILLIC_ANN})
    assert response.status_code == 422
    error = response.context["rename_form"].errors["name"][0]
    assert error.startswith(f"{CYRILLIC_ANN} looks like Ann, already at this table")
    dan.refresh_from_db()
    assert dan.name == "Dan"
    assert not PlayerChange.objects.exists()
    # Their own name in another script is theirs to take.
    response = client.post(reverse("player_rename", args=[dan.pk]), {"name": "D\u0430n"})
    assert response.status_code == 302


def test_the_admin_refuses_a_look_alike_of_another_player(admin_client: Client) -> None:
    start_game("standard", ("Ann", "Ben", "Cat", "Dan"))
    dan = Player.objects.get(name="Dan")
    address = reverse("admin:scorekeeper_player_change", args=[dan.pk])
    data = {"name": CYRILLIC_ANN, "private_table": str(dan.private_table_id)}
    response = admin_client.post(address, data)
    assert response.status_code == 200
    assert "looks like Ann" in " ".join(response.context["adminform"].form.errors["name"])
    dan.refresh_from_db()
    assert dan.name == "Dan"


# --- the game document -----------------------------------------------------------------


def with_players(*names: str) -> dict[str, Any]:
    """The example document (5 players) with these names in its seats."""
    data = example()
    given = dict(zip(data["players"], names, strict=True))
    data["players"] = list(names)
    data["first_dealer"] = given[data["first_dealer"]]
    for raw in data["hands"]:
        for field in ("maker", "partner", "renege"):
            if raw.get(field) in given:
                raw[field] = given[raw[field]]
    return data


def import_command(data: dict[str, Any], tmp_path: Path) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    out = io.StringIO()
    call_command("import_game", str(path), stdout=out)
    return out.getvalue()


def test_a_document_seating_a_look_alike_twice_is_refused_naming_the_seat(
    tmp_path: Path,
) -> None:
    our_table()
    data = with_players("Ann", "Ben", CYRILLIC_ANN, "Dan", "Eve")
    with pytest.raises(
        CommandError,
        match=rf"^players: seat 3: {CYRILLIC_ANN} looks like Ann, already in this game",
    ):
        import_command(data, tmp_path)
    assert stored()[:3] == (0, 0, 0)


def test_a_document_naming_a_look_alike_of_the_tables_player_is_refused(
    client: Client, tmp_path: Path
) -> None:
    start_game("standard", ("Ann", "Ben", "Cat", "Dan"))
    before = stored()
    data = with_players(CYRILLIC_ANN, "Ben", "Cat", "Dan", "Eve")
    with pytest.raises(CommandError, match=re.escape(f"players: {CYRILLIC_ANN} looks like Ann")):
        import_command(data, tmp_path)
    response = client.post(reverse("game_import"), {"text": json.dumps(data)})
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert list(errors) == ["text"]
    assert errors["text"][0].startswith(
        f"Players: {CYRILLIC_ANN} looks like Ann, already at this table"
    )
    assert stored() == before


def test_restoring_a_backup_with_two_look_alikes_at_one_table_stops_naming_them(
    tmp_path: Path,
) -> None:
    games = [with_players("Ann", "Ben", "Cat", "Dan", "Eve")]
    games.append(with_players(CYRILLIC_ANN, "Ben", "Cat", "Dan", "Eve"))
    for game in games:
        game.pop("id", None)
    private_table = {"name": "Ours", "key": "aB3dE5fG7hJ9kL2mN4pQ6rS8tV0wXy", "games": games}
    path = tmp_path / "backup.json"
    path.write_text(json.dumps({"format": "bower.backup/1", "tables": [private_table]}))
    with pytest.raises(
        CommandError,
        match=rf"^players: {CYRILLIC_ANN} looks like Ann, already at this table.*restored\)$",
    ):
        call_command("restore", str(path), stdout=io.StringIO())
    assert stored() == (0, 0, 0, 0, 0)
