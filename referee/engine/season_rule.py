"""A season's standings rule (docs/rules.md, "Season standings"): a player's
score over a season from their points on each game night, by the rule the
organiser chose. Plain arithmetic: the app hands in each night's points."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

# A night's places score these points, 1st to 8th; a lower place scores none.
PLACE_POINTS = (10, 8, 6, 5, 4, 3, 2, 1)
MOST_NIGHTS = 99


class RuleKind(StrEnum):
    POINTS = "points"
    AVERAGE = "average"
    PLACES = "places"
    BEST = "best"


KIND_LABELS = {
    RuleKind.POINTS: "Total points",
    RuleKind.AVERAGE: "Average points a game",
    RuleKind.PLACES: "Places on each night",
    RuleKind.BEST: "Best nights",
}


@dataclass(frozen=True)
class SeasonRule:
    kind: RuleKind = RuleKind.POINTS
    best: int = 0  # the nights counted by BEST

    @property
    def column(self) -> str:
        """The standings column of the rule's score; none for total points."""
        if self.kind is RuleKind.BEST:
            return f"Best {self.best}"
        return {RuleKind.AVERAGE: "Average", RuleKind.PLACES: "Place points"}.get(self.kind, "")

    @property
    def wording(self) -> str:
        """The rule in plain words, as the season's screens state it."""
        table = ", ".join(f"{n}{_ordinal(n)} {p}" for n, p in enumerate(PLACE_POINTS, start=1))
        return {
            RuleKind.POINTS: "Ranked by total points",
            RuleKind.AVERAGE: "Ranked by average points a game (games and night rounds)",
            RuleKind.PLACES: (
                f"Ranked by place points, each game night's places scoring {table} "
                "(level players each take their place's points)"
            ),
            RuleKind.BEST: f"Ranked by points on each player's best {self.best} game nights",
        }[self.kind] + ", then wins."


def _ordinal(n: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(n, "th")


def night_places[P: Hashable](points: Mapping[P, int]) -> dict[P, int]:
    """Each player's place on one night, highest points first; level players
    share a place and the places after them move down (1, 2, 2, 4)."""
    ordered = sorted(points.values(), reverse=True)
    return {player: ordered.index(score) + 1 for player, score in points.items()}


def place_points(place: int) -> int:
    return PLACE_POINTS[place - 1] if place <= len(PLACE_POINTS) else 0


def scores[P: Hashable](
    rule: SeasonRule, nights: Sequence[Mapping[P, int]], games: Mapping[P, int]
) -> dict[P, Fraction]:
    """Each player's season score by ``rule``: ``nights`` holds each game night's
    points by player (only those who played that night), ``games`` each
    player's games and night rounds played."""
    by_player: dict[P, list[int]] = {player: [] for player in games}
    for night in nights:
        places = night_places(night) if rule.kind is RuleKind.PLACES else {}
        for player, points in night.items():
            scored = place_points(places[player]) if places else points
            by_player.setdefault(player, []).append(scored)
    if rule.kind is RuleKind.AVERAGE:
        return {
            p: Fraction(sum(ns), games[p]) if games.get(p) else Fraction(0)
            for p, ns in by_player.items()
        }
    if rule.kind is RuleKind.BEST:
        return {
            p: Fraction(sum(sorted(ns, reverse=True)[: rule.best])) for p, ns in by_player.items()
        }
    return {p: Fraction(sum(ns)) for p, ns in by_player.items()}
