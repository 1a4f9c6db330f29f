"""The table screen: totals, dealer and leader, the hand in progress, the last hands;
the poll that keeps watching phones current; one-tap actions (reveal, thrown in,
cancel, undo); each phone's answer its own (tokens, nonce, messages), and what
changes reaches every phone (a hand, a new name, a new key)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from referee.engine.reading import read_hand
from scorekeeper.models import Game, Hand, HandInProgress, Player, PrivateTable
from scorekeeper.models.private_tables import key_digest
from scorekeeper.web.referee_links import rules_url
from tests.conftest import joined_client
from tests.game_support import (
    FOUR,
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


@pytest.fixture
def game() -> Game:
    game = start_game(first_dealer=0)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    record(game, maker="Cat", trump="S", called="S", partner="maker", tricks=5)
    return fresh(game)


def table_screen(client: Client, game: Game, **extra: Any) -> Any:
    return client.get(url("game_table", game), **extra)


def test_the_table_shows_totals_dealer_leader_and_hand_number(client: Client, game: Game) -> None:
    response = table_screen(client, game)
    assert response.status_code == 200
    context = response.context
    assert context["number"] == 3
    assert (context["dealer"], context["leader"]) == ("Cat", "Dan")
    assert [(r.names, r.total) for r in context["rows"]] == [
        ("Ann", 0),
        ("Ben", 1),
        ("Cat", 5),
        ("Dan", 1),
        ("Eve", 0),
    ]
    assert context["ahead"] == "Cat ahead with 5 of 10."
    html = response.content.decode()
    assert 'meter class="bar" min="0" max="10" value="5"' in html
    assert "Who made trump?" in html


def test_the_last_hands_show_their_points_and_rule(client: Client, game: Game) -> None:
    html = table_screen(client, game).content.decode()
    assert "Cat +5" in html
    assert "Alone march, 5 players" in html
    assert "Ben +1" in html
    assert 'class="trump-badge suit-S"' in html
    assert url("hand_edit", game, 2) in html
    assert url("hand_history", game, 1) in html
    assert 'Undo<span class="visually-hidden"> hand 2</span>' in html


def test_the_table_links_to_the_rules_audit_and_download(client: Client, game: Game) -> None:
    html = table_screen(client, game).content.decode()
    # The referee's pages get the game's setup in their address (scorekeeper/web/referee_links.py).
    assert f'href="{escape(rules_url(game))}"' in html
    assert f"finish=/games/{game.pk}/hand/finish/" in html.split('href="/referee/audit/?')[1]
    assert f'href="/games/{game.pk}/export/"' in html


def test_standard_euchre_shows_the_two_teams(client: Client) -> None:
    game = start_game("standard", FOUR)
    record(game, maker="Ben", trump="H", alone=True, tricks=5)
    rows = table_screen(client, game).context["rows"]
    assert [(r.names, r.total) for r in rows] == [("Ann & Cat", 0), ("Ben & Dan", 4)]


def test_htmx_gets_the_screen_partial(client: Client, game: Game) -> None:
    response = table_screen(client, game, **HTMX)
    html = response.content.decode()
    assert "<html" not in html
    assert 'id="live"' in html
    assert "<title>Hand 3" in html


def test_an_unknown_game_is_not_found(client: Client) -> None:
    assert client.get("/games/999/").status_code == 404


# --- the number of queries does not grow with the game ---------------------------------------


def long_game(hands: int) -> Game:
    """A game of ``hands`` hands, stored at once and scored once (fast to set up)."""
    game = fresh(start_game(target=99))
    players = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    records = []
    for n in range(hands):
        if n % 3 == 2:
            document: dict[str, Any] = {"thrown_in": True}
        else:
            maker, partner = players[n % 5], players[(n + 2) % 5]
            document = {
                "maker": maker,
                "trump": "H",
                "called": "S",
                "partner": partner,
                "tricks": 3,
            }
        hand = Hand(game=game, number=n + 1)
        hand.set_from_engine(read_hand(game.setup, document))
        records.append(hand)
    Hand.objects.bulk_create(records)
    game.recompute()
    game.save()
    return game


@pytest.mark.parametrize("hands", [1, 60])
@pytest.mark.postgres
def test_the_poll_while_nothing_changed_is_one_query_at_1_and_60_hands(
    client: Client, django_assert_num_queries: Any, hands: int
) -> None:
    # The one query is the promise: every phone at every table polls every 4 s.
    game = long_game(hands)
    with django_assert_num_queries(1):  # the version, of a game of the phone's tables
        unchanged = client.get(url("table_poll", game), {"version": game.version})
    assert unchanged.status_code == 204
    changed = client.get(url("table_poll", game), {"version": game.version + 1})
    assert changed.status_code == 200
    assert f"Hand {hands + 1}" in changed.content.decode()


# --- the poll ---------------------------------------------------------------------------------


def test_the_poll_answers_204_while_nothing_changed(client: Client, game: Game) -> None:
    response = client.get(url("table_poll", game), {"version": game.version}, **HTMX)
    assert response.status_code == 204
    assert response.content == b""


def test_the_poll_sends_the_live_table_once_another_phone_changed_it(
    client: Client, game: Game
) -> None:
    seen = game.version
    game.save_call(version=seen, maker=1, trump="H", called="S")
    response = client.get(url("table_poll", game), {"version": seen}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith("<title>Hand 3 · ")
    assert '\n<div id="live"' in html
    assert f"version={seen + 1}" in html
    assert "partner unknown" in html


def test_a_poll_with_a_bad_version_gets_the_table(client: Client, game: Game) -> None:
    response = client.get(url("table_poll", game), {"version": "many"})
    assert response.status_code == 200


@pytest.mark.postgres
def test_the_poll_of_an_unknown_game_is_not_found(client: Client) -> None:
    assert client.get("/games/999/state/", {"version": 1}).status_code == 404


@pytest.mark.parametrize("game_id", ["0", str(2**63), "9" * 40])
def test_the_poll_of_a_game_number_no_game_can_have_is_not_found(
    client: Client, game_id: str
) -> None:
    # Beyond a 64-bit id PostgreSQL would refuse the number itself (a 500).
    assert client.get(f"/games/{game_id}/state/", {"version": 1}).status_code == 404


def test_the_poll_of_a_phone_without_tables_asks_nothing_of_the_database(
    game: Game, django_assert_num_queries: Any
) -> None:
    with django_assert_num_queries(0):
        response = Client().get(url("table_poll", game), {"version": game.version})
    assert response.status_code == 404


def test_the_poll_of_a_phone_with_several_tables_finds_the_game_of_any(game: Game) -> None:
    tables = [PrivateTable.objects.create(name=name) for name in ("Porch", "Kitchen")]
    others = [start_game(private_table=private_table) for private_table in tables]
    phone = joined_client(tables[0].key, TEST_TABLE_KEY, tables[1].key)
    for each in (*others, game):
        assert phone.get(url("table_poll", each), {"version": each.version}).status_code == 204
    # A phone that has only one of those tables finds only that table's game.
    porch = joined_client(tables[0].key)
    assert porch.get(url("table_poll", others[0]), {"version": 1}).status_code in (200, 204)
    assert porch.get(url("table_poll", others[1]), {"version": 1}).status_code == 404
    assert porch.get(url("table_poll", game), {"version": 1}).status_code == 404


# --- the hand in progress ---------------------------------------------------------------------


def test_the_table_says_who_made_what_and_that_the_partner_is_unknown(
    client: Client, game: Game
) -> None:
    game.save_call(version=None, maker=1, trump="H", called="S")
    html = table_screen(client, game).content.decode()
    assert "Ben made" in html
    assert "hearts and calls the ace of" in html
    assert "spades; partner unknown." in html
    assert 'class="suit-H suit-symbol"' in html
    # The phone offers a partner chip for every side the table of outcomes lists
    # for the maker (static/js/hand.js; the kind's, at its address): never the maker.
    kind = client.get(table_screen(client, game).context["outcomes_address"])
    sides = json.loads(kind.content)["index"]["1"]
    assert sorted(sides) == ["0", "2", "3", "4", "maker", "none"]


def test_cancelling_the_call_forgets_the_hand_in_progress(client: Client, game: Game) -> None:
    game.save_call(version=None, maker=1, trump="H", called="S")
    response = post(client, url("hand_cancel", game), game)
    assert response.status_code == 302
    assert not HandInProgress.objects.exists()


# --- thrown in --------------------------------------------------------------------------------


def test_a_thrown_in_hand_scores_nothing_and_passes_the_deal(client: Client, game: Game) -> None:
    response = post(client, url("hand_enter", game), game, {"thrown_in": "yes"}, htmx=True)
    assert response.status_code == 200
    assert response.headers["HX-Push-Url"] == url("game_table", game)
    context = response.context
    assert context["number"] == 4
    assert context["dealer"] == "Dan"
    assert game.hands.last().thrown_in


def test_a_double_tap_on_thrown_in_records_one_hand(client: Client, game: Game) -> None:
    token = "6d1c2f0e-4c7b-4a53-9b7e-2f7f4cc1a001"
    misdeal = {"thrown_in": "yes", "after": str(game.hands_played)}
    post(client, url("hand_enter", game), game, misdeal, token=token)
    second = post(client, url("hand_enter", game), game, misdeal, token=token)
    assert second.status_code == 303
    assert game.hands.count() == 3


def test_a_misdeal_post_without_after_or_token_changes_nothing(client: Client, game: Game) -> None:
    response = client.post(url("hand_enter", game), {"thrown_in": "yes"})
    assert response.status_code == 422
    assert "This screen is out of date" in response.content.decode()
    assert game.hands.count() == 2


def test_get_is_refused_on_one_tap_actions(client: Client, game: Game) -> None:
    for name in ("hand_cancel", "game_rematch"):
        assert client.get(url(name, game)).status_code == 405


# --- undo -------------------------------------------------------------------------------------


def test_undo_asks_first_then_takes_back_the_last_hand(client: Client, game: Game) -> None:
    page = client.get(url("hand_undo", game))
    assert "Undo hand 2?" in page.content.decode()
    response = post(client, url("hand_undo", game), game)
    assert response.status_code == 302
    assert game.hands.count() == 1
    follow = client.get(response.url)
    assert "Hand 2 undone." in follow.content.decode()
    assert [r.total for r in follow.context["rows"]] == [0, 1, 0, 1, 0]


def test_undo_from_a_stale_phone_undoes_nothing(client: Client, game: Game) -> None:
    stale = game.version
    record(game, thrown_in=True)
    response = post(client, url("hand_undo", game), game, version=stale, htmx=True)
    assert response.status_code == 409
    assert "Nothing undone" in response.content.decode()
    assert game.hands.count() == 3


def test_with_no_hand_there_is_nothing_to_undo(client: Client) -> None:
    game = start_game()
    assert "Nothing to undo" in client.get(url("hand_undo", game)).content.decode()
    response = post(client, url("hand_undo", game), game)
    assert response.status_code == 302


# --- the score sheet --------------------------------------------------------------------------


@pytest.mark.postgres
def test_the_score_sheet_lists_every_hand(client: Client) -> None:
    game = long_game(12)
    response = client.get(url("game_sheet", game))
    assert len(response.context["rows"]) == 12


# --- every phone at the table: its own answer, and what changes reaches each -------------------

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
        url("hand_enter", game),
        {
            "csrfmiddlewaretoken": csrf_of(ben_page),
            "thrown_in": "yes",
            "after": fresh(game).hands_played,
            "token": form_tokens(ben_page)[0],
        },
    )
    assert response.status_code == 303
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
    game.save_call(version=None, maker=1, trump="D", called="C")
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
    assert follower.get(url("table_poll", game), {"version": shown}, **HTMX).status_code == 204
    record(game, **ANN_MAKES)
    live = follower.get(url("table_poll", game), {"version": shown}, **HTMX)
    assert live.status_code == 200
    assert "Hand 2" in live.content.decode()
    again = phone().get(url("table_poll", game), {"version": shown}, **HTMX)
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
    state = url("table_poll", game)
    response = client.get(state, {"version": fresh(game).version, "names": "x"}, **HTMX)
    assert response.status_code == 200
    assert 'id="live"' in response.content.decode()


def test_a_hand_entered_while_a_player_is_renamed_is_still_saved(client: Client) -> None:
    game = start_game()
    dan = Player.objects.get(name="Dan")
    client.post(reverse("player_rename", args=[dan.pk]), {"name": "Danny"})
    response = post(client, url("hand_enter", game), game, {"thrown_in": "yes", "after": "0"})
    assert response.status_code == 303
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
    private_table = game.private_table
    assert f"/t/{private_table.key}/" in old
    form = replace_key_form(client, private_table)
    response = client.post(
        reverse("table_replace_key", args=[private_table.pk]), {**form, "confirm": "on"}
    )
    assert response.status_code in (200, 302)
    private_table.refresh_from_db()
    assert key_digest(private_table.key) == private_table.key_digest
    page = client.get(url("game_table", game)).content.decode()
    assert f"/t/{private_table.key}/" in page
    assert f"/t/{TEST_TABLE_KEY}/" not in page


@pytest.mark.parametrize("shown", ["", "-1", "1e3", "٣", "x", "9" * 40, " 0"])
def test_a_poll_naming_no_whole_version_gets_the_table_as_it_stands(
    client: Client, shown: str
) -> None:
    game = start_game()
    response = client.get(url("table_poll", game), {"version": shown}, **HTMX)
    assert response.status_code == 200
    assert 'id="live"' in response.content.decode()


def test_a_room_of_600_tables_has_each_invite_code_drawn_once_a_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The table screen shows two QR codes (its key link, its watch link); drawing one
    costs milliseconds, so each link's is kept. With room for 256, a room of more than
    128 tables drew both codes anew on every whole-table draw (D68)."""
    from scorekeeper.templatetags import invite

    drawn: list[str] = []

    class Code:
        def __init__(self, url: str) -> None:
            drawn.append(url)

        def svg_inline(self, **_: Any) -> str:
            return '<svg class="qr"></svg>'

    monkeypatch.setattr(invite.segno, "make", lambda url, **_: Code(url))
    links = [f"http://testserver/{kind}/{table}/" for table in range(600) for kind in ("t", "w")]
    invite._qr_svg.cache_clear()
    try:
        for _ in range(2):  # every table's screen, drawn twice over
            for link in links:
                assert 'aria-label="code"' in invite.qr_code(link, "code")
    finally:
        invite._qr_svg.cache_clear()  # the stand-in's drawings go with it
    assert sorted(drawn) == sorted(links)
