"""Starting a game: variant, players in seat order, first dealer, house rules."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games.forms.new_game import NewGameForm
from scorekeeper.models import Game, Player
from tests.game_support import HTMX, start_game

pytestmark = pytest.mark.django_db


def form_data(**changes: Any) -> dict[str, Any]:
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
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def test_the_form_offers_call_ace_first_with_the_default_house_rules(client: Client) -> None:
    response = client.get(reverse("new_game"))
    assert response.status_code == 200
    form = response.context["form"]
    assert form["variant"].value() == "call-ace"
    assert form["target"].value() == 10
    assert form["stick_the_dealer"].value() == "on"
    assert form["first_dealer"].value() == "random"
    html = response.content.decode()
    # Six seats for Call-Ace, the deal for each table size, a line on each house rule.
    assert 'name="player_5"' in html
    assert "28 cards (8 to ace)" in html
    assert "32 cards (7 to ace)" in html
    assert "the dealer must name trump" in html
    assert 'name="no_trump"' not in html  # a house rule of standard euchre only


def test_starting_a_game_seats_the_players_and_shows_the_table(client: Client) -> None:
    response = client.post(reverse("new_game"), form_data(first_dealer="2"))
    game = Game.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("game_table", args=[game.pk])
    assert [s.player.name for s in game.seat_list()] == ["Ann", "Ben", "Cat", "Dan", "Eve"]
    assert game.first_dealer == 2
    assert game.house_rules.target == 10


def test_pick_for_me_chooses_a_first_dealer_among_the_players(client: Client) -> None:
    client.post(reverse("new_game"), form_data(first_dealer="random"))
    assert 0 <= Game.objects.get().first_dealer < 5


def test_a_double_tap_on_start_makes_one_game(client: Client) -> None:
    data = form_data()
    first = client.post(reverse("new_game"), data)
    second = client.post(reverse("new_game"), data)
    assert Game.objects.count() == 1
    assert first.url == second.url


def test_house_rules_are_kept(client: Client) -> None:
    client.post(
        reverse("new_game"),
        form_data(
            target="7",
            stick_the_dealer="off",
            deal="seed",
            renege="offender-loses-2",
            ties="play-on",
        ),
    )
    rules = Game.objects.get().house_rules
    assert (rules.target, rules.stick_the_dealer, rules.deal, rules.renege, rules.ties) == (
        7,
        False,
        "seed",
        "offender-loses-2",
        "play-on",
    )


def test_standard_euchre_shows_the_teams_and_takes_four(client: Client) -> None:
    response = client.get(reverse("new_game") + "?variant=standard")
    html = response.content.decode()
    assert "Seats 1 and 3" in html
    assert "seats 2 and 4" in html
    assert 'name="player_4"' not in html
    assert 'name="no_trump"' in html
    client.post(
        reverse("new_game"),
        form_data(variant="standard", player_4=None, no_trump="on", first_dealer="1"),
    )
    game = Game.objects.get()
    assert game.variant == "standard"
    assert game.no_trump


def test_no_trump_is_ignored_outside_standard_euchre(client: Client) -> None:
    client.post(reverse("new_game"), form_data(no_trump="on"))
    assert not Game.objects.get().no_trump


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"player_3": "", "player_4": ""}, "player_0", "played by 4, 5 or 6 players"),
        ({"variant": "call-your-partner", "player_4": ""}, "player_0", "played by 5 players"),
        ({"player_2": "ann"}, "player_2", "already sits in seat 1"),
        ({"player_1": "maker"}, "player_1", "reserves"),
        ({"player_1": "x" * 31}, "player_1", "at most 30"),
        ({"player_1": "Be\x1bn"}, "player_1", "letters, digits, spaces and punctuation"),
        ({"player_1": "Be\x00n"}, "player_1", "Null characters are not allowed"),
        ({"first_dealer": "5"}, "first_dealer", "Seat 6 is empty"),
        ({"target": "0"}, "target", "greater than or equal to 1"),
        ({"target": "ten"}, "target", "whole number"),
        ({"variant": "bridge"}, "variant", "not one of the available choices"),
    ],
)
def test_bad_input_is_named_beside_its_field_and_starts_nothing(
    client: Client, changes: dict[str, str], field: str, message: str
) -> None:
    response = client.post(reverse("new_game"), form_data(**changes))
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert message in " ".join(errors[field]), errors
    assert not Game.objects.exists()
    assert not Player.objects.exists()


def test_a_name_with_a_lone_surrogate_is_refused_beside_its_field() -> None:
    # No browser sends one, but a crafted request can: no database stores it.
    form = NewGameForm(form_data(player_1="Be\ud800n"))
    assert not form.is_valid()
    assert "letters, digits" in " ".join(form.errors["player_1"])


def test_htmx_gets_the_invalid_form_as_a_partial_with_422(client: Client) -> None:
    response = client.post(reverse("new_game"), form_data(player_4="", player_3=""), **HTMX)
    assert response.status_code == 422
    html = response.content.decode()
    assert "<html" not in html
    assert 'id="messages" hx-swap-oob="innerHTML"' in html


def test_changing_the_variant_redraws_the_form_without_errors(client: Client) -> None:
    response = client.post(
        reverse("new_game"),
        form_data(variant="standard", action="refresh", player_4="", player_1=""),
        **HTMX,
    )
    assert response.status_code == 200
    form = response.context["form"]
    assert not form.is_bound
    assert form["variant"].value() == "standard"
    assert form["player_0"].value() == "Ann"
    assert not Game.objects.exists()


def test_tapping_an_earlier_player_seats_them_in_the_next_empty_seat(client: Client) -> None:
    start_game("standard", ("Zoe", "Yan", "Xia", "Wes"))
    page = client.get(reverse("new_game")).content.decode()
    assert 'name="add_player" value="Zoe"' in page
    response = client.post(
        reverse("new_game"), form_data(player_1="", player_4="", add_player="Zoe")
    )
    assert response.status_code == 200
    form = response.context["form"]
    assert form["player_1"].value() == "Zoe"
    assert 'name="add_player" value="Zoe"' not in response.content.decode()
    assert Game.objects.count() == 1  # only the earlier one


def test_the_page_refuses_other_methods(client: Client) -> None:
    assert client.put(reverse("new_game")).status_code == 405


def deal_rows(html: str) -> dict[int, tuple[int, int]]:
    """The deal table on the screen: players -> (cards each, kitty)."""
    rows = re.findall(
        r'<tr data-players="(\d)".*?<td class="num">(\d+)</td><td class="num">(\d+)</td></tr>', html
    )
    return {int(n): (int(each), int(kitty)) for n, each, kitty in rows}


def test_choosing_the_seed_deal_shows_its_cards_and_kitty(client: Client) -> None:
    common = client.get(reverse("new_game")).content.decode()
    assert deal_rows(common)[4] == (5, 4)
    response = client.post(reverse("new_game"), form_data(deal="seed", action="refresh"))
    rows = deal_rows(response.content.decode())
    # docs/rules.md, Call-Ace 1: 24 cards, 6 each for 4 players, 4 each for 5 or 6.
    assert rows[4] == (6, 0)
    assert rows[5] == (4, 4)
    assert rows[6] == (4, 0)
