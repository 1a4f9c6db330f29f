"""Ratings on the players' pages (docs/formats.md, "Ratings"): beside each
player's win rate on the list, in the variant chosen or the one most played;
on a player's page, their rating in each variant and its chart."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from referee.engine.variants import Variant
from scorekeeper.history.forms import PlayerOrderForm
from scorekeeper.history.rating_chart import RatingChart, rating_chart, rating_series
from scorekeeper.models import Player, PrivateTable, Rating
from scorekeeper.models.ratings import Match, rated_tables


@dataclass(frozen=True)
class ListedPlayers:
    players: list[Player]  # each with ``rating``: a Rating in ``variant``, or None
    variant: Variant


def listed_with_ratings(
    form: PlayerOrderForm, players: list[Player], ratings: dict[tuple[int, str], Rating]
) -> ListedPlayers:
    """The players list's players, each given their rating in the variant
    shown, best first when the list is ordered by rating (players without one
    last, in the order they came)."""
    listed = {p.pk for p in players}
    played: Counter[str] = Counter()
    for (player_id, variant), rating in ratings.items():
        if player_id in listed:
            played[variant] += rating.games
    variant = Variant(form.rating_variant(played))
    for player in players:
        player.rating = ratings.get((player.pk, variant))  # type: ignore[attr-defined]
    if form.by_rating:
        players.sort(key=_by_rating)
    return ListedPlayers(players, variant)


def _by_rating(player: Player) -> tuple[bool, float]:
    rating: Rating | None = player.rating  # type: ignore[attr-defined]
    return (rating is None, -rating.ordinal if rating else 0.0)


# The rated games a player's page lists with how each moved their rating.
RECENT_RATED = 10


@dataclass(frozen=True)
class RatedGame:
    """How one rated game (a euchre night's table too) moved a player's rating."""

    game_id: int
    variant: Variant
    finished_at: datetime
    rating: Rating  # after the game
    change: float  # of the rating shown (the ordinal); the first game's from 0


@dataclass(frozen=True)
class PlayerRatings:
    ratings: list[Rating]  # in each variant rated, in the variants' order
    chart: RatingChart | None
    recent: list[RatedGame]  # the latest first


def player_ratings(player: Player, tables: list[PrivateTable]) -> PlayerRatings:
    """The player's rating in each variant they were rated in, the chart of
    their ratings over time and how their latest rated games moved it: the
    games of their table (among ``tables``, the phone's) are rated once."""
    rated = rated_tables(t for t in tables if t.pk == player.private_table_id)
    matches = [match for private_table in rated for match in private_table.matches]
    latest = {
        v: r
        for private_table in rated
        for (p, v), r in private_table.latest.items()
        if p == player.pk
    }
    shown = [latest[v] for v in Variant if v in latest]
    return PlayerRatings(
        shown, rating_chart(rating_series(matches, player.pk)), rated_games(matches, player.pk)
    )


def rated_games(
    matches: Iterable[Match], player_id: int, *, latest: int = RECENT_RATED
) -> list[RatedGame]:
    """How each of the player's ``latest`` rated games moved their rating, the latest first."""
    before: dict[str, float] = {}
    moved: list[RatedGame] = []
    for match in matches:
        for rating in match.after:
            if rating.player_id == player_id:
                change = rating.ordinal - before.get(rating.variant, 0.0)
                before[rating.variant] = rating.ordinal
                moved.append(
                    RatedGame(
                        match.game_id, Variant(match.variant), match.finished_at, rating, change
                    )
                )
    moved.sort(key=lambda game: (game.finished_at, game.game_id))
    return moved[::-1][:latest]
