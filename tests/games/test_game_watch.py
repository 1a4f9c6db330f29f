"""A game's watch link on the TV (docs/decisions.md, D47): it names the winner in
words, marks sides level on points alike, and moves on by itself to the
rematch or the next game its players start at their private table, never to
another group's game or another table's."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, Game, PrivateTable
from tests.game_support import FOUR, fresh, our_table, poll_address, record, start_game

pytestmark = pytest.mark.django_db


def won_by_cat(game: Game) -> Game:
    """Two lone marches of five players: Cat reaches 10 and wins."""
    for _ in range(2):
        record(game, maker="Cat", trump="S", called="S", partner="maker", tricks=5)
    return fresh(game)


def watch(phone: Client, game: Game) -> tuple[str, str]:
    """The watch page of ``game``'s link: its text's h1 and its poll's address."""
    html = phone.get(reverse("game_watch", args=[game.watch_token])).content.decode()
    heading = re.search(r"<h1>(.*?)</h1>", html)
    assert heading is not None
    return heading.group(1), poll_address(html)


def heading_of(html: str) -> str:
    found = re.search(r"<h1>(.*?)</h1>", html)
    assert found is not None
    return found.group(1)


# --- Words ----------------------------------------------------------------------------------


def test_a_finished_game_names_its_winner_on_the_table_and_the_watch_page(
    client: Client, stranger: Client
) -> None:
    game = won_by_cat(start_game())
    table_screen = client.get(reverse("game_table", args=[game.pk]))
    html = table_screen.content.decode()
    assert "The game is over: Cat wins" in html
    assert table_screen.context["ahead"] == "Cat won with 10."
    assert [r.standing for r in table_screen.context["rows"]] == ["", "", "winner", "", ""]
    assert ">ahead<" not in html
    page = stranger.get(reverse("game_watch", args=[game.watch_token])).content.decode()
    assert heading_of(page) == "Cat wins"
    assert "Cat won with 10." in page


def test_a_shared_win_is_said_for_every_winner_alike(client: Client) -> None:
    game = start_game()
    while not game.is_finished:
        record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=5)
        game = fresh(game)
    context = client.get(reverse("game_table", args=[game.pk])).context
    standings = {r.names: r.standing for r in context["rows"]}
    assert standings["Ben"] == standings["Dan"] == "shares the win"
    assert context["winners"] == "Ben and Dan share the win"
    assert context["ahead"].startswith("Ben and Dan shared the win with ")


def test_sides_level_at_the_top_are_marked_level_not_ahead(client: Client) -> None:
    game = start_game()
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    context = client.get(reverse("game_table", args=[game.pk])).context
    assert [(r.names, r.standing) for r in context["rows"] if r.standing] == [
        ("Ben", "level"),
        ("Dan", "level"),
    ]
    assert context["ahead"] == "Ben and Dan level at the top with 1 of 10."


def test_with_everyone_level_every_row_says_level_and_the_line_says_everyone(
    client: Client,
) -> None:
    game = start_game("standard", FOUR)
    record(game, maker="Ann", trump="H", tricks=3)
    record(game, maker="Ben", trump="S", tricks=3)
    response = client.get(reverse("game_table", args=[game.pk]))
    assert [r.standing for r in response.context["rows"]] == ["level", "level"]
    assert response.context["ahead"] == "Everyone level at 1 of 10."
    html = response.content.decode()
    assert html.count('<span class="tag tag-ahead">level</span>') == 2
    assert ">ahead<" not in html


# --- Following the table's games ---------------------------------------------------------


def test_the_watch_link_moves_on_to_the_rematch_at_the_next_poll(
    stranger: Client, django_assert_num_queries: Any
) -> None:
    game = won_by_cat(start_game())
    heading, poll = watch(stranger, game)
    assert heading == "Cat wins"
    with django_assert_num_queries(1):  # over, and nothing follows yet: one query
        assert stranger.get(poll).status_code == 204
    rematch = game.rematch()
    moved = stranger.get(poll)
    assert moved.status_code == 200
    html = moved.content.decode()
    assert heading_of(html) == "Hand 1"
    assert f"version={rematch.version}" in html
    # The page now polls for the rematch: nothing new, one query.
    with django_assert_num_queries(1):
        assert stranger.get(poll_address(html)).status_code == 204
    # The old link, opened afresh, shows the rematch too.
    assert watch(stranger, game)[0] == "Hand 1"


