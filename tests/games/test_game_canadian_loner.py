"""The Canadian loner at a real table (docs/rules.md, Standard 3): chosen on the new game
form, shown on the table screen, held to when a hand is made or recorded or edited, and
carried by the game's download, upload and backup."""

from __future__ import annotations

import html
import io
import json
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from referee.engine.hands import HandError
from scorekeeper.models import Game, HandInProgress, Player, PrivateTable
from tests.game_support import FOUR, fresh, post, record, start_game, url

pytestmark = pytest.mark.django_db

# Ann (seat 1) deals the first hand; Cat, across from her, is her partner.
ORDER_UP_BY_CAT = {"maker": "2", "trump": "H", "round": "1"}


def new_game_data(**changes: Any) -> dict[str, Any]:
    data = {
        "token": str(uuid.uuid4()),
        "variant": "standard",
        "player_0": "Ann",
        "player_1": "Ben",
        "player_2": "Cat",
        "player_3": "Dan",
        "first_dealer": "0",
        "target": "10",
        "stick_the_dealer": "on",
        "no_trump": "off",
        "canadian_loner": "on",
        "renege": "march-or-euchre",
        "action": "start",
    }
    data.update(changes)
    return data


def errors_on(response: Any, field: str) -> str:
    return " ".join(response.context["form"].errors.get(field, []))


def loner_game() -> Game:
    return start_game("standard", FOUR, canadian_loner=True)


# --- Choosing it ---------------------------------------------------------------------------------


def test_the_new_game_form_offers_the_canadian_loner_for_standard_euchre_only(
    client: Client,
) -> None:
    standard = client.post(reverse("new_game"), new_game_data(action="refresh")).content.decode()
    assert 'name="canadian_loner"' in standard
    assert "orders the dealer up in round 1 must play alone" in standard
    call_ace = client.get(reverse("new_game")).content.decode()
    assert 'name="canadian_loner"' not in call_ace


def test_a_standard_game_started_with_it_plays_it_and_the_table_screen_says_so(
    client: Client,
) -> None:
    response = client.post(reverse("new_game"), new_game_data())
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.canadian_loner is True
    assert game.house_rules.canadian_loner is True
    table_screen = client.get(response["Location"]).content.decode()
    assert '<p class="table-rules">House rules: Canadian loner</p>' in table_screen
    # The game's link to the rules marks it in force there.
    assert "canadian_loner=on" in table_screen


def test_a_game_without_it_shows_no_house_rules_line(client: Client) -> None:
    client.post(reverse("new_game"), new_game_data(canadian_loner="off"))
    game = Game.objects.get()
    assert game.canadian_loner is False
    assert 'class="table-rules"' not in client.get(url("game_table", game)).content.decode()


def test_the_option_sent_for_another_variant_is_ignored_as_no_trump_is(client: Client) -> None:
    data = new_game_data(variant="call-ace", player_4="Eve", deal="standard", ties="share")
    assert client.post(reverse("new_game"), data).status_code == 302
    assert Game.objects.get().canadian_loner is False


# --- Held to, where a hand is made or recorded ---------------------------------------------------


@pytest.mark.postgres
def test_the_dealers_partner_ordering_up_without_going_alone_is_refused_beside_partner(
    client: Client,
) -> None:
    game = loner_game()
    response = post(client, url("hand_start", game), game, ORDER_UP_BY_CAT)
    assert response.status_code == 422
    message = errors_on(response, "alone")
    assert "Canadian loner" in message
    assert "Cat ordered up their partner Ann, the dealer, in round 1" in message
    assert not HandInProgress.objects.exists()
    # The partner chip says the rule before anyone taps.
    page = html.unescape(response.content.decode())
    assert "the dealer's partner who orders up in round 1 goes alone" in page


def test_the_same_call_alone_is_made_and_the_hand_scores_as_a_lone_hand(client: Client) -> None:
    game = loner_game()
    made = post(client, url("hand_start", game), game, {**ORDER_UP_BY_CAT, "alone": "yes"})
    assert made.status_code == 302
    hand = {**ORDER_UP_BY_CAT, "alone": "yes", "tricks": "5", "after": "0", "save": "1"}
    saved = post(client, url("hand_enter", game), game, hand)
    assert saved.status_code == 303
    assert [s.total for s in fresh(game).seat_list()] == [4, 0, 4, 0]


def test_a_whole_hand_entered_at_once_is_held_to_the_rule_and_stores_nothing(
    client: Client,
) -> None:
    game = loner_game()
    data = {**ORDER_UP_BY_CAT, "tricks": "3", "save": "1"}
    response = post(client, url("hand_enter", game), game, data)
    assert response.status_code == 422
    assert "must go alone" in errors_on(response, "alone")
    assert not game.hands.exists()


