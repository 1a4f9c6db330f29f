"""A hand record and the game setup it is played in (docs/rules.md, Call-Ace 3 and
Standard 3; docs/formats.md, "What a hand record holds").

Plain Python: no Django import. Players are seats, 0-based, clockwise; names
only appear in explanations.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from referee.engine.cards import (
    Card,
    Suit,
    Trump,
)
from referee.engine.explaining import join_names
from referee.engine.variants import (
    DealInfo,
    HouseRules,
    Variant,
    deal_for,
    seats_opposite,
)


class HandError(ValueError):
    """A hand record that cannot be scored. ``errors`` maps each field at
    fault to a message a scorer can act on."""

    def __init__(self, errors: Mapping[str, str]) -> None:
        self.errors = dict(errors)
        super().__init__("; ".join(f"{k}: {v}" for k, v in self.errors.items()))


class PartnerOutcome(enum.StrEnum):
    """How the maker's side was made up (docs/rules.md 3 (every variant))."""

    REVEALED = "revealed"  # a named partner (Call-Ace, Call-Your-Partner)
    MAKER_HELD = "maker"  # the maker held the called card: alone
    NOT_IN_PLAY = "none"  # the called card was in the kitty or discarded: alone
    ALONE = "alone"  # went alone by choice (Call-Your-Partner, standard)
    TEAM = "team"  # standard euchre with the partner playing


ALONE_OUTCOMES = frozenset(
    {PartnerOutcome.MAKER_HELD, PartnerOutcome.NOT_IN_PLAY, PartnerOutcome.ALONE}
)


@dataclass(frozen=True, kw_only=True)
class Hand:
    """One hand as the scorer records it (docs/formats.md, "What a hand record holds")."""

    thrown_in: bool = False
    dealer: int | None = None  # only when dealt out of turn; else the rotation
    maker: int = 0
    trump: Trump = None
    called: Suit | Card | None = None
    outcome: PartnerOutcome = PartnerOutcome.TEAM
    partner: int | None = None  # the seat of a revealed partner
    tricks: int = 0
    renege: int | None = None
    round: int | None = None
    revealed_on_trick: int | None = None

    @property
    def alone(self) -> bool:
        return self.outcome in ALONE_OUTCOMES


@dataclass(frozen=True, kw_only=True)
class GameSetup:
    """Who is playing what: the variant, the players in seat order and the house rules; the
    context every hand is read and scored in (``Game.setup`` for a stored game)."""

    variant: Variant
    players: tuple[str, ...]
    rules: HouseRules = field(default_factory=HouseRules)

    def __post_init__(self) -> None:
        deal_for(self.variant, len(self.players), self.rules)  # raises on a bad count

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def deal(self) -> DealInfo:
        return deal_for(self.variant, self.n, self.rules)

    def name(self, seat: int) -> str:
        return self.players[seat]

    def names(self, seats: Sequence[int]) -> str:
        return join_names([self.players[s] for s in seats])

    def makers(self, hand: Hand) -> tuple[int, ...]:
        """The maker's side, by seat (for standard euchre, the whole team)."""
        if self.variant is Variant.STANDARD:
            return self.team_of(hand.maker)
        if hand.outcome is PartnerOutcome.REVEALED and hand.partner is not None:
            return (hand.maker, hand.partner)
        return (hand.maker,)

    def defenders(self, hand: Hand) -> tuple[int, ...]:
        makers = self.makers(hand)
        return tuple(s for s in range(self.n) if s not in makers)

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Who keeps one total: the two teams in standard euchre (docs/rules.md, Standard 6), else
        every player alone (docs/rules.md, Call-Ace and Call-Your-Partner)."""
        return tuple(dict.fromkeys(self.team_of(seat) for seat in range(self.n)))

    def team_of(self, seat: int) -> tuple[int, ...]:
        if self.variant is Variant.STANDARD:
            return tuple(sorted((seat, seats_opposite(seat))))
        return (seat,)

    def sits_out(self, hand: Hand) -> int | None:
        """A lone maker's partner sits out in standard euchre (docs/rules.md, Standard 4)."""
        if self.variant is Variant.STANDARD and hand.alone:
            return seats_opposite(hand.maker)
        return None
