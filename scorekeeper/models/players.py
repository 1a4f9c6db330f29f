"""The players: one person across every game they sit in."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.db import models
from django.db.models.functions import Lower

from scorekeeper.records import record_aggregates

if TYPE_CHECKING:
    from scorekeeper.models.game_queries import GameQuerySet
    from scorekeeper.models.tables import PrivateTable


class PlayerQuerySet(models.QuerySet["Player"]):
    def for_tables(self, tables: Iterable[PrivateTable]) -> PlayerQuerySet:
        """The players of these private tables (a phone's): no other is shown."""
        return self.filter(private_table__in=[t.pk for t in tables])

    def named(self, name: str) -> Player | None:
        return self.filter(name__iexact=" ".join(name.split())).first()

    def recent(self, limit: int = 12) -> PlayerQuerySet:
        """The players who sat down most recently, to pick for a new game."""
        return self.annotate(last_played=models.Max("seats__game__created_at")).order_by(
            models.F("last_played").desc(nulls_last=True), "name"
        )[:limit]

    def with_records(self, *, games: GameQuerySet | None = None) -> PlayerQuerySet:
        """Each player's record across all their games, or only across
        ``games`` (one night's, say), counted by the database in one query:
        see ``record_aggregates`` for the figures."""
        return self.annotate(**record_aggregates(seat="seats__", games=games))


class Player(models.Model):
    """A person who plays: one player across every game they sit in at one
    private table (the same name at another table is another player)."""

    name = models.CharField(max_length=30)
    private_table = models.ForeignKey(
        "scorekeeper.PrivateTable", on_delete=models.CASCADE, related_name="players"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                "private_table", Lower("name"), name="player_name_unique_per_table_ci"
            )
        ]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def for_name(cls, name: str, *, table: PrivateTable) -> Player:
        """The player of that name (any case) at ``table``, created if new."""
        name = " ".join(name.split())
        existing = cls.objects.filter(private_table=table).named(name)
        return (
            existing if existing is not None else cls.objects.create(name=name, private_table=table)
        )
