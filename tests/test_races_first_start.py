"""A phone's first game or euchre night sent more than once: the answer with the
table's cookie was lost and the phone sends the same form again, or the same
form leaves it many times at once. Every answer leads to the one game (or
night) at the one table its form made, and the phone gets that table; the same
form changed is refused, never answered as a success (docs/formats.md, "Recording a hand, once";
docs/decisions.md, D17)."""

from __future__ import annotations

import html
import re
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import EuchreNight, Game, PrivateTable
from tests.race_support import at_once, statuses

FIRST_PLAYERS = ("Quinn", "Rosa", "Sol", "Tam", "Uma")
NIGHT_PLAYERS = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def game_form(token: str, *, players: tuple[str, ...] = FIRST_PLAYERS, **changes: str) -> dict:
    """The new game form as a phone with no table sends it ("Pick for me" deals)."""
    return {
        "token": token,
        "variant": "call-ace",
        **{f"player_{seat}": name for seat, name in enumerate(players)},
        "first_dealer": "random",
        "target": "10",
        "stick_the_dealer": "on",
        "deal": "standard",
        "renege": "march-or-euchre",
        "ties": "share",
        "action": "start",
        **changes,
    }


def night_form(token: str, **changes: str) -> dict:
    """The form starting a euchre night, from a phone with no table."""
    return {
        "token": token,
        "name": "Club night",
        "new_names": "\n".join(NIGHT_PLAYERS),
        "variant": "standard",
        "rounds": "3",
        "hands_per_round": "8",
        "lone_march_five": "off",
        "sit_out": "average",
        "stick_the_dealer": "on",
        "no_trump": "off",
        "deal": "standard",
        "renege": "march-or-euchre",
        **changes,
    }


def text_of(response: Any) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def game_url(game: Game) -> str:
    return reverse("game_table", args=[game.pk])


def night_url(night: EuchreNight) -> str:
    return reverse("night_detail", args=[night.pk])


# --- a first game -------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.postgres
def test_a_first_game_sent_again_after_its_answer_was_lost_reaches_the_same_game_and_table() -> (
    None
):
    form = game_form(str(uuid.uuid4()))
    first = Client().post(reverse("new_game"), form)
    # The answer, and the table's cookie with it, never reached the phone.
    phone = Client()
    again = phone.post(reverse("new_game"), form)
    game = Game.objects.get()
    assert (first.status_code, again.status_code) == (302, 302)
    assert again["Location"] == first["Location"] == game_url(game)
    assert PrivateTable.objects.count() == 1
    assert phone.get(game_url(game)).status_code == 200  # its cookie holds that table


@pytest.mark.django_db
@pytest.mark.postgres
def test_a_first_game_sent_again_with_other_players_is_refused_and_starts_nothing() -> None:
    token = str(uuid.uuid4())
    Client().post(reverse("new_game"), game_form(token))
    phone = Client()
    changed = game_form(token, players=("Quinn", "Rosa", "Sol", "Tam", "Vic"))
    response = phone.post(reverse("new_game"), changed)
    game = Game.objects.get()
    assert response.status_code == 409
    page = text_of(response)
    assert "This form already started a game: Quinn, Rosa, Sol, Tam, Uma" in page
    assert "Nothing new was started" in page
    assert not any("Game started" in str(m) for m in response.context["messages"])
    assert PrivateTable.objects.count() == 1
    # The game it started opens on this phone, and one tap on Start starts the
    # changed one as another game (the form came back with a new token).
    assert f'href="{game_url(game)}"' in response.content.decode()
    assert phone.get(game_url(game)).status_code == 200
    form = response.context["form"]
    assert form["player_4"].value() == "Vic"
    assert str(form["token"].value()) != token
    assert (
        phone.post(reverse("new_game"), {**changed, "token": form["token"].value()}).status_code
        == 302
    )
    assert Game.objects.count() == 2
    assert PrivateTable.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.postgres
def test_a_new_game_form_sent_again_changed_from_a_phone_with_its_table_is_refused(
    client: Client,
) -> None:
    token = str(uuid.uuid4())
    assert client.post(reverse("new_game"), game_form(token, first_dealer="0")).status_code == 302
    response = client.post(reverse("new_game"), game_form(token, first_dealer="2"))
    assert response.status_code == 409
    assert "This form already started a game" in text_of(response)
    assert Game.objects.get().first_dealer == 0


