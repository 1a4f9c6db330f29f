"""Players' ratings: each player's skill apart from their partners', an
OpenSkill rating (the ``openskill`` package's Plackett-Luce model with its
default parameters) per player and variant, worked out afresh from a table's
finished games each time it is asked for (docs/formats.md, "Ratings").

Each finished game is one match, rated in the order the games finished
(``finished_at``, then the game's id). In Call-Ace and Call-Your-Partner every
player is a team of one, ranked by final points (equal points share a rank);
in standard euchre the two partnerships, the winners first. A euchre night's
game at a table is one match too once its round there is over (the game
finished): ranked the same way by the round's points, a standard table's
partnerships by their points, as no one wins it (docs/rules.md, Euchre night).

Nothing is stored: an edited hand, an import, a merge of two players or a
restore changes the games, and the ratings read from them follow. A process
keeps the matches it worked out while the games they came from stay as they
are (docs/decisions.md, D57).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime

from django.db import models
from openskill.models import PlackettLuce, PlackettLuceRating

from referee.engine.variants import Variant
from scorekeeper.models.games import Game
from scorekeeper.models.private_tables import PrivateTable
from scorekeeper.models.seats import Seat

MODEL = PlackettLuce()
# A player's first games in a variant: their rating is provisional, still
# moving a long way with each game (its sigma is large).
PROVISIONAL_GAMES = 10


@dataclass(frozen=True, slots=True)
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

    @property
    def provisional(self) -> bool:
        """Whether this is still one of the player's first games in the variant."""
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """What a match reads of one seat of a finished game."""

    player_id: int
    position: int
    total: int
    won: bool


