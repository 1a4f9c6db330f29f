"""Cards, suits, notation and ranking (docs/rules.md 4 (every variant)).

Plain Python: no Django import. Notation follows docs/formats.md, "Card notation": a card is a rank
then a suit (``10H``, ``JD``, ``AS``; ``T`` accepted for 10; suit symbols
accepted; case-insensitive). No trump is written ``NT``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class CardError(ValueError):
    """A card, suit or trump could not be read."""


class Suit(enum.Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def plural(self) -> str:
        """The suit's name as players say it: "hearts"."""
        return self.name.lower()

    @property
    def singular(self) -> str:
        """One card's worth of the suit: "a heart"."""
        return self.name.lower()[:-1]

    @property
    def partner_suit(self) -> Suit:
        """The other suit of the same colour (where the left bower comes from)."""
        return _PARTNER_SUIT[self]

    def __str__(self) -> str:
        return self.value


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_PARTNER_SUIT = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
_SUIT_BY_TEXT = {s.value: s for s in Suit} | {sym: s for s, sym in _SYMBOLS.items()}
# Variation selectors sometimes follow the symbols when typed on a phone.
_VARIATION_SELECTORS = ("\ufe0f", "\ufe0e")

SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

# A trump is a suit, or None for no trump.
Trump = Suit | None


class Rank(enum.IntEnum):
    """Printed ranks in their plain (non-trump) order."""

    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def text(self) -> str:
        """The rank as the notation writes it: 9, 10, J."""
        return str(self.value) if self <= Rank.TEN else self.name[0]

    @property
    def word(self) -> str:
        """The rank in a card's name: 9, jack."""
        return str(self.value) if self <= Rank.TEN else self.name.lower()


_RANK_BY_TEXT = {r.text: r for r in Rank} | {"T": Rank.TEN}


@dataclass(frozen=True, order=True)
class Card:
    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return f"{self.rank.text}{self.suit.value}"

    @property
    def name(self) -> str:
        """The card in words: "jack of diamonds", "10 of hearts"."""
        return f"{self.rank.word} of {self.suit.plural}"

    @property
    def short(self) -> str:
        """Rank and suit symbol, for display: "J♦"."""
        return f"{self.rank.text}{self.suit.symbol}"


def _clean(text: str) -> str:
    cleaned = text.strip().upper()
    for selector in _VARIATION_SELECTORS:
        cleaned = cleaned.replace(selector, "")
    return cleaned


def parse_suit(text: str) -> Suit:
    """Read a suit: one letter ``S H D C`` or a symbol, any case."""
    if not isinstance(text, str):
        raise CardError(f"a suit must be text, not {type(text).__name__}")
    cleaned = _clean(text)
    if cleaned not in _SUIT_BY_TEXT:
        raise CardError(f"'{text}' is not a suit: use S, H, D or C")
    return _SUIT_BY_TEXT[cleaned]


def parse_trump(text: str) -> Trump:
    """Read a trump: a suit, or ``NT`` for no trump (returned as None)."""
    if isinstance(text, str) and _clean(text) == "NT":
        return None
    try:
        return parse_suit(text)
    except CardError:
        raise CardError(f"'{text}' is not a trump: use S, H, D, C or NT") from None


def format_trump(trump: Trump) -> str:
    return "NT" if trump is None else trump.value


def trump_name(trump: Trump) -> str:
    return "no trump" if trump is None else trump.plural


def parse_card(text: str) -> Card:
    """Read a card in contract notation (``10H``, ``TH``, ``jd``, ``A♠``)."""
    if not isinstance(text, str):
        raise CardError(f"a card must be text, not {type(text).__name__}")
    cleaned = _clean(text)
    if len(cleaned) < 2:
        raise CardError(f"'{text}' is not a card: write a rank then a suit, like 10H or JD")
    rank_text, suit_text = cleaned[:-1], cleaned[-1]
    if rank_text not in _RANK_BY_TEXT:
        raise CardError(f"'{text}' is not a card: the rank must be one of 7 8 9 10 J Q K A")
    if suit_text not in _SUIT_BY_TEXT:
        raise CardError(f"'{text}' is not a card: the suit must be one of S H D C")
    return Card(_RANK_BY_TEXT[rank_text], _SUIT_BY_TEXT[suit_text])


def parse_cards(text: str) -> list[Card]:
    """Read a comma-separated list of cards; an empty text is an empty list."""
    if not text or not text.strip():
        return []
    return [parse_card(part) for part in text.split(",")]


def format_cards(cards: list[Card] | tuple[Card, ...]) -> str:
    return ",".join(str(c) for c in cards)


# --- Decks -----------------------------------------------------------------


def make_deck(lowest: Rank = Rank.NINE) -> tuple[Card, ...]:
    """Every card from ``lowest`` up to the ace in every suit (24, 28 or 32 cards)."""
    ranks = [r for r in Rank if r >= lowest]
    return tuple(Card(r, s) for s in SUITS for r in ranks)


# --- Ranking with trump (docs/rules.md 4 (every variant)) -----------------------------------------


def is_right_bower(card: Card, trump: Trump) -> bool:
    return trump is not None and card.rank == Rank.JACK and card.suit == trump


def is_left_bower(card: Card, trump: Trump) -> bool:
    return trump is not None and card.rank == Rank.JACK and card.suit == trump.partner_suit


def effective_suit(card: Card, trump: Trump) -> Suit:
    """The suit a card belongs to in play: its printed suit, except the left
    bower, which belongs to trump (docs/rules.md 4 (every variant))."""
    if trump is not None and is_left_bower(card, trump):
        return trump
    return card.suit


def is_trump(card: Card, trump: Trump) -> bool:
    return trump is not None and effective_suit(card, trump) == trump


def power_in_suit(card: Card, trump: Trump) -> int:
    """Rank of a card within its effective suit, higher is stronger.

    Trump: right bower 16, left bower 15, then the printed ranks (A=14 ...).
    Other suits: the printed ranks.
    """
    if is_right_bower(card, trump):
        return 16
    if is_left_bower(card, trump):
        return 15
    return int(card.rank)


def suit_order(suit: Suit, trump: Trump, *, lowest: Rank = Rank.NINE) -> list[Card]:
    """Every card of ``suit`` (by effective suit) from highest to lowest.

    With hearts trump, ``suit_order(HEARTS)`` starts JH, JD, AH; and
    ``suit_order(DIAMONDS)`` has no jack (docs/rules.md 4 (every variant)).
    """
    cards = [c for c in make_deck(lowest) if effective_suit(c, trump) == suit]
    return sorted(cards, key=lambda c: power_in_suit(c, trump), reverse=True)
