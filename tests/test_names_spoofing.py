"""Players' names that cannot pass for one another (docs/formats.md, "Players'
names"): every way a name comes in (the new game form, a euchre night's
players, renaming, the game document by command, upload and paste, restore)
reads it in NFKC form and refuses a name holding a hidden or
direction-changing character, through the engine's one check
(``referee.engine.names.clean_name``)."""

from __future__ import annotations

import io
import json
import re
import unicodedata
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from referee.engine.names import NameError_, clean_name, first_repeat, holds_hidden, same_name
from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, Game, NightPlayer, Player, PlayerChange, Seat
from tests.documents import example
from tests.game_support import our_table, start_game

WORD_JOINER = "Ann\u2060"
ZERO_WIDTH_JOINER = "A\u200dnn"
RIGHT_TO_LEFT = "\u202eAnn"


def wide(text: str) -> str:
    """``text`` in full-width letters (U+FF01-U+FF5E, and the ideographic space)."""
    return "".join(
        "\u3000" if c == " " else chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text
    )


FULL_WIDTH = wide("Ann")

SPOOFS = [
    pytest.param(WORD_JOINER, "U+2060", id="word-joiner"),
    pytest.param(ZERO_WIDTH_JOINER, "U+200D", id="zero-width-joiner"),
    pytest.param(RIGHT_TO_LEFT, "U+202E", id="right-to-left-override"),
    pytest.param("Ann\u200b", "U+200B", id="zero-width-space"),
    pytest.param("\u2066Ann\u2069", "U+2066", id="isolate"),
    pytest.param("Ann\u3164", "U+1160", id="hangul-filler"),
    pytest.param("Ann\ufe0f", "U+FE0F", id="variation-selector"),
]


def stored() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (Game, Seat, Player, EuchreNight, NightPlayer))


pytestmark = pytest.mark.django_db

# --- the one check (engine) ------------------------------------------------------------


@pytest.mark.parametrize(("name", "code"), SPOOFS)
def test_a_name_with_a_hidden_character_is_refused_naming_it(name: str, code: str) -> None:
    with pytest.raises(NameError_, match=re.escape(code)) as refused:
        clean_name(name)
    # The message never carries the hidden character itself.
    assert "Ann" not in str(refused.value)


def test_a_full_width_name_is_read_as_the_plain_name() -> None:
    assert clean_name(FULL_WIDTH) == "Ann"
    assert clean_name(wide("  Ann   Lee ")) == "Ann Lee"
    assert clean_name(wide("MAKERs")) == "MAKERs"


def test_names_equal_once_read_are_one_name_as_names_differing_in_case_are() -> None:
    assert same_name(FULL_WIDTH, "ann")
    assert same_name("Ann", "ANN")
    assert not same_name("Ann", "Anne")
    assert first_repeat(["Ann", "Ben", FULL_WIDTH]) == 2
    with pytest.raises(NameError_, match="reserves"):
        clean_name(wide("maker"))


@given(text=st.text(max_size=40))
def test_a_name_the_check_lets_through_shows_every_character_and_reads_as_itself(
    text: str,
) -> None:
    try:
        name = clean_name(text)
    except NameError_:
        return
    assert not holds_hidden(name)
    assert clean_name(name) == name
    assert same_name(name, text)
    assert unicodedata.normalize("NFKC", name) == name


def test_the_one_check_gives_a_clean_name_back_unchanged() -> None:
    for name in ("Ann", "Zoë", "李雷", "O'Neil", "Ann-Marie", "🃏 Joker"):
        assert clean_name(clean_name(name)) == clean_name(name) == name


# --- the new game form -----------------------------------------------------------------


def new_game(**players: str) -> dict[str, Any]:
    data = {
        "token": str(uuid.uuid4()),
        "variant": "call-ace",
        "player_0": "Ann",
        "player_1": "Ben",
        "player_2": "Cat",
        "player_3": "Dan",
        "player_4": "Eve",
        "first_dealer": "0",
        "target": "10",
        "stick_the_dealer": "on",
        "deal": "standard",
        "renege": "march-or-euchre",
        "ties": "share",
        "action": "start",
    }
    data.update(players)
    return data


