"""Game nights: the name and place people give an evening's games."""

from __future__ import annotations

import datetime

from django.db import models


class GameNight(models.Model):
    """A table's game night's name and place, both optional ("Ann's birthday",
    "the pub"). The night's games are found by date (``Game.objects.on_game_night``);
    this row only exists once someone names the night."""

    private_table = models.ForeignKey(
        "scorekeeper.PrivateTable", on_delete=models.CASCADE, related_name="nights"
    )
    date = models.DateField()
    name = models.CharField(max_length=60, blank=True)
    place = models.CharField(max_length=60, blank=True)

    class Meta:
        ordering = ["-date"]
        constraints = [
            models.UniqueConstraint(fields=("private_table", "date"), name="night_unique_per_table")
        ]

    def __str__(self) -> str:
        return self.name or self.date.isoformat()

    @classmethod
    def save_name(
        cls, *, private_table_id: int, date: datetime.date, name: str, place: str
    ) -> GameNight:
        """Give a table's game night its name and place, making its row the
        first time. Phones naming the night at the same moment each save it
        in turn (the last one stands), never an error: the row one of them
        makes, the others update (Django's ``update_or_create`` re-reads it
        when its own insert meets the night's constraint)."""
        night, _ = cls.objects.update_or_create(
            private_table_id=private_table_id, date=date, defaults={"name": name, "place": place}
        )
        return night
