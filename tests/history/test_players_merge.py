"""Renaming a player and merging two players who are one person: every seat
moves, the statistics follow, and the change can be seen afterwards."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Game, Player, PlayerChange, PlayerChangeRefused
from tests.documents import document, import_document

pytestmark = pytest.mark.django_db

MADE = {"maker": "Ann", "trump": "H", "called": "S", "partner": "Ben", "tricks": 3}


def game_with(*names: str, hands: list[dict[str, object]] | None = None) -> Game:
    return import_document(document("call-ace", list(names), hands or [MADE]))


def text(response: object) -> str:
    html = response.content.decode()  # type: ignore[attr-defined]
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def merge(client: Client, player: Player, into: Player, *, confirm: bool) -> object:
    data = {"into": into.pk, **({"confirm": "True"} if confirm else {})}
    return client.post(reverse("player_merge", args=[player.pk]), data)


def test_renaming_a_player_keeps_their_games_and_notes_the_old_name(client: Client) -> None:
    game_with("Ann", "Ben", "Cat", "Danny")
    danny = Player.objects.get(name="Danny")
    response = client.post(reverse("player_rename", args=[danny.pk]), {"name": "  Dan  "})
    assert response.status_code == 302
    danny.refresh_from_db()
    assert danny.name == "Dan"
    assert danny.seats.count() == 1
    page = text(client.get(reverse("player_detail", args=[danny.pk])))
    assert "Danny renamed Dan on" in page


def test_a_name_another_player_has_is_refused_and_merging_is_suggested(client: Client) -> None:
    game_with("Ann", "Ben", "Cat", "Dan")
    game_with("Ann", "Ben", "Cat", "Danny")
    danny = Player.objects.get(name="Danny")
    response = client.post(reverse("player_rename", args=[danny.pk]), {"name": "dan"})
    assert response.status_code == 422
    assert "merge Danny into them" in response.context["rename_form"].errors["name"][0]
    assert Player.objects.filter(name="Danny").exists()
    assert not PlayerChange.objects.exists()


@pytest.mark.parametrize(
    ("name", "message"), [("   ", "needs a name"), ("maker", "reserves"), ("x" * 31, "longer")]
)
def test_a_bad_name_is_refused_beside_the_field(client: Client, name: str, message: str) -> None:
    game_with("Ann", "Ben", "Cat", "Dan")
    dan = Player.objects.get(name="Dan")
    response = client.post(reverse("player_rename", args=[dan.pk]), {"name": name})
    assert response.status_code == 422
    assert message in response.context["rename_form"].errors["name"][0]
    assert 'id="id_name_error"' in response.content.decode()


@pytest.mark.postgres
def test_merging_asks_first_then_moves_every_seat_and_the_statistics(client: Client) -> None:
    game_with("Ann", "Ben", "Cat", "Dan")
    # Danny made trump twice, in two games without Dan.
    made = {"maker": "Danny", "trump": "H", "called": "S", "partner": "Ann", "tricks": 5}
    game_with("Ann", "Ben", "Cat", "Danny", hands=[made])
    game_with("Eve", "Ben", "Cat", "Danny", hands=[{**made, "partner": "Eve"}])
    dan, danny = Player.objects.get(name="Dan"), Player.objects.get(name="Danny")

    asked = merge(client, danny, dan, confirm=False)
    assert asked.status_code == 200
    assert "Merge Danny into Dan?" in text(asked)
    assert Player.objects.filter(pk=danny.pk).exists()  # nothing yet

    done = merge(client, danny, dan, confirm=True)
    assert done.status_code == 302
    assert done["Location"] == reverse("player_detail", args=[dan.pk])
    assert not Player.objects.filter(pk=danny.pk).exists()
    record = Player.objects.with_records().get(pk=dan.pk)
    assert (record.games, record.hands_made, record.marches) == (3, 2, 2)
    page = text(client.get(reverse("player_detail", args=[dan.pk])))
    assert "Danny merged into Dan on" in page
    assert "Made trump 2 times : made it 0, marched 2, euchred 0" in page


def test_a_merge_carries_the_merged_players_own_changes(client: Client) -> None:
    game_with("Ann", "Ben", "Cat", "Dan")
    game_with("Ann", "Ben", "Cat", "Dannyboy")
    dan, danny = Player.objects.get(name="Dan"), Player.objects.get(name="Dannyboy")
    danny.rename("Danny")
    danny.merge_into(dan)
    assert [str(c) for c in dan.changes.all()] == [
        "Danny merged into Dan",
        "Dannyboy renamed Danny",
    ]


@pytest.mark.postgres
def test_two_players_who_sat_in_the_same_game_cannot_be_merged(client: Client) -> None:
    game_with("Ann", "Ben", "Cat", "Dan")
    ann, ben = Player.objects.get(name="Ann"), Player.objects.get(name="Ben")
    response = merge(client, ben, ann, confirm=True)
    assert response.status_code == 422
    error = response.context["merge_form"].errors["into"][0]
    assert "Ben and Ann both sat in 1 game" in error
    assert "one person cannot hold two seats" in error
    assert ben.seats.count() == 1
    assert not PlayerChange.objects.exists()


def test_a_player_cannot_merge_into_themself() -> None:
    game_with("Ann", "Ben", "Cat", "Dan")
    ann = Player.objects.get(name="Ann")
    with pytest.raises(PlayerChangeRefused):
        ann.merge_into(ann)


def test_merge_offers_every_other_player_and_refuses_a_missing_one(client: Client) -> None:
    game_with("Ann", "Ben", "Cat", "Dan")
    ann = Player.objects.get(name="Ann")
    page = client.get(reverse("player_detail", args=[ann.pk]))
    choices = [p.name for p in page.context["merge_form"].fields["into"].queryset]
    assert choices == ["Ben", "Cat", "Dan"]
    response = client.post(reverse("player_merge", args=[ann.pk]), {"into": 999})
    assert response.status_code == 422
    assert "into" in response.context["merge_form"].errors


def test_rename_and_merge_refuse_a_get(client: Client) -> None:
    game_with("Ann", "Ben", "Cat", "Dan")
    ann = Player.objects.get(name="Ann")
    assert client.get(reverse("player_rename", args=[ann.pk])).status_code == 405
    assert client.get(reverse("player_merge", args=[ann.pk])).status_code == 405


@pytest.mark.postgres
def test_a_rename_that_loses_a_race_to_the_same_name_is_refused_not_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game_with("Ann", "Ben", "Cat", "Dan")
    ann, ben = Player.objects.get(name="Ann"), Player.objects.get(name="Ben")
    # Another phone renames Ben to "Zed" after Ann's check (which we make miss it).
    Player.objects.filter(pk=ben.pk).update(name="Zed")
    monkeypatch.setattr(type(Player.objects.all()), "named", lambda self, name: None)
    with pytest.raises(PlayerChangeRefused, match="Another player is called zed now"):
        ann.rename("zed")
    ann.refresh_from_db()
    assert ann.name == "Ann"
    assert not PlayerChange.objects.filter(player=ann).exists()
