"""Replacing a table's key (docs/formats.md, "Tables: private by link, no accounts";
docs/decisions.md, D16): the old key link and the table's watch links stop working, and of two
phones replacing it at once, or a form left open while another phone replaced it, one
replaces it and the other is told so, on SQLite and PostgreSQL."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import EuchreNight, Game, PrivateTable
from scorekeeper.models.private_tables import key_digest, replacement_key
from scorekeeper.web import phone_tables
from tests.conftest import joined_client
from tests.game_support import TEST_TABLE_KEY, our_table, record, start_game
from tests.night_support import start_night
from tests.race_support import at_once, statuses
from tests.table_support import replace_key_form

ALREADY_REPLACED = "Another phone replaced this table's key a moment before you did."


def text_of(response: Any) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def address(private_table: PrivateTable) -> str:
    return reverse("table_replace_key", args=[private_table.pk])


def watch_addresses(game: Game, night: EuchreNight) -> list[str]:
    """The watch pages of a game and a night (a night's table is a game too),
    and their polls."""
    night_game = Game.objects.filter(night_round__night=night).first()
    assert night_game is not None
    return [
        reverse("game_watch", args=[game.watch_token]),
        reverse("watch_poll", args=[game.watch_token]) + f"?version={game.version}",
        reverse("game_watch", args=[night_game.watch_token]),
        reverse("night_watch", args=[night.watch_token]),
        reverse("night_watch_state", args=[night.watch_token]) + "?version=0",
    ]


def holds_the_table(phone: Client, game: Game) -> bool:
    return phone.get(reverse("game_table", args=[game.pk])).status_code == 200


# --- The watch links -----------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.postgres
def test_replacing_the_key_stops_the_watch_links_of_the_tables_games_and_nights(
    client: Client,
) -> None:
    game, night = start_game(), start_night()
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    game.refresh_from_db()
    elsewhere = start_game(private_table=PrivateTable.objects.create(name="Elsewhere"))
    old = watch_addresses(game, night)
    viewer = Client()
    assert [viewer.get(a).status_code for a in old] == [200, 204, 200, 200, 200]

    form = replace_key_form(client, our_table())
    assert client.post(address(our_table()), {**form, "confirm": "on"}).status_code == 302

    assert [viewer.get(a).status_code for a in old] == [404] * len(old)
    game.refresh_from_db()
    night.refresh_from_db()
    new = watch_addresses(game, night)
    assert [viewer.get(a).status_code for a in new] == [200, 204, 200, 200, 200]
    # The new links are the ones the table screen offers; another table's stay.
    assert f"/w/{game.watch_token}/" in client.get(reverse("game_table", args=[game.pk])).text
    assert viewer.get(reverse("game_watch", args=[elsewhere.watch_token])).status_code == 200


@pytest.mark.django_db
def test_the_operators_key_replacement_stops_the_watch_links_too() -> None:
    game = start_game()
    old = game.watch_token
    our_table().replace_key()
    game.refresh_from_db()
    assert game.watch_token != old
    assert Client().get(reverse("game_watch", args=[old])).status_code == 404


# --- A form left open, a form sent twice ----------------------------------------------


@pytest.mark.django_db
def test_a_replace_form_left_open_while_another_phone_replaced_the_key_is_refused() -> None:
    game = start_game()
    private_table = our_table()
    slow, quick = joined_client(TEST_TABLE_KEY), joined_client(TEST_TABLE_KEY)
    slow_form = replace_key_form(slow, private_table)
    quick_form = replace_key_form(quick, private_table)
    assert quick.post(address(private_table), {**quick_form, "confirm": "on"}).status_code == 302
    private_table.refresh_from_db()
    key = private_table.key

    response = slow.post(address(private_table), {**slow_form, "confirm": "on"})
    assert response.status_code == 409
    assert ALREADY_REPLACED in text_of(response)
    assert "this phone no longer has the table" in text_of(response)
    private_table.refresh_from_db()
    assert private_table.key == key  # the quick phone's key stands
    # The slow phone's cookie no longer claims the old key; the quick one's key works.
    assert key_digest(TEST_TABLE_KEY) not in response.cookies[phone_tables.COOKIE].value
    assert not slow.get(reverse("table_list")).context["tables"]
    assert not holds_the_table(slow, game)
    assert holds_the_table(quick, game)
    assert f"/t/{key}/" in quick.get(reverse("table_list")).text


@pytest.mark.django_db
def test_an_unticked_form_left_open_after_the_key_was_replaced_is_told_so_too() -> None:
    private_table = our_table()
    slow = joined_client(TEST_TABLE_KEY)
    form = replace_key_form(slow, private_table)
    private_table.replace_key()
    response = slow.post(address(private_table), form)
    assert response.status_code == 409
    assert ALREADY_REPLACED in text_of(response)


@pytest.mark.django_db
def test_the_same_replace_form_sent_twice_answers_as_the_first_time(client: Client) -> None:
    game = start_game()
    private_table = our_table()
    form = {**replace_key_form(client, private_table), "confirm": "on"}
    first = client.post(address(private_table), form)
    private_table.refresh_from_db()
    game.refresh_from_db()
    key, watch = private_table.key, game.watch_token
    # Sent again with the cookie the first answer set, and with the old one
    # (the phone sent it again before the first answer came back).
    again = client.post(address(private_table), form)
    late = joined_client(TEST_TABLE_KEY).post(address(private_table), form)
    assert [first.status_code, again.status_code, late.status_code] == [302, 302, 302]
    private_table.refresh_from_db()
    game.refresh_from_db()
    assert (private_table.key, game.watch_token) == (key, watch)  # replaced once
    assert key == replacement_key(form["shown"], form["token"])
    assert key_digest(key) in late.cookies[phone_tables.COOKIE].value
    assert holds_the_table(client, game)


@pytest.mark.django_db
def test_an_older_form_in_another_tab_of_the_phone_that_replaced_the_key_keeps_the_table(
    client: Client,
) -> None:
    game = start_game()
    private_table = our_table()
    first_tab, second_tab = (
        replace_key_form(client, private_table),
        replace_key_form(client, private_table),
    )
    assert client.post(address(private_table), {**first_tab, "confirm": "on"}).status_code == 302
    response = client.post(address(private_table), {**second_tab, "confirm": "on"})
    assert response.status_code == 409
    assert "this phone has the new key" in text_of(response)
    assert phone_tables.COOKIE not in response.cookies
    assert holds_the_table(client, game)


@pytest.mark.django_db
@pytest.mark.postgres
def test_a_phone_cannot_replace_another_tables_key_with_its_own_key() -> None:
    mine = PrivateTable.objects.create(name="Mine")
    theirs = PrivateTable.objects.create(name="Theirs")
    phone = joined_client(mine.key)
    form = replace_key_form(phone, mine)
    keys = (mine.key, theirs.key)
    assert phone.post(address(theirs), {**form, "confirm": "on"}).status_code == 404
    assert tuple(PrivateTable.objects.order_by("pk").values_list("key", flat=True)) == keys
    assert [t.name for t in phone.get(reverse("table_list")).context["tables"]] == ["Mine"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "changed",
    [{"shown": ""}, {"token": ""}, {"token": "short"}, {"shown": "z" * 32}, {"token": "\x00" * 32}],
)
def test_a_tampered_replace_form_changes_nothing(client: Client, changed: dict[str, str]) -> None:
    private_table = our_table()
    form = {**replace_key_form(client, private_table), "confirm": "on", **changed}
    response = client.post(address(private_table), form)
    assert response.status_code == 422
    assert "This form is out of date: open it again." in text_of(response)
    private_table.refresh_from_db()
    assert private_table.key == TEST_TABLE_KEY


@pytest.mark.django_db
def test_replacing_a_key_keeps_where_new_games_go() -> None:
    home, club = PrivateTable.objects.create(name="Home"), PrivateTable.objects.create(name="Club")
    phone = joined_client(home.key, club.key)
    form = replace_key_form(phone, club)
    assert phone.post(address(club), {**form, "confirm": "on"}).status_code == 302
    assert [t.name for t in phone.get(reverse("table_list")).context["tables"]] == ["Home", "Club"]


# --- Phones replacing the key at once ----------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_phones_replacing_the_key_at_once_one_replaces_it_and_the_others_are_told() -> None:
    game = start_game()
    private_table = our_table()
    count = 6
    phones = [joined_client(TEST_TABLE_KEY) for _ in range(count)]
    forms = [{**replace_key_form(p, private_table), "confirm": "on"} for p in phones]
    answers: dict[int, Any] = {}

    def replace(i: int, _client: Client) -> Any:
        answers[i] = phones[i].post(address(private_table), forms[i])
        return answers[i]

    outcomes = at_once(count, replace)
    assert sorted(statuses(outcomes), key=str) == [302] + [409] * (count - 1)
    (winner,) = [i for i, o in enumerate(outcomes) if o.status == 302]
    private_table.refresh_from_db()
    assert private_table.key == replacement_key(forms[winner]["shown"], forms[winner]["token"])
    # The phone told it has the new key has it; every other phone was told it
    # has not, and no longer claims the old key.
    assert holds_the_table(phones[winner], game)
    assert f"/t/{private_table.key}/" in phones[winner].get(reverse("table_list")).text
    for i, phone in enumerate(phones):
        if i == winner:
            continue
        assert ALREADY_REPLACED in text_of(answers[i])
        assert key_digest(TEST_TABLE_KEY) not in answers[i].cookies[phone_tables.COOKIE].value
        assert not holds_the_table(phone, game)
    # The watch links were replaced once, by the winner: the game's works.
    game.refresh_from_db()
    assert Client().get(reverse("game_watch", args=[game.watch_token])).status_code == 200
