"""The players: one person across every game they sit in."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import IntegrityError, models, transaction
from django.db.models.functions import Lower

from scorekeeper.records import record_aggregates

if TYPE_CHECKING:
    from scorekeeper.models.game_queries import GameQuerySet


class PlayerQuerySet(models.QuerySet["Player"]):
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
    """A person who plays: one player across every game they sit in."""

    name = models.CharField(max_length=30)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(Lower("name"), name="player_name_unique_ci")]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def for_name(cls, name: str) -> Player:
        """The player of that name (any case), created if new. Safe when two
        games name the same new player at the same moment: one creates the
        player, the other finds it (never an error, never two players)."""
        name = " ".join(name.split())
        existing = cls.objects.named(name)
        if existing is not None:
            return existing
        try:
            # A savepoint: the insert that loses a race rolls back alone, and
            # the caller's transaction (Game.start) goes on.
            with transaction.atomic():
                return cls.objects.create(name=name)
        except IntegrityError:
            # The name's constraint says the player exists now: read it the
            # way the constraint compares names.
            return cls.objects.alias(folded=Lower("name")).get(folded=Lower(models.Value(name)))
