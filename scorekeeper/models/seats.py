"""Seats: a player's place at one game's table, with the totals the engine gave."""

from __future__ import annotations

from typing import Any

from django.db import models

from scorekeeper.records import record_aggregates


class SeatQuerySet(models.QuerySet["Seat"]):
    def records_by_variant(self) -> models.QuerySet[Seat, Any]:
        """The record of these seats' players for each variant, one row per
        variant (``variant`` and the figures of ``record_aggregates``); use on
        one player's seats. A euchre night's tables are not games (rules.md 7):
        not among them."""
        return (
            self.filter(game__night_round__isnull=True)
            .order_by()
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
    # This seat's hands, counted when the game is scored (``records.SEAT_FIGURES``):
    # the players' records add these up instead of reading every hand.
    hands_made = models.PositiveIntegerField(default=0)
    makes = models.PositiveIntegerField(default=0)
    marches = models.PositiveIntegerField(default=0)
    euchred = models.PositiveIntegerField(default=0)
    decided_by_renege = models.PositiveIntegerField(default=0)
    alone_calls = models.PositiveIntegerField(default=0)
    alone_not_in_play = models.PositiveIntegerField(default=0)
    partnered = models.PositiveIntegerField(default=0)
    reneges = models.PositiveIntegerField(default=0)

    objects = SeatQuerySet.as_manager()

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["game", "player"], name="seat_unique_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player.name} (seat {self.position + 1})"
