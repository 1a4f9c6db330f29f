"""Issue 14's measure: a club runs a 16-player, 6-round night on its phones
alone, and the standings at the end are right without anyone adding up.

Every hand goes through the game flow each table's phone uses (recorded hand by
hand, scored and cached per seat as it is recorded); the standings page scores
the night again from its hands (the engine's ``score_night``). The two must
agree for every player, and the page must show it."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client

from scorekeeper.models import EuchreNight, Game, Seat
from scorekeeper.models.night_boards import read_board
from tests.game_support import record
from tests.night_support import start_night, tables_of

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

SIXTEEN = tuple(f"Player {chr(ord('A') + n)}" for n in range(16))


def test_a_16_player_6_round_night_ends_with_the_right_standings(client: Client) -> None:
    night = start_night(SIXTEEN, rounds=6, hands=8, seed=2026)
    draw = random.Random(14)
    for number in range(1, 7):
        round_ = night.rounds.get(number=number)
        for game in tables_of(round_):
            names = [seat.player.name for seat in game.seat_list()]
            for _ in range(8):
                alone = draw.random() < 0.15
                record(
                    game,
                    maker=draw.choice(names),
                    trump=draw.choice("SHDC"),
                    tricks=draw.choice([0, 1, 2, 3, 3, 4, 5, 5]),
                    alone=alone,
                )
        night.refresh_from_db()
        if number < 6:
            night.seat_next_round(version=night.version)

    # What each table's phone showed at the round's end, added up per player.
    expected: dict[str, int] = dict.fromkeys(SIXTEEN, 0)
    for seat in Seat.objects.filter(game__night_round__night=night).select_related("player"):
        expected[seat.player.name] += seat.total
    assert Game.objects.filter(night_round__night=night, finished_at__isnull=True).count() == 0

    board = read_board(EuchreNight.objects.get(pk=night.pk))
    assert board.over
    assert {row.name: row.total for row in board.standings.rows} == expected
    # Everyone played every round: 16 players fill 4 tables (docs/rules.md, Euchre night 1).
    assert all(None not in row.rounds and not row.sat_out for row in board.standings.rows)

    page = client.get(f"/nights/{night.pk}/standings/").content.decode()
    assert "The night is over" in page
    shown = dict(
        re.findall(
            r'class="standing-name">([^<]+)</th>\s*<td class="num total">(\d+)</td>',
            page,
        )
    )
    assert {name: int(total) for name, total in shown.items()} == expected
    top = max(expected.values())
    most_points = next(p for p in board.standings.prizes if p.kind.value == "most-points")
    assert {board.name(p) for p in most_points.winners} == {
        name for name, total in expected.items() if total == top
    }
