"""What the season screens show: the table's game nights offered by the form,
a season's page and its watch page (docs/formats.md, "Seasons")."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import models

from scorekeeper.models import EuchreNight, Game, PrivateTable, Season
from scorekeeper.models.called_aces import AceFigures, ace_figures
from scorekeeper.models.kept import Kept, tables_brief
from scorekeeper.models.seasons import game_night_of
from scorekeeper.seasons.standings import SeasonStandings, StandingLine, season_standings

# The game nights the form's date pickers offer: the table's latest.
OFFERED_NIGHTS = 120
# Standings lines a TV shows at once; more are shown a page at a time
# (static/js/watch_pages.js), and all of them without JavaScript.
WATCH_PAGE_LINES = 10
# The seasons drawn last, each with its standings and called aces while nothing
# they count has changed (docs/decisions.md, D74).
KEPT_SEASONS = 16
Figures = tuple[SeasonStandings, tuple[AceFigures, AceFigures]]
_KEPT: Kept[Figures] = Kept(KEPT_SEASONS)


def game_nights(private_table: PrivateTable) -> list[datetime.date]:
    """The table's latest game nights, latest first (one query)."""
    return list(
        Game.objects.filter(private_table=private_table)
        .order_by()
        .annotate(night_date=game_night_of("created_at"))
        .values_list("night_date", flat=True)
        .distinct()
        .order_by("-night_date")[:OFFERED_NIGHTS]
    )


@dataclass(frozen=True)
class WatchPage:
    first: int
    last: int
    count: int
    lines: Sequence[StandingLine]


def _brief(season: Season) -> tuple[object, ...]:
    """What the season's figures rest on, in three queries: every game and
    euchre night of its table (a game before the season moves the ratings it
    starts from), the table's names (a rename or merge) and the rule."""
    nights = EuchreNight.objects.filter(private_table=season.private_table_id).aggregate(
        n=models.Count("pk"), version=models.Sum("version")
    )
    rule = (season.rule, season.best, season.starts, season.ends)
    table = tables_brief([season.private_table_id])
    return (season.pk, season.watch_token, *table, *nights.values(), *rule)


def season_figures(season: Season) -> Figures:
    """The season's standings and called aces, worked out afresh only when
    something they count has changed since this process last did (``_brief``)."""
    return _KEPT.get(
        _brief(season),
        lambda: (season_standings(season), ace_figures([season.private_table], season.games())),
    )


def season_context(season: Season) -> dict[str, Any]:
    """A season's page: its dates, standings and leaders, its called aces and
    its watch link."""
    standings, aces = season_figures(season)
    return {
        "season": season,
        "standings": standings,
        "leaders": standings.leaders,
        "rating_columns": [v.label for v in standings.variants],
        "rows": [(line, line.rating_cells(standings.variants)) for line in standings.lines],
        "aces": aces,
    }


def watch_context(season: Season, version: int) -> dict[str, Any]:
    """The watch page: the season's page a screenful of lines at a time."""
    context = season_context(season)
    lines = context["rows"]
    pages = [
        WatchPage(
            n + 1,
            min(n + WATCH_PAGE_LINES, len(lines)),
            len(lines),
            lines[n : n + WATCH_PAGE_LINES],
        )
        for n in range(0, len(lines), WATCH_PAGE_LINES)
    ]
    # How far a rating rose is in its cells: the TV leaves out its leaders for room.
    leaders = [leader for leader in context["leaders"] if not leader.risen]
    return {**context, "leaders": leaders, "version": version, "pages": pages, "watching": True}
