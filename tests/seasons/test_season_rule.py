"""A season's standings rule (docs/rules.md, "Season standings"): chosen when
the season is named or on its page, stated in words, and ranking the players."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Season
from scorekeeper.seasons.standings import season_standings
from tests.game_support import our_table
from tests.seasons.season_support import game_on, post_season, season

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def three_nights() -> Season:
    """Ann wins three games on the first night, Cat one on each of the next two:
    Ann leads on total points, Cat on places (10 + 10 + 6 against 10 + 6 + 6)."""
    for _ in range(3):
        game_on(date(2026, 9, 4), "Ann", "Ben")
    game_on(date(2026, 9, 11), "Cat", "Dan")
    game_on(date(2026, 9, 18), "Cat", "Dan")
    return season("Autumn", date(2026, 9, 1), date(2026, 12, 20))


def firsts(shown: Season) -> list[str]:
    return [line.name for line in season_standings(shown).lines if line.place == 1]


def test_total_points_is_the_rule_unless_another_is_chosen(client: Client) -> None:
    autumn = three_nights()
    assert autumn.rule == "points"
    assert firsts(autumn) == ["Ann", "Ben"]
    page = client.get(reverse("season_detail", args=[autumn.pk])).content.decode()
    assert "Ranked by total points, then wins." in page


def test_the_rule_changed_on_the_season_page_reranks_and_is_stated(client: Client) -> None:
    autumn = three_nights()
    url = reverse("season_detail", args=[autumn.pk])
    state = reverse("season_watch_state", args=[autumn.watch_token])
    version = client.get(reverse("season_watch", args=[autumn.watch_token])).context["version"]
    assert client.get(state, {"version": version}).status_code == 204
    response = client.post(url, {"rule": "places"})
    assert (response.status_code, response["Location"]) == (302, url)
    autumn.refresh_from_db()
    assert firsts(autumn) == ["Cat", "Dan"]
    page = client.get(url).content.decode()
    assert "Ranked by place points, each game night" in page
    assert "1st 10, 2nd 8, 3rd 6" in page
    assert "Place points</th>" in page
    # The TV's poll finds the change and redraws with the rule in words.
    watch = client.get(state, {"version": version})
    assert watch.status_code == 200
    assert "Ranked by place points, each game night" in watch.content.decode()


def test_best_nights_counts_each_players_best(client: Client) -> None:
    autumn = three_nights()
    client.post(reverse("season_detail", args=[autumn.pk]), {"rule": "best", "best": "1"})
    autumn.refresh_from_db()
    assert (autumn.rule, autumn.best) == ("best", 1)
    lines = {line.name: line for line in season_standings(autumn).lines}
    assert lines["Cat"].score * 2 == lines["Cat"].points  # two like nights, one counted
    assert lines["Ann"].score == lines["Ann"].points  # one night holds all of Ann's
    page = client.get(reverse("season_detail", args=[autumn.pk])).content.decode()
    assert "best 1 game nights" in page


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"rule": "best"}, "Give how many of each player"),
        ({"rule": "best", "best": "0"}, "from 1 to 99"),
        ({"rule": "best", "best": "many"}, "from 1 to 99"),
        ({"rule": "best", "best": "+1"}, "from 1 to 99"),
        ({"rule": "best", "best": "\uff15"}, "from 1 to 99"),  # a full-width 5
        ({"rule": "median"}, "Choose one of the rules shown"),
    ],
)
def test_a_bad_rule_is_refused_beside_its_field_and_changes_nothing(
    client: Client, fields: dict[str, str], message: str
) -> None:
    autumn = three_nights()
    response = client.post(reverse("season_detail", args=[autumn.pk]), fields)
    assert response.status_code == 422
    assert message in response.content.decode()
    autumn.refresh_from_db()
    assert (autumn.rule, autumn.best) == ("points", 0)


def test_a_season_is_named_with_its_rule(client: Client) -> None:
    our_table()
    response = post_season(client, starts="2026-09-01", ends="2026-12-20", rule="best", best="8")
    assert response.status_code == 302
    assert Season.objects.values_list("rule", "best").get() == ("best", 8)
    refused = post_season(client, starts="2027-01-01", ends="2027-03-01", rule="best")
    assert refused.status_code == 422
    assert "Give how many of each player" in refused.content.decode()
    assert Season.objects.count() == 1
