"""The night page for the phone of one player (docs/decisions.md, D48), and a
question or a refusal drawn where it was asked (issue 24, "The night page")."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import EuchreNight, Game
from scorekeeper.nights.me import COOKIE
from tests.night_support import EIGHT, start_night, tables_of

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def number_of(night: EuchreNight, name: str) -> int:
    return int(night.entrants.get(player__name=name).number)


def say_who(client: Client, night: EuchreNight, number: Any, **headers: str) -> Any:
    return client.post(reverse("night_me", args=[night.pk]), {"number": number}, headers=headers)


def seat_of(night: EuchreNight, name: str) -> tuple[Game, str]:
    for game in tables_of(night.rounds.get(number=1)):
        for position, seat in enumerate(game.seat_list()):
            if seat.player.name == name:
                return game, ("North", "East", "South", "West")[position]
    raise AssertionError(name)


@pytest.mark.postgres
def test_a_phone_that_says_who_it_is_sees_its_seat_and_table_first(client: Client) -> None:
    night = start_night()
    page = client.get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "Which player are you?" in page
    response = say_who(client, night, number_of(night, "Cat"))
    assert response.status_code == 302
    assert response["Location"] == reverse("night_detail", args=[night.pk]) + "#top"
    page = client.get(reverse("night_detail", args=[night.pk])).content.decode()
    game, seat = seat_of(night, "Cat")
    mine = page.split('id="me"')[1].split("</section>")[0]
    assert "Cat" in mine
    assert f"seat {seat}" in mine
    assert f'href="{reverse("game_table", args=[game.pk])}"' in mine
    assert "Which player are you?" not in page
    # Its poll keeps it.
    poll = client.get(reverse("night_state", args=[night.pk]), headers=HTMX).content.decode()
    assert f"seat {seat}" in poll.split('id="me"')[1].split("</section>")[0]


def test_not_you_forgets_who_the_phone_is(client: Client) -> None:
    night = start_night()
    say_who(client, night, number_of(night, "Cat"))
    say_who(client, night, "")
    page = client.get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "Which player are you?" in page


def test_each_night_keeps_its_own_player(client: Client) -> None:
    first, second = start_night(), start_night(seed=8)
    say_who(client, first, number_of(first, "Cat"))
    say_who(client, second, number_of(second, "Dan"))
    for night, name in ((first, "Cat"), (second, "Dan")):
        page = client.get(reverse("night_detail", args=[night.pk])).content.decode()
        assert f'<strong class="my-name">{name}</strong>' in page


@pytest.mark.parametrize("number", ["99", "x", "-1", "1\x00"])
def test_a_player_not_in_the_night_is_refused_beside_the_picker(
    client: Client, number: str
) -> None:
    night = start_night()
    response = say_who(client, night, number, **HTMX)
    assert response.status_code == 422
    assert "Pick your name among the night" in response.content.decode()
    assert response["HX-Reswap"] == "innerHTML show:#me:top"
    assert COOKIE not in response.cookies


def test_a_phone_without_the_table_cannot_say_who_it_is(stranger: Client) -> None:
    night = start_night()
    assert say_who(stranger, night, "1").status_code == 404


def test_the_question_to_seat_early_is_drawn_where_the_button_was(client: Client) -> None:
    night = start_night()
    page = client.get(reverse("night_detail", args=[night.pk])).content.decode()
    action = reverse("night_seat_next", args=[night.pk]) + "#next-round"
    assert f'action="{action}"' in page
    asked = client.post(
        reverse("night_seat_next", args=[night.pk]),
        {"version": night.version, "round": "2"},
        headers=HTMX,
    )
    assert asked.status_code == 200
    assert asked["HX-Reswap"] == "innerHTML show:#next-round:top"
    html = asked.content.decode()
    question = html.split('id="next-round"')[1]
    assert 'id="seat-anyway"' in question
    assert "autofocus" in question.split("Seat round 2 anyway?")[0]
    # While it asks, the page does not poll: the question stays where it is.
    assert f"/nights/{night.pk}/state/" not in html


def test_a_refused_change_of_players_is_said_in_the_players_part(client: Client) -> None:
    night = start_night()
    page = client.get(reverse("night_detail", args=[night.pk])).content.decode()
    assert f'action="{reverse("night_players", args=[night.pk])}#people"' in page
    for headers in ({}, HTMX):
        response = client.post(
            reverse("night_players", args=[night.pk]),
            {"version": night.version, "action": "leave", "number": "1"},
            headers=headers,
        )
        assert response.status_code == 422
        people = response.content.decode().split('id="people"')[1]
        assert people.startswith(' class="night-people" open')
        assert "needs at least 8 players present" in people.split("</details>")[0]
    assert response["HX-Reswap"] == "innerHTML show:#people:top"
    assert night.entrants.filter(present=True).count() == len(EIGHT)


@pytest.mark.postgres
def test_the_invite_names_the_night_not_the_tables_players(client: Client) -> None:
    night = start_night()
    private_table = night.private_table
    private_table.name = "Ann, Ben, Cat, Dan, Eve"
    private_table.save(update_fields=["name"])
    page = client.get(reverse("night_detail", args=[night.pk])).content.decode()
    invite = page.split('class="invite"')[1]
    assert f"Join {night.title}" in invite
    assert "Ann, Ben, Cat, Dan, Eve" not in invite
