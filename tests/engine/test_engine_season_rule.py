"""A season's standings rule (docs/rules.md, "Season standings"): total points,
average a game, places on each night, or the best N nights."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from referee.engine.season_rule import (
    PLACE_POINTS,
    RuleKind,
    SeasonRule,
    night_places,
    scores,
)

# Two game nights: Ann wins the first big, Ben is steady, Cat plays once.
NIGHTS = [{"Ann": 30, "Ben": 20, "Cat": 20}, {"Ann": 2, "Ben": 18}]
GAMES = {"Ann": 4, "Ben": 4, "Cat": 1}

nights_st = st.lists(
    st.dictionaries(st.sampled_from("ABCDEFGHIJ"), st.integers(-20, 60), min_size=1),
    max_size=8,
)


def test_total_points_add_every_night() -> None:
    assert scores(SeasonRule(), NIGHTS, GAMES) == {"Ann": 32, "Ben": 38, "Cat": 20}


def test_the_average_is_points_a_game_played() -> None:
    got = scores(SeasonRule(RuleKind.AVERAGE), NIGHTS, GAMES)
    assert got == {"Ann": 8, "Ben": Fraction(19, 2), "Cat": 20}


def test_places_score_the_clubs_table_and_level_players_share_a_place() -> None:
    assert night_places({"Ann": 30, "Ben": 20, "Cat": 20, "Dan": 5}) == {
        "Ann": 1,
        "Ben": 2,
        "Cat": 2,
        "Dan": 4,
    }
    # Night 1: Ann 1st (10), Ben and Cat =2nd (8 each); night 2: Ben 1st, Ann 2nd.
    assert scores(SeasonRule(RuleKind.PLACES), NIGHTS, GAMES) == {"Ann": 18, "Ben": 18, "Cat": 8}


def test_best_nights_count_only_a_players_best() -> None:
    got = scores(SeasonRule(RuleKind.BEST, best=1), NIGHTS, GAMES)
    assert got == {"Ann": 30, "Ben": 20, "Cat": 20}


def test_the_rule_is_stated_in_words() -> None:
    assert "1st 10, 2nd 8, 3rd 6, 4th 5" in SeasonRule(RuleKind.PLACES).wording
    assert "best 5 game nights" in SeasonRule(RuleKind.BEST, best=5).wording
    assert SeasonRule().column == ""


@given(nights_st, st.integers(1, 10))
def test_best_n_is_total_points_once_n_covers_every_night(
    nights: list[dict[str, int]], best: int
) -> None:
    games = {p: 1 for night in nights for p in night}
    total = scores(SeasonRule(), nights, games)
    bested = scores(SeasonRule(RuleKind.BEST, best=max(best, len(nights))), nights, games)
    assert bested == total
    # The best N count at least as much as any N of the player's nights: the first N say.
    fewer = scores(SeasonRule(RuleKind.BEST, best=best), nights, games)
    for player in games:
        played = [night[player] for night in nights if player in night]
        assert fewer[player] >= sum(played[:best])


@given(nights_st)
def test_places_give_each_night_a_leader_the_most_place_points(
    nights: list[dict[str, int]],
) -> None:
    games = {p: 1 for night in nights for p in night}
    got = scores(SeasonRule(RuleKind.PLACES), nights, games)
    for night in nights:
        places = night_places(night)
        best = max(night.values())
        assert all(places[p] == 1 for p, points in night.items() if points == best)
        assert all(places[p] > 1 for p, points in night.items() if points < best)
    assert all(0 <= score <= PLACE_POINTS[0] * len(nights) for score in got.values())


@given(nights_st)
def test_the_average_times_games_is_the_total(nights: list[dict[str, int]]) -> None:
    games = {p: sum(p in night for night in nights) for night in nights for p in night}
    average = scores(SeasonRule(RuleKind.AVERAGE), nights, games)
    total = scores(SeasonRule(), nights, games)
    assert all(average[p] * games[p] == total[p] for p in games)
