"""A euchre night's players (``EuchreNight.entrants``): each with the number
the engine knows them by. The night and the player are named by their
relations, so this module imports no model (the players and the games read it)."""

from __future__ import annotations

from django.db import models


class NightPlayer(models.Model):
    """A player of a night, with the number the engine knows them by, and
    whether they are present for the rounds still to be seated."""

    night = models.ForeignKey(
        "scorekeeper.EuchreNight", on_delete=models.CASCADE, related_name="entrants"
    )
    player = models.ForeignKey(
        "scorekeeper.Player", on_delete=models.PROTECT, related_name="night_entries"
    )
    number = models.PositiveSmallIntegerField()
    present = models.BooleanField(default=True)
    # When the player checked in at the door with the night's link (None: entered
    # by the organiser, or expected and not checked in yet).
    checked_in_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["night", "number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="night_player_unique_number"),
            models.UniqueConstraint(fields=["night", "player"], name="night_player_unique_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player.name} (#{self.number})"