def test_the_three_spoofs_of_ann_and_an_override_are_refused_beside_their_seats(
    client: Client,
) -> None:
    data = new_game(
        player_1=WORD_JOINER, player_2=ZERO_WIDTH_JOINER, player_3=RIGHT_TO_LEFT, player_4="Eve"
    )
    response = client.post(reverse("new_game"), data)
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert {"player_1", "player_2", "player_3"} <= set(errors)
    assert "U+2060 WORD JOINER" in errors["player_1"][0]
    assert "U+200D ZERO WIDTH JOINER" in errors["player_2"][0]
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in errors["player_3"][0]
    html = response.content.decode()
    for slot in (1, 2, 3):
        assert f'id="id_player_{slot}_error"' in html
    assert stored() == (0, 0, 0, 0, 0)


@pytest.mark.parametrize(("name", "code"), SPOOFS)
def test_a_name_picked_or_typed_with_a_hidden_character_stores_nothing(
    client: Client, name: str, code: str
) -> None:
    response = client.post(reverse("new_game"), new_game(player_4=name))
    assert response.status_code == 422
    assert code in response.context["form"].errors["player_4"][0]
    assert stored() == (0, 0, 0, 0, 0)


def test_a_full_width_name_is_the_player_already_known(client: Client) -> None:
    start_game("standard", ("Ann", "Ben", "Cat", "Dan"))
    ann = Player.objects.get(name="Ann")
    response = client.post(reverse("new_game"), new_game(player_0=FULL_WIDTH))
    assert response.status_code == 302
    game = Game.objects.latest("pk")
    assert game.seats.get(position=0).player == ann
    assert not Player.objects.exclude(name__in=["Ann", "Ben", "Cat", "Dan", "Eve"]).exists()


def test_a_full_width_name_beside_the_plain_one_is_one_person_twice(client: Client) -> None:
    response = client.post(reverse("new_game"), new_game(player_2=FULL_WIDTH))
    assert response.status_code == 422
    assert "Ann already sits in seat 1" in response.context["form"].errors["player_2"][0]
    assert stored() == (0, 0, 0, 0, 0)


def test_picking_a_known_player_by_a_full_width_name_seats_them_once(client: Client) -> None:
    response = client.post(
        reverse("new_game"), new_game(player_1="", player_4="", add_player=FULL_WIDTH)
    )
    # Ann sits in seat 1 already: the pick fills no second seat.
    form = response.context["form"]
    assert form["player_1"].value() in ("", None)


# --- a euchre night's players ----------------------------------------------------------

NINE = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")


@pytest.fixture
def night() -> EuchreNight:
    return EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=NINE,
        rounds=3,
        rules=NightRules(hands_per_round=4),
        seed=3,
    )


def arrive(client: Client, night: EuchreNight, name: str) -> Any:
    data = {"version": str(night.version), "action": "arrive", "name": name, "pick": ""}
    return client.post(reverse("night_players", args=[night.pk]), data)


@pytest.mark.parametrize(("name", "code"), SPOOFS)
def test_a_late_arrival_with_a_hidden_character_is_refused(
    client: Client, night: EuchreNight, name: str, code: str
) -> None:
    before = stored()
    response = arrive(client, night, name)
    assert response.status_code == 422
    assert any(code in error for error in response.context["people_errors"])
    assert stored() == before


def test_a_late_arrival_in_full_width_is_the_player_already_there(
    client: Client, night: EuchreNight
) -> None:
    before = stored()
    assert arrive(client, night, wide("IVY")).status_code == 302
    assert stored() == before


