"""Phones checking in at the door at the same moment (issue 33, item 5): the same name
tapped on several phones is one player, checked in once; different names each get a
number of their own; every phone is answered, never with a server error, on SQLite
and on PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, NightPlayer
from tests.game_support import our_table
from tests.race_support import at_once, statuses

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

PHONES = 8


def a_check_in_night() -> EuchreNight:
    return EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=["Ann"],
        rounds=2,
        rules=NightRules(hands_per_round=4),
        seed=1,
        check_in=True,
    )


def test_the_same_name_on_eight_phones_at_once_checks_in_once() -> None:
    night = a_check_in_night()
    address = reverse("night_check_in", args=[night.check_in_link])

    def tap(_: int, client: Client) -> Any:
        return client.post(address, {"name": "Zoe"})

    outcomes = at_once(PHONES, tap, joined=False)
    assert statuses(outcomes) == [302] * PHONES
    assert NightPlayer.objects.filter(night=night, player__name="Zoe").count() == 1
    assert NightPlayer.objects.filter(night=night).count() == 2
    night.refresh_from_db()
    assert night.version == 1  # one check-in changed the night


def test_eight_names_at_once_get_eight_numbers() -> None:
    night = a_check_in_night()
    address = reverse("night_check_in", args=[night.check_in_link])

    def tap(i: int, client: Client) -> Any:
        return client.post(address, {"name": f"Player {i}"})

    outcomes = at_once(PHONES, tap, joined=False)
    assert statuses(outcomes) == [302] * PHONES
    numbers = sorted(NightPlayer.objects.filter(night=night).values_list("number", flat=True))
    assert numbers == list(range(1, PHONES + 2))
