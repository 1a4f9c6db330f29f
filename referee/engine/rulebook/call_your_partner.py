"""The Call-Your-Partner rulebook (docs/rules.md, Call-Your-Partner)."""

from __future__ import annotations

from referee.engine.rulebook.individual import individual_rulebook
from referee.engine.rulebook.model import Paragraph, Rulebook, Section, deal_section
from referee.engine.scoring import EUCHRE_POINTS, MAKE_POINTS, march_points
from referee.engine.variants import Variant


def call_your_partner_rulebook() -> Rulebook:
    """The Call-Your-Partner rulebook (docs/rules.md, Call-Your-Partner); its points are the scoring
    rules'."""
    paired, alone = (march_points(Variant.CALL_YOUR_PARTNER, 5, alone=a) for a in (False, True))
    deal = deal_section(
        Paragraph(
            anchor="players",
            text=(
                "Five people play, each scoring alone. The deck has 28 cards: 8 up to "
                "ace in every suit. The deal moves one seat to the left after each hand."
            ),
        ),
        Paragraph(
            anchor="kitty",
            text=(
                "Each player gets five cards and three are left over: that is the kitty. "
                "The dealer turns its top card face up to offer its suit as trump."
            ),
        ),
    )
    partner = Section(
        slug="partner",
        title="Calling a partner",
        paragraphs=(
            Paragraph(
                anchor="called-card",
                text=(
                    "Once trump is made, the maker either goes alone or calls a partner by "
                    "naming one card that is not a trump. It need not be an ace: the "
                    "queen of clubs will do."
                ),
            ),
            Paragraph(
                anchor="called-after-discard",
                text=(
                    "When the dealer was ordered to pick up, the maker names the card only "
                    "after the dealer has laid one aside, so the dealer cannot bury it on "
                    "purpose."
                ),
            ),
            Paragraph(
                anchor="partner-revealed",
                text=(
                    "Whoever holds the called card is the partner. They keep it to "
                    "themselves until they play that card, which reveals them."
                ),
            ),
            Paragraph(
                anchor="alone",
                text=(
                    "If the called card is one of the three left in the kitty, the maker "
                    "has no partner and plays alone; the same if the maker holds it."
                ),
            ),
        ),
    )
    scoring = (
        Paragraph(
            anchor="makers-need",
            text=(
                "The maker's side (the maker, plus the partner if one turned up) needs "
                "at least three of the five tricks."
            ),
        ),
        Paragraph(
            anchor="partnership-points",
            text=(
                f"With a partner: three or four tricks score {MAKE_POINTS} each for maker "
                f"and partner, and all five (a march) score {paired} each."
            ),
        ),
        Paragraph(
            anchor="alone-points",
            text=(
                "Alone, whether the maker chose it or the called card stayed in the "
                f"kitty: three or four tricks score {MAKE_POINTS}, and a march scores "
                f"{alone}."
            ),
        ),
        Paragraph(
            anchor="euchre",
            text=(
                "Euchre: when the maker's side takes two tricks or fewer, each defender "
                f"scores {EUCHRE_POINTS}."
            ),
        ),
    )
    return individual_rulebook(
        Variant.CALL_YOUR_PARTNER,
        name="Call-Your-Partner",
        summary=(
            "Five players, each scoring alone. The maker names any card that is not trump; "
            "whoever holds it is a secret partner for the hand."
        ),
        deal=deal,
        partner=partner,
        scoring=scoring,
    )
