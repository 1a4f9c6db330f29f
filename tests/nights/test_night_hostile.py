"""Whatever a phone or a script sends to a euchre night's forms (starting a
night, seating the next round, a player leaving or arriving), the answer is
never a server error, and a refused request stores nothing (the hostile values
of ``tests/test_hostile_input.py``)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.models import EuchreNight, Game, NightPlayer, Player
from tests.night_support import start_night
from tests.test_hostile_input import EXAMPLES, FORM, hostile_pairs, rolled_back

pytestmark = pytest.mark.django_db

NINE = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")


@pytest.fixture
def night() -> EuchreNight:
    return start_night(NINE, rounds=3, seed=3)


def night_forms(night: EuchreNight) -> dict[str, tuple[str, dict[str, str]]]:
    """Every POST form of a night, by name: its address and a valid submission."""
    version = str(night.version)
    return {
        "new night": (
            "/nights/new/",
            {
                "token": "4b1c7d3e-0c6e-4b8a-9f59-1b2d3c4e5f61",
                "name": "Club",
                "new_names": "\n".join(f"New {n}" for n in range(8)),
                "variant": "standard",
                "rounds": "4",
                "hands_per_round": "8",
                "lone_march_five": "on",
                "sit_out": "fixed",
                "sit_out_points": "4",
                "stick_the_dealer": "on",
                "no_trump": "off",
                "deal": "standard",
                "renege": "march-or-euchre",
            },
        ),
        "seat next": (
            f"/nights/{night.pk}/next-round/",
            {"version": version, "confirm": "1"},
        ),
        "leaves": (
            f"/nights/{night.pk}/players/",
            {"version": version, "action": "leave", "number": "2"},
        ),
        "arrives": (
            f"/nights/{night.pk}/players/",
            {"version": version, "action": "arrive", "name": "Jon", "pick": ""},
        ),
    }


NAMES = ["new night", "seat next", "leaves", "arrives"]


def stored() -> tuple[Any, ...]:
    """Everything a night's forms could change."""
    return (
        list(EuchreNight.objects.order_by("pk").values_list("pk", "version")),
        list(NightPlayer.objects.order_by("pk").values_list("pk", "present")),
        Game.objects.count(),
        Player.objects.count(),
    )


def answer(client: Client, address: str, body: str) -> tuple[int, bool]:
    with rolled_back():
        before = stored()
        response = client.generic("POST", address, data=body, content_type=FORM)
        return response.status_code, stored() != before


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.postgres
def test_each_valid_submission_is_stored(client: Client, night: EuchreNight, name: str) -> None:
    address, valid = night_forms(night)[name]
    body = "&".join(f"{key}={quote(value, safe='')}" for key, value in valid.items())
    assert answer(client, address, body) == (302, True)


@pytest.mark.parametrize("name", NAMES)
@EXAMPLES
@given(data=st.data())
def test_a_hostile_night_form_gets_an_answer_and_stores_nothing_when_refused(
    client: Client, night: EuchreNight, name: str, data: st.DataObject
) -> None:
    address, valid = night_forms(night)[name]
    if name == "new night":  # a ticked player of the table too
        valid = {**valid, "known": str(Player.objects.get(name="Ann").pk)}
    pairs = data.draw(hostile_pairs(valid))
    body = "&".join(f"{key}={value}" for key, value in pairs)
    status, changed = answer(client, address, body)
    assert status < 500, (name, body[:200], status)
    if changed:
        assert status == 302, (name, body[:200], status)
