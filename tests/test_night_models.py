"""Euchre nights in the database (rules.md 7): starting a night seats its first
round, each table is a game that ends after the round's hands, the next round
is seated from the rounds before, and the standings are the engine's."""

from __future__ import annotations

import pytest

from referee.engine.night import NightRules
from referee.engine.seating import SeatingError, plan_night
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, Game
from tests.game_support import our_table, record

EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")

pytestmark = pytest.mark.django_db


def start_night(players=EIGHT, rounds=2, hands=4, variant=Variant.STANDARD, seed=7, **rules):
    return EuchreNight.start(
        private_table=our_table(),
        variant=variant,
        players=players,
        rounds=rounds,
        rules=NightRules(hands_per_round=hands, **rules),
        seed=seed,
    )


def test_a_night_seats_its_first_round_as_the_engine_plans_it():
    night = start_night()
    plan = plan_night(players=8, rounds=2, variant=Variant.STANDARD, seed=7)
    assert night.plans() == [plan.rounds[0]]
    games = list(Game.objects.filter(night_round__night=night).order_by("night_table"))
    assert [g.night_table for g in games] == [1, 2]
    assert all(g.round_hands == 4 for g in games)


def test_a_table_ends_after_the_rounds_hands_whatever_the_totals():
    night = start_night()
    game = Game.objects.filter(night_round__night=night).order_by("night_table").first()
    names = [s.player.name for s in game.seat_list()]
    for _ in range(4):
        record(game, maker=names[0], trump="H", tricks=5, alone=True)
    game.refresh_from_db()
    assert game.is_finished
    board = night.board()
    assert board.rounds[0].score.tables[0].points[0] == 16
    assert board.current.complete is False  # the other table has not played


def test_the_next_round_follows_the_plan_and_a_night_stops_at_its_rounds():
    night = start_night()
    night.seat_next_round(version=night.version)
    plan = plan_night(players=8, rounds=2, variant=Variant.STANDARD, seed=7)
    assert night.plans() == list(plan.rounds)
    with pytest.raises(SeatingError):
        night.seat_next_round(version=night.version)
