"""The players' pages ask as many queries with ten times the finished games (200,
then 2,000, the sizes of ``make bench``'s history figures): ratings are worked out
from one query of the seats, a player's called aces from one grouped query of the
hands and everyone's from two. A query a game would show as ten times as many."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.models import Game, Player, Seat, called_aces, ratings
from tests.documents import document, import_document
from tests.game_support import our_table

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

NAMES = [f"Player {n}" for n in range(1, 13)]


def bulk_history(games: int, *, seed: int = 7) -> None:
    """``games`` more finished games of the tests' table, written straight to
    the database (as many as a club's years, in seconds): Call-Ace games of
    five ranked by their seats' totals, every fifth a standard game won by one
    partnership. The players' cached results are counted afresh after."""
    private_table = our_table()
    players = [Player.objects.get_or_create(private_table=private_table, name=n)[0] for n in NAMES]
    rng = random.Random(seed + Game.objects.count())
    start = timezone.now() - timedelta(days=3 * 365)
    made = Game.objects.bulk_create(
        Game(
            private_table=private_table,
            variant="standard" if n % 5 == 4 else "call-ace",
            created_at=start + timedelta(hours=n),
            finished_at=start + timedelta(hours=n, minutes=40),
            played_on=True,
        )
        for n in range(Game.objects.count(), Game.objects.count() + games)
    )
    seats = []
    for game in made:
        sat = rng.sample(players, 4 if game.variant == "standard" else 5)
        if game.variant == "standard":
            winners = rng.randrange(2)
            totals = [10 if p % 2 == winners else rng.randrange(10) for p in range(4)]
            totals[1 - winners] = totals[3 - winners] = rng.randrange(10)
        else:
            totals = [rng.randrange(11) for _ in sat]
            totals[rng.randrange(len(sat))] = 10
        seats += [
            Seat(
                game=game,
                player=player,
                position=position,
                total=totals[position],
                won=totals[position] == 10,
                finished=True,
            )
            for position, player in enumerate(sat)
        ]
    Seat.objects.bulk_create(seats)
    Player.objects.filter(private_table=private_table).recount_results()


PAGES: dict[str, Callable[[Client], Any]] = {
    "the players list": lambda client: client.get(reverse("player_list")),
    "the players list by rating": lambda client: client.get(
        reverse("player_list"), {"order": "rating", "variant": "standard"}
    ),
    "players.csv": lambda client: client.get(reverse("player_list_csv")),
    "ratings.csv": lambda client: client.get(reverse("ratings_csv")),
    "a player's page": lambda client: client.get(
        reverse("player_detail", args=[Player.objects.get(name="Player 1").pk])
    ),
}


FEW, MANY = 200, 2000


def test_the_players_pages_ask_the_same_queries_with_ten_times_the_games(
    client: Client, django_assert_max_num_queries: Any
) -> None:
    # Hands of every call, so the called aces' queries have rows to group.
    five = NAMES[:5]
    hands = [
        {"maker": five[0], "trump": "H", "called": "S", "partner": five[1], "tricks": 3},
        {"maker": five[1], "trump": "S", "called": "S", "partner": "maker", "tricks": 5},
        {"maker": five[2], "trump": "D", "called": "C", "partner": "none", "tricks": 1},
    ]
    import_document(document("call-ace", five, hands))
    bulk_history(FEW)
    counts = {}
    for name, ask in PAGES.items():
        ask(client)
        # Counted with the games rated afresh and the club's and the player's called
        # aces worked out afresh (no process has kept them).
        ratings._KEPT.clear()
        called_aces._CLUBS._kept.clear()
        called_aces._PLAYERS._kept.clear()
        with django_assert_max_num_queries(1000) as captured:
            response = ask(client)
        assert response.status_code == 200, name
        counts[name] = len(captured)
    bulk_history(MANY - FEW)
    assert Game.objects.filter(finished_at__isnull=False).count() == MANY
    for name, ask in PAGES.items():
        ratings._KEPT.clear()
        called_aces._CLUBS._kept.clear()
        called_aces._PLAYERS._kept.clear()
        with django_assert_max_num_queries(counts[name]):
            response = ask(client)
        assert response.status_code == 200, name
    page = PAGES["a player's page"](client).content.decode()
    assert "Rating</h2>" in page
    assert "games" in page
