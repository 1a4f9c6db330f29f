"""Private tables (docs/formats.md, "Tables: private by link, no accounts"): joining by the key
link, a phone without the table sees and changes nothing of it, the watch link,
replacing a key, and what a phone remembers."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, reverse

from scorekeeper.files import urls as file_urls
from scorekeeper.games import urls as game_urls
from scorekeeper.history import urls as history_urls
from scorekeeper.models import (
    Game,
    Hand,
    HandChange,
    HandInProgress,
    Player,
    PrivateTable,
    Seat,
)
from scorekeeper.web import phone_tables
from tests.conftest import joined_client
from tests.documents import example
from tests.game_support import FIVE, TEST_TABLE_KEY, our_table, record, start_game
from tests.table_support import DIRECT, replace_key_form

pytestmark = pytest.mark.django_db


def new_game_data(*players: str) -> dict[str, Any]:
    data = {"token": str(uuid.uuid4()), "variant": "call-ace", "first_dealer": "0"}
    data.update({f"player_{i}": name for i, name in enumerate(players or FIVE)})
    return {**data, "target": "10", "action": "start"}


@pytest.fixture
def game() -> Game:
    game = start_game()
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    game.refresh_from_db()
    return game


# --- Joining by the key link -----------------------------------------------------


def test_the_key_link_remembers_the_table_for_a_year_and_leaves_the_address(
    stranger: Client, game: Game
) -> None:
    response = stranger.get(our_table().key_path, **DIRECT)
    assert response.status_code == 302
    # The key is gone from the address: the phone is at the game in play.
    assert response.url == reverse("game_table", args=[game.pk])
    cookie = response.cookies[phone_tables.COOKIE]
    assert cookie["httponly"] is True
    assert cookie["samesite"] == "Lax"
    assert cookie["max-age"] == 60 * 60 * 24 * 365
    assert TEST_TABLE_KEY not in cookie.value  # only its digest
    assert stranger.get(reverse("game_table", args=[game.pk])).status_code == 200


def test_a_key_is_at_least_128_bits_and_url_safe() -> None:
    keys = {PrivateTable.objects.create().key for _ in range(5)}
    assert len(keys) == 5
    for key in keys:
        assert len(key) >= 32  # 24 random bytes in base64url
        assert reverse("table_join", args=[key]) == f"/t/{key}/"


def test_an_unknown_key_is_a_404(stranger: Client) -> None:
    assert stranger.get("/t/not-a-key-anyone-has/").status_code == 404


def test_a_phone_keeps_several_tables_and_new_games_stay_with_the_first(
    stranger: Client,
) -> None:
    first, second = (
        PrivateTable.objects.create(name="Home"),
        PrivateTable.objects.create(name="Club"),
    )
    stranger.get(first.key_path, **DIRECT)
    stranger.get(second.key_path, **DIRECT)
    response = stranger.get(reverse("table_list"))
    assert [t.name for t in response.context["tables"]] == ["Home", "Club"]


def test_a_phone_remembers_at_most_twenty_tables_and_asks_before_forgetting_one(
    stranger: Client,
) -> None:
    made = [PrivateTable.objects.create(name=f"T{i}") for i in range(phone_tables.MAX_TABLES + 2)]
    for private_table in made:
        stranger.get(private_table.key_path, **DIRECT)
    kept = stranger.get(reverse("table_list")).context["tables"]
    assert len(kept) == phone_tables.MAX_TABLES
    # The first stays where new games go; the two links too many joined nothing.
    assert kept[0].name == "T0"
    assert {t.name for t in kept} == {t.name for t in made[: phone_tables.MAX_TABLES]}


def test_a_forged_cookie_gives_no_table(game: Game) -> None:
    client = Client()
    client.cookies[phone_tables.COOKIE] = our_table().key_digest  # not signed
    assert client.get(reverse("game_table", args=[game.pk])).status_code == 404


# --- A phone without the table -----------------------------------------------------


def test_without_the_table_its_game_screens_answer_404(stranger: Client, game: Game) -> None:
    for name, args in [
        ("game_table", [game.pk]),
        ("table_poll", [game.pk]),
        ("game_sheet", [game.pk]),
        ("game_result", [game.pk]),
        ("hand_start", [game.pk]),
        ("hand_edit", [game.pk, 1]),
        ("hand_history", [game.pk, 1]),
        ("game_export", [game.pk]),
        ("game_night", [game.game_night]),
    ]:
        assert stranger.get(reverse(name, args=args)).status_code == 404, name


def test_without_the_table_the_lists_show_nothing_of_it(stranger: Client, game: Game) -> None:
    ann = Player.objects.get(name="Ann")
    games = stranger.get(reverse("game_list"))
    assert games.status_code == 200
    assert not games.context["page"].object_list
    # As a word: a random CSRF token in the page may hold the letters "Ann".
    assert not re.search(r"\bAnn\b", games.content.decode())
    players = stranger.get(reverse("player_list"))
    assert not players.context["players"]
    assert not re.search(r"\bAnn\b", players.content.decode())
    assert stranger.get(reverse("player_detail", args=[ann.pk])).status_code == 404
    # Nor does the game list's player filter take another table's player.
    filtered = stranger.get(reverse("game_list"), {"player": ann.pk})
    assert not filtered.context["page"].object_list


def _post_urls(game: Game) -> list[tuple[str, str]]:
    """Every address of the game flow and the history that takes a POST about
    one game (new game and import make the phone's own table: not here)."""
    urls = []
    for pattern in [*game_urls.urlpatterns, *history_urls.urlpatterns, *file_urls.urlpatterns]:
        assert isinstance(pattern, URLPattern)
        route = str(pattern.pattern)
        if "<int:game_id>" not in route:
            continue
        args: list[Any] = [game.pk] + ([1] if "<int:number>" in route else [])
        urls.append((pattern.name or route, reverse(pattern.name or "", args=args)))
    return urls


def _stored(game: Game) -> tuple[Any, ...]:
    game.refresh_from_db()
    return (
        game.version,
        Game.objects.count(),
        Hand.objects.count(),
        HandChange.objects.count(),
        HandInProgress.objects.count(),
        Player.objects.count(),
        Seat.objects.count(),
    )


def test_every_write_without_the_table_is_refused_and_stores_nothing(
    stranger: Client, game: Game
) -> None:
    before = _stored(game)
    urls = _post_urls(game)
    assert len(urls) >= 14  # every hand action, edit, rematch, export ...
    for name, address in urls:
        data = {
            "version": game.version,
            "token": str(uuid.uuid4()),
            "maker": "1",
            "trump": "H",
            "called": "S",
            "partner": "maker",
            "tricks": "5",
            "dealer": "2",
            "save": "1",
            "confirm": "1",
        }
        response = stranger.post(address, data)
        assert response.status_code in (403, 404, 405), (name, response.status_code)
        assert _stored(game) == before, name


def test_a_phone_of_another_table_cannot_write_to_this_one(game: Game) -> None:
    other = PrivateTable.objects.create(name="Elsewhere")
    phone = joined_client(other.key)
    before = _stored(game)
    response = phone.post(
        reverse("hand_enter", args=[game.pk]),
        {"thrown_in": "yes", "after": game.hands_played, "token": str(uuid.uuid4())},
    )
    assert response.status_code == 404
    assert _stored(game) == before


def test_the_referee_stays_public(stranger: Client) -> None:
    for path in ["/referee/", "/referee/rules/"]:
        assert stranger.get(path).status_code == 200, path


# --- Starting and importing games --------------------------------------------------


def test_the_first_game_on_a_phone_makes_its_table_named_after_the_players(
    stranger: Client,
) -> None:
    response = stranger.post(reverse("new_game"), new_game_data())
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.private_table.name == "Ann, Ben, Cat, Dan, Eve"
    assert phone_tables.COOKIE in response.cookies
    assert stranger.get(reverse("game_table", args=[game.pk])).status_code == 200
    # A second game goes to the same table, with the same players.
    stranger.post(reverse("new_game"), new_game_data())
    assert PrivateTable.objects.count() == 1
    assert Player.objects.count() == 5


def test_a_phone_with_several_tables_picks_one_the_first_joined_first(stranger: Client) -> None:
    home, club = PrivateTable.objects.create(name="Home"), PrivateTable.objects.create(name="Club")
    stranger.get(home.key_path, **DIRECT)
    stranger.get(club.key_path, **DIRECT)
    form = stranger.get(reverse("new_game"))
    assert form.context["table_choice"].asked
    assert form.context["table_choice"]["private_table"].value() == home.pk
    stranger.post(reverse("new_game"), {**new_game_data(), "private_table": club.pk})
    assert Game.objects.get().private_table == club
    # The table a game was last started at is the default from then on.
    again = stranger.get(reverse("new_game"))
    assert again.context["table_choice"]["private_table"].value() == club.pk


@pytest.mark.postgres
def test_a_phone_cannot_start_a_game_at_a_table_it_does_not_have(stranger: Client) -> None:
    home, secret = PrivateTable.objects.create(name="Home"), PrivateTable.objects.create()
    stranger.get(home.key_path, **DIRECT)
    stranger.post(reverse("new_game"), {**new_game_data(), "private_table": secret.pk})
    assert not secret.games.exists()


def test_the_new_game_form_offers_only_this_tables_players(client: Client) -> None:
    start_game()
    elsewhere = PrivateTable.objects.create(name="Elsewhere")
    start_game(players=("Zed", "Yan", "Xia", "Wes", "Val"), private_table=elsewhere)
    known = {p.name for p in client.get(reverse("new_game")).context["known"]}
    assert known == set(FIVE)


@pytest.mark.postgres
def test_the_same_name_at_two_tables_is_two_players() -> None:
    start_game()
    start_game(private_table=PrivateTable.objects.create(name="Elsewhere"))
    assert Player.objects.filter(name="Ann").count() == 2
    assert Player.objects.filter(name__iexact="ann", private_table=our_table()).count() == 1


def test_an_uploaded_game_goes_into_the_phones_table(client: Client) -> None:
    private_table = our_table()
    response = client.post(reverse("game_import"), {"text": json.dumps(example())})
    assert response.status_code == 302
    assert Game.objects.get().private_table == private_table


def test_a_phone_with_no_table_importing_a_game_gets_a_table(stranger: Client) -> None:
    response = stranger.post(reverse("game_import"), {"text": json.dumps(example())})
    game = Game.objects.get()
    assert stranger.get(response.url).status_code == 200
    assert game.private_table.name == "Ann, Ben, Cat, Dan, Eve"


# --- The watch link ----------------------------------------------------------------


def test_the_watch_link_shows_the_game_with_nothing_that_writes(
    stranger: Client, game: Game
) -> None:
    response = stranger.get(reverse("game_watch", args=[game.watch_token]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<form" not in html
    for name in FIVE:
        assert name in html
    assert reverse("hand_start", args=[game.pk]) not in html
    assert reverse("game_table", args=[game.pk]) not in html


@pytest.mark.postgres
def test_a_write_with_only_the_watch_link_is_refused(stranger: Client, game: Game) -> None:
    before = _stored(game)
    watch = reverse("game_watch", args=[game.watch_token])
    stranger.get(watch)
    assert stranger.post(watch, {"version": game.version}).status_code == 403
    state = reverse("watch_poll", args=[game.watch_token])
    assert stranger.post(state).status_code == 403
    thrown_in = reverse("hand_enter", args=[game.pk])
    data = {"thrown_in": "yes", "after": game.hands_played, "token": str(uuid.uuid4())}
    assert stranger.post(thrown_in, data).status_code == 404
    assert _stored(game) == before


def test_the_watch_poll_is_204_until_a_hand_is_recorded(stranger: Client, game: Game) -> None:
    state = reverse("watch_poll", args=[game.watch_token])
    assert stranger.get(state, {"version": game.version}).status_code == 204
    record(game, maker="Cat", trump="S", called="S", partner="maker", tricks=5)
    game.refresh_from_db()
    live = stranger.get(state, {"version": game.version - 1})
    assert live.status_code == 200
    assert f"version={game.version}" in live.content.decode()


def test_an_unknown_watch_token_is_a_404(stranger: Client) -> None:
    assert stranger.get("/w/nothing-here/").status_code == 404
    assert stranger.get("/w/nothing-here/state/", {"version": 0}).status_code == 404


def test_the_table_screen_invites_with_both_links_and_qr_codes(client: Client, game: Game) -> None:
    html = client.get(reverse("game_table", args=[game.pk])).content.decode()
    assert "Invite a phone" in html
    assert f"http://testserver/t/{TEST_TABLE_KEY}/" in html
    assert f"http://testserver/w/{game.watch_token}/" in html
    assert html.count('<svg role="img"') == 2
    assert "style=" not in html  # the CSP allows no style attribute


# --- Replacing a key ----------------------------------------------------------------


def test_replacing_the_key_locks_out_the_old_link_and_other_phones(
    client: Client, game: Game
) -> None:
    private_table = our_table()
    old_key = private_table.key
    other_phone = Client()
    other_phone.get(private_table.key_path, **DIRECT)
    address = reverse("table_replace_key", args=[private_table.pk])
    form = replace_key_form(client, private_table)
    unconfirmed = client.post(address, form)
    assert unconfirmed.status_code == 422
    assert "Tick the box to replace the key." in unconfirmed.content.decode()
    private_table.refresh_from_db()
    assert private_table.key == old_key
    assert client.post(address, {**form, "confirm": "on"}).status_code == 302
    private_table.refresh_from_db()
    assert private_table.key != old_key
    assert Client().get(f"/t/{old_key}/", **DIRECT).status_code == 404
    game_url = reverse("game_table", args=[game.pk])
    assert other_phone.get(game_url).status_code == 404
    assert client.get(game_url).status_code == 200  # the phone that replaced it keeps it
    assert Client().get(private_table.key_path, **DIRECT).status_code == 302


def test_a_phone_cannot_replace_the_key_of_a_table_it_does_not_have(stranger: Client) -> None:
    private_table = our_table()
    key = private_table.key
    shown = replace_key_form(joined_client(TEST_TABLE_KEY), private_table)
    response = stranger.post(reverse("table_replace_key", args=[private_table.pk]), shown)
    assert response.status_code == 404
    private_table.refresh_from_db()
    assert private_table.key == key


def test_forgetting_a_table_on_a_phone(client: Client, game: Game) -> None:
    private_table = our_table()
    client.post(reverse("table_forget", args=[private_table.pk]))
    assert client.get(reverse("game_table", args=[game.pk])).status_code == 404
    assert PrivateTable.objects.filter(pk=private_table.pk).exists()


# --- Settings ----------------------------------------------------------------------


def test_no_address_is_sent_to_another_site(client: Client) -> None:
    assert client.get("/").headers["Referrer-Policy"] == "same-origin"


def test_the_admin_is_for_the_operator(stranger: Client, django_user_model: Any) -> None:
    assert stranger.get("/admin/").status_code == 302  # to the login page
    django_user_model.objects.create_superuser("op", "op@example.com", "pw-long-enough-1")
    stranger.login(username="op", password="pw-long-enough-1")
    our_table()
    response = stranger.get("/admin/scorekeeper/privatetable/")
    assert response.status_code == 200
    assert f"/t/{TEST_TABLE_KEY}/" in response.content.decode()


def test_the_table_cookie_is_secure_where_the_session_cookie_is(
    stranger: Client, settings: Any
) -> None:
    settings.SESSION_COOKIE_SECURE = True
    response = stranger.get(our_table().key_path, **DIRECT)
    assert response.cookies[phone_tables.COOKIE]["secure"] is True


def test_the_lan_mode_keeps_the_table_cookie_for_plain_http(stranger: Client) -> None:
    # settings.LAN leaves SESSION_COOKIE_SECURE off: a Secure cookie would never come back.
    response = stranger.get(our_table().key_path, **DIRECT)
    assert not response.cookies[phone_tables.COOKIE]["secure"]


def test_the_table_and_the_watch_page_ask_at_least_every_4_seconds(
    client: Client, game: Game
) -> None:
    for address in [
        reverse("game_table", args=[game.pk]),
        reverse("game_watch", args=[game.watch_token]),
    ]:
        html = client.get(address).content.decode()
        seconds = re.search(r'class="poller"[^>]*hx-trigger="every (\d+)s"', html)
        assert seconds is not None, address
        assert int(seconds.group(1)) <= 4, address
        assert "js/live.js" in html, address


def test_the_watch_poll_costs_one_query_while_nothing_changed(
    stranger: Client, game: Game, django_assert_num_queries: Any
) -> None:
    state = reverse("watch_poll", args=[game.watch_token])
    with django_assert_num_queries(1):  # the version
        assert stranger.get(state, {"version": game.version}).status_code == 204
