"""Seats: a player's place at one game's table, with the totals the engine gave."""

from __future__ import annotations

from typing import Any

from django.db import models

from scorekeeper.records import record_aggregates


class SeatQuerySet(models.QuerySet["Seat"]):
    def records_by_variant(self) -> models.QuerySet[Seat, Any]:
        """The record of these seats' players for each variant, one row per
        variant (``variant`` and the figures of ``record_aggregates``); use on
        one player's seats."""
        return (
            self.order_by()
            .values(variant=models.F("game__variant"))
            .annotate(**record_aggregates(seat=""))
            .order_by("variant")
        )


class Seat(models.Model):
    """A player's place at a game's table, clockwise from seat 0."""

    game = models.ForeignKey("scorekeeper.Game", on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey("scorekeeper.Player", on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    total = models.IntegerField(default=0)
    won = models.BooleanField(default=False)

    objects = SeatQuerySet.as_manager()

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["game", "player"], name="seat_unique_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player.name} (seat {self.position + 1})"
