"""The club's night of issue 42 (docs/rules.md, Euchre night 3, 5 and 6): a misdeal is
not one of a round's hands, a round missed by arriving late or leaving scores by the
night's house rule and the standings say which, the low score goes only to a player
at every round, and check-in says only what is so."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.models import EuchreNight, Game
from tests.club_night_support import LATE, LEAVER, after_round_one, club_night, tables_of
from tests.game_support import our_table, record
from tests.nights.test_night_screens import start_data, text_of

pytestmark = pytest.mark.django_db


def first_table(night: EuchreNight, number: int = 1) -> Game:
    return tables_of(night.rounds.get(number=number))[0]


def test_a_misdeal_is_not_one_of_the_rounds_hands_at_the_table(client: Client) -> None:
    night = club_night()
    game = first_table(night)
    names = [seat.player.name for seat in game.seat_list()]
    record(game, thrown_in=True)
    record(game, maker=names[0], trump="H", called="S", partner="maker", tricks=1)
    page = text_of(client.get(reverse("game_table", args=[game.pk])))
    assert "Hand 2 of 4" in page
    for n in range(1, 4):
        record(game, maker=names[n], trump="H", called="S", partner="maker", tricks=1)
    game.refresh_from_db()
    assert game.is_finished  # after four hands that count: five deals in all
    assert game.hands.count() == 5
    board = text_of(client.get(reverse("night_detail", args=[night.pk])))
    assert "Table 1 finished" in board


def rows_by_name(client: Client, night: EuchreNight) -> dict[str, Any]:
    response = client.get(reverse("night_standings", args=[night.pk]))
    return {line.name: line for line in response.context["lines"]}


def test_rounds_missed_score_nothing_by_default_and_the_standings_say_so(client: Client) -> None:
    night = after_round_one(club_night())
    lines = rows_by_name(client, night)
    assert lines[LATE].rounds[0].points is None  # arrived for round 2
    assert lines[LEAVER].rounds[1].points is None  # left after round 1
    page = text_of(client.get(reverse("night_standings", args=[night.pk])))
    assert "A round missed by arriving late or leaving scores nothing." in page
    assert "Players level on a prize share it." in page
    # Nobody sat out at this Call-Ace night: the sit-out rule is not said.
    assert "sits out" not in page


def test_under_the_house_rule_a_round_missed_scores_the_rounds_average(client: Client) -> None:
    night = after_round_one(club_night(missed="average"))
    lines = rows_by_name(client, night)
    late = lines[LATE].rounds[0]
    assert late.points is not None
    assert late.missed
    page = text_of(client.get(reverse("night_standings", args=[night.pk])))
    assert "scores the round's average, as a round sat out does (house rule)" in page
    assert f"{late.points} missed" in page


def test_the_low_score_goes_only_to_a_player_at_every_round(client: Client) -> None:
    night = after_round_one(club_night())
    response = client.get(reverse("night_standings", args=[night.pk]))
    low = next(p for p in response.context["prizes"] if p.label == "Low score")
    # The late arrival has 0 and the leaver few: neither was at every round.
    assert low.winners
    assert not {LATE, LEAVER} & set(low.winners)


def test_the_start_form_keeps_the_rounds_missed_rule(client: Client) -> None:
    response = client.post(reverse("night_new"), start_data(missed="average"))
    assert response.status_code == 302
    assert EuchreNight.objects.get().night_rules.missed == "average"


def test_a_night_started_with_check_in_does_not_say_round_1_is_seated(client: Client) -> None:
    data = start_data(opening="check-in")
    response = client.post(reverse("night_new"), data, follow=True)
    page = text_of(response)
    assert "round 1 is seated" not in page
    assert "check-in is open" in page
    assert "Every table has finished" not in page
    assert "Nobody is seated yet: seat round 1 when the players are here." in page


def test_check_in_counts_who_is_here_and_tells_a_leaver_he_left(client: Client) -> None:
    night = club_night()
    leaver = Client()  # his phone, which checked in at the door
    leaver.post(reverse("night_check_in", args=[night.check_in_link]), {"pick": LEAVER})
    after_round_one(night)
    page = client.get(reverse("night_detail", args=[night.pk]))
    here = page.context["present_count"]
    assert here == 11
    assert len(page.context["checked_in"]) == here  # the list under "Here: 11"
    assert "Checked in, left since: " + LEAVER in text_of(page)

    mine = text_of(leaver.get(reverse("night_check_in", args=[night.check_in_link])))
    assert "you play from the next round" not in mine
    assert "you have left the night" in mine
    # Checked in: the form that stays is for someone else, in their words.
    assert "Check in someone else" in mine
    assert "Their name" in mine
    assert "Your name" not in mine


def test_the_key_link_between_rounds_lands_on_the_night() -> None:
    night = club_night()
    for game in tables_of(night.rounds.get(number=1)):
        names = [seat.player.name for seat in game.seat_list()]
        for n in range(4):
            record(game, maker=names[n], trump="H", called="S", partner="maker", tricks=1)
    assert not Game.objects.filter(finished_at__isnull=True).exists()  # between rounds
    phone = Client()
    response = phone.get(
        reverse("table_join", args=[our_table().key]), headers={"Sec-Fetch-Site": "none"}
    )
    assert response["Location"] == reverse("night_detail", args=[night.pk])


def test_a_nights_first_table_is_not_named_after_the_night() -> None:
    phone = Client()
    response = phone.post(reverse("night_new"), start_data(name="Club night 1"))
    assert response.status_code == 302
    assert EuchreNight.objects.get().private_table.name != "Club night 1"


def test_the_seating_sheet_shows_every_round_seated_then_as_planned(client: Client) -> None:
    night = after_round_one(club_night())
    response = client.get(reverse("night_seating_sheet", args=[night.pk]))
    assert response.status_code == 200
    rounds = response.context["rounds"]
    assert [(r.number, r.planned) for r in rounds] == [(1, False), (2, False), (3, True)]
    seated = {name for t in rounds[1].tables for _, name, _moved in t.seats}
    assert LATE in seated
    assert LEAVER not in seated
    # Round 3 as planned now is the round Seat next round seats, nobody changing.
    planned = [[name for _, name, _moved in t.seats] for t in rounds[2].tables]
    night.seat_next_round(version=night.version)
    again = client.get(reverse("night_seating_sheet", args=[night.pk])).context["rounds"][2]
    assert not again.planned
    assert [[name for _, name, _moved in t.seats] for t in again.tables] == planned
    assert "Round 3" in text_of(response)


def test_another_tables_phone_gets_no_seating_sheet() -> None:
    night = club_night()
    assert Client().get(reverse("night_seating_sheet", args=[night.pk])).status_code == 404


def test_a_round_timer_shows_when_the_rounds_time_is_up_on_the_tv_and_the_table(
    client: Client,
) -> None:
    response = client.post(reverse("night_new"), start_data(round_minutes="25"))
    assert response.status_code == 302
    night = EuchreNight.objects.get()
    assert night.night_rules.round_minutes == 25
    round_1 = night.rounds.get(number=1)
    up = round_1.time_up(25)
    assert up is not None
    said = f"time is up at {timezone.localtime(up):%H:%M}"
    assert said in text_of(client.get(reverse("night_watch", args=[night.watch_token])))
    game = tables_of(round_1)[0]
    assert said in text_of(client.get(reverse("game_table", args=[game.pk])))


def test_without_a_timer_nothing_is_said_and_a_bad_one_is_refused_beside_its_field(
    client: Client,
) -> None:
    night = club_night()
    assert "time is up" not in text_of(client.get(reverse("night_watch", args=[night.watch_token])))
    response = client.post(reverse("night_new"), start_data(round_minutes="500"))
    assert response.status_code == 422
    assert EuchreNight.objects.count() == 1
    form = response.context["form"]
    assert "round_minutes" in form.errors


def test_the_night_page_states_the_tie_rule(client: Client) -> None:
    night = club_night()
    page = text_of(client.get(reverse("night_detail", args=[night.pk])))
    assert "Players level on a prize share it." in page
    assert "The low score goes only to a player here for every round." in page
