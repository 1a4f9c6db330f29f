"""Where a phone lands after joining by the key link (issue 24): the game in
play at that table, so the score is on screen at once; the night's page during
a euchre night; the table's games when nothing is in play. The join's own rules
(where the link was opened, the Join button) are test_tables_join.py's."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, PrivateTable
from tests.game_support import TEST_TABLE_KEY, our_table, record, start_game
from tests.table_support import CROSS_SITE, DIRECT

pytestmark = pytest.mark.django_db


def test_a_phone_that_joins_opens_the_game_in_play_at_that_table() -> None:
    start_game()  # played before, then left
    played_last = start_game(players=("Vic", "Wes", "Xia", "Yan", "Zoe"))
    record(played_last, maker="Wes", trump="H", called="S", partner="Yan", tricks=3)
    # Another table's game, played later still, is not this table's.
    start_game(private_table=PrivateTable.objects.create(name="Elsewhere"))
    phone = Client()
    response = phone.get(our_table().key_path, **DIRECT)
    assert response.status_code == 302
    assert response.url == reverse("game_table", args=[played_last.pk])
    assert TEST_TABLE_KEY not in response.url
    assert response["Cache-Control"] == "no-store"
    screen = phone.get(response.url)
    assert screen.status_code == 200
    assert "This phone now keeps the score at Tests." in screen.content.decode()


def test_the_join_button_also_opens_the_game_in_play() -> None:
    game = start_game()
    phone = Client(enforce_csrf_checks=True)
    page = phone.get(our_table().key_path, follow=True, **CROSS_SITE).content.decode()
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    shown = re.search(r'name="shown" value="([0-9a-f]+)"', page)
    assert csrf is not None
    assert shown is not None
    response = phone.post("/tables/join/", {"csrfmiddlewaretoken": csrf[1], "shown": shown[1]})
    assert response.status_code == 302
    assert response.url == reverse("game_table", args=[game.pk])


def test_a_phone_that_has_the_table_opens_its_game_in_play_too(client: Client) -> None:
    game = start_game()
    response = client.get(our_table().key_path, **CROSS_SITE)
    assert response.url == reverse("game_table", args=[game.pk])


def test_with_no_game_in_play_the_phone_lands_on_the_tables_games() -> None:
    game = start_game()
    for _ in range(2):
        record(game, maker="Cat", trump="S", called="S", partner="maker", tricks=5)
    response = Client().get(our_table().key_path, **DIRECT)
    assert response.url == reverse("game_list")


def test_during_a_euchre_night_the_phone_opens_the_night() -> None:
    night = EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"),
        rounds=2,
        rules=NightRules(hands_per_round=4),
        seed=3,
    )
    response = Client().get(our_table().key_path, **DIRECT)
    assert response.url == reverse("night_detail", args=[night.pk])
