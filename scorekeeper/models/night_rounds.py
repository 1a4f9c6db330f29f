"""A euchre night's rounds (``EuchreNight.rounds``): their tables are games
(``Game.night_round``). The night is named by its relation, so this module imports
no model (the games read it)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta

from django.db import models
from django.utils import timezone

from referee.engine.movement import moves
from referee.engine.night_rules import MOVE_BY_RESULT


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

    def moved_line(self, night_table: int, names: Mapping[int, str]) -> str:
        """At a night moved by result, where the players at one of this round's
        tables (``names`` by player id) came from, in a sentence: "Ann and Cat
        moved up from table 2. Ben stayed at table 1."; "" in round 1 or at a
        night seated by rotation (docs/rules.md, Euchre night 2). Three queries."""
        night = self.night
        if night.night_rules.movement != MOVE_BY_RESULT or self.number == 1:
            return ""
        previous = night.rounds.get(number=self.number - 1)
        was = {p: t or 1 for p, t in previous.games.values_list("seats__player_id", "night_table")}
        out = night.entrants.filter(number__in=previous.sitting_out)
        last = [[p for p, t in was.items() if t == n] for n in range(1, max(was.values()) + 1)]
        here: list[list[int]] = [[]] * (night_table - 1) + [list(names)]
        notes: dict[str, list[str]] = {}
        for player, note in moves(last, set(out.values_list("player_id", flat=True)), here).items():
            notes.setdefault(note, []).append(names[player])
        return " ".join(
            f"{', '.join(who[:-1])}{' and ' if who[:-1] else ''}{who[-1]} {note}."
            for note, who in notes.items()
        )
