"""Who a player made trump with, and who euchred them: the partners and rivals
on a player's page (issue 13), counted from the hands' cached figures
(``Hand.rule``, ``Hand.outcome``) in two queries, whatever the history's size.

The maker's side is the maker and their partner: the revealed partner in
Call-Ace and Call-Your-Partner (rules.md 3.3, 4), the teammate in standard
euchre when the maker did not go alone (rules.md 5). Everyone else defends.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from referee.engine.hands import PartnerOutcome
from referee.engine.scoring import EUCHRE_RULES, MAKE_RULES, MARCH_RULES
from scorekeeper.models import Hand, Player, Seat

# How many rivals a player's page names.
RIVALS_SHOWN = 5


@dataclass
class Tally:
    """Hands on the maker's side, split so the parts add up to ``hands``:
    made it, marched, euchred, and ended by a renege (rules.md 3.5)."""

    hands: int = 0
    made: int = 0
    marched: int = 0
    euchred: int = 0
    renege: int = 0

    def add(self, rule: str) -> None:
        self.hands += 1
        if rule in MAKE_RULES:
            self.made += 1
        elif rule in MARCH_RULES:
            self.marched += 1
        elif rule in EUCHRE_RULES:
            self.euchred += 1
        else:
            self.renege += 1


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


def maker_side(hand: Hand, seats: int) -> set[int]:
    """The positions on the maker's side of a counted hand."""
    assert hand.maker is not None
    if hand.outcome == PartnerOutcome.REVEALED and hand.partner is not None:
        return {hand.maker, hand.partner}
    if hand.outcome == PartnerOutcome.TEAM:
        return {hand.maker, (hand.maker + 2) % seats}  # rules.md 5: seats opposite
    return {hand.maker}


def partners_and_rivals(player: Player) -> tuple[list[Partnership], list[Rivalry]]:
    """``player``'s partners, most hands together first, and rivals, most
    euchres first (those who never euchred them left out, at most
    RIVALS_SHOWN), from every counted hand (not thrown in, not after the end)."""
    seats = Seat.objects.filter(game__seats__player=player).select_related("player")
    sitting: dict[int, dict[int, Player]] = defaultdict(dict)
    for seat in seats:
        sitting[seat.game_id][seat.position] = seat.player
    hands = Hand.objects.filter(
        game__seats__player=player, after_end=False, thrown_in=False, maker__isnull=False
    ).only("game_id", "maker", "partner", "outcome", "rule")
    partners: dict[int, Partnership] = {}
    rivals: dict[int, Rivalry] = {}
    for hand in hands:
        table = sitting[hand.game_id]
        me = next(pos for pos, p in table.items() if p.pk == player.pk)
        side = maker_side(hand, len(table))
        if me not in side:
            continue
        for position, other in table.items():
            if position in side and position != me:
                together = partners.setdefault(other.pk, Partnership(other=other))
                together.tally.add(hand.rule)
                if hand.outcome == PartnerOutcome.REVEALED:
                    if hand.maker == me:
                        together.called += 1
                    else:
                        together.called_by += 1
            elif position not in side:
                rival = rivals.setdefault(other.pk, Rivalry(other=other))
                rival.faced += 1
                rival.euchred += hand.rule in EUCHRE_RULES
    by_partner = sorted(partners.values(), key=lambda p: (-p.tally.hands, p.other.name.casefold()))
    by_rival = sorted(
        (r for r in rivals.values() if r.euchred),
        key=lambda r: (-r.euchred, r.faced, r.other.name.casefold()),
    )
    return by_partner, by_rival[:RIVALS_SHOWN]
