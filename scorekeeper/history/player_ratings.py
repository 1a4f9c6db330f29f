"""Ratings on the players' pages (docs/formats.md, "Ratings"): beside each
player's win rate on the list, in the variant chosen or the one most played;
on a player's page, their rating in each variant and its chart."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from referee.engine.variants import Variant
from scorekeeper.history.forms import PlayerOrderForm
from scorekeeper.history.rating_chart import RatingChart, rating_chart
from scorekeeper.models import Player, PrivateTable, Rating
from scorekeeper.models.ratings import RatingChange, rated_tables


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
class PlayerRatings:
    ratings: list[Rating]  # in each variant rated, in the variants' order
    chart: RatingChart | None
    recent: list[RatingChange]  # the latest first


def player_ratings(player: Player, tables: list[PrivateTable]) -> PlayerRatings:
    """The player's rating in each variant they were rated in, the chart of
    their ratings over time and how their latest rated games moved it: the
    games of their table (among ``tables``, the phone's) are rated once, and
    only this player's changes are read."""
    rated = rated_tables(t for t in tables if t.pk == player.private_table_id)
    changes = rated[0].by_player.get(player.pk, []) if rated else []
    series: dict[str, list[float]] = {}
    for moved in changes:
        series.setdefault(moved.rating.variant, []).append(moved.rating.ordinal)
    latest = {moved.rating.variant: moved.rating for moved in changes}
    shown = [latest[v] for v in Variant if v in latest]
    return PlayerRatings(shown, rating_chart(series), changes[: -RECENT_RATED - 1 : -1])
