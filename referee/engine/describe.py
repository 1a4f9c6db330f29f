"""A hand in words, the one way every screen and the change log say it.
Plain Python: no Django import.
"""

from __future__ import annotations

from referee.engine.cards import Card, Suit, trump_name
from referee.engine.hands import GameSetup, Hand, PartnerOutcome
from referee.engine.variants import no_score_hand_name


def describe_call(setup: GameSetup, hand: Hand) -> list[str]:
    """Who made what and called what: ["Ben made hearts", "called the ace of spades"]."""
    parts = [f"{setup.name(hand.maker)} made {trump_name(hand.trump)}"]
    if isinstance(hand.called, Suit):
        parts.append(f"called the ace of {hand.called.plural}")
    elif isinstance(hand.called, Card):
        parts.append(f"called the {hand.called.name}")
    return parts


def describe_hand(setup: GameSetup, hand: Hand) -> str:
    """In a line: "Ben made hearts, called the ace of spades, partner Dan, 3 tricks"."""
    if hand.thrown_in:
        # "Misdeal" under stick the dealer (docs/rules.md 2 (every variant))
        return no_score_hand_name(setup.rules)
    parts = describe_call(setup, hand)
    if hand.outcome is PartnerOutcome.REVEALED and hand.partner is not None:
        parts.append(f"partner {setup.name(hand.partner)}")
    elif hand.outcome is PartnerOutcome.MAKER_HELD:
        parts.append("alone (held it)")
    elif hand.outcome is PartnerOutcome.NOT_IN_PLAY:
        parts.append("alone (not in play)")
    elif hand.outcome is PartnerOutcome.ALONE:
        parts.append("alone")
    parts.append(f"{hand.tricks} trick{'s' if hand.tricks != 1 else ''}")
    if hand.renege is not None:
        parts.append(f"renege by {setup.name(hand.renege)}")
    return ", ".join(parts)