@dataclass(frozen=True, slots=True)
class Match:
    """One finished game as a match, with every player's rating after it."""

    game_id: int
    finished_at: datetime
    after: tuple[Rating, ...]


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A player's rating after one rated game and how far that game moved it
    (the rating shown, the ordinal; a player's first game in a variant moves it from 0)."""

    game_id: int
    finished_at: datetime
    rating: Rating
    change: float


def ranked_sides(variant: str, seats: list[RatedSeat]) -> tuple[list[list[int]], list[float]]:
    """The match's teams (player ids) and their ranks, 1 the best: in standard
    euchre the two partnerships, seats opposite (docs/rules.md, Standard 1), the
    winners first (at a euchre night's table, which no one wins, the one with
    more points; level points share a rank); otherwise each player alone,
    ranked by final points, equal points sharing a rank."""
    if variant == Variant.STANDARD:
        teams = [[s for s in seats if s.position % 2 == side] for side in (0, 1)]
        if any(s.won for s in seats):
            ranks = [1.0 if any(s.won for s in team) else 2.0 for team in teams]
        else:
            points = [max((s.total for s in team), default=0) for team in teams]
            ranks = [1.0 + sum(other > mine for other in points) for mine in points]
        return [[s.player_id for s in team] for team in teams], ranks
    totals = [s.total for s in seats]
    return (
        [[s.player_id] for s in seats],
        [1.0 + sum(other > total for other in totals) for total in totals],
    )


@dataclass(frozen=True)
class RatedTable:
    """A table's rated games, worked out once: every player's latest rating per
    variant, each player's changes in the order their games finished, and each
    game's changes by player, so a page reads only its own rows."""

    latest: dict[tuple[int, str], Rating]
    by_player: dict[int, list[RatingChange]]
    by_game: dict[int, dict[int, RatingChange]]

    @classmethod
    def of(cls, matches: Iterable[Match]) -> RatedTable:
        latest: dict[tuple[int, str], Rating] = {}
        by_player: dict[int, list[RatingChange]] = {}
        by_game: dict[int, dict[int, RatingChange]] = {}
        for match in matches:
            for rating in match.after:
                before = latest.get((rating.player_id, rating.variant))
                moved = rating.ordinal - (before.ordinal if before else 0.0)
                change = RatingChange(match.game_id, match.finished_at, rating, moved)
                latest[rating.player_id, rating.variant] = rating
                by_player.setdefault(rating.player_id, []).append(change)
                by_game.setdefault(match.game_id, {})[rating.player_id] = change
        return cls(latest, by_player, by_game)


def rated_tables(
    tables: Iterable[PrivateTable], *, finished_before: datetime | None = None
) -> list[RatedTable]:
    """Each of ``tables`` with rated games, rated (a table's players are its
    own, so each is rated apart). A process keeps a table's matches while its
    rated games stay as they are (``_fingerprints``): else they are worked out
    in two more queries."""
    ids = sorted({t.pk for t in tables})
    rated = []
    for table_id, fingerprint in _fingerprints(ids, finished_before):
        place = (table_id, finished_before)
        with _LOCK:
            kept = _KEPT.get(place)
            if kept is not None:
                _KEPT.move_to_end(place)
        if kept is None or kept[0] != fingerprint:
            kept = (fingerprint, RatedTable.of(_matches(table_id, finished_before)))
            with _LOCK:
                _KEPT[place] = kept  # the table's older ratings, if any, go
                while len(_KEPT) > KEPT_TABLES:
                    _KEPT.popitem(last=False)
        rated.append(kept[1])
    return rated


# The tables rated last (and up to when), each with what its rated games were then
# (docs/decisions.md, D57): rating 2,000 games takes 120-250 ms, most of it the
# openskill package's.
KEPT_TABLES = 32
_KEPT: OrderedDict[tuple[int, datetime | None], tuple[tuple[object, ...], RatedTable]] = (
    OrderedDict()
)
_LOCK = threading.Lock()


def _rated_games(table_ids: list[int], finished_before: datetime | None) -> models.Q:
    rated = models.Q(private_table__in=table_ids, finished_at__isnull=False)
    if finished_before is not None:
        rated &= models.Q(finished_at__lt=finished_before)
    return rated


def _fingerprints(
    table_ids: list[int], finished_before: datetime | None
) -> list[tuple[int, tuple[object, ...]]]:
    """Each table's rated games in brief (one query): every change of a game
    bumps its ``version`` (a hand edited, the end moved), a new or restored game
    adds to the count and the highest id, a merge of players bumps the table's
    ``shown_version``. The times tell apart two histories that reuse ids."""
    rated = models.Q(games__finished_at__isnull=False)
    if finished_before is not None:
        rated &= models.Q(games__finished_at__lt=finished_before)
    rows = (
        PrivateTable.objects.filter(pk__in=table_ids)
        .annotate(
            rated=models.Count("games", filter=rated),
            top=models.Max("games__pk", filter=rated),
            versions=models.Sum("games__version", filter=rated),
            first=models.Min("games__finished_at", filter=rated),
            last=models.Max("games__finished_at", filter=rated),
            started=models.Max("games__created_at", filter=rated),
        )
        .filter(rated__gt=0)
        .order_by("pk")
        .values_list("pk", "shown_version", "rated", "top", "versions", "first", "last", "started")
    )
    return [(row[0], (finished_before, *row)) for row in rows]


def _matches(table_id: int, finished_before: datetime | None) -> Iterator[Match]:
    """Table ``table_id``'s rated games as matches, rated in order (two queries)."""
    rated = _rated_games([table_id], finished_before)
    games = Game.objects.filter(rated).order_by("finished_at", "pk")
    seats: dict[int, list[RatedSeat]] = {}
    for game_id, player_id, position, total, won in (
        Seat.objects.filter(game__in=games.values("pk"))
        .order_by()
        .values_list("game_id", "player_id", "position", "total", "won")
    ):
        seats.setdefault(game_id, []).append(RatedSeat(player_id, position, total, won))
    current: dict[tuple[int, str], tuple[PlackettLuceRating, int]] = {}
    for game_id, variant, finished_at in games.values_list("pk", "variant", "finished_at"):
        match_seats = sorted(seats.get(game_id, ()), key=lambda s: s.position)
        teams, ranks = ranked_sides(variant, match_seats)
        if len(teams) < 2 or any(not team for team in teams):
            continue  # no one to be ranked against: nothing to learn
        before = [[_rating(current, player, variant) for player in team] for team in teams]
        after = MODEL.rate(before, ranks=ranks)
        rated_now = []
        for team, new_team in zip(teams, after, strict=True):
            for player, new in zip(team, new_team, strict=True):
                games_rated = current.get((player, variant), (None, 0))[1] + 1
                current[player, variant] = (new, games_rated)
                rated_now.append(Rating(player, variant, new.mu, new.sigma, games_rated))
        assert finished_at is not None  # a rated game is finished
        yield Match(game_id, finished_at, tuple(rated_now))


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
    for private_table in rated_tables(tables, finished_before=finished_before):
        latest.update(private_table.latest)
    return latest


def table_ratings(
    private_table: PrivateTable, *, finished_before: datetime | None = None
) -> dict[tuple[int, str], Rating]:
    """Every player's rating per variant from the table's finished games (those
    finished before ``finished_before`` when given), keyed by (player id, variant)."""
    return tables_ratings([private_table], finished_before=finished_before)


def game_rating_changes(game: Game) -> dict[int, RatingChange]:
    """How the finished ``game`` (a euchre night's table too) moved each of its
    players' ratings, by player id; empty while it is not rated."""
    for private_table in rated_tables([game.private_table]):
        return private_table.by_game.get(game.pk, {})
    return {}
