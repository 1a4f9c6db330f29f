"""A season's standings (docs/formats.md, "Seasons"): per player, the games,
wins, points, game nights and euchre night prizes of the season, and each
variant's rating at its end with how it moved; and the leaders of each figure.

Read in a fixed number of queries whatever the season's size: the seats'
cached totals added up by the database, the euchre nights' boards
(``read_boards``: the prizes are the engine's, ``NightStandings.prizes``), and
the table's ratings before the season's first and after its last game night.
"""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.db import models
from django.utils import timezone

from referee.engine.season_rule import SeasonRule, scores
from referee.engine.variants import Variant
from scorekeeper.models import Season, Seat
from scorekeeper.models.game_base import NIGHT_STARTS
from scorekeeper.models.night_boards import read_boards
from scorekeeper.models.ratings import tables_ratings

# A game after midnight belongs to the evening before (``Game.game_night``).
NIGHT_SHIFT = datetime.timedelta(hours=NIGHT_STARTS.hour)


@dataclass(frozen=True)
class SeasonRating:
    """A player's rating in one variant (the ordinal, mu - 3 sigma) after the
    season's last game night, and its change over the season: a player new to
    the variant started from the model's default, whose ordinal is 0."""

    variant: Variant
    rating: float
    change: float
    provisional: bool = False  # one of the player's first games in the variant


@dataclass
class StandingLine:
    """A player's line: finished games, and apart from them the euchre
    nights' rounds played at a table, games won (shared wins too; a night's
    table has no winner), points scored in both, game nights played, prizes
    won at the season's euchre nights that are over, and the ratings of the
    variants the season's games were played in."""

    player_id: int
    name: str
    games: int = 0
    rounds: int = 0
    wins: int = 0
    points: int = 0
    nights: int = 0
    prizes: list[str] = field(default_factory=list)
    ratings: dict[Variant, SeasonRating] = field(default_factory=dict)
    score: Fraction = Fraction(0)  # by the season's rule (docs/rules.md, "Season standings")
    place: int = 0
    shared: bool = False  # level with another player on score and wins

    @property
    def score_shown(self) -> str:
        """The rule's score: a whole number, or an average to one decimal."""
        return str(self.score) if self.score.denominator == 1 else f"{float(self.score):.1f}"

    @property
    def prizes_won(self) -> int:
        return len(self.prizes)

    def rating_cells(self, variants: Sequence[Variant]) -> list[SeasonRating | None]:
        """The line's ratings in the order of the standings' columns."""
        return [self.ratings.get(v) for v in variants]


@dataclass(frozen=True)
class Leader:
    """Who leads one figure: its ``label``, the best ``value`` as shown and
    the players holding it (level players share the lead)."""

    label: str
    value: str
    names: tuple[str, ...]
    risen: bool = False  # how far a rating rose (the TV leaves it out: its cells show it)

    @property
    def shown(self) -> str:
        """Every name, as a sentence reads them: "Ann, Ben and Cat"."""
        if len(self.names) == 1:
            return self.names[0]
        return f"{', '.join(self.names[:-1])} and {self.names[-1]}"


@dataclass(frozen=True)
class SeasonStandings:
    lines: list[StandingLine]
    rule: SeasonRule
    variants: list[Variant]
    leaders: list[Leader]
    # The season's finished games (euchre nights' tables apart) and euchre nights over.
    games: int
    euchre_nights: int


def season_standings(season: Season) -> SeasonStandings:
    """The season's standings, best first: by the season's rule, then wins;
    players level on both share a place. A fixed number of queries whatever its size."""
    lines: dict[int, StandingLine] = {}
    variants: set[Variant] = set()
    seats = Seat.objects.filter(game__in=season.games().finished())
    for row in (
        seats.order_by()
        .values("player", "player__name", "game__variant")
        .annotate(
            games=models.Count("pk", filter=models.Q(at_night=False)),
            rounds=models.Count("pk", filter=models.Q(at_night=True)),
            wins=models.Count("pk", filter=models.Q(won=True)),
            points=models.Sum("total"),
        )
    ):
        line = lines.setdefault(row["player"], StandingLine(row["player"], row["player__name"]))
        line.games += row["games"]
        line.rounds += row["rounds"]
        line.wins += row["wins"]
        line.points += row["points"] or 0
        variants.add(Variant(row["game__variant"]))
    night_points = _night_points(seats)
    for night in night_points:
        for player in night:
            lines[player].nights += 1
    nights = _add_prizes(season, lines)
    ordered = sorted(variants, key=list(Variant).index)
    _add_ratings(season, lines, ordered)
    rule = season.standings_rule
    played = {pk: line.games + line.rounds for pk, line in lines.items()}
    for pk, score in scores(rule, night_points, played).items():
        lines[pk].score = score
    ranked = _ranked(lines.values())
    return SeasonStandings(
        lines=ranked,
        rule=rule,
        variants=ordered,
        leaders=_leaders(ranked, ordered),
        games=season.games().finished().games_only().count(),
        euchre_nights=nights,
    )


