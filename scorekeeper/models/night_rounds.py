"""A euchre night's rounds (``EuchreNight.rounds``): their tables are games
(``Game.night_round``). The night is named by its relation, so this module imports
no model (the games read it)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import models
from django.utils import timezone


class NightRound(models.Model):
    """A round of a night: its tables are games (``Game.night_round``); who sat
    out is kept here (player numbers)."""

    night = models.ForeignKey(
        "scorekeeper.EuchreNight", on_delete=models.CASCADE, related_name="rounds"
    )
    number = models.PositiveSmallIntegerField()
    sitting_out = models.JSONField(default=list)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["night", "number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="night_round_unique_number")
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"

    def time_up(self, minutes: int | None) -> datetime | None:
        """When the round's time is up, on a night that keeps a round timer of
        ``minutes`` (docs/rules.md, Euchre night 3): counted from its seating."""
        if minutes is None:
            return None
        return self.created_at + timedelta(minutes=minutes)
