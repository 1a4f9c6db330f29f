"""Seats: a player's place at one game's table, with the totals the engine gave."""

from __future__ import annotations

from typing import Any

from django.db import models

from scorekeeper.models.records import PAIR_FIGURES, record_aggregates


class SeatQuerySet(models.QuerySet["Seat"]):
    def records_by_variant(self) -> models.QuerySet[Seat, Any]:
        """The record of these seats' players for each variant, one row per
        variant (``variant`` and the figures of ``record_aggregates``); use on
        one player's seats. A euchre night's tables are not games (docs/rules.md, Euchre night 3):
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
    # Cached with ``won`` when the game is scored, so a player's record is
    # counted from their seats alone: the game is over, and this seat's win is
    # shared (level on the top total with another player, docs/rules.md, Call-Ace 6).
    finished = models.BooleanField(default=False)
    shared_win = models.BooleanField(default=False)
    # A seat at a euchre night's table (its game's ``night_round``), which is
    # no game anyone wins (docs/rules.md, Euchre night): kept here so the players list counts
    # games from this index alone, joining no game.
    at_night = models.BooleanField(default=False)
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
        indexes = [
            # The players list's results read from this index alone.
            models.Index(
                fields=["player", "at_night", "finished", "won", "shared_win"],
                name="seat_player_results",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player.name} (seat {self.position + 1})"


class SeatPair(models.Model):
    """One seat's hands with another seat of the same game, counted when the
    game is scored (``records.PAIR_FIGURES``, ``records.hand_pair_figures``):
    a player's partners and rivals add these up instead of reading every hand.
    Every ordered pair of a game's seats has one, made with the seats."""

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="pairs")
    other = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="+")
    # The two seats' players, kept here (and moved by ``Player.merge_into``)
    # so a player's pairs are added up from one index, without the seats.
    player = models.ForeignKey(
        "scorekeeper.Player", on_delete=models.PROTECT, related_name="+", db_index=False
    )
    other_player = models.ForeignKey(
        "scorekeeper.Player", on_delete=models.PROTECT, related_name="+"
    )
    together = models.PositiveIntegerField(default=0)
    together_made = models.PositiveIntegerField(default=0)
    together_marched = models.PositiveIntegerField(default=0)
    together_euchred = models.PositiveIntegerField(default=0)
    together_renege = models.PositiveIntegerField(default=0)
    called = models.PositiveIntegerField(default=0)
    called_by = models.PositiveIntegerField(default=0)
    faced = models.PositiveIntegerField(default=0)
    faced_euchred = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["seat", "other"], name="seat_pair_unique"),
        ]
        indexes = [
            # A player's partners and rivals read from this index alone.
            models.Index(fields=["player", "other_player", *PAIR_FIGURES], name="seat_pair_sums"),
        ]

    def __str__(self) -> str:
        return f"seat {self.seat_id} with seat {self.other_id}"

    @classmethod
    def for_seats(cls, seats: list[Seat]) -> list[SeatPair]:
        """A new game's pairs, every figure 0: one for each ordered pair of ``seats``."""
        return [
            cls(seat=me, other=other, player_id=me.player_id, other_player_id=other.player_id)
            for me in seats
            for other in seats
            if me is not other
        ]
