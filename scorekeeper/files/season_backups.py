"""Seasons in the backup (docs/formats.md, "History out and back in"):
``scorekeeper.files.backups`` writes each table's seasons beside its games, as
``"seasons": [{"name", "starts", "ends"}]`` (only for a table that has one;
a rule other than total points adds ``"rule"``, and best nights ``"best"``),
and reads them back through here.

Reading checks every season before anything is stored: a name, two real
dates (``YYYY-MM-DD``, a year from 1900 to 2999), the last not before the
first, and no two of a table sharing a game night. Restoring adds each season
whose game nights no stored season of the table holds; one that shares a
night with a stored season is already there and is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from referee.engine.names import holds_hidden, is_storable
from referee.engine.season_rule import MOST_NIGHTS, RuleKind, SeasonRule
from scorekeeper.files.read_errors import ReadError
from scorekeeper.models import PrivateTable, Season
from scorekeeper.models.seasons import FIRST_YEAR, LAST_YEAR, NAME_MAX_LENGTH

ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class SeasonError(ReadError):
    """A season of a backup that cannot be restored; ``where`` names the place."""


@dataclass(frozen=True)
class SeasonBackup:
    name: str
    starts: date
    ends: date
    rule: SeasonRule


def season_backups(tables: Iterable[PrivateTable]) -> dict[int, list[dict[str, str | int]]]:
    """Each table's seasons as the backup writes them, first first (one query)."""
    written: dict[int, list[dict[str, str | int]]] = {t.pk: [] for t in tables}
    for season in Season.objects.filter(private_table__in=list(written)).order_by("starts", "pk"):
        rule = {} if season.rule == RuleKind.POINTS else {"rule": season.rule}
        written[season.private_table_id].append(
            {
                "name": season.name,
                "starts": season.starts.isoformat(),
                "ends": season.ends.isoformat(),
                **rule,
                **({"best": season.best} if season.rule == RuleKind.BEST else {}),
            }
        )
    return written


def read_seasons(data: Any) -> tuple[SeasonBackup, ...]:
    """A table's ``seasons`` (absent: none), every one checked; raises SeasonError."""
    if data is None:
        return ()
    if not isinstance(data, Sequence) or isinstance(data, str):
        raise SeasonError("seasons", "give the seasons as a list")
    seasons = tuple(_read_season(n, season) for n, season in enumerate(data, start=1))
    for n, season in enumerate(seasons, start=1):
        for m, other in enumerate(seasons[: n - 1], start=1):
            if season.starts <= other.ends and other.starts <= season.ends:
                raise SeasonError(
                    f"season {n}, starts",
                    f"shares game nights with season {m}: seasons never overlap",
                )
    return seasons


def _read_season(number: int, data: Any) -> SeasonBackup:
    where = f"season {number}"
    if not isinstance(data, Mapping):
        raise SeasonError(where, "a season is a JSON object with a name, starts and ends")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > NAME_MAX_LENGTH:
        raise SeasonError(f"{where}, name", f"a name of 1 to {NAME_MAX_LENGTH} characters")
    if not is_storable(name) or not name.isprintable() or holds_hidden(name):
        # As the season form: a NUL or half a character (a lone surrogate) no
        # database stores, or a character that does not show.
        raise SeasonError(f"{where}, name", "holds a character that does not print")
    starts, ends = (
        _date(where, "starts", data.get("starts")),
        _date(where, "ends", data.get("ends")),
    )
    if ends < starts:
        raise SeasonError(f"{where}, ends", "the last game night comes before the first")
    return SeasonBackup(name.strip(), starts, ends, _rule(where, data))


def _rule(where: str, data: Mapping[str, Any]) -> SeasonRule:
    """The season's standings rule: total points when the key is absent."""
    kind = data.get("rule", RuleKind.POINTS)
    if kind not in list(RuleKind):
        raise SeasonError(f"{where}, rule", f"one of {', '.join(RuleKind)}")
    if kind != RuleKind.BEST:
        return SeasonRule(RuleKind(kind))
    best = data.get("best")
    if type(best) is not int or not 1 <= best <= MOST_NIGHTS:
        raise SeasonError(f"{where}, best", f"a whole number of nights from 1 to {MOST_NIGHTS}")
    return SeasonRule(RuleKind.BEST, best)


def _date(where: str, key: str, value: Any) -> date:
    if not isinstance(value, str) or not ISO_DATE.fullmatch(value):
        raise SeasonError(f"{where}, {key}", "a date as YYYY-MM-DD")
    try:
        day = date.fromisoformat(value)
    except ValueError:
        raise SeasonError(f"{where}, {key}", f"no such date: {value}") from None
    if not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise SeasonError(f"{where}, {key}", f"a year from {FIRST_YEAR} to {LAST_YEAR}")
    return day


def restore_seasons(
    seasons: Sequence[SeasonBackup], *, private_table: PrivateTable
) -> tuple[int, int]:
    """Add the seasons the table does not hold yet; (added, already stored)."""
    added = 0
    for season in seasons:
        if Season.objects.overlapping(private_table.pk, season.starts, season.ends).exists():
            continue
        Season.objects.create(
            private_table=private_table,
            name=season.name,
            starts=season.starts,
            ends=season.ends,
            rule=season.rule.kind,
            best=season.rule.best,
        )
        added += 1
    return added, len(seasons) - added
