"""Game nights with a name and a place, and the game on one page: every hand
with its dealer, maker, trump, call, partner, tricks, renege and rule."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import GameNight
from tests.documents import example, import_document, local
from tests.history.test_history import finished_call_ace, standard_in_progress

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

NIGHT = date(2025, 11, 21)


def text(response: object) -> str:
    html = response.content.decode()  # type: ignore[attr-defined]
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_a_night_can_be_given_a_name_and_a_place(client: Client) -> None:
    finished_call_ace(at=local(2025, 11, 21, 20, 0))
    url = reverse("game_night", args=[NIGHT])
    response = client.post(url, {"name": "Ann's birthday", "place": "The Crown"})
    assert response.status_code == 302
    night = GameNight.objects.get(date=NIGHT)
    assert (night.name, night.place) == ("Ann's birthday", "The Crown")
    page = text(client.get(url))
    assert "Ann&#x27;s birthday" in page
    assert "at The Crown" in page
    listed = text(client.get(reverse("game_list")))
    assert "Friday 21 November 2025: Ann&#x27;s birthday at The Crown" in listed

    # Changed again: one night, new name; emptied: no name.
    client.post(url, {"name": "", "place": "Ben's"})
    night.refresh_from_db()
    assert (night.name, night.place) == ("", "Ben's")
    assert GameNight.objects.count() == 1


def test_a_name_too_long_is_refused_beside_its_field(client: Client) -> None:
    finished_call_ace(at=local(2025, 11, 21, 20, 0))
    response = client.post(reverse("game_night", args=[NIGHT]), {"name": "x" * 61, "place": ""})
    assert response.status_code == 422
    assert "name" in response.context["form"].errors
    assert 'id="id_name_error"' in response.content.decode()
    assert not GameNight.objects.exists()


def test_a_night_without_games_cannot_be_named(client: Client) -> None:
    response = client.post(reverse("game_night", args=[NIGHT]), {"name": "Nobody came"})
    assert response.status_code == 404
    assert not GameNight.objects.exists()


def test_the_night_shows_each_games_winners_and_chart(client: Client) -> None:
    finished_call_ace(at=local(2025, 11, 21, 20, 0))
    standard_in_progress(at=local(2025, 11, 21, 22, 0))
    response = client.get(reverse("game_night", args=[NIGHT]))
    html = response.content.decode()
    assert html.count('class="score-chart-svg') == 2
    assert "Won by" in html
    assert "In progress" in html
    for game in response.context["games"]:
        assert f'href="{reverse("game_sheet", args=[game.pk])}"' in html


def test_the_game_page_shows_every_hands_facts_and_rule(client: Client) -> None:
    game = import_document(example())
    response = client.get(reverse("game_sheet", args=[game.pk]))
    page = text(response)
    # Hand 1: Ann deals, Ben makes hearts, calls the ace of spades, Dan partners.
    assert (
        "Dealer Ann Maker Ben Trump ♥ hearts Called the ace of spades Partner Dan 3 tricks"
        " Rule applied: Partnership made it: Ben with Dan took 3 tricks, 1 each to Ben and Dan."
        " ( Call-Ace rules 5 )" in page
    )
    # The rule's section, linked where the rules page has it.
    assert (
        '(<a class="rule-cite" href="/referee/rules/call-ace/#scoring">Call-Ace rules 5</a>)'
        in response.content.decode()
    )
    assert "Partner alone (held the called ace) 5 tricks" in page
    assert "Dealer Cat Misdeal" in page
    assert "Partner alone (the called ace was not in play) 2 tricks" in page
    assert "Renege by Cat Rule applied: Renege by Cat, a defender" in page


def test_the_game_page_links_to_its_night(client: Client) -> None:
    game = import_document(example(), at=local(2025, 11, 21, 20, 0))
    html = client.get(reverse("game_sheet", args=[game.pk])).content.decode()
    assert f'href="{reverse("game_night", args=[NIGHT])}"' in html


def test_a_player_whose_games_are_all_on_is_not_told_a_win_count_of_0_of_0(
    client: Client,
) -> None:
    game = import_document(example())
    ben = game.seat_list()[1].player
    page = text(client.get(reverse("player_detail", args=[ben.pk])))
    assert "No game of theirs has finished yet." in page
    assert "of 0 finished" not in page
