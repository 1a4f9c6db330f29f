"""The called aces of a season and of the whole club (scorekeeper/models/called_aces.py,
``ace_figures``): each ace called and how often its caller won, and the best
caller-called pairs, games and euchre nights' rounds counted apart."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.models import Player
from scorekeeper.models.called_aces import ace_figures
from tests.club_night_support import club_night, tables_of
from tests.game_support import record
from tests.seasons.season_support import game_on, month_end, season

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def pairs(figures: object) -> list[tuple[str, str, int, int]]:
    return [(p.caller.name, p.called.name, p.ends.hands, p.ends.won) for p in figures.pairs]  # type: ignore[attr-defined]


def test_the_season_and_the_club_count_the_called_aces_games_and_rounds_apart(
    client: Client,
) -> None:
    # Each game: the maker calls the ace of spades, the partner holds it, they march twice.
    game_on(date(2026, 8, 7), "Eve", "Dan")  # before the season
    game_on(date(2026, 9, 4), "Ann", "Ben")
    game_on(date(2026, 9, 11), "Cat", "Dan")
    night = club_night(rounds=1)
    table = tables_of(night.rounds.get(number=1))[0]
    caller, called = (seat.player.name for seat in table.seat_list()[:2])
    record(table, maker=caller, trump="H", called="D", partner=called, tricks=3)
    record(table, maker=caller, trump="H", called="D", partner=called, tricks=1)
    autumn = season("Autumn", date(2026, 9, 1), month_end(timezone.localdate()))

    games, rounds = ace_figures([autumn.private_table], autumn.games())
    assert (games.by_suit["S"].hands, games.by_suit["S"].won, games.calls) == (4, 4, 4)
    assert pairs(games) == [("Ann", "Ben", 2, 2), ("Cat", "Dan", 2, 2)]
    assert (rounds.by_suit["D"].hands, rounds.by_suit["D"].won, rounds.calls) == (2, 1, 2)
    assert pairs(rounds) == [(caller, called, 2, 1)]

    page = client.get(reverse("season_detail", args=[autumn.pk])).content.decode()
    assert "The called ace this season" in page
    assert "In games: 4 calls" in page
    assert "Ace of spades: called 4 times</strong>, the caller won 4 (100%)" in page
    assert "In night rounds: 2 calls" in page
    assert "Ace of diamonds: called 2 times</strong>, the caller won 1 (50%)" in page

    # The club's page counts every game, the one before the season too.
    club = client.get(reverse("player_list")).content.decode()
    assert "In games: 6 calls" in club
    assert "Ace of spades: called 6 times" in club
    assert f"{caller} called {called}: won 1 of 2 (50%)" in club
    # Kept while nothing changes; a game and a rename are shown at once.
    game_on(date(2026, 9, 18), "Ann", "Ben")
    Player.objects.get(name="Ann").rename("Annabel")
    club = client.get(reverse("player_list")).content.decode()
    assert "In games: 8 calls" in club
    assert "Annabel called Ben: won 4 of 4 (100%)" in club


def test_a_club_without_call_ace_hands_shows_no_called_ace(client: Client) -> None:
    autumn = season("Autumn", date(2026, 9, 1), date(2026, 12, 20))
    assert (
        "The called ace"
        not in client.get(reverse("season_detail", args=[autumn.pk])).content.decode()
    )
