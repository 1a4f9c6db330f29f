"""Euchre nights in the database (docs/rules.md, Euchre night 2): starting a night seats its first
round, each table is a game that ends after the round's hands, the next round
is seated from the rounds before, and the standings are the engine's."""

from __future__ import annotations

import pytest

from referee.engine.night import NightRules
from referee.engine.reading import read_hand
from referee.engine.seating import SeatingError, plan_night
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, Game, GameOver, StaleGame
from scorekeeper.models.night_boards import read_board
from tests.game_support import fresh, our_table, record

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


@pytest.mark.postgres
def test_a_night_seats_its_first_round_as_the_engine_plans_it():
    night = start_night()
    plan = plan_night(players=8, rounds=2, variant=Variant.STANDARD, seed=7)
    assert night.plans() == [plan.rounds[0]]
    games = list(Game.objects.filter(night_round__night=night).order_by("night_table"))
    assert [g.night_table for g in games] == [1, 2]
    assert all(g.round_hands == 4 for g in games)


@pytest.mark.postgres
def test_a_table_ends_after_the_rounds_hands_whatever_the_totals():
    night = start_night()
    game = Game.objects.filter(night_round__night=night).order_by("night_table").first()
    names = [s.player.name for s in game.seat_list()]
    for _ in range(4):
        record(game, maker=names[0], trump="H", tricks=5, alone=True)
    game.refresh_from_db()
    assert game.is_finished
    board = read_board(night)
    assert board.rounds[0].score.tables[0].points[0] == 16
    assert board.current.complete is False  # the other table has not played


def test_the_next_round_follows_the_plan_and_a_night_stops_at_its_rounds():
    night = start_night()
    night.seat_next_round(version=night.version)
    plan = plan_night(players=8, rounds=2, variant=Variant.STANDARD, seed=7)
    assert night.plans() == list(plan.rounds)
    with pytest.raises(SeatingError):
        night.seat_next_round(version=night.version)


def first_table(night: EuchreNight) -> tuple[Game, list[str]]:
    game = Game.objects.filter(night_round__night=night).order_by("night_table").first()
    assert game is not None
    return game, [s.player.name for s in game.seat_list()]


def test_a_table_whose_round_is_over_takes_no_more_hands_until_one_is_undone():
    night = start_night()
    game, names = first_table(night)
    for _ in range(4):
        record(game, maker=names[1], trump="S", tricks=3)
    with pytest.raises(GameOver):
        record(game, maker=names[1], trump="S", tricks=3)
    game.refresh_from_db()
    game.undo_last_hand(version=game.version)
    game.refresh_from_db()
    assert not game.is_finished
    assert game.hands_played == 3


def test_an_edit_rescores_a_table_by_the_nights_rules():
    # Under the night's house rule a lone march scores 5 (docs/rules.md, Euchre night 4), on an
    # edit as on the first recording.
    night = start_night(lone_march_five=True)
    game, names = first_table(night)
    record(game, maker=names[0], trump="H", tricks=3)
    game.refresh_from_db()
    hand = read_hand(game.setup, {"maker": names[0], "trump": "H", "tricks": 5, "alone": True})
    game.edit_hand(version=game.version, number=1, hand=hand, confirm_earlier_end=False)
    totals = [s.total for s in fresh(game).seat_list()]
    assert totals == [5, 0, 5, 0]
    assert read_board(night).standings.rows[0].total == 5


def test_a_player_who_leaves_or_arrives_late_counts_from_the_next_round():
    night = start_night(players=(*EIGHT, "Ivy"), rounds=3)
    ann = night.entrants.get(player__name="Ann").number
    night.set_present(version=night.version, number=ann, present=False)
    night.add_player(version=night.version, name="Jo")
    jo = night.entrants.get(player__name="Jo").number
    assert night.seat_next_round(version=night.version).number == 2
    second = night.plans()[1]
    assert ann not in second.seated
    assert ann not in second.sitting_out
    assert jo in (*second.seated, *second.sitting_out)
    # Ann keeps her first round in the standings; Jo has none to show for it.
    rows = {row.player: row for row in read_board(night).standings.rows}
    assert rows[ann].rounds[0] is not None
    assert rows[jo].rounds[0] is None


def test_a_round_seated_from_a_stale_screen_is_refused_and_nothing_is_seated():
    night = start_night()
    seen = night.version
    night.seat_next_round(version=seen)
    with pytest.raises(StaleGame):
        night.seat_next_round(version=seen)
    assert night.rounds.count() == 2


@pytest.mark.postgres
def test_a_round_needs_eight_players_present():
    night = start_night()
    night.set_present(version=night.version, number=1, present=False)
    with pytest.raises(SeatingError, match="at least 8 players present"):
        night.seat_next_round(version=night.version)
    assert night.rounds.count() == 1
