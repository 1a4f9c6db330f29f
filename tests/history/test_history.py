"""The game list, grouped by game night, and a night's page."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Game
from tests.documents import document, example, import_document, local

pytestmark = pytest.mark.django_db

FIVE = ["Ann", "Ben", "Cat", "Dan", "Eve"]
FOUR = ["Ann", "Ben", "Cat", "Dan"]


def finished_call_ace(at: Any = None) -> Game:
    """Cat wins alone: a march of five to a target of 5."""
    hands = [{"maker": "Cat", "trump": "S", "called": "S", "partner": "maker", "tricks": 5}]
    return import_document(document("call-ace", FIVE, hands, target=5), at=at)


def shared_call_ace(at: Any = None) -> Game:
    """Ann and Ben march together to 4 each: they share the win (docs/rules.md, Call-Ace 6)."""
    march = {"maker": "Ann", "trump": "H", "called": "D", "partner": "Ben", "tricks": 5}
    return import_document(document("call-ace", FOUR, [march, march], target=4), at=at)


def standard_in_progress(at: Any = None) -> Game:
    hands = [{"maker": "Ann", "trump": "H", "tricks": 3}]
    return import_document(document("standard", FOUR, hands), at=at)


def standard_won(at: Any = None) -> Game:
    """Ann and Cat, seats 1 and 3, win as a team."""
    hands = [{"maker": "Ann", "trump": "H", "tricks": 5}]
    return import_document(document("standard", FOUR, hands, target=2), at=at)


def headings(html: str) -> list[str]:
    return re.findall(r'<h2 id="night-(\d{4}-\d\d-\d\d)"', html)


def test_games_are_grouped_by_night_newest_first(client: Client) -> None:
    finished_call_ace(at=local(2025, 11, 20, 20, 0))
    standard_in_progress(at=local(2025, 11, 21, 23, 30))
    shared_call_ace(at=local(2025, 11, 22, 1, 30))  # after midnight: still the 21st's night
    standard_won(at=local(2025, 11, 22, 19, 0))
    response = client.get(reverse("game_list"))
    assert response.status_code == 200
    assert headings(response.content.decode()) == ["2025-11-22", "2025-11-21", "2025-11-20"]
    nights = response.context["nights"]
    assert [len(games) for _, games in nights] == [1, 2, 1]
    # Within a night, the latest game first.
    assert [g.variant for g in nights[1][1]] == ["call-ace", "standard"]


def test_each_game_shows_variant_players_time_hands_and_result(client: Client) -> None:
    game = finished_call_ace()
    on = standard_in_progress()
    html = client.get(reverse("game_list")).content.decode()
    assert "Call-Ace Euchre" in html
    assert "Standard euchre" in html
    for name in FIVE:
        assert f'<span class="score-name">{name}</span>' in html
    assert "Won by Cat" in html
    assert "In progress" in html
    assert "1 hand" in html
    assert f'href="{reverse("game_table", args=[game.pk])}"' in html
    assert f'href="{reverse("game_table", args=[on.pk])}"' in html
    assert f'href="{reverse("game_export", args=[game.pk])}"' in html


def test_a_shared_win_and_a_team_win_are_told_apart(client: Client) -> None:
    shared_call_ace()
    standard_won()
    html = client.get(reverse("game_list")).content.decode()
    assert "Shared win: Ann and Ben" in html
    assert "Won by Ann and Cat" in html


def test_the_winners_are_marked_by_more_than_colour(client: Client) -> None:
    finished_call_ace()
    html = client.get(reverse("game_list")).content.decode()
    assert re.search(r'<li class="won"><span class="score-name">Cat</span>.*?\(won\)', html)


def test_the_list_filters_by_variant(client: Client) -> None:
    finished_call_ace()
    standard_in_progress()
    response = client.get(reverse("game_list"), {"variant": "standard"})
    games = [g for _, night in response.context["nights"] for g in night]
    assert [g.variant for g in games] == ["standard"]
    assert '<option value="standard" selected>' in response.content.decode()


@pytest.mark.postgres
def test_the_list_filters_by_player(client: Client) -> None:
    five = finished_call_ace()
    standard_in_progress()
    eve = next(s.player for s in five.seat_list() if s.player.name == "Eve")
    response = client.get(reverse("game_list"), {"player": eve.pk})
    games = [g for _, night in response.context["nights"] for g in night]
    assert games == [five]


def test_a_filter_that_matches_nothing_says_so(client: Client) -> None:
    finished_call_ace()
    response = client.get(reverse("game_list"), {"variant": "call-your-partner"})
    assert "No games match" in response.content.decode()


def test_a_bad_filter_value_is_shown_beside_its_field_and_filters_nothing(
    client: Client,
) -> None:
    finished_call_ace()
    response = client.get(reverse("game_list"), {"player": "9999", "variant": "bid"})
    assert response.status_code == 200
    form = response.context["form"]
    assert set(form.errors) == {"player", "variant"}
    assert len(response.context["page"].object_list) == 1
    assert 'id="id_player_error"' in response.content.decode()


def test_an_empty_history_invites_a_first_game(client: Client) -> None:
    html = client.get(reverse("game_list")).content.decode()
    assert "No games yet" in html
    assert 'href="/games/new/"' in html


@pytest.mark.postgres
def test_the_list_is_paginated(client: Client) -> None:
    for _ in range(31):
        standard_in_progress()
    first = client.get(reverse("game_list"))
    assert len(first.context["page"].object_list) == 30
    assert 'rel="next"' in first.content.decode()
    second = client.get(reverse("game_list"), {"page": 2, "variant": "standard"})
    assert len(second.context["page"].object_list) == 1
    assert 'href="?variant=standard&amp;page=1"' in second.content.decode()


@pytest.mark.postgres
def test_an_htmx_filter_request_gets_only_the_results(client: Client) -> None:
    finished_call_ace()
    response = client.get(
        reverse("game_list"), {"variant": "call-ace"}, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="results"')
    assert "<h1>" not in html
    assert "Won by Cat" in html


def test_the_filter_form_works_without_javascript(client: Client) -> None:
    html = client.get(reverse("game_list")).content.decode()
    form = re.search(r'<form class="card filter" method="get" action="/games/"', html)
    assert form
    assert '<button class="btn" type="submit">Show games</button>' in html


def test_the_list_refuses_a_post(client: Client) -> None:
    assert client.post(reverse("game_list")).status_code == 405


# --- A game night ---------------------------------------------------------------------------


def test_a_night_page_shows_that_nights_games_and_how_everyone_did(client: Client) -> None:
    finished_call_ace(at=local(2025, 11, 21, 20, 0))
    shared_call_ace(at=local(2025, 11, 22, 0, 45))
    standard_won(at=local(2025, 11, 22, 18, 0))  # the next night
    response = client.get(reverse("game_night", args=[date(2025, 11, 21)]))
    assert response.status_code == 200
    assert len(response.context["games"]) == 2
    standings = {p.name: (p.games, p.wins, p.shared_wins) for p in response.context["standings"]}
    assert standings == {
        "Ann": (2, 1, 1),
        "Ben": (2, 1, 1),
        "Cat": (2, 1, 0),
        "Dan": (2, 0, 0),
        "Eve": (1, 0, 0),
    }
    html = response.content.decode()
    assert "Friday 21 November 2025" in html
    assert "Won by Cat" in html


def test_the_game_list_links_each_night_to_its_page(client: Client) -> None:
    finished_call_ace(at=local(2025, 11, 21, 20, 0))
    html = client.get(reverse("game_list")).content.decode()
    assert f'href="{reverse("game_night", args=[date(2025, 11, 21)])}"' in html
    assert reverse("game_night", args=[date(2025, 11, 21)]) == "/games/nights/2025-11-21/"


def test_a_night_without_games_is_not_found(client: Client) -> None:
    assert client.get("/games/nights/2025-11-21/").status_code == 404
    assert client.get("/games/nights/2025-02-30/").status_code == 404


def test_the_last_night_a_calendar_has_is_not_found(client: Client) -> None:
    # The night runs to 6 a.m. the next day, and 9999-12-31 has no next day.
    assert client.get("/games/nights/9999-12-31/").status_code == 404


def test_the_contract_example_appears_in_the_list_as_in_progress(client: Client) -> None:
    import_document(example())
    html = client.get(reverse("game_list")).content.decode()
    assert "In progress" in html
    assert "5 hands" in html
