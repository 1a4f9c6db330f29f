"""A season's page and its watch link ask the database the same number of
queries whatever the season's size: counted at 200 and at 2,000 games
(docs/formats.md, "Seasons")."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from referee.engine.season_rule import RuleKind, SeasonRule
from scorekeeper.models import EuchreNight, Game, Player, Season
from tests.documents import local
from tests.night_support import play_round, start_night
from tests.seasons.season_support import game_on, many_games, season

pytestmark = pytest.mark.django_db

SCREENS: dict[str, Callable[[Client, Season], Any]] = {
    "the season's page": lambda phone, s: phone.get(reverse("season_detail", args=[s.pk])),
    "the watch link": lambda phone, s: phone.get(reverse("season_watch", args=[s.watch_token])),
    "the watch link's poll when something changed": lambda phone, s: phone.get(
        reverse("season_watch_state", args=[s.watch_token]), {"version": "none"}
    ),
    "the seasons list": lambda phone, s: phone.get(reverse("season_list")),
    "the club's called aces (the players list)": lambda phone, s: phone.get(reverse("player_list")),
}


def counted(phone: Client, ask: Callable[[Client, Season], Any], shown: Season) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = ask(phone, shown)
    assert response.status_code == 200
    return len(captured)


def a_season_of(games: int) -> Season:
    """A season of ``games`` finished games and one euchre night over, on top
    of 100 games before it (rated, so every player starts the season rated),
    ranked by places on each night (the rule that reads every night's points)."""
    EuchreNight.objects.all().delete()
    Game.objects.all().delete()
    Season.objects.all().delete()
    many_games(100, start=local(2026, 1, 2, 20))
    many_games(games, start=local(2026, 2, 2, 20))
    night = start_night(rounds=1, hands=4)
    play_round(night.rounds.get(number=1), 4)
    last = (local(2026, 2, 2, 20) + timedelta(minutes=30 * games)).date()
    made = season("Big", date(2026, 2, 1), max(last, night.created_at.date()))
    made.change_rule(SeasonRule(RuleKind.PLACES))
    return made


def test_a_seasons_screens_cost_the_same_at_200_and_2000_games(client: Client) -> None:
    small = a_season_of(200)
    at_200 = {name: counted(client, ask, small) for name, ask in SCREENS.items()}
    large = a_season_of(2000)
    at_2000 = {name: counted(client, ask, large) for name, ask in SCREENS.items()}
    assert at_2000 == at_200
    # The season's standings are there to count: not an empty page cheaply drawn.
    page = client.get(reverse("season_detail", args=[large.pk])).content.decode()
    assert "2000 games and 1 euchre night finished" in page
    assert "In games: 6000 calls" in page
    assert "Place points</th>" in page


@pytest.mark.postgres
def test_an_unchanged_watch_poll_costs_two_queries(client: Client) -> None:
    shown = a_season_of(20)
    page = client.get(reverse("season_watch", args=[shown.watch_token]))
    version = page.context["version"]
    with CaptureQueriesContext(connection) as captured:
        response = client.get(
            reverse("season_watch_state", args=[shown.watch_token]), {"version": version}
        )
    assert response.status_code == 204
    assert len(captured) == 2


def test_a_season_drawn_again_unchanged_is_kept_and_every_change_is_drawn(
    client: Client,
) -> None:
    shown = a_season_of(20)
    page = SCREENS["the season's page"]
    first = counted(client, page, shown)
    assert counted(client, page, shown) < first  # kept: only what it rests on is read
    game_on(date(2026, 2, 3), "Ann", "Ben")
    drawn = client.get(reverse("season_detail", args=[shown.pk])).content.decode()
    assert "21 games and 1 euchre night finished" in drawn
    Player.objects.get(name="Eve").rename("Evangeline")
    drawn = client.get(reverse("season_watch", args=[shown.watch_token])).content.decode()
    assert "Evangeline" in drawn
    shown.change_rule(SeasonRule(RuleKind.AVERAGE))
    drawn = client.get(reverse("season_detail", args=[shown.pk])).content.decode()
    assert "Average</th>" in drawn
