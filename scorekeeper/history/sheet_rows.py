"""A game's hand-by-hand sheet, one row a hand, in words: what the game page
draws and ``hands.csv`` writes (docs/formats.md, "History out and back in"), so
the two never disagree. The figures come from the hands' cached scores."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.engine.cards import Card, parse_trump, trump_name
from referee.engine.hands import PartnerOutcome
from referee.engine.rulebook.citations import Citation, cite_section
from referee.engine.variants import Variant, no_score_hand_name
from scorekeeper.models import Game, Hand


@dataclass(frozen=True, kw_only=True)
class SheetRow:
    """One hand as the sheet shows it; empty text where the hand has nothing
    (a thrown-in hand has no maker, a hand without a renege no reneger)."""

    hand: Hand
    number: int
    dealer: str
    maker: str
    trump: str  # the document's letter: S H D C or NT
    trump_words: str  # "hearts", "no trump"
    called: str  # as the document writes it: a suit (Call-Ace) or a card
    called_words: str  # "the ace of spades"
    partner: str
    tricks: str
    renege: str
    points: list[int]
    totals: list[int]
    no_score: str  # what a hand nobody scores is called here: "Misdeal" or "Thrown in"
    rule: str  # the explanation: the rule applied, in words
    citation: Citation | None  # that rule's section of the rulebook: "Call-Ace rules 5"
    after_end: bool


def partner_words(game: Game, hand: Hand, names: list[str]) -> str:
    """Who partnered the maker: a name, or how the maker came to play alone
    (docs/rules.md 3 (every variant))."""
    if hand.thrown_in or hand.maker is None:
        return ""
    outcome = PartnerOutcome(hand.outcome)
    if outcome is PartnerOutcome.REVEALED and hand.partner is not None:
        return names[hand.partner]
    if outcome is PartnerOutcome.TEAM:
        return names[(hand.maker + 2) % len(names)]  # docs/rules.md, Standard 1: the seat opposite
    what = "ace" if game.variant == Variant.CALL_ACE else "card"
    return {
        PartnerOutcome.MAKER_HELD: f"alone (held the called {what})",
        PartnerOutcome.NOT_IN_PLAY: f"alone (the called {what} was not in play)",
        PartnerOutcome.ALONE: "alone",
    }.get(outcome, "")


def trump_words(trump: str) -> str:
    return trump_name(parse_trump(trump)) if trump else ""


def called_words(hand: Hand) -> str:
    """The called card in words: Call-Ace calls an ace by its suit (docs/rules.md, Call-Ace 3)."""
    called = hand.called_value()
    if called is None:
        return ""
    if isinstance(called, Card):
        return f"the {called.name}"
    return f"the ace of {called.plural}"


def sheet_rows(game: Game, hands: Iterable[Hand]) -> list[SheetRow]:
    """Every hand of ``game`` (its seats prefetched), in order, as the sheet shows it."""
    names = [seat.player.name for seat in game.seat_list()]

    def name(position: int | None) -> str:
        return "" if position is None else names[position]

    no_score = no_score_hand_name(game.house_rules)  # docs/rules.md 2 (every variant)
    variant = game.variant_enum
    return [
        SheetRow(
            hand=hand,
            number=hand.number,
            dealer=names[hand.dealer],
            maker=name(hand.maker),
            trump=hand.trump,
            trump_words=trump_words(hand.trump),
            called=hand.called,
            called_words=called_words(hand),
            partner=partner_words(game, hand, names),
            tricks="" if hand.tricks is None else str(hand.tricks),
            renege=name(hand.renege),
            points=list(hand.points),
            totals=list(hand.totals),
            no_score=no_score,
            rule=hand.explanation,
            citation=cite_section(variant, hand.section),
            after_end=hand.after_end,
        )
        for hand in sorted(hands, key=lambda h: h.number)
    ]