def test_the_rule_follows_the_deal_round_the_table(client: Client) -> None:
    game = loner_game()
    record(game, maker="Ben", trump="S", tricks=3, round=1)  # Ann dealt: Ben is an opponent
    # Ben deals hand 2: now Dan is the dealer's partner, and Cat is free.
    with pytest.raises(HandError) as error:
        record(game, maker="Dan", trump="S", tricks=3, round=1)
    assert "Dan ordered up their partner Ben" in error.value.errors["alone"]
    record(game, maker="Cat", trump="S", tricks=3, round=1)
    assert fresh(game).hands.count() == 2


def test_a_deal_out_of_turn_is_held_to_the_rule_by_who_really_dealt(client: Client) -> None:
    game = loner_game()
    game.set_dealer(version=game.version, dealer=1)  # Ben deals hand 1 instead of Ann
    game = fresh(game)
    data = {"maker": "3", "trump": "H", "round": "1", "tricks": "3", "save": "1"}
    response = post(client, url("hand_enter", game), game, data)
    assert response.status_code == 422
    assert "Dan ordered up their partner Ben" in errors_on(response, "alone")


def test_an_edit_that_breaks_the_rule_is_refused_and_changes_nothing(client: Client) -> None:
    game = loner_game()
    record(game, maker="Ann", trump="H", tricks=3, round=2)
    edit = {"maker": "2", "trump": "H", "round": "1", "alone": "", "tricks": "3", "dealer": "0"}
    response = post(client, url("hand_edit", game, 1), game, edit)
    assert response.status_code == 422
    assert "must go alone" in errors_on(response, "alone")
    assert fresh(game).hands.get().maker == 0


def test_a_new_dealer_that_would_break_the_rule_in_a_later_hand_is_refused(
    client: Client,
) -> None:
    game = loner_game()
    record(game, maker="Ann", trump="H", tricks=3, round=2)  # Ann deals
    record(game, maker="Cat", trump="S", tricks=3, round=1)  # Ben deals: Cat is free
    # Dan dealt hand 1 after all? Then Ann deals hand 2, and Cat is her partner.
    edit = {"maker": "0", "trump": "H", "round": "2", "alone": "", "tricks": "3", "dealer": "3"}
    response = post(client, url("hand_edit", game, 1), game, edit)
    assert response.status_code == 422
    message = errors_on(response, "dealer")
    assert message.startswith("With this dealer, hand 2 would be refused: Cat ordered up")
    game = fresh(game)
    assert [h.dealer for h in game.hand_list()] == [0, 1]
    assert [s.total for s in game.seat_list()] == [2, 0, 2, 0]


# --- Carried by the game's files ------------------------------------------------------------------


def played_loner_game() -> Game:
    game = loner_game()
    record(game, maker="Cat", trump="H", tricks=5, round=1, alone=True)
    record(game, maker="Ann", trump="C", tricks=3, round=2)
    return fresh(game)


def test_the_download_carries_the_rule_and_the_upload_brings_it_back(client: Client) -> None:
    game = played_loner_game()
    first = client.get(reverse("game_export", args=[game.pk])).content
    assert json.loads(first)["rules"]["canadian_loner"] is True
    game.delete()
    upload = client.post(reverse("game_import"), {"file": SimpleUploadedFile("g.json", first)})
    assert upload.status_code == 302
    again = Game.objects.get()
    assert again.canadian_loner is True
    assert client.get(reverse("game_export", args=[again.pk])).content == first


def test_an_upload_that_breaks_the_rule_names_the_hand_and_stores_nothing(
    client: Client,
) -> None:
    document = {
        "format": "bower.game/1",
        "variant": "standard",
        "rules": {"canadian_loner": True},
        "players": list(FOUR),
        "first_dealer": "Ann",
        "hands": [{"maker": "Cat", "trump": "H", "tricks": 3, "round": 1}],
    }
    response = client.post(reverse("game_import"), {"text": json.dumps(document)})
    assert response.status_code == 422
    (message,) = response.context["form"].errors["text"]
    assert message.startswith("Hand 1, alone: Cat ordered up their partner Ann, the dealer")
    assert "Canadian loner" in message
    assert not Game.objects.exists()


def test_a_backup_keeps_the_rule_through_a_restore(tmp_path: Path) -> None:
    played_loner_game()
    out = io.StringIO()
    call_command("backup", stdout=out)
    first = out.getvalue()
    (saved,) = json.loads(first)["tables"][0]["games"]
    assert saved["rules"]["canadian_loner"] is True
    for model in (Game, Player, PrivateTable):
        model.objects.all().delete()
    path = tmp_path / "backup.json"
    path.write_text(first)
    call_command("restore", str(path), stdout=io.StringIO())
    assert Game.objects.get().canadian_loner is True
    again = io.StringIO()
    call_command("backup", stdout=again)
    assert again.getvalue() == first
