"""Players' names that cannot pass for one another (docs/formats.md, "Game
document (import and export)": players' names): the engine's one check
(``referee.engine.names.clean_name``) and the forms that take a name (the new
game form, a euchre night's players and its door, renaming, the admin) read
it in NFKC form and refuse one holding a hidden or direction-changing
character. The game document's ways in: tests/files/test_names_in_documents.py."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from referee.engine.names import NameError_, clean_name, first_repeat, holds_hidden, same_name
from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, Game, Player, PlayerChange
from tests.game_support import FIVE, new_game_form, our_table, start_game
from tests.names_support import (
    FULL_WIDTH,
    RIGHT_TO_LEFT,
    SPOOFS,
    WORD_JOINER,
    ZERO_WIDTH_JOINER,
    stored,
    wide,
)
from tests.night_support import new_night_form, start_night

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


@pytest.mark.postgres
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


def new_game(**fields: str) -> dict[str, Any]:
    return new_game_form(FIVE, ties="share", **fields)


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


@pytest.mark.postgres
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
    return start_night(NINE, rounds=3, seed=3)


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
    response = client.post(reverse("night_new"), new_night_form(names))
    assert response.status_code == 422
    errors = response.context["form"].errors["new_names"]
    assert any(e.startswith("Line 2:") and "U+2060" in e for e in errors)
    again = new_night_form(["Ann", FULL_WIDTH, *names[2:]])
    response = client.post(reverse("night_new"), again)
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


# --- one name on every database ------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "again"),
    [("Émile", "émile"), ("STRAUSS", "Strauß"), ("Strauß", "strauss"), ("Ann", FULL_WIDTH)],
)
@pytest.mark.postgres
def test_names_one_once_read_are_one_player_on_every_database(first: str, again: str) -> None:
    private_table = our_table()
    player = Player.for_name(first, private_table=private_table)
    assert Player.for_name(again, private_table=private_table) == player
    assert Player.objects.filter(private_table=private_table).named(again) == player
    assert Player.objects.count() == 1


# --- the operator's admin --------------------------------------------------------------


@pytest.mark.postgres
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


# --- checking in at a night's door ---------------------------------------------------


def check_in(phone: Client, night: EuchreNight, name: str) -> Any:
    night.refresh_from_db()
    address = reverse("night_check_in", args=[night.check_in_link])
    return phone.post(address, {"name": name})


@pytest.fixture
def door() -> EuchreNight:
    return start_night(["Ann", "Ben"], check_in=True)


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


@pytest.mark.postgres
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
    assert Player.for_name(WORD_JOINER, private_table=our_table()) == legacy
    # Typed anew, the name is refused, beside its seat: no second such player.
    response = client.post(reverse("new_game"), new_game(player_4=WORD_JOINER))
    assert response.status_code == 422
    assert Player.objects.filter(name=WORD_JOINER).count() == 1
