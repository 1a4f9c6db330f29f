"""Players' ratings (docs/formats.md, "Ratings"): OpenSkill's Plackett-Luce
model over each table's finished games, one match a game, in the order they
finished."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from openskill.models import PlackettLuce

from scorekeeper.models import Game, Player, Rating, table_ratings
from tests.documents import document, import_document
from tests.game_support import fresh, our_table, record
from tests.night_support import play_round, start_night, tables_of

pytestmark = pytest.mark.django_db

FIVE = ["Ann", "Ben", "Cat", "Dan", "Eve"]
FOUR = ["Ann", "Ben", "Cat", "Dan"]


def march(maker: str, partner: str, *, trump: str = "H", called: str = "S") -> dict[str, Any]:
    return {"maker": maker, "trump": trump, "called": called, "partner": partner, "tricks": 5}


def finished(data: dict[str, Any], *, minute: int) -> Game:
    """A game imported and marked finished ``minute`` minutes after a fixed time."""
    game = import_document(data)
    assert game.finished_at is not None
    start = Game.objects.order_by("created_at").first()
    assert start is not None
    Game.objects.filter(pk=game.pk).update(finished_at=start.created_at + timedelta(minutes=minute))
    return game


def ids() -> dict[str, int]:
    return dict(Player.objects.values_list("name", "pk"))


def test_a_call_ace_game_ranks_each_player_by_final_points() -> None:
    # Ann and Ben march twice to 4 and share the top; Cat 0, Dan 0, Eve 0.
    finished(document("call-ace", FIVE, [march("Ann", "Ben")] * 2, target=4), minute=1)
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in FIVE], ranks=[1, 1, 3, 3, 3])
    ratings = table_ratings(our_table())
    player = ids()
    for name, (want,) in zip(FIVE, expected, strict=True):
        got = ratings[player[name], "call-ace"]
        assert (got.mu, got.sigma, got.games) == pytest.approx((want.mu, want.sigma, 1))
    assert ratings[player["Ann"], "call-ace"].ordinal > ratings[player["Cat"], "call-ace"].ordinal


def test_a_standard_game_is_two_partnerships_winners_first() -> None:
    hands = [{"maker": "Ben", "trump": "S", "alone": True, "tricks": 5}] * 3
    finished(document("standard", FOUR, hands, target=10), minute=1)
    model = PlackettLuce()
    a, b, c, d = (model.rating() for _ in range(4))
    (ann, cat), (ben, dan) = model.rate([[a, c], [b, d]], ranks=[2, 1])
    ratings = table_ratings(our_table())
    player = ids()
    assert ratings[player["Ben"], "standard"].mu == pytest.approx(ben.mu)
    assert ratings[player["Cat"], "standard"].mu == pytest.approx(cat.mu)
    assert ratings[player["Ann"], "standard"].sigma == pytest.approx(ann.sigma)
    assert ratings[player["Dan"], "standard"] == Rating(
        player["Dan"], "standard", dan.mu, dan.sigma, 1
    )


@pytest.mark.postgres
def test_games_are_rated_in_the_order_they_finished_and_a_game_on_is_none() -> None:
    first = finished(document("call-ace", FIVE, [march("Ann", "Ben")] * 2, target=4), minute=9)
    finished(document("call-ace", FIVE, [march("Cat", "Dan")] * 2, target=4), minute=2)
    import_document(document("call-ace", FIVE, [march("Eve", "Ann")], target=10))  # still on
    model = PlackettLuce()
    start = [[model.rating()] for _ in FIVE]
    after_second = model.rate(start, ranks=[3, 3, 1, 1, 3])
    after_first = model.rate(after_second, ranks=[1, 1, 3, 3, 3])
    ratings = table_ratings(our_table())
    player = ids()
    for name, (want,) in zip(FIVE, after_first, strict=True):
        got = ratings[player[name], "call-ace"]
        assert (got.mu, got.sigma, got.games) == pytest.approx((want.mu, want.sigma, 2))
    assert first.finished_at is not None
    earlier = table_ratings(our_table(), finished_before=Game.objects.get(pk=first.pk).finished_at)
    for name, (want,) in zip(FIVE, after_second, strict=True):
        assert earlier[player[name], "call-ace"].mu == pytest.approx(want.mu)
        assert earlier[player[name], "call-ace"].games == 1


def test_a_euchre_nights_tables_are_rated_by_the_rounds_points_once_the_round_is_over() -> None:
    night = start_night(rounds=2, hands=4)
    first = night.rounds.get(number=1)
    play_round(first, 3)  # a hand short at every table: no round over, nothing rated
    assert table_ratings(our_table()) == {}
    model = PlackettLuce()
    current: dict[int, Any] = {}
    for game in tables_of(first):
        record(game, maker=game.seat_list()[0].player.name, trump="H", tricks=3)
        seats = fresh(game).seat_list()
        teams = [[s for s in seats if s.position % 2 == side] for side in (0, 1)]
        points = [team[0].total for team in teams]
        assert points[0] != points[1]  # the partnership with more points ranks first
        ranks = [1 if mine == max(points) else 2 for mine in points]
        before = [[current.get(s.player_id) or model.rating() for s in team] for team in teams]
        after = model.rate(before, ranks=ranks)
        for team, rated in zip(teams, after, strict=True):
            for seat, rating in zip(team, rated, strict=True):
                current[seat.player_id] = rating
    ratings = table_ratings(our_table())
    assert {player for player, _ in ratings} == set(current)
    for player, want in current.items():
        got = ratings[player, "standard"]
        assert (got.mu, got.sigma, got.games) == pytest.approx((want.mu, want.sigma, 1))
