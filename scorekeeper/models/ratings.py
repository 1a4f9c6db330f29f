"""Players' ratings: each player's skill apart from their partners', an
OpenSkill rating (the ``openskill`` package's Plackett-Luce model with its
default parameters) per player and variant, worked out afresh from a table's
finished games each time it is asked for (docs/formats.md, "Ratings").

Each finished game is one match, rated in the order the games finished
(``finished_at``, then the game's id). In Call-Ace and Call-Your-Partner every
player is a team of one, ranked by final points (equal points share a rank);
in standard euchre the two partnerships, the winners first. A euchre night's
table is no game anyone wins (docs/rules.md, Euchre night), so it is no match.

Nothing is stored: an edited hand, an import, a merge of two players or a
restore changes the games, and the ratings read from them follow.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from itertools import groupby
from typing import TYPE_CHECKING

from openskill.models import PlackettLuce, PlackettLuceRating

from referee.engine.variants import Variant
from scorekeeper.models.seats import Seat

if TYPE_CHECKING:
    from scorekeeper.models.private_tables import PrivateTable

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Rating:
    """A player's rating in one variant after ``games`` rated games."""

    player_id: int
    variant: str  # "call-ace" | "call-your-partner" | "standard"
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The rating shown: mu - 3 sigma, a cautious estimate of the skill."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class RatedSeat:
    """What a match reads of one seat of a finished game."""

    player_id: int
    position: int
    total: int
    won: bool


@dataclass(frozen=True)
class Match:
    """One finished game as a match, with every player's rating after it."""

    game_id: int
    variant: str
    finished_at: datetime
    after: tuple[Rating, ...]


def ranked_sides(variant: str, seats: list[RatedSeat]) -> tuple[list[list[int]], list[float]]:
    """The match's teams (player ids) and their ranks, 1 the best: in standard
    euchre the two partnerships, seats opposite (docs/rules.md, Standard 1), the
    winners first; otherwise each player alone, ranked by final points, equal
    points sharing a rank."""
    if variant == Variant.STANDARD:
        teams = [[s for s in seats if s.position % 2 == side] for side in (0, 1)]
        return (
            [[s.player_id for s in team] for team in teams],
            [1.0 if any(s.won for s in team) else 2.0 for team in teams],
        )
    totals = [s.total for s in seats]
    return (
        [[s.player_id] for s in seats],
        [1.0 + sum(other > total for other in totals) for total in totals],
    )


def rated_matches(
    tables: Iterable[PrivateTable], *, finished_before: datetime | None = None
) -> Iterator[Match]:
    """Every finished game of ``tables`` as a match, in the order they finished,
    with its players' ratings after it (one query)."""
    seats = Seat.objects.filter(
        game__private_table__in=[t.pk for t in tables],
        game__finished_at__isnull=False,
        game__night_round__isnull=True,
    )
    if finished_before is not None:
        seats = seats.filter(game__finished_at__lt=finished_before)
    rows = seats.order_by("game__finished_at", "game_id", "position").values_list(
        "game_id", "game__variant", "game__finished_at", "player_id", "position", "total", "won"
    )
    current: dict[tuple[int, str], tuple[PlackettLuceRating, int]] = {}
    for (game_id, variant, finished_at), game_rows in groupby(rows, key=lambda r: r[:3]):
        match_seats = [RatedSeat(*row[3:]) for row in game_rows]
        teams, ranks = ranked_sides(variant, match_seats)
        if len(teams) < 2 or any(not team for team in teams):
            continue  # no one to be ranked against: nothing to learn
        before = [[_rating(current, player, variant) for player in team] for team in teams]
        after = MODEL.rate(before, ranks=ranks)
        rated = []
        for team, new_team in zip(teams, after, strict=True):
            for player, new in zip(team, new_team, strict=True):
                games = current.get((player, variant), (None, 0))[1] + 1
                current[player, variant] = (new, games)
                rated.append(Rating(player, variant, new.mu, new.sigma, games))
        yield Match(game_id, variant, finished_at, tuple(rated))


def _rating(
    current: dict[tuple[int, str], tuple[PlackettLuceRating, int]], player: int, variant: str
) -> PlackettLuceRating:
    known = current.get((player, variant))
    return known[0] if known is not None else MODEL.rating()


def tables_ratings(
    tables: Iterable[PrivateTable], *, finished_before: datetime | None = None
) -> dict[tuple[int, str], Rating]:
    """Every player's latest rating per variant over the games of ``tables``."""
    latest: dict[tuple[int, str], Rating] = {}
    for match in rated_matches(tables, finished_before=finished_before):
        for rating in match.after:
            latest[rating.player_id, rating.variant] = rating
    return latest


def table_ratings(
    table: PrivateTable, *, finished_before: datetime | None = None
) -> dict[tuple[int, str], Rating]:
    """Every player's rating per variant from the table's finished games (those
    finished before ``finished_before`` when given), keyed by (player id, variant)."""
    return tables_ratings([table], finished_before=finished_before)
