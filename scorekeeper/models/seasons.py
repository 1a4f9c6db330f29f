"""Seasons: a private table's standings over a stretch of game nights, September
to December say (docs/formats.md, "Seasons").

A season is named by its first and last game night (dates, both counted); a
game night runs from 6 a.m. to 6 a.m. (``NIGHT_STARTS``), so a season holds the
games and euchre nights started from 6 a.m. on its first day to 6 a.m. after
its last. A table's seasons never share a game night: a game belongs to one
season at most, and naming a new season never changes an old one's page.
"""

from __future__ import annotations

import datetime
import uuid
from typing import TYPE_CHECKING

from django.db import models, transaction
from django.db.models.functions import Coalesce, TruncDate
from django.utils import timezone

from referee.engine.season_rule import RuleKind, SeasonRule
from scorekeeper.models.euchre_nights import EuchreNight
from scorekeeper.models.game_base import NIGHT_STARTS
from scorekeeper.models.games import Game
from scorekeeper.models.once import AlreadyStarted
from scorekeeper.models.private_tables import PrivateTable, new_watch_token

if TYPE_CHECKING:
    from scorekeeper.models.euchre_nights import EuchreNightQuerySet
    from scorekeeper.models.game_querysets import GameQuerySet

NAME_MAX_LENGTH = 60
# The years a season's dates may take: those of a game document's dates
# (docs/formats.md, "Game document"), so every night of a season is a real one.
FIRST_YEAR, LAST_YEAR = 1900, 2999


class SeasonOverlaps(Exception):
    """The dates asked for share a game night with ``season``, another season
    of the same table. Nothing was stored."""

    def __init__(self, season: Season) -> None:
        super().__init__(f"{season} already holds some of these game nights")
        self.season = season


def night_start(night: datetime.date) -> datetime.datetime:
    """When game night ``night`` begins: 6 a.m. that day, local time."""
    return timezone.make_aware(datetime.datetime.combine(night, NIGHT_STARTS))


def game_night_of(started: str) -> TruncDate:
    """The game night of the moment in field ``started`` as the database reads
    it: the local date six hours earlier (``Game.game_night``: a game after midnight
    belongs to the evening before)."""
    shifted = models.ExpressionWrapper(
        models.F(started) - datetime.timedelta(hours=NIGHT_STARTS.hour),
        output_field=models.DateTimeField(),
    )
    return TruncDate(shifted, tzinfo=timezone.get_current_timezone())


class SeasonQuerySet(models.QuerySet["Season"]):
    def for_tables(self, tables: list[PrivateTable]) -> SeasonQuerySet:
        """The seasons of these private tables (a phone's): another table's season is a 404."""
        return self.filter(private_table__in=[t.pk for t in tables])

    def watched(self, token: str) -> SeasonQuerySet:
        """The season of a watch link: read-only, for a TV in the room."""
        return self.filter(watch_token=token)

    def overlapping(
        self, private_table_id: int, starts: datetime.date, ends: datetime.date
    ) -> SeasonQuerySet:
        """The table's seasons sharing a game night with ``starts`` to ``ends``."""
        return self.filter(private_table=private_table_id, starts__lte=ends, ends__gte=starts)


