"""The standard euchre rulebook (docs/rules.md, Standard)."""

from __future__ import annotations

from referee.engine.rulebook.model import (
    Choice,
    HouseRuleOption,
    Paragraph,
    Rulebook,
    Section,
    deal_section,
    winning_section,
)
from referee.engine.rulebook.options import renege_option, target_option
from referee.engine.rulebook.play import bidding_section, trick_section
from referee.engine.scoring import (
    EUCHRE_POINTS,
    MAKE_POINTS,
    RENEGE_PENALTY_POINTS,
    march_points,
)
from referee.engine.variants import Variant

CANADIAN_LONER = HouseRuleOption(
    key="canadian_loner",
    title="Canadian loner",
    choices=(
        Choice(
            value="off",
            label="Off",
            default=True,
            text=(
                "The dealer's partner who orders the dealer up decides, like any maker, "
                "whether to play with the dealer or alone."
            ),
        ),
        Choice(
            value="on",
            label="On",
            text=(
                "Ordering up your own partner, the dealer, in the first round commits you "
                "to a lone hand: the dealer sits it out. It is scored like any other lone "
                "hand. Tables in Ontario often play it; it keeps a partner from handing "
                "the dealer an easy trump."
            ),
        ),
    ),
)


def standard_rulebook() -> Rulebook:
    """The standard euchre rulebook (docs/rules.md, Standard); its points are the scoring rules'."""
    team_march, lone_march = (march_points(Variant.STANDARD, 4, alone=a) for a in (False, True))
    deal = deal_section(
        Paragraph(
            anchor="players",
            text=(
                "Four players in two teams; partners sit facing each other, so seats 1 "
                "and 3 play against seats 2 and 4. The deal moves one seat to the left "
                "after each hand."
            ),
        ),
        Paragraph(
            anchor="kitty",
            text=(
                "The deck has 24 cards, 9 up to ace. Each player gets five; the four "
                "left over are the kitty, and the dealer turns its top card face up."
            ),
        ),
    )
    partner = Section(
        slug="partner",
        title="Calling a partner",
        paragraphs=(
            Paragraph(
                anchor="fixed-partners",
                text=(
                    "Nothing is called: your partner is the player across the table for the "
                    "whole game, and the two of you share one score."
                ),
            ),
            Paragraph(
                anchor="alone",
                text=(
                    "Going alone: the maker, and nobody else, may say they will play the "
                    "hand without their partner, who then sits the hand out."
                ),
            ),
            Paragraph(
                anchor="ruling-canadian-loner-round",
                text=(
                    "Under the Canadian loner, a recorded hand is held to the rule only "
                    "when its bidding round is noted: round 1 says the maker ordered the "
                    "dealer up, round 2 that the maker named trump. A hand with no round "
                    "noted is taken as recorded."
                ),
                why=(
                    "A hand record names the maker but not how trump was made, and the "
                    "bidding round is an optional detail; without it the app cannot tell "
                    "an order-up from a suit named in round 2, so it refuses nothing it "
                    "cannot see."
                ),
            ),
        ),
        options=(CANADIAN_LONER,),
    )
    scoring = Section(
        slug="scoring",
        title="Scoring",
        paragraphs=(
            Paragraph(
                anchor="makers-need",
                text="The makers' team needs at least three of the five tricks.",
            ),
            Paragraph(
                anchor="team-points",
                text=(
                    f"Three or four tricks score {MAKE_POINTS} for the makers; all five (a "
                    f"march) score {team_march}."
                ),
            ),
            Paragraph(
                anchor="alone-points",
                text=(
                    f"A lone maker scores {MAKE_POINTS} for three or four tricks, and "
                    f"{lone_march} for a march."
                ),
            ),
            Paragraph(
                anchor="euchre",
                text=(
                    "Euchre: makers who take two tricks or fewer, alone or not, give the "
                    f"other team {EUCHRE_POINTS}."
                ),
            ),
            Paragraph(
                anchor="renege-penalty",
                text=(
                    "A renege stops the hand at once. The team that did not renege scores "
                    f"{team_march}, or {lone_march} when the hand was being played alone."
                ),
            ),
            Paragraph(
                anchor="ruling-team-penalty",
                text=(
                    "Under the house rule where the offender loses "
                    f"{RENEGE_PENALTY_POINTS}, the points come off the reneging player's "
                    "team total, which never drops below 0, and the hand is scored on the "
                    "tricks each team really took."
                ),
                why=(
                    "Partners in standard euchre keep a single shared total, so a penalty "
                    "on one of them can only be taken from the score the two of them hold "
                    "together."
                ),
            ),
        ),
        options=(renege_option(Variant.STANDARD),),
    )
    winning = winning_section(
        Paragraph(
            anchor="target",
            text=(
                "A team wins by getting to 10 points first. Only one team scores in any "
                "hand, so there is never a tie. Both partners show the team's total."
            ),
        ),
        options=(target_option(),),
    )
    return Rulebook(
        variant=Variant.STANDARD,
        summary="Four players in two fixed teams, partners sitting across from each other.",
        sections=(
            deal,
            bidding_section(Variant.STANDARD),
            partner,
            trick_section(Variant.STANDARD),
            scoring,
            winning,
        ),
    )
