"""Who a player made trump with, and who euchred them: the partners and rivals
on a player's page (docs/decisions.md, D32), added up by the database from each pair of
seats' cached figures (``SeatPair``, counted by ``records.hand_pair_figures``
whenever a game is scored) in one query: no hand is read, so the page costs
about the same however long the history.

The maker's side is the maker and their partner: the revealed partner in
Call-Ace and Call-Your-Partner (docs/rules.md, Call-Ace 3 and Call-Your-Partner 3), the teammate in
standard euchre when the maker did not go alone (docs/rules.md, Standard 3). Everyone else defends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from django.db import models

from scorekeeper.models import Player, SeatPair
from scorekeeper.models.records import PAIR_FIGURES

# How many rivals a player's page names.
RIVALS_SHOWN = 5


@dataclass
class Tally:
    """Hands on the maker's side, split so the parts add up to ``hands``:
    made it, marched, euchred, and ended by a renege (docs/rules.md, Call-Ace 5)."""

    hands: int = 0
    made: int = 0
    marched: int = 0
    euchred: int = 0
    renege: int = 0


@dataclass
class Partnership:
    """A player's hands on the maker's side with ``other``: ``called`` (the
    player made trump and called them), ``called_by`` (they called the
    player), and the standard-euchre hands as teammates; ``tally`` counts all."""

    other: Player
    called: int = 0
    called_by: int = 0
    tally: Tally = field(default_factory=Tally)


@dataclass
class Rivalry:
    """The hands ``other`` defended against the player's side (``faced``),
    and how many of those the player's side was euchred in (``euchred``)."""

    other: Player
    faced: int = 0
    euchred: int = 0


def partners_and_rivals(player: Player) -> tuple[list[Partnership], list[Rivalry]]:
    """``player``'s partners, most hands together first, and rivals, most
    euchres first (those who never euchred them left out, at most
    RIVALS_SHOWN), from every counted hand (not thrown in, not after the end)."""
    player_names = Player.objects.filter(pk=models.OuterRef("other_player")).values("name")
    sums: dict[str, Any] = {figure: models.Sum(figure) for figure in PAIR_FIGURES}
    pairs = (
        SeatPair.objects.filter(player=player)
        .values("other_player")
        .annotate(**sums)
        .filter(models.Q(together__gt=0) | models.Q(faced_euchred__gt=0))
        # Each other player's name once, not joined to each of their pairs.
        .annotate(player_name=models.Subquery(player_names))
        .order_by()
    )
    # One row per other player: their id, name and every figure of PAIR_FIGURES.
    rows = cast("list[dict[str, Any]]", list(pairs))
    partners, rivals = [], []
    for row in rows:
        # The other player as the page names and links them (read in the same query).
        other = Player(
            pk=row["other_player"],
            name=row["player_name"],
            private_table_id=player.private_table_id,
        )
        if row["together"]:
            tally = Tally(
                hands=row["together"],
                made=row["together_made"],
                marched=row["together_marched"],
                euchred=row["together_euchred"],
                renege=row["together_renege"],
            )
            partners.append(
                Partnership(other, called=row["called"], called_by=row["called_by"], tally=tally)
            )
        if row["faced_euchred"]:
            rivals.append(Rivalry(other, faced=row["faced"], euchred=row["faced_euchred"]))
    partners.sort(key=lambda p: (-p.tally.hands, p.other.name.casefold()))
    rivals.sort(key=lambda r: (-r.euchred, r.faced, r.other.name.casefold()))
    return partners, rivals[:RIVALS_SHOWN]
