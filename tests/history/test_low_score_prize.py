"""A low score won with no points at all is still a prize: the player's page and the
season's standings name it (docs/rules.md, Euchre night 6)."""

from __future__ import annotations

import pytest

from referee.engine.night_prizes import PrizeKind
from scorekeeper.history.euchre_night_results import night_results
from scorekeeper.models import Player
from scorekeeper.models.night_boards import read_board
from scorekeeper.seasons.standings import season_standings
from tests.game_support import record
from tests.night_support import start_night, tables_of
from tests.seasons.season_support import month_end, season

pytestmark = pytest.mark.django_db


def test_a_low_score_of_no_points_is_named_on_the_players_page_and_in_the_season() -> None:
    night = start_night(rounds=1, hands=4)
    for game in tables_of(night.rounds.get(number=1)):
        names = [seat.player.name for seat in game.seat_list()]
        for _ in range(4):  # the first seat's side euchred every hand: no points all night
            record(game, maker=names[0], trump="H", tricks=1)
    board = read_board(night)
    assert board.over
    low = next(p for p in board.standings.prizes if p.kind is PrizeKind.LOW_SCORE)
    assert low.count == 0
    assert low.winners
    holder = Player.objects.get(name=board.name(low.winners[0]))
    [result] = night_results(holder)
    assert "Low score" in result.prizes
    today = night.created_at.date()
    lines = season_standings(season("Now", today.replace(day=1), month_end(today))).lines
    assert "Low score" in next(line for line in lines if line.name == holder.name).prizes
