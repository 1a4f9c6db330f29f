"""The table screen drawn once per version for all of a table's phones
(scorekeeper/views/drawn.py, issue 12): a second phone's answer costs one
query, yet it is its own (CSRF token, CSP nonce, form tokens, messages), and
anything that changes what the table shows draws it again."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Player
from scorekeeper.models.private_tables import key_digest
from tests.conftest import joined_client
from tests.game_support import (
    HTMX,
    TEST_TABLE_KEY,
    fresh,
    poll_address,
    post,
    record,
    start_game,
    url,
)
from tests.table_support import replace_key_form

pytestmark = pytest.mark.django_db

ANN_MAKES = {"maker": "Ann", "trump": "H", "called": "S", "partner": "Cat", "tricks": 3}


def phone() -> Client:
    """Another phone of the tests' table, one that checks CSRF as a browser's would."""
    client = joined_client(TEST_TABLE_KEY)
    client.handler.enforce_csrf_checks = True
    return client


def form_tokens(html: str) -> list[str]:
    return re.findall(r'name="token" value="([0-9a-f-]{36})"', html)


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def test_a_second_phone_gets_the_table_in_one_query(
    client: Client, django_assert_num_queries: Callable[..., Any]
) -> None:
    game = start_game()
    record(game, **ANN_MAKES)
    first = client.get(url("game_table", game)).content.decode()
    with django_assert_num_queries(1):  # the game's version, of one of the phone's tables
        second = phone().get(url("game_table", game)).content.decode()
    assert "Hand 2" in second
    assert re.sub(r'value="[^"]*"|nonce="[^"]*"|"X-CSRFToken": "[^"]*"', "", first) == re.sub(
        r'value="[^"]*"|nonce="[^"]*"|"X-CSRFToken": "[^"]*"', "", second
    )


def test_each_answer_has_fresh_form_tokens_and_its_phone_can_post_with_them() -> None:
    game = start_game()
    ann, ben = phone(), phone()
    ann_page = ann.get(url("game_table", game)).content.decode()
    ben_page = ben.get(url("game_table", game)).content.decode()
    assert form_tokens(ann_page)
    assert form_tokens(ben_page)
    assert not set(form_tokens(ann_page)) & set(form_tokens(ben_page))
    # Ben's page came from Ann's drawing: its CSRF token is Ben's own, and it works.
    response = ben.post(
        url("hand_thrown_in", game),
        {
            "csrfmiddlewaretoken": csrf_of(ben_page),
            "version": fresh(game).version,
            "token": form_tokens(ben_page)[0],
        },
    )
    assert response.status_code == 302
    assert fresh(game).hands.count() == 1


def test_each_answer_carries_the_nonce_its_content_security_policy_names() -> None:
    game = start_game()
    phone().get(url("game_table", game))
    response = phone().get(url("game_table", game))
    policy = response.headers["Content-Security-Policy"]
    nonces = set(re.findall(r'nonce="([^"]+)"', response.content.decode()))
    assert len(nonces) == 1
    assert f"'nonce-{nonces.pop()}'" in policy


def test_a_message_is_shown_to_its_own_phone_only(client: Client) -> None:
    game = start_game()
    game.start_hand(version=None, maker=1, trump="D", called="C")
    # Without JavaScript: the change is saved, then the redirect shows the table with the message.
    response = post(client, url("hand_cancel", game), game)
    assert response.status_code == 302
    mine = client.get(response.url).content.decode()
    assert "The call was cancelled." in mine
    others = phone().get(url("game_table", game)).content.decode()
    assert "The call was cancelled." not in others
    assert "The call was cancelled." not in client.get(url("game_table", game)).content.decode()


def test_the_poll_of_a_following_phone_brings_the_hand_just_recorded(client: Client) -> None:
    game = start_game()
    shown = fresh(game).version
    follower = phone()
    assert follower.get(url("game_state", game), {"version": shown}, **HTMX).status_code == 204
    record(game, **ANN_MAKES)
    live = follower.get(url("game_state", game), {"version": shown}, **HTMX)
    assert live.status_code == 200
    assert "Hand 2" in live.content.decode()
    again = phone().get(url("game_state", game), {"version": shown}, **HTMX)
    assert again.content.decode().count("Hand 2") == live.content.decode().count("Hand 2")


def test_a_players_new_name_shows_on_the_table(client: Client) -> None:
    game = start_game()
    assert "Dan" in client.get(url("game_table", game)).content.decode()
    dan = Player.objects.get(name="Dan")
    response = client.post(reverse("player_rename", args=[dan.pk]), {"name": "Danny"})
    assert response.status_code == 302
    assert "Danny" in client.get(url("game_table", game)).content.decode()
    assert "Danny" in phone().get(url("game_table", game), **HTMX).content.decode()


@pytest.mark.parametrize("screen", ["table", "watch"])
def test_a_following_phone_shows_a_players_new_name_at_its_next_poll(
    client: Client, screen: str
) -> None:
    game = start_game()
    follower = phone()
    page = (
        url("game_table", game)
        if screen == "table"
        else reverse("game_watch", args=[fresh(game).watch_token])
    )
    address = poll_address(follower.get(page).content.decode())
    assert follower.get(address, **HTMX).status_code == 204
    dan = Player.objects.get(name="Dan")
    client.post(reverse("player_rename", args=[dan.pk]), {"name": "Danny"})
    live = follower.get(address, **HTMX)
    assert live.status_code == 200
    assert "Danny" in live.content.decode()
    # The live part drawn says the new names: quiet again until the next change.
    assert follower.get(poll_address(live.content.decode()), **HTMX).status_code == 204


def test_a_poll_naming_junk_names_gets_the_table_as_it_stands(client: Client) -> None:
    game = start_game()
    state = url("game_state", game)
    response = client.get(state, {"version": fresh(game).version, "names": "x"}, **HTMX)
    assert response.status_code == 200
    assert 'id="live"' in response.content.decode()


def test_a_hand_entered_while_a_player_is_renamed_is_still_saved(client: Client) -> None:
    game = start_game()
    shown = fresh(game).version  # the scorer's form is open at this version
    dan = Player.objects.get(name="Dan")
    client.post(reverse("player_rename", args=[dan.pk]), {"name": "Danny"})
    response = post(client, url("hand_thrown_in", game), game, version=shown)
    assert response.status_code == 302
    assert fresh(game).hands.count() == 1


def test_a_merged_players_games_show_the_name_kept(client: Client) -> None:
    game = start_game(players=("Ann", "Ben", "Cat", "Danny", "Eve"))
    start_game(players=("Ann", "Ben", "Cat", "Dan"), variant="standard")
    assert "Danny" in client.get(url("game_table", game)).content.decode()
    danny, dan = Player.objects.get(name="Danny"), Player.objects.get(name="Dan")
    response = client.post(
        reverse("player_merge", args=[danny.pk]), {"into": dan.pk, "confirm": "True"}
    )
    assert response.status_code == 302
    page = phone().get(url("game_table", game)).content.decode()
    assert "Danny" not in page
    assert "Dan" in page


def test_each_host_gets_the_invite_links_of_its_own_address() -> None:
    game = start_game()
    here = phone().get(url("game_table", game)).content.decode()
    there = phone().get(url("game_table", game), HTTP_HOST="localhost").content.decode()
    assert "http://testserver/t/" in here
    assert "http://localhost/t/" in there
    assert "http://testserver/" not in there


def test_a_replaced_key_shows_in_the_invite_of_the_phone_that_replaced_it(client: Client) -> None:
    game = start_game()
    old = client.get(url("game_table", game)).content.decode()
    table = game.private_table
    assert f"/t/{table.key}/" in old
    form = replace_key_form(client, table)
    response = client.post(reverse("table_replace_key", args=[table.pk]), {**form, "confirm": "on"})
    assert response.status_code in (200, 302)
    table.refresh_from_db()
    assert key_digest(table.key) == table.key_digest
    page = client.get(url("game_table", game)).content.decode()
    assert f"/t/{table.key}/" in page
    assert f"/t/{TEST_TABLE_KEY}/" not in page


@pytest.mark.parametrize("shown", ["", "-1", "1e3", "٣", "x", "9" * 40, " 0"])
def test_a_poll_naming_no_whole_version_gets_the_table_as_it_stands(
    client: Client, shown: str
) -> None:
    game = start_game()
    response = client.get(url("game_state", game), {"version": shown}, **HTMX)
    assert response.status_code == 200
    assert 'id="live"' in response.content.decode()