class Season(models.Model):
    """A table's season: its name and its first and last game nights."""

    private_table = models.ForeignKey(
        PrivateTable, on_delete=models.CASCADE, related_name="seasons"
    )
    name = models.CharField(max_length=NAME_MAX_LENGTH)
    starts = models.DateField()
    ends = models.DateField()
    # The form's token: a double tap names one season.
    token = models.UUIDField(null=True, blank=True, unique=True, editable=False)
    watch_token = models.CharField(
        max_length=64, unique=True, default=new_watch_token, editable=False
    )
    created_at = models.DateTimeField(default=timezone.now)
    # How the standings rank (docs/rules.md, "Season standings"); ``best``: nights counted.
    rule = models.CharField(
        max_length=8, choices=[(k.value, k.value) for k in RuleKind], default="points"
    )
    best = models.PositiveSmallIntegerField(default=0)

    objects = SeasonQuerySet.as_manager()

    class Meta:
        ordering = ["-starts", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends__gte=models.F("starts")), name="season_ends_after_start"
            )
        ]
        indexes = [models.Index(fields=["private_table", "starts"], name="season_table_starts")]

    def __str__(self) -> str:
        return self.name

    @property
    def standings_rule(self) -> SeasonRule:
        return SeasonRule(RuleKind(self.rule), self.best)

    def change_rule(self, rule: SeasonRule) -> None:
        """Rank by ``rule`` from now on; the season's TV redraws (``live_version``)."""
        with transaction.atomic():
            Season.objects.filter(pk=self.pk).update(rule=rule.kind, best=rule.best)
            PrivateTable.shown_anew(self.private_table_id)

    @property
    def begins_at(self) -> datetime.datetime:
        """6 a.m. on the first game night: the season's first moment."""
        return night_start(self.starts)

    @property
    def ends_at(self) -> datetime.datetime:
        """6 a.m. after the last game night: the first moment after the season."""
        return night_start(self.ends + datetime.timedelta(days=1))

    @property
    def under_way(self) -> bool:
        """Whether the season's last game night is still to come or going on."""
        return timezone.now() < self.ends_at

    def games(self) -> GameQuerySet[Game]:
        """The table's games started in the season, euchre nights' tables included."""
        return Game.objects.filter(
            private_table=self.private_table_id,
            created_at__gte=self.begins_at,
            created_at__lt=self.ends_at,
        )

    def euchre_nights(self) -> EuchreNightQuerySet:
        """The table's euchre nights started in the season."""
        return EuchreNight.objects.filter(
            private_table=self.private_table_id,
            created_at__gte=self.begins_at,
            created_at__lt=self.ends_at,
        )

    def live_version(self) -> int:
        """A number that changes whenever the season's standings may: a game of
        the season changed or started, or a player renamed (the table's
        ``shown_version``). One query, for the watch link's poll."""
        row = (
            PrivateTable.objects.filter(pk=self.private_table_id)
            .annotate(
                games_version=Coalesce(
                    models.Sum(
                        "games__version",
                        filter=models.Q(
                            games__created_at__gte=self.begins_at,
                            games__created_at__lt=self.ends_at,
                        ),
                    ),
                    0,
                ),
                games_count=models.Count(
                    "games",
                    filter=models.Q(
                        games__created_at__gte=self.begins_at, games__created_at__lt=self.ends_at
                    ),
                ),
            )
            .values_list("shown_version", "games_version", "games_count")
            .first()
        )
        return 0 if row is None else sum(int(part) for part in row)

    @classmethod
    def name_season(
        cls,
        *,
        private_table: PrivateTable,
        name: str,
        starts: datetime.date,
        ends: datetime.date,
        token: uuid.UUID | None = None,
        rule: SeasonRule | None = None,
    ) -> Season:
        """Name a season of ``private_table`` from game night ``starts`` to
        ``ends`` (both counted). The same form sent again (its ``token``: a
        double tap, a retry) returns the season it named; the same token with
        another season asked for raises AlreadyStarted. Raises SeasonOverlaps
        when another season of the table holds one of these game nights. The
        table's row is locked while checking, so two phones naming overlapping
        seasons at once store one."""
        with transaction.atomic():
            # Locks the table's row on PostgreSQL; SQLite's writes take turns.
            list(
                PrivateTable.objects.select_for_update()
                .filter(pk=private_table.pk)
                .values_list("pk")
            )
            if token is not None:
                made = cls.objects.filter(token=token).first()
                if made is not None:
                    if (made.private_table_id, made.name, made.starts, made.ends) != (
                        private_table.pk,
                        name,
                        starts,
                        ends,
                    ):
                        raise AlreadyStarted(made)
                    return made
            clash = cls.objects.overlapping(private_table.pk, starts, ends).first()
            if clash is not None:
                raise SeasonOverlaps(clash)
            rule = rule or SeasonRule()
            return cls.objects.create(
                private_table=private_table,
                name=name,
                starts=starts,
                ends=ends,
                token=token,
                rule=rule.kind,
                best=rule.best,
            )
