"""A euchre night's live standings, its watch link and its score cards (rules.md 7)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, Game
from tests.game_support import our_table, record

EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")

pytestmark = pytest.mark.django_db


def start_night(players=EIGHT, rounds=2, hands=4, variant=Variant.STANDARD, seed=7, **rules):
    return EuchreNight.start(
        private_table=our_table(),
        variant=variant,
        players=players,
        rounds=rounds,
        rules=NightRules(hands_per_round=hands, **rules),
        seed=seed,
    )


def test_smoke(client):
    night = start_night()
    r = client.get(reverse("night_standings", args=[night.pk]))
    assert r.status_code == 200, r.content
    print(r.content.decode())
    r = client.get(reverse("night_watch", args=[night.watch_token]))
    assert r.status_code == 200
    print(r.content.decode())
    r = client.get(reverse("night_score_card", args=[night.pk, 1, 1]))
    assert r.status_code == 200
    print(r.content.decode())
    game = Game.objects.filter(night_round__night=night).first()
    r = client.get(reverse("game_table", args=[game.pk]))
    print(r.content.decode())
