"""The house rules a table picks when it starts a game, in the section each changes
(docs/rules.md 2 (every variant), Call-Ace 1, Call-Ace 5, Call-Ace 6, Standard 5, Standard 6).
"""

from __future__ import annotations

from referee.engine.rulebook.model import Choice, HouseRuleOption
from referee.engine.scoring import EUCHRE_POINTS, RENEGE_PENALTY_POINTS, march_points
from referee.engine.variants import RenegeRule, Variant

STICK_THE_DEALER = HouseRuleOption(
    key="stick_the_dealer",
    title="Stick the dealer",
    choices=(
        Choice(
            value="on",
            label="On",
            default=True,
            text=(
                "If all the players pass in the second round as well, the dealer is stuck: "
                "the dealer has to name a trump suit."
            ),
        ),
        Choice(
            value="off",
            label="Off",
            text=(
                "If all the players pass in both rounds, the hand is thrown in: nobody "
                "scores, and the next player to the left deals."
            ),
        ),
    ),
)


# The Call-Ace sheet's own deal, kept as a house rule (docs/rules.md, Call-Ace 1).
CALL_ACE_DEAL = HouseRuleOption(
    key="deal",
    title="Deal",
    choices=(
        Choice(
            value="standard",
            label="Five each",
            default=True,
            text="Five cards each from a deck sized to the table, as above.",
        ),
        Choice(
            value="seed",
            label="The sheet's deal",
            text=(
                "Always 24 cards: six each at four players, four each at five or "
                "six. A hand then has six or four tricks; the makers need more "
                "than half of them, a march means taking them all, and the "
                "defenders score whenever the makers come up short. At six "
                "players no card is left to turn up, so bidding starts at the "
                "second round with all four suits open."
            ),
        ),
    ),
)


def target_option() -> HouseRuleOption:
    return HouseRuleOption(
        key="target",
        title="Target score",
        choices=(
            Choice(
                value="10",
                label="10 points",
                default=True,
                text="The usual target; a table may agree on any other, from 1 to 99.",
            ),
        ),
    )


TIES = HouseRuleOption(
    key="ties",
    title="A level top",
    choices=(
        Choice(
            value="share",
            label="Share the win",
            default=True,
            text="Players level on the highest total when the game ends all win.",
        ),
        Choice(
            value="play-on",
            label="Play on",
            text=(
                "The game goes on, hand after hand, until one player alone has the highest total."
            ),
        ),
    ),
)


def renege_option(variant: Variant) -> HouseRuleOption:
    """The renege house rule (docs/rules.md, Call-Ace 5 and Standard 5); its points are the scoring
    rules'."""
    team, lone = (march_points(Variant.STANDARD, 4, alone=a) for a in (False, True))
    if variant is Variant.STANDARD:
        default_text = (
            f"The hand stops there. The team that kept the rules scores {team}, or {lone} "
            "when the hand was played alone."
        )
        other_text = (
            f"The team that reneged loses {RENEGE_PENALTY_POINTS} points (no total goes "
            "below 0), and the hand is scored on the tricks each side really took."
        )
    else:
        default_text = (
            "A defender's renege gives the maker's side a march. A renege by the maker "
            f"or the partner turns the hand into a euchre: {EUCHRE_POINTS} to each defender."
        )
        other_text = (
            f"The player who reneged loses {RENEGE_PENALTY_POINTS} points (no total goes "
            "below 0), and the hand is scored on the tricks each side really took."
        )
    return HouseRuleOption(
        key="renege",
        title="Renege penalty",
        choices=(
            Choice(
                value=RenegeRule.MARCH_OR_EUCHRE.value,
                label="March or euchre" if variant is not Variant.STANDARD else f"{team} or {lone}",
                default=True,
                text=default_text,
            ),
            Choice(
                value=RenegeRule.OFFENDER_LOSES_2.value,
                label=f"Offender loses {RENEGE_PENALTY_POINTS}",
                text=other_text,
            ),
        ),
    )
