"""A player's euchre nights (docs/rules.md, Euchre night) as their page lists them: each
night's place, points and prizes, from the engine's standings."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.models import EuchreNight, Player
from scorekeeper.models.night_boards import read_boards

# A player's page lists their latest nights: reading a night's hands to score
# it costs more than a game's cached totals, so the number is capped.
RECENT_NIGHTS = 10


@dataclass(frozen=True)
class NightResult:
    """How a player did at a night: ``place`` of ``players`` (None before
    their first round), ``total`` points, the prizes they won (shared ones
    included), and whether the night is over."""

    night: EuchreNight
    place: int | None
    players: int
    total: int
    prizes: tuple[str, ...]
    over: bool
    shared: bool = False  # the place is shared with a player level on total ("=1st")


def night_results(player: Player, *, limit: int = RECENT_NIGHTS) -> list[NightResult]:
    """``player``'s latest ``limit`` nights, newest first: six queries
    whatever their number and size (``read_boards``)."""
    nights = list(
        EuchreNight.objects.filter(entrants__player=player).order_by("-created_at", "-pk")[:limit]
    )
    boards = read_boards(nights)
    results = []
    for night in nights:
        board = boards[night.pk]
        number = next(e.number for e in board.entrants if e.player_id == player.pk)
        standings = board.standings
        row = next((r for r in standings.rows if r.player == number), None)
        results.append(
            NightResult(
                night=night,
                place=None if row is None else row.place,
                players=len(standings.rows),
                total=0 if row is None else row.total,
                prizes=tuple(p.kind.label for p in standings.prizes if number in p.winners),
                over=board.over,
                shared=row is not None
                and sum(1 for r in standings.rows if r.place == row.place) > 1,
            )
        )
    return results
