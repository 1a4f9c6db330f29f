"""Phones changing the same history at the same moment: naming one game night,
merging two players into a third when the two shared a game, merging two
players into each other. Each phone is answered (saved, merged, or refused
with the reason), never with a server error; the data stays whole and no
phone is told something that did not happen (docs/decisions.md, D20), on SQLite and on
PostgreSQL."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.db.models import Count
from django.test import Client
from django.urls import reverse

from scorekeeper.history.forms import NightForm
from scorekeeper.models import GameNight, Player, PlayerChange, Seat
from scorekeeper.models.records import RESULT_FIGURES
from tests.documents import document, import_document
from tests.game_support import our_table, start_game
from tests.race_support import at_once, statuses

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

MADE = {"maker": "Dee", "trump": "H", "called": "S", "partner": "Eve", "tricks": 3}
PHONES = 8


def game_with(*names: str) -> None:
    hand = {**MADE, "maker": names[0], "partner": names[1]}
    import_document(document("call-ace", list(names), [hand]))


def text_of(content: bytes) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", content.decode())).split())


def told(client: Client, response: Any) -> str:
    """What the phone shows after ``response``: the page, or the page it was sent to."""
    if response.status_code == 302:
        return text_of(client.get(response["Location"]).content)
    return text_of(response.content)


def assert_players_whole() -> None:
    """Every seat's player exists, nobody holds two seats of a game, and each
    player's kept results are those their seats count."""
    assert not Seat.objects.exclude(player_id__in=Player.objects.values("pk")).exists()
    doubled = Seat.objects.values("game", "player").annotate(n=Count("pk")).filter(n__gt=1)
    assert not doubled.exists()
    for player in Player.objects.with_records():
        kept = [getattr(player, f"results_{name}") for name in RESULT_FIGURES]
        assert kept == [getattr(player, name) for name in RESULT_FIGURES], player.name


def assert_each_told_the_truth(
    moves: list[tuple[str, str]], outcomes: list[Any], said: list[str], *reasons: str
) -> None:
    """One merge was made, and the one phone told "merged" made it; every other
    phone was told why nothing was merged (one of ``reasons``), or found its
    player gone (404)."""
    assert all(o.error is None for o in outcomes), statuses(outcomes)
    merged = PlayerChange.objects.get(kind=PlayerChange.Kind.MERGED)
    assert not Player.objects.filter(name=merged.old_name).exists()
    told_merged = []
    for i, (outcome, text) in enumerate(zip(outcomes, said, strict=True)):
        name, into = moves[i % len(moves)]
        if f"{name} is merged into {into}: their games are here" in text:
            assert outcome.status == 302
            told_merged.append((name, into))
        elif outcome.status == 404:
            assert not Player.objects.filter(name=name).exists()
        else:
            assert outcome.status in (302, 422), statuses(outcomes)
            assert "is merged into" not in text
            assert any(reason in text for reason in reasons), text
    assert told_merged == [(merged.old_name, merged.new_name)]


def merge_at_once(moves: list[tuple[str, str]]) -> tuple[list[Any], list[str]]:
    """Phone i merges ``moves[i % len(moves)]`` (a name into another), all at
    once and confirmed; each answer's status and what the phone was told."""
    ids = {p.name: p.pk for p in Player.objects.all()}
    said = [""] * PHONES

    def go(i: int, client: Client) -> Any:
        name, into = moves[i % len(moves)]
        address = reverse("player_merge", args=[ids[name]])
        response = client.post(address, {"into": ids[into], "confirm": "True"})
        said[i] = told(client, response)
        return response

    return at_once(PHONES, go), said


def test_phones_naming_one_game_night_at_once_each_save_it_and_one_name_stands() -> None:
    game = start_game()
    address = reverse("game_night", args=[game.game_night])

    def name(i: int, client: Client) -> Any:
        return client.post(address, {"name": f"Night {i}", "place": "The pub"})

    outcomes = at_once(PHONES, name)
    assert statuses(outcomes) == [302] * PHONES
    named = GameNight.objects.get()
    assert named.name in {f"Night {i}" for i in range(PHONES)}
    assert named.place == "The pub"


def test_a_night_another_phone_names_between_the_look_up_and_the_save_is_saved(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What the phone that loses the race meets, every time: the page read the
    # night unnamed, and the other phone's row is there when this one saves.
    game = start_game()
    checked = NightForm.is_valid

    def named_meanwhile(form: NightForm) -> bool:
        GameNight.objects.get_or_create(
            private_table=our_table(), date=game.game_night, defaults={"name": "Theirs"}
        )
        return checked(form)

    monkeypatch.setattr(NightForm, "is_valid", named_meanwhile)
    address = reverse("game_night", args=[game.game_night])
    response = client.post(address, {"name": "Ours", "place": "The pub"})
    assert response.status_code == 302
    named = GameNight.objects.get()
    assert (named.name, named.place) == ("Ours", "The pub")
    assert "The night's name and place are saved." in told(client, response)


def test_two_players_who_shared_a_game_merged_into_a_third_at_once_merge_one() -> None:
    game_with("Al", "Cy", "Dee", "Eve")
    game_with("Bo", "Fay", "Gus", "Hal")
    outcomes, said = merge_at_once([("Al", "Bo"), ("Cy", "Bo")])
    assert_each_told_the_truth(
        [("Al", "Bo"), ("Cy", "Bo")], outcomes, said, "both sat in 1 game", "no longer a player"
    )
    bo = Player.objects.get(name="Bo")
    assert bo.seats.count() == 2
    assert_players_whole()


def test_two_players_merged_into_each_other_at_once_merge_one_way() -> None:
    game_with("Al", "Dee", "Eve", "Fay")
    game_with("Bo", "Gus", "Hal", "Ivy")
    outcomes, said = merge_at_once([("Al", "Bo"), ("Bo", "Al")])
    assert_each_told_the_truth([("Al", "Bo"), ("Bo", "Al")], outcomes, said, "no longer a player")
    merged = PlayerChange.objects.get(kind=PlayerChange.Kind.MERGED)
    assert Player.objects.get(name=merged.new_name).seats.count() == 2
    assert_players_whole()


def test_a_player_renamed_and_merged_at_once_is_never_an_error() -> None:
    game_with("Al", "Dee", "Eve", "Fay")
    game_with("Bo", "Gus", "Hal", "Ivy")
    al, bo = Player.objects.get(name="Al"), Player.objects.get(name="Bo")
    said = [""] * PHONES

    def go(i: int, client: Client) -> Any:
        if i % 2:
            address, data = reverse("player_merge", args=[al.pk]), {"into": bo.pk, "confirm": "1"}
        else:
            address, data = reverse("player_rename", args=[al.pk]), {"name": f"Al {i}"}
        response = client.post(address, data)
        said[i] = told(client, response)
        return response

    outcomes = at_once(PHONES, go)
    assert all(o.error is None for o in outcomes), statuses(outcomes)
    merged = PlayerChange.objects.get(kind=PlayerChange.Kind.MERGED)
    renames = set(
        PlayerChange.objects.filter(kind=PlayerChange.Kind.RENAMED).values_list(
            "new_name", flat=True
        )
    )
    for i, text in enumerate(said):
        if i % 2 == 0 and f"is now called Al {i}" in text:
            assert f"Al {i}" in renames
        elif i % 2 == 0:
            assert "no longer a player" in text or outcomes[i].status == 404, text
    assert merged.new_name == "Bo"
    assert not Player.objects.filter(pk=al.pk).exists()
    assert_players_whole()