@pytest.mark.django_db
@pytest.mark.postgres
def test_a_first_game_form_sent_again_after_its_tables_key_was_replaced_gets_no_table() -> None:
    # Replacing a key shuts out every phone that had the old one, the phone
    # whose form made the table too: sending that form again is no way back in.
    form = game_form(str(uuid.uuid4()))
    Client().post(reverse("new_game"), form)
    game = Game.objects.get()
    game.private_table.replace_key()
    phone = Client()
    response = phone.post(reverse("new_game"), form)
    assert response.status_code == 409
    assert "new key" in text_of(response)
    assert (Game.objects.count(), PrivateTable.objects.count()) == (1, 1)
    assert phone.get(game_url(game)).status_code == 404


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_twenty_phones_sending_one_first_game_at_once_reach_one_game_at_one_table() -> None:
    form = game_form(str(uuid.uuid4()))
    outcomes = at_once(20, lambda i, client: client.post(reverse("new_game"), form), joined=False)
    game = Game.objects.get()
    assert statuses(outcomes) == [302] * 20
    assert {o.location for o in outcomes} == {game_url(game)}
    assert PrivateTable.objects.get() == game.private_table
    # No answer leads to a 404: every phone's cookie holds the game's table.
    assert [o.client.get(game_url(game)).status_code for o in outcomes if o.client] == [200] * 20


# --- a first euchre night -----------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.postgres
def test_a_first_euchre_night_sent_again_after_its_answer_was_lost_reaches_the_same_night() -> None:
    form = night_form(str(uuid.uuid4()))
    first = Client().post(reverse("night_new"), form)
    phone = Client()
    again = phone.post(reverse("night_new"), form)
    night = EuchreNight.objects.get()
    assert (first.status_code, again.status_code) == (302, 302)
    assert again["Location"] == first["Location"] == night_url(night)
    assert PrivateTable.objects.count() == 1
    assert phone.get(night_url(night)).status_code == 200


@pytest.mark.django_db
@pytest.mark.postgres
def test_a_first_euchre_night_sent_again_changed_is_refused_and_starts_nothing() -> None:
    token = str(uuid.uuid4())
    Client().post(reverse("night_new"), night_form(token))
    phone = Client()
    response = phone.post(reverse("night_new"), night_form(token, rounds="4"))
    night = EuchreNight.objects.get()
    assert response.status_code == 409
    page = text_of(response)
    assert "This form already started Club night" in page
    assert "Nothing new was started" in page
    assert night.rounds_planned == 3
    assert PrivateTable.objects.count() == 1
    assert f'href="{night_url(night)}"' in response.content.decode()
    assert phone.get(night_url(night)).status_code == 200
    assert str(response.context["form"]["token"].value()) != token


@pytest.mark.django_db
@pytest.mark.postgres
def test_a_first_euchre_night_form_sent_again_after_its_tables_key_was_replaced_gets_no_table() -> (
    None
):
    form = night_form(str(uuid.uuid4()))
    Client().post(reverse("night_new"), form)
    night = EuchreNight.objects.get()
    night.private_table.replace_key()
    phone = Client()
    response = phone.post(reverse("night_new"), form)
    assert response.status_code == 409
    assert "new key" in text_of(response)
    assert (EuchreNight.objects.count(), PrivateTable.objects.count()) == (1, 1)
    assert phone.get(night_url(night)).status_code == 404


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_twenty_phones_sending_one_first_euchre_night_at_once_reach_one_night_at_one_table() -> (
    None
):
    form = night_form(str(uuid.uuid4()))
    outcomes = at_once(20, lambda i, client: client.post(reverse("night_new"), form), joined=False)
    night = EuchreNight.objects.get()
    assert statuses(outcomes) == [302] * 20
    assert {o.location for o in outcomes} == {night_url(night)}
    assert PrivateTable.objects.get() == night.private_table
    assert [o.client.get(night_url(night)).status_code for o in outcomes if o.client] == [200] * 20
