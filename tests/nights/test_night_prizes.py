"""A night's prizes as clubs award them (issue 33, item 4; docs/rules.md, Euchre night 6):
chosen when the night starts and changeable until it ends, shown on the night
page, the standings (the printed results) and the TV, with a tie broken by the
night's draw named the same on every screen and every reload."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from referee.engine.night import NightRules, PrizeKind, PrizeTies
from scorekeeper.models import EuchreNight
from scorekeeper.models.night_boards import read_board
from tests.game_support import record
from tests.night_support import EIGHT, play_round, start_night, tables_of

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
START = {
    "new_names": "\n".join(EIGHT),
    "variant": "standard",
    "rounds": 2,
    "hands_per_round": 4,
}


def change_prizes(client: Client, night: EuchreNight, **data: Any) -> Any:
    night.refresh_from_db()
    payload = {"version": night.version, "prizes_asked": "True", **data}
    return client.post(reverse("night_prizes", args=[night.pk]), payload)


def test_the_start_form_offers_the_club_sheets_prizes_and_keeps_what_was_chosen(
    client: Client,
) -> None:
    page = client.get(reverse("night_new")).content.decode()
    for label in ("Most points", "Low score", "Most lone hands made", "One prize a person"):
        assert label in page
    response = client.post(
        reverse("night_new"),
        {
            **START,
            "token": uuid.uuid4(),
            "prizes_asked": "1",
            "prizes": ["most-points", "most-euchres"],
            "one_prize_each": "off",
            "prize_ties": "break",
        },
    )
    assert response.status_code == 302
    rules = EuchreNight.objects.get().night_rules
    assert rules.prizes == (PrizeKind.MOST_POINTS, PrizeKind.MOST_EUCHRES)
    assert (rules.one_prize_each, rules.prize_ties) == (False, PrizeTies.BREAK)


def test_a_start_form_without_the_prize_fields_gives_the_default_prizes(client: Client) -> None:
    assert client.post(reverse("night_new"), {**START, "token": uuid.uuid4()}).status_code == 302
    assert EuchreNight.objects.get().night_rules.prizes == NightRules().prizes


def test_a_bad_prize_is_refused_beside_the_field_and_starts_nothing(client: Client) -> None:
    response = client.post(
        reverse("night_new"),
        {**START, "token": uuid.uuid4(), "prizes_asked": "1", "prizes": ["booby"]},
    )
    assert response.status_code == 422
    assert "Tick prizes among those listed." in response.content.decode()
    assert not EuchreNight.objects.exists()


def test_the_organiser_changes_the_prizes_and_every_screen_gives_them_so(client: Client) -> None:
    night = start_night()
    page = client.get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "Change the prizes" in page
    assert page.count("nobody yet") == 4
    response = change_prizes(client, night, prizes=["low-score"], one_prize_each="on")
    assert response.status_code == 302
    night.refresh_from_db()
    assert night.night_rules.prizes == (PrizeKind.LOW_SCORE,)
    # Other rules stay as they were.
    assert night.night_rules.hands_per_round == 4
    for address in (
        reverse("night_detail", args=[night.pk]),
        reverse("night_standings", args=[night.pk]),
        reverse("night_watch", args=[night.watch_token]),
    ):
        html = client.get(address).content.decode()
        prizes = html.split('id="prizes-heading"')[1].split("</section>")[0]
        assert "Low score" in prizes
        assert "Most points" not in prizes


@pytest.mark.postgres
def test_no_prize_at_all_is_a_choice_and_says_so(client: Client) -> None:
    night = start_night()
    assert change_prizes(client, night).status_code == 302
    html = client.get(reverse("night_standings", args=[night.pk])).content.decode()
    assert "This night gives no prizes." in html


def test_a_stale_or_bad_change_of_prizes_changes_nothing(client: Client) -> None:
    night = start_night()
    rules = night.rules
    stale = client.post(
        reverse("night_prizes", args=[night.pk]),
        {"version": night.version + 5, "prizes_asked": "True", "prizes": ["low-score"]},
        headers=HTMX,
    )
    assert stale.status_code == 409
    bad = change_prizes(client, night, prizes=["booby"], prize_ties="coin")
    assert bad.status_code == 422
    html = bad.content.decode()
    assert "Tick prizes among those listed." in html
    assert "Tap how ties are settled." in html
    night.refresh_from_db()
    assert night.rules == rules


def test_another_tables_phone_cannot_change_the_prizes(stranger: Client) -> None:
    night = start_night()
    rules = night.rules
    assert change_prizes(stranger, night, prizes=["low-score"]).status_code == 404
    night.refresh_from_db()
    assert night.rules == rules


@pytest.mark.postgres
def test_once_the_night_is_over_its_prizes_stand(client: Client) -> None:
    night = start_night(rounds=1)
    play_round(night.rounds.get(number=1), 4)
    rules = EuchreNight.objects.get().rules
    page = client.get(reverse("night_detail", args=[night.pk])).content.decode()
    assert "Change the prizes" not in page
    response = change_prizes(client, night, prizes=["low-score"])
    assert response.status_code in (302, 409)
    night.refresh_from_db()
    assert night.rules == rules
    assert "prizes stand" in client.get(reverse("night_detail", args=[night.pk])).content.decode()


def test_a_tie_broken_by_the_draw_names_the_same_winner_everywhere(client: Client) -> None:
    night = start_night(prize_ties=PrizeTies.BREAK)
    # One hand at table 1: its makers' team (two players) level on 1 point.
    first = tables_of(night.rounds.get(number=1))[0]
    record(first, maker=first.seat_list()[0].player.name, trump="H", tricks=3)
    board = read_board(night)
    high = board.standings.prizes[0]
    assert high.kind is PrizeKind.MOST_POINTS
    assert len(high.level) == 2
    assert len(high.winners) == 1
    winner = board.name(high.winners[0])
    loser = board.name(next(p for p in high.level if p not in high.winners))
    said = f'{winner} <span class="muted">· 1 point (level with {loser}; won the night&#x27;s draw)'
    for _ in range(2):  # a reload draws the same
        for address in (
            reverse("night_detail", args=[night.pk]),
            reverse("night_standings", args=[night.pk]),
            reverse("night_watch", args=[night.watch_token]),
        ):
            assert said in client.get(address).content.decode(), address
