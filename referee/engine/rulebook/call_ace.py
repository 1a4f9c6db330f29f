"""The Call-Ace rulebook (docs/rules.md, Call-Ace)."""

from __future__ import annotations

from referee.engine.rulebook.individual import individual_rulebook
from referee.engine.rulebook.model import Paragraph, Rulebook, Section, deal_section
from referee.engine.rulebook.options import CALL_ACE_DEAL
from referee.engine.scoring import EUCHRE_POINTS, MAKE_POINTS, march_points
from referee.engine.variants import Variant


def call_ace_rulebook() -> Rulebook:
    """The Call-Ace rulebook (docs/rules.md, Call-Ace); its points are the scoring rules'."""
    alone = {n: march_points(Variant.CALL_ACE, n, alone=True) for n in (4, 5, 6)}
    paired = {n: march_points(Variant.CALL_ACE, n, alone=False) for n in (4, 5)}
    deal = deal_section(
        Paragraph(
            anchor="players",
            text=(
                "Four, five or six people play, and everyone scores alone; there are no "
                "fixed teams. Seats stay put for the whole game, and the deal moves one "
                "seat to the left after every hand, including a hand thrown in."
            ),
        ),
        Paragraph(
            anchor="deck",
            text=(
                "The deck grows with the table: 24 cards (9 up to ace) for four players, "
                "with the four 8s added for five players (28 cards), and the 8s and 7s "
                "for six (32 cards)."
            ),
        ),
        Paragraph(
            anchor="kitty",
            text=(
                "Each player gets five cards. What is left is the kitty: four cards at a "
                "table of four, three at five, two at six. The dealer turns the top card "
                "of the kitty face up; its suit is the first one offered as trump."
            ),
        ),
        Paragraph(
            anchor="ruling-deal",
            text=("Five cards each, with the deck sized to the table, is the default deal."),
            why=(
                "The Call-Ace sheet deals six each at four players and four each at five "
                "or six, yet it scores a hand of five tricks and turns up a card that a "
                "six-player deal of four each cannot leave over. The usual five-card "
                "deal makes the scoring and the turned card work; the sheet's own deal "
                "stays available as a house rule."
            ),
        ),
        options=(CALL_ACE_DEAL,),
    )
    partner = Section(
        slug="partner",
        title="Calling a partner",
        paragraphs=(
            Paragraph(
                anchor="called-ace",
                text=(
                    "As soon as trump is fixed, the maker names a suit out loud and calls "
                    "for its ace: \u201cI call the ace of spades.\u201d Any suit may be "
                    "named, trump included."
                ),
            ),
            Paragraph(
                anchor="partner-revealed",
                text=(
                    "Whoever holds the called ace is the maker's partner for this hand. "
                    "They say nothing: the table learns who it is only when that ace hits "
                    "the table, and that play reveals the partner."
                ),
            ),
            Paragraph(
                anchor="alone",
                text=(
                    "A maker who calls an ace from their own hand plays alone; that is the "
                    "way to go alone in Call-Ace. The maker is also alone when nobody holds "
                    "the called ace, because it stayed in the kitty or the dealer laid it "
                    "aside after picking up."
                ),
            ),
            Paragraph(
                anchor="ruling-dealer-partner",
                text=(
                    "A dealer who picks up the called ace with the turned card is the "
                    "maker's partner."
                ),
                why=(
                    "The sheet does not cover the turned card being the called ace. Once "
                    "picked up it sits in the dealer's hand like any other card, so the "
                    "dealer holds it; only an ace left in the kitty or laid aside leaves "
                    "the maker alone."
                ),
            ),
            Paragraph(
                anchor="partner-outcome",
                text=(
                    "So the scorer records one of three outcomes: a named partner, the maker "
                    "held the ace, or the ace was not in play. The last two score the same "
                    "(a lone hand); keeping them apart only feeds the statistics."
                ),
            ),
        ),
    )
    scoring = (
        Paragraph(
            anchor="makers-need",
            text=(
                "The maker's side is the maker plus the partner, if there is one. It "
                "needs at least three of the five tricks."
            ),
        ),
        Paragraph(
            anchor="alone-points",
            text=(
                f"Alone: three or four tricks score {MAKE_POINTS} for the maker. Taking "
                "all five (a march) scores as many points as there are players: "
                f"{alone[4]}, {alone[5]} or {alone[6]}."
            ),
        ),
        Paragraph(
            anchor="partnership-points",
            text=(
                f"With a partner: three or four tricks score {MAKE_POINTS} each for maker "
                f"and partner. A march scores {paired[4]} each at a table of four, and "
                f"{paired[5]} each at five or six."
            ),
        ),
        Paragraph(
            anchor="euchre",
            text=(
                "Euchre: when the maker's side takes two tricks or fewer, every player "
                f"outside it scores {EUCHRE_POINTS}."
            ),
        ),
    )
    return individual_rulebook(
        Variant.CALL_ACE,
        name="Call-Ace",
        summary=(
            "Four to six players, each scoring alone. The maker calls an ace, and whoever "
            "holds it is a secret partner until the ace is played."
        ),
        deal=deal,
        partner=partner,
        scoring=scoring,
    )