def _night_points(seats: models.QuerySet[Seat]) -> list[dict[int, int]]:
    """Each game night's points by player: the local dates of their games'
    starts, less six hours (a game after midnight belongs to the evening
    before). Worked out here from each game's start: SQLite would call Python
    for every seat."""
    night_of: dict[int, datetime.date] = {}
    nights: dict[datetime.date, Counter[int]] = defaultdict(Counter)
    rows = seats.order_by().values_list("player", "game", "game__created_at", "total")
    for player, game, started, total in rows:
        night = night_of.get(game)
        if night is None:
            night = night_of[game] = (timezone.localtime(started) - NIGHT_SHIFT).date()
        nights[night][player] += total or 0
    return list(nights.values())


def _add_prizes(season: Season, lines: dict[int, StandingLine]) -> int:
    """Each line's prizes from the season's euchre nights that are over, as
    the engine's standings award them; returns how many nights those are."""
    boards = read_boards(list(season.euchre_nights().order_by("created_at", "pk")))
    over = 0
    for board in boards.values():
        if not board.over:
            continue
        over += 1
        players = {e.number: e for e in board.entrants}
        for prize in board.standings.prizes:
            for number in prize.winners:  # a low score may be won with 0 points
                entrant = players[number]
                line = lines.setdefault(
                    entrant.player_id, StandingLine(entrant.player_id, entrant.player.name)
                )
                line.prizes.append(prize.kind.label)
    return over


def _add_ratings(
    season: Season, lines: dict[int, StandingLine], variants: Sequence[Variant]
) -> None:
    """Each line's rating in the season's variants it played, after the
    season and its change since the season began (``table_ratings``)."""
    # Two look-ups of the ratings a process keeps (D57): flat as the history grows.
    tables = [season.private_table]
    before = tables_ratings(tables, finished_before=season.begins_at)
    after = tables_ratings(tables, finished_before=season.ends_at)
    for line in lines.values():
        for variant in variants:
            end = after.get((line.player_id, variant.value))
            start = before.get((line.player_id, variant.value))
            if end is None or end.games == (0 if start is None else start.games):
                continue  # no game of this variant rated in the season
            change = end.ordinal - (0.0 if start is None else start.ordinal)
            line.ratings[variant] = SeasonRating(variant, end.ordinal, change, end.provisional)


def _ranked(lines: Iterable[StandingLine]) -> list[StandingLine]:
    """Best first, by the rule's score then wins, then name; level players share a place."""
    ordered = sorted(lines, key=lambda line: (-line.score, -line.wins, line.name.casefold()))
    place, last = 0, None
    for n, line in enumerate(ordered, start=1):
        if (line.score, line.wins) != last:
            place, last = n, (line.score, line.wins)
        line.place = place
    level = Counter(line.place for line in ordered)
    for line in ordered:
        line.shared = level[line.place] > 1
    return ordered


def _leaders(lines: Sequence[StandingLine], variants: Sequence[Variant]) -> list[Leader]:
    """The leaders of each figure: every player holding the best value (counts
    above 0 only); the ratings of each variant, highest and most risen. A
    figure everyone holds alike (all played one night) leads nobody."""
    figures: list[tuple[str, Callable[[StandingLine], float | None], str]] = [
        ("Most points", lambda line: line.points, "{:d}"),
        ("Most wins", lambda line: line.wins, "{:d}"),
        ("Most games", lambda line: line.games, "{:d}"),
        ("Most night rounds", lambda line: line.rounds, "{:d}"),
        ("Most game nights", lambda line: line.nights, "{:d}"),
        ("Most prizes", lambda line: line.prizes_won, "{:d}"),
    ]
    for variant in variants:
        figures.append(
            (f"Highest rating, {variant.label}", _rating_of(variant, "rating"), "{:.1f}")
        )
        figures.append((f"Most risen, {variant.label}", _rating_of(variant, "change"), "{:+.1f}"))
    leaders = []
    for label, value_of, shown in figures:
        values = [(value_of(line), line.name) for line in lines]
        known = [(value, name) for value, name in values if value is not None]
        if not known:
            continue
        best = max(value for value, _ in known)
        if shown == "{:d}" and best <= 0:
            continue
        names = tuple(name for value, name in known if value == best)
        if len(names) == len(lines) > 1:
            continue
        value = shown.format(int(best) if shown == "{:d}" else best)
        leaders.append(Leader(label, value, names, risen=label.startswith("Most risen")))
    return leaders


def _rating_of(variant: Variant, part: str) -> Callable[[StandingLine], float | None]:
    def value(line: StandingLine) -> float | None:
        rating = line.ratings.get(variant)
        return None if rating is None else round(float(getattr(rating, part)), 1)

    return value
