"""A night moved by result (docs/rules.md, Euchre night 2): chosen on the new-night
form, stored with the night's rules and its backup, round 2 seated by round 1's
results, and every screen saying where each player came from and the rule."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from referee.engine.movement import Results
from scorekeeper.files.euchre_night_backups import night_backups
from scorekeeper.models import EuchreNight
from scorekeeper.models.night_boards import read_board
from tests.club_night_support import LATE, club_night, play_evenly
from tests.engine.test_engine_movement import check_call_ace, check_standard
from tests.night_support import play_round, start_night, tables_of
from tests.nights.test_night_screens import seat_next, start_data, text_of

pytestmark = pytest.mark.django_db


def test_the_new_night_form_stores_movement_by_result(client: Client) -> None:
    response = client.post(reverse("night_new"), start_data(movement="result"))
    assert response.status_code == 302
    night = EuchreNight.objects.get()
    assert night.night_rules.movement == "result"
    assert night.rules["movement"] == "result"
    table = night.private_table
    assert night_backups([table])[table.pk][0]["rules"]["movement"] == "result"


def test_an_unknown_movement_is_refused_beside_its_field(client: Client) -> None:
    response = client.post(reverse("night_new"), start_data(movement="sideways"))
    assert response.status_code == 422
    assert response.context["form"].errors["movement"]
    assert not EuchreNight.objects.exists()


def test_a_rotation_night_stores_no_movement_and_says_nothing_of_it(client: Client) -> None:
    night = start_night(rounds=3)
    assert "movement" not in night.rules
    play_round(night.rounds.get(number=1), 4)
    assert seat_next(client, night).status_code == 302
    page = text_of(client.get(reverse("night_detail", args=[night.pk])))
    assert "moved up" not in page
    assert "Movement by result" not in page


def test_round_two_follows_round_ones_results_and_every_screen_says_so(client: Client) -> None:
    night = start_night(rounds=3, movement="result")
    play_round(night.rounds.get(number=1), 4)
    board = read_board(night)
    first = board.rounds[0].plan
    results = board.results
    assert isinstance(results, Results)
    assert seat_next(client, night).status_code == 302
    second = read_board(night).rounds[1].plan
    check_standard(first, results, second, night.seed)
    # Table 2's winners are at table 1, and the screens say where they came from.
    night.refresh_from_db()
    page = text_of(client.get(reverse("night_detail", args=[night.pk])))
    for words in ("moved up from table 2", "moved down from table 1", "stayed at table 1"):
        assert words in page
    assert "Movement by result: After each round the winning pair" in page
    tv = text_of(client.get(reverse("night_watch", args=[night.watch_token])))
    assert "moved up from table 2" in tv
    assert "Movement by result" in tv
    sheet = client.get(reverse("night_seating_sheet", args=[night.pk]))
    assert [r.number for r in sheet.context["rounds"]] == [1, 2]  # round 3 waits for results
    assert "moved up from table 2" in text_of(sheet)


def test_a_table_screen_says_who_came_from_where_until_its_first_hand(client: Client) -> None:
    night = start_night(rounds=3, movement="result")
    play_round(night.rounds.get(number=1), 4)
    seat_next(client, night)
    second = night.rounds.get(number=2)
    top, bottom = tables_of(second)
    top_page = text_of(client.get(reverse("game_table", args=[top.pk])))
    # Table 1 holds table 1's winners and table 2's: two of each.
    assert re.search(
        r"\w+ and \w+ stayed at table 1\. \w+ and \w+ moved up from table 2\.", top_page
    ) or re.search(r"\w+ and \w+ moved up from table 2\. \w+ and \w+ stayed at table 1\.", top_page)
    assert "moved down from table 1" in text_of(client.get(reverse("game_table", args=[bottom.pk])))
    play_round(second, 1)
    assert "moved" not in text_of(client.get(reverse("game_table", args=[top.pk])))


def test_a_call_ace_night_moves_its_top_scorers_up_and_lowest_down(client: Client) -> None:
    """The club's Call-Ace night (tables of six and five), everyone level in round 1:
    the night total and then the draw decide every move; an arrival takes a seat
    the move leaves free."""
    night = club_night(movement="result")
    play_evenly(night.rounds.get(number=1), 4)
    board = read_board(night)
    results = board.results
    assert isinstance(results, Results)
    night.check_in(token=str(night.check_in_link), name=LATE)
    assert seat_next(client, night).status_code == 302
    second = read_board(night).rounds[1].plan
    check_call_ace(board.rounds[0].plan, results, second, night.seed)
    late = night.entrants.get(player__name=LATE).number
    assert late in second.seated
    assert read_board(night).rounds[1].moves[late] == "joined"
