"""A season's watch link for a TV (docs/formats.md, "Seasons"): read-only,
live, and replaced with the table's key."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import PrivateTable, Season
from tests.documents import document, import_document, local
from tests.game_support import our_table
from tests.seasons.season_support import game_on, season

pytestmark = pytest.mark.django_db

SEP_1, DEC_20 = date(2026, 9, 1), date(2026, 12, 20)


def watch(token: str) -> str:
    return reverse("season_watch", args=[token])


def poll(stranger: Client, token: str, version: object) -> int:
    address = reverse("season_watch_state", args=[token])
    return stranger.get(address, {"version": version}).status_code


def test_anyone_with_the_watch_link_sees_the_standings_and_no_form(stranger: Client) -> None:
    game_on(date(2026, 9, 4), "Ann", "Ben")
    autumn = season("Autumn", SEP_1, DEC_20)
    response = stranger.get(watch(autumn.watch_token))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Autumn" in page
    assert '<th scope="row" class="season-name">Ann</th>' in page
    assert "<form" not in page
    # The phone's page is still the table's own.
    assert stranger.get(reverse("season_detail", args=[autumn.pk])).status_code == 404


@pytest.mark.postgres
def test_a_write_through_the_watch_link_is_refused_and_stores_nothing(stranger: Client) -> None:
    autumn = season("Autumn", SEP_1, DEC_20)
    for address in (
        watch(autumn.watch_token),
        reverse("season_watch_state", args=[autumn.watch_token]),
    ):
        response = stranger.post(address, {"name": "Mine", "starts": "2027-01-01"})
        assert response.status_code == 403
    assert list(Season.objects.values_list("name", flat=True)) == ["Autumn"]


def test_the_poll_answers_204_until_a_game_of_the_season_changes(stranger: Client) -> None:
    autumn = season("Autumn", SEP_1, DEC_20)
    version = stranger.get(watch(autumn.watch_token)).context["version"]
    assert poll(stranger, autumn.watch_token, version) == 204
    game_on(date(2027, 1, 5), "Ann", "Ben")  # another season's night: nothing to show
    assert poll(stranger, autumn.watch_token, version) == 204
    game_on(date(2026, 9, 4), "Ann", "Ben")
    response = stranger.get(
        reverse("season_watch_state", args=[autumn.watch_token]), {"version": version}
    )
    assert response.status_code == 200
    assert '<th scope="row" class="season-name">Ann</th>' in response.content.decode()
    assert response.context["version"] != version
    # A renamed player is news too.
    version = response.context["version"]
    PrivateTable.shown_anew(autumn.private_table_id)
    assert poll(stranger, autumn.watch_token, version) == 200


@pytest.mark.postgres
def test_replacing_the_tables_key_replaces_its_seasons_watch_links(stranger: Client) -> None:
    autumn = season("Autumn", SEP_1, DEC_20)
    old = autumn.watch_token
    our_table().replace_key()
    autumn.refresh_from_db()
    assert autumn.watch_token != old
    assert stranger.get(watch(old)).status_code == 404
    assert poll(stranger, old, 1) == 404
    assert stranger.get(watch(autumn.watch_token)).status_code == 200


def test_a_long_season_shows_its_standings_a_screenful_at_a_time(stranger: Client) -> None:
    names = [f"Player {n:02}" for n in range(15)]
    for n in range(0, 15, 5):
        data = document(
            "call-ace",
            names[n : n + 5],
            [{"maker": names[n], "trump": "H", "called": "S", "partner": names[n + 1], "tricks": 5}]
            * 4,
        )
        import_document(data, at=local(2026, 9, 4, 20))
    autumn = season("Autumn", SEP_1, DEC_20)
    page = stranger.get(watch(autumn.watch_token)).content.decode()
    assert "Places 1 to 10 of 15" in page
    assert "Places 11 to 15 of 15" in page
    assert page.count('class="season-name"') == 15