def test_the_watch_link_follows_its_players_to_their_next_game(stranger: Client) -> None:
    game = won_by_cat(start_game())
    _, poll = watch(stranger, game)
    # Another group at the same table starts a game: the TV stays.
    start_game(players=("Vic", "Wes", "Xia", "Yan", "Zoe"))
    assert stranger.get(poll).status_code == 204
    # Cat and three others start a game: the TV goes with them.
    following = start_game("standard", ("Cat", "Wes", "Ann", "Yan"))
    moved = stranger.get(poll)
    assert moved.status_code == 200
    assert "Cat &amp; Ann" in moved.content.decode()
    assert f"version={following.version}" in moved.content.decode()


def test_a_game_left_unfinished_hands_over_when_its_players_start_another(
    stranger: Client,
) -> None:
    left = start_game()
    record(left, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    assert watch(stranger, left)[0] == "Hand 2"
    start_game(players=("Ann", "Ben", "Cat", "Dan", "Eve"), first_dealer=2)
    assert watch(stranger, left)[0] == "Hand 1"


def test_a_game_played_on_keeps_its_watch_link_from_one_started_beside_it(
    stranger: Client,
) -> None:
    """A game started while another is in play, which then goes on: the
    players did not leave it."""
    game = start_game()
    start_game("standard", ("Ann", "Wes", "Xia", "Yan"))
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    assert watch(stranger, game)[0] == "Hand 2"


def test_a_watch_link_never_shows_another_tables_game(stranger: Client) -> None:
    game = won_by_cat(start_game())
    _, poll = watch(stranger, game)
    elsewhere = PrivateTable.objects.create(name="Elsewhere")
    other = start_game(private_table=elsewhere)  # the same names, another table's players
    assert stranger.get(poll).status_code == 204
    assert watch(stranger, game)[0] == "Cat wins"
    # A poll that names another game itself is not believed.
    forged = re.sub(r"game=[^&]+", f"game={other.pk}", poll)
    answer = stranger.get(forged.replace("version=", "version=9"))
    assert heading_of(answer.content.decode()) == "Cat wins"
    # Nor a game signed for another watch link (of the same table, not followed).
    another = start_game(players=("Vic", "Wes", "Xia", "Yan", "Zoe"))
    signed = re.search(r"game=[^&]+", watch(stranger, another)[1])
    assert signed is not None
    answer = stranger.get(re.sub(r"game=[^&]+", signed[0], poll).replace("version=", "version=9"))
    assert heading_of(answer.content.decode()) == "Cat wins"


@pytest.mark.postgres
def test_a_followed_game_deleted_by_the_operator_leaves_the_link_on_its_own_game(
    stranger: Client,
) -> None:
    game = won_by_cat(start_game())
    _, poll = watch(stranger, game)
    rematch = game.rematch()
    moved = stranger.get(poll).content.decode()
    rematch.delete()
    answer = stranger.get(poll_address(moved))
    assert answer.status_code == 200
    assert heading_of(answer.content.decode()) == "Cat wins"


def test_a_replaced_key_ends_a_watch_link_that_followed_a_rematch(stranger: Client) -> None:
    game = won_by_cat(start_game())
    _, poll = watch(stranger, game)
    game.rematch()
    assert stranger.get(poll).status_code == 200
    our_table().replace_key()
    assert stranger.get(poll).status_code == 404
    assert stranger.get(reverse("game_watch", args=[game.watch_token])).status_code == 404


def test_a_euchre_night_table_keeps_its_watch_link_to_itself(stranger: Client) -> None:
    night = EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"),
        rounds=2,
        rules=NightRules(hands_per_round=4),
        seed=3,
    )
    table_screen = Game.objects.with_seats().get(night_round__night=night, night_table=1)
    heading, poll = watch(stranger, table_screen)
    start_game("standard", tuple(s.player.name for s in table_screen.seat_list()))
    assert stranger.get(poll).status_code == 204
    assert watch(stranger, table_screen)[0] == heading == "Hand 1 of 4"