def test_a_new_night_refuses_a_hidden_character_among_the_new_names(client: Client) -> None:
    names = ["Ann", WORD_JOINER, "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    data = {
        "token": str(uuid.uuid4()),
        "name": "Club",
        "new_names": "\n".join(names),
        "variant": "standard",
        "rounds": "3",
        "hands_per_round": "8",
        "sit_out": "fixed",
        "sit_out_points": "4",
        "stick_the_dealer": "on",
        "deal": "standard",
        "renege": "march-or-euchre",
    }
    response = client.post(reverse("night_new"), data)
    assert response.status_code == 422
    errors = response.context["form"].errors["new_names"]
    assert any(e.startswith("Line 2:") and "U+2060" in e for e in errors)
    data["new_names"] = "\n".join(["Ann", FULL_WIDTH, *names[2:]])
    response = client.post(reverse("night_new"), data)
    assert any(
        "already among the players" in e for e in response.context["form"].errors["new_names"]
    )
    assert stored() == (0, 0, 0, 0, 0)


# --- renaming ------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "code"), SPOOFS)
def test_renaming_to_a_name_with_a_hidden_character_is_refused_beside_the_field(
    client: Client, name: str, code: str
) -> None:
    start_game("standard", ("Ann", "Ben", "Cat", "Dan"))
    dan = Player.objects.get(name="Dan")
    response = client.post(reverse("player_rename", args=[dan.pk]), {"name": name})
    assert response.status_code == 422
    assert code in response.context["rename_form"].errors["name"][0]
    assert 'id="id_name_error"' in response.content.decode()
    dan.refresh_from_db()
    assert dan.name == "Dan"
    assert not PlayerChange.objects.exists()


def test_renaming_to_another_players_name_in_full_width_asks_for_a_merge(client: Client) -> None:
    start_game("standard", ("Ann", "Ben", "Cat", "Dan"))
    dan = Player.objects.get(name="Dan")
    response = client.post(reverse("player_rename", args=[dan.pk]), {"name": FULL_WIDTH})
    assert response.status_code == 422
    assert "merge Dan into them" in response.context["rename_form"].errors["name"][0]
    response = client.post(reverse("player_rename", args=[dan.pk]), {"name": wide("Danny")})
    assert response.status_code == 302
    dan.refresh_from_db()
    assert dan.name == "Danny"


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
    table: dict[str, Any] = {"name": "Ours", "key": "k" * 30, "games": [document]}
    if night_names is not None:
        table["nights"] = [
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
    return {"format": "bower.backup/1", "tables": [table]}


def restore(data: dict[str, Any], tmp_path: Path) -> str:
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    out = io.StringIO()
    call_command("restore", str(path), stdout=out)
    return out.getvalue()


def test_restore_folds_a_full_width_name_into_the_player_and_says_so(tmp_path: Path) -> None:
    eight = [FULL_WIDTH, "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", wide("Hal")]
    out = restore(a_backup(FULL_WIDTH, "Ben", "Cat", "Dan", "Eve", night_names=eight), tmp_path)
    assert f"Folded the name '{FULL_WIDTH}' into 'Ann' (table 1, game 1, players)." in out
    assert f"Folded the name '{FULL_WIDTH}' into 'Ann' (table 1, night 1, player 1, name)." in out
    assert f"Folded the name '{wide('Hal')}' into 'Hal' (table 1, night 1, player 8, name)." in out
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
    pattern = rf"^table 1, game 1, players: seat 3: .*{re.escape(code)}.*\(nothing restored\)$"
    with pytest.raises(CommandError, match=pattern):
        restore(data, tmp_path)
    assert stored() == (0, 0, 0, 0, 0)


def test_restore_refuses_a_night_player_with_a_hidden_character_and_stores_nothing(
    tmp_path: Path,
) -> None:
    eight = ["Ann", "Ben", "Cat", RIGHT_TO_LEFT.replace("Ann", "Dan"), "Eve", "Fay", "Gus", "Hal"]
    data = a_backup("Ann", "Ben", "Cat", "Dan", "Eve", night_names=eight)
    with pytest.raises(CommandError, match=r"^table 1, night 1, player 4, name: .*U\+202E"):
        restore(data, tmp_path)
    assert stored() == (0, 0, 0, 0, 0)


def test_restore_refuses_two_names_that_read_as_one_in_a_game(tmp_path: Path) -> None:
    data = a_backup("Ann", "Ben", "Cat", "Dan", FULL_WIDTH)
    with pytest.raises(CommandError, match=r"^table 1, game 1, players: 'Ann' appears twice"):
        restore(data, tmp_path)
    assert stored() == (0, 0, 0, 0, 0)


# --- one name on every database ------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "again"),
    [("Émile", "émile"), ("STRAUSS", "Strauß"), ("Strauß", "strauss"), ("Ann", FULL_WIDTH)],
)
def test_names_one_once_read_are_one_player_on_every_database(first: str, again: str) -> None:
    table = our_table()
    player = Player.for_name(first, table=table)
    assert Player.for_name(again, table=table) == player
    assert Player.objects.filter(private_table=table).named(again) == player
    assert Player.objects.count() == 1


