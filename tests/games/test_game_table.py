"""The table screen: totals, dealer and leader, the hand in progress, the last hands;
the poll that keeps watching phones current; one-tap actions (reveal, thrown in,
cancel, undo)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils.html import escape

from referee.engine.reading import read_hand
from scorekeeper.models import Game, Hand, HandInProgress
from scorekeeper.web.referee_links import rules_url
from tests.game_support import FOUR, HTMX, fresh, post, record, start_game, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def game() -> Game:
    game = start_game(first_dealer=0)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    record(game, maker="Cat", trump="S", called="S", partner="maker", tricks=5)
    return fresh(game)


def table(client: Client, game: Game, **extra: Any) -> Any:
    return client.get(url("game_table", game), **extra)


def test_the_table_shows_totals_dealer_leader_and_hand_number(client: Client, game: Game) -> None:
    response = table(client, game)
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
    assert "Trump is made" in html


def test_the_last_hands_show_their_points_and_rule(client: Client, game: Game) -> None:
    html = table(client, game).content.decode()
    assert "Cat +5" in html
    assert "Alone march, 5 players" in html
    assert "Ben +1" in html
    assert 'class="trump-badge suit-S"' in html
    assert url("hand_edit", game, 2) in html
    assert url("hand_history", game, 1) in html
    assert "Undo hand 2" in html


def test_the_table_links_to_the_rules_audit_and_download(client: Client, game: Game) -> None:
    html = table(client, game).content.decode()
    # The referee's pages get the game's setup in their address (scorekeeper/web/referee_links.py).
    assert f'href="{escape(rules_url(game))}"' in html
    assert f"finish=/games/{game.pk}/hand/finish/" in html.split('href="/referee/audit/?')[1]
    assert f'href="/games/{game.pk}/export/"' in html


def test_standard_euchre_shows_the_two_teams(client: Client) -> None:
    game = start_game("standard", FOUR)
    record(game, maker="Ben", trump="H", alone=True, tricks=5)
    rows = table(client, game).context["rows"]
    assert [(r.names, r.total) for r in rows] == [("Ann & Cat", 0), ("Ben & Dan", 4)]


def test_htmx_gets_the_screen_partial(client: Client, game: Game) -> None:
    response = table(client, game, **HTMX)
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
        hand.set_from_engine(read_hand(game.table, document))
        records.append(hand)
    Hand.objects.bulk_create(records)
    game.recompute()
    game.save()
    return game


@pytest.mark.parametrize("hands", [1, 60])
def test_the_table_costs_the_same_queries_at_1_and_60_hands(
    client: Client, django_assert_num_queries: Any, hands: int
) -> None:
    game = long_game(hands)
    game.start_hand(version=None, maker=1, trump="D", called="C")
    # The game's version (of one of the phone's tables), then the game with its
    # hand in progress, seats, last hands.
    with django_assert_num_queries(4):
        response = table(client, game)
    assert response.status_code == 200
    assert f"Hand {hands + 1}" in response.content.decode()


@pytest.mark.parametrize("hands", [1, 60])
def test_the_poll_costs_the_same_queries_at_1_and_60_hands(
    client: Client, django_assert_num_queries: Any, hands: int
) -> None:
    game = long_game(hands)
    with django_assert_num_queries(1):  # the version, of a game of the phone's tables
        unchanged = client.get(url("game_state", game), {"version": game.version})
    assert unchanged.status_code == 204
    with django_assert_num_queries(4):  # the version, then as the table: game, seats, hands
        changed = client.get(url("game_state", game), {"version": game.version + 1})
    assert changed.status_code == 200


# --- the poll ---------------------------------------------------------------------------------


def test_the_poll_answers_204_while_nothing_changed(client: Client, game: Game) -> None:
    response = client.get(url("game_state", game), {"version": game.version}, **HTMX)
    assert response.status_code == 204
    assert response.content == b""


def test_the_poll_sends_the_live_table_once_another_phone_changed_it(
    client: Client, game: Game
) -> None:
    seen = game.version
    game.start_hand(version=seen, maker=1, trump="H", called="S")
    response = client.get(url("game_state", game), {"version": seen}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="live"')
    assert f"version={seen + 1}" in html
    assert "partner unknown" in html


def test_a_poll_with_a_bad_version_gets_the_table(client: Client, game: Game) -> None:
    response = client.get(url("game_state", game), {"version": "many"})
    assert response.status_code == 200


def test_the_poll_of_an_unknown_game_is_not_found(client: Client) -> None:
    assert client.get("/games/999/state/", {"version": 1}).status_code == 404


# --- the hand in progress ---------------------------------------------------------------------


def test_the_table_says_who_made_what_and_that_the_partner_is_unknown(
    client: Client, game: Game
) -> None:
    game.start_hand(version=None, maker=1, trump="H", called="S")
    html = table(client, game).content.decode()
    assert "Ben made" in html
    assert "hearts and calls the ace of" in html
    assert "spades; partner unknown." in html
    assert 'class="suit-H suit-symbol"' in html
    # One tap per player (not the maker) records the partner.
    for seat, name in [(0, "Ann"), (2, "Cat"), (3, "Dan"), (4, "Eve")]:
        assert f'name="partner" value="{seat}">{name}</button>' in html
    assert 'name="partner" value="1"' not in html


def test_one_tap_records_the_revealed_partner_and_the_trick(client: Client, game: Game) -> None:
    game.start_hand(version=None, maker=1, trump="H", called="S")
    response = post(client, url("hand_reveal", game), game, {"partner": "3", "trick": "2"})
    assert response.status_code == 302
    current = HandInProgress.objects.get()
    assert (current.partner, current.revealed_on_trick) == (3, 2)
    html = table(client, game).content.decode()
    assert "Dan revealed as partner on trick 2" in html


def test_the_maker_cannot_be_the_revealed_partner(client: Client, game: Game) -> None:
    game.start_hand(version=None, maker=1, trump="H", called="S")
    response = post(client, url("hand_reveal", game), game, {"partner": "1"}, htmx=True)
    assert response.status_code == 422
    assert "The partner cannot be the maker" in response.content.decode()
    assert HandInProgress.objects.get().partner is None


def test_a_reveal_from_a_stale_phone_is_told_and_shown_the_game(client: Client, game: Game) -> None:
    game.start_hand(version=None, maker=1, trump="H", called="S")
    stale = fresh(game).version
    game.reveal_partner(version=stale, partner=3, trick=None)
    response = post(
        client, url("hand_reveal", game), game, {"partner": "4"}, version=stale, htmx=True
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert "Another phone recorded this first" in html
    assert "Dan revealed as partner" in html
    assert HandInProgress.objects.get().partner == 3


def test_cancelling_the_call_forgets_the_hand_in_progress(client: Client, game: Game) -> None:
    game.start_hand(version=None, maker=1, trump="H", called="S")
    response = post(client, url("hand_cancel", game), game)
    assert response.status_code == 302
    assert not HandInProgress.objects.exists()


# --- thrown in --------------------------------------------------------------------------------


def test_a_thrown_in_hand_scores_nothing_and_passes_the_deal(client: Client, game: Game) -> None:
    response = post(client, url("hand_thrown_in", game), game, htmx=True)
    assert response.status_code == 200
    assert response.headers["HX-Push-Url"] == url("game_table", game)
    context = response.context
    assert context["number"] == 4
    assert context["dealer"] == "Dan"
    assert game.hands.last().thrown_in


def test_a_double_tap_on_thrown_in_records_one_hand(client: Client, game: Game) -> None:
    token = "6d1c2f0e-4c7b-4a53-9b7e-2f7f4cc1a001"
    version = game.version
    post(client, url("hand_thrown_in", game), game, token=token, version=version)
    second = post(client, url("hand_thrown_in", game), game, token=token, version=version)
    assert second.status_code == 302
    assert game.hands.count() == 3


def test_a_thrown_in_post_without_a_version_changes_nothing(client: Client, game: Game) -> None:
    response = client.post(url("hand_thrown_in", game), {})
    assert response.status_code == 302
    assert game.hands.count() == 2


def test_get_is_refused_on_one_tap_actions(client: Client, game: Game) -> None:
    for name in ("hand_thrown_in", "hand_reveal", "hand_cancel", "game_rematch"):
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


def test_the_score_sheet_lists_every_hand_in_two_queries_for_the_hands(
    client: Client, django_assert_num_queries: Any
) -> None:
    game = long_game(12)
    # The game (of the phone's tables), seats, every hand's running totals, the page's hands.
    with django_assert_num_queries(4):
        response = client.get(url("game_sheet", game))
    assert len(response.context["rows"]) == 12