# --- the operator's admin --------------------------------------------------------------


def test_the_admin_refuses_a_spoofed_name_and_another_players_name(admin_client: Client) -> None:
    start_game("standard", ("Ann", "Ben", "Cat", "Dan"))
    dan = Player.objects.get(name="Dan")
    address = reverse("admin:scorekeeper_player_change", args=[dan.pk])
    for name, says in ((RIGHT_TO_LEFT, "U+202E"), (FULL_WIDTH, "Ann is another player")):
        data = {"name": name, "private_table": str(dan.private_table_id)}
        response = admin_client.post(address, data)
        assert response.status_code == 200
        assert says in " ".join(response.context["adminform"].form.errors["name"])
    dan.refresh_from_db()
    assert dan.name == "Dan"
    data = {"name": wide("Danny"), "private_table": str(dan.private_table_id)}
    assert admin_client.post(address, data).status_code == 302
    dan.refresh_from_db()
    assert dan.name == "Danny"


def test_an_upload_says_which_names_it_read_in_another_form(client: Client) -> None:
    text = json.dumps(with_players(FULL_WIDTH, "Ben", "Cat", "Dan", "Eve"))
    response = client.post(reverse("game_import"), {"text": text}, follow=True)
    assert f"Read {FULL_WIDTH} as Ann." in response.content.decode()
    assert Game.objects.get().seats.get(position=0).player.name == "Ann"


# --- checking in at a night's door ---------------------------------------------------


def check_in(phone: Client, night: EuchreNight, name: str) -> Any:
    night.refresh_from_db()
    address = reverse("night_check_in", args=[night.check_in_token])
    return phone.post(address, {"name": name})


@pytest.fixture
def door() -> EuchreNight:
    return EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=["Ann", "Ben"],
        rounds=2,
        rules=NightRules(hands_per_round=4),
        seed=7,
        check_in=True,
    )


@pytest.mark.parametrize(("name", "code"), SPOOFS)
def test_checking_in_with_a_hidden_character_is_refused(
    stranger: Client, door: EuchreNight, name: str, code: str
) -> None:
    before = stored()
    response = check_in(stranger, door, name)
    assert response.status_code == 422
    assert code in response.content.decode()
    assert stored() == before


def test_checking_in_in_full_width_is_the_player_on_the_list(
    stranger: Client, door: EuchreNight
) -> None:
    before = stored()
    assert check_in(stranger, door, wide("BEN")).status_code in (200, 302)
    assert stored() == before


# --- a name stored before the check ------------------------------------------------------


def test_a_player_stored_before_the_check_is_still_found_and_seated(client: Client) -> None:
    legacy = Player.objects.create(name=WORD_JOINER, private_table=our_table())
    night = EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=[WORD_JOINER, *NINE[1:8]],
        rounds=2,
        rules=NightRules(hands_per_round=4),
        seed=3,
    )
    assert night.entrants.filter(player=legacy).exists()
    assert Player.for_name(WORD_JOINER, table=our_table()) == legacy
    # Typed anew, the name is refused, beside its seat: no second such player.
    response = client.post(reverse("new_game"), new_game(player_4=WORD_JOINER))
    assert response.status_code == 422
    assert Player.objects.filter(name=WORD_JOINER).count() == 1
