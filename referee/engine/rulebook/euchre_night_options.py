"""The house-rule options of the euchre night's book (docs/rules.md, Euchre night): each
``key`` a field of ``NightRules``, its choices in our own words with the
engine's numbers. ``euchre_night`` sets them in their sections.

Plain Python: no Django import.
"""

from __future__ import annotations

from referee.engine.movement import movement_rule
from referee.engine.night import (
    HANDS_PER_ROUND_RANGE,
    MISSED_AVERAGE,
    MISSED_NOTHING,
    ROUND_MINUTES_RANGE,
    SIT_OUT_RANGE,
    NightRules,
)
from referee.engine.night_prizes import PrizeTies
from referee.engine.night_rules import MOVE_BY_RESULT, MOVE_ROTATION
from referee.engine.rulebook.model import Choice, HouseRuleOption
from referee.engine.scoring import LONE_MARCH_HOUSE_POINTS, march_points
from referee.engine.variants import Variant

_DEFAULTS = NightRules()
_LONE_MARCH = march_points(Variant.STANDARD, 4, alone=True)


def hands_option() -> HouseRuleOption:
    low, high = HANDS_PER_ROUND_RANGE
    hands = _DEFAULTS.hands_per_round
    return HouseRuleOption(
        key="hands_per_round",
        title="Hands a round",
        choices=(
            Choice(
                value=str(hands),
                label=f"{hands} hands",
                default=True,
                text=f"The usual length; a night may pick any number from {low} to {high}.",
            ),
        ),
    )


def round_timer_option() -> HouseRuleOption:
    low, high = ROUND_MINUTES_RANGE
    return HouseRuleOption(
        key="round_minutes",
        title="Round timer",
        choices=(
            Choice(
                value="None",
                label="None",
                default=True,
                text="A round lasts until its hands are played.",
            ),
            Choice(
                value="minutes",
                label="Minutes a round",
                text=(
                    f"From {low} to {high} minutes from the round's seating: the TV and the "
                    "table screens say when its time is up. The organiser decides what then."
                ),
            ),
        ),
    )


MOVEMENT = HouseRuleOption(
    key="movement",
    title="Movement",
    choices=(
        Choice(
            value=MOVE_ROTATION,
            label="Rotation",
            default=True,
            text="Every round spreads partners and opponents over the night, as above.",
        ),
        Choice(
            value=MOVE_BY_RESULT,
            label="By result",
            text=(
                f"Standard euchre: {movement_rule(Variant.STANDARD)} Call-Ace: "
                f"{movement_rule(Variant.CALL_ACE)} Round 1, those sitting out, late "
                "arrivals and leavers are seated as the rotation seats them."
            ),
        ),
    ),
)


LONE_MARCH_FIVE = HouseRuleOption(
    key="lone_march_five",
    title="A lone march scores 5",
    choices=(
        Choice(
            value="off",
            label="Off",
            default=True,
            text=f"A lone march scores {_LONE_MARCH}, as in any game of standard euchre.",
        ),
        Choice(
            value="on",
            label="On",
            text=(
                f"A lone march scores {LONE_MARCH_HOUSE_POINTS}. Standard euchre only: a "
                "Call-Ace march already grows with the table."
            ),
        ),
    ),
)


def sit_out_option() -> HouseRuleOption:
    low, high = SIT_OUT_RANGE
    return HouseRuleOption(
        key="sit_out",
        title="Sitting out",
        choices=(
            Choice(
                value="average",
                label="The round's average",
                default=True,
                text=(
                    "The points of everyone who played the round, divided by how many "
                    "played, rounded down."
                ),
            ),
            Choice(
                value="fixed",
                label="A fixed number",
                text=(
                    f"The same number of points every time, from {low} to {high}, chosen "
                    "when the night starts."
                ),
            ),
        ),
    )


MISSED_ROUNDS = HouseRuleOption(
    key="missed",
    title="Rounds missed",
    choices=(
        Choice(
            value=MISSED_NOTHING,
            label="Nothing",
            default=True,
            text="A round missed by arriving late or leaving scores nothing.",
        ),
        Choice(
            value=MISSED_AVERAGE,
            label="The round's average",
            text=(
                "A round missed by arriving late or leaving scores the round's average, "
                "as a round sat out does."
            ),
        ),
    ),
)


ONE_PRIZE_EACH = HouseRuleOption(
    key="one_prize_each",
    title="One prize a person",
    choices=(
        Choice(
            value="on",
            label="On",
            default=True,
            text="Nobody takes two prizes: the higher prize first, in the order listed.",
        ),
        Choice(
            value="off",
            label="Off",
            text="A player may take every prize they lead, the high score and side prizes.",
        ),
    ),
)


def prize_ties_option() -> HouseRuleOption:
    return HouseRuleOption(
        key="prize_ties",
        title="Ties for a prize",
        choices=(
            Choice(
                value=PrizeTies.SHARE.value,
                label="Shared",
                default=True,
                text="Players level on a prize share it.",
            ),
            Choice(
                value=PrizeTies.BREAK.value,
                label="Broken",
                text=(
                    "The player who sat out fewer rounds takes it; if still level, the "
                    "draw from the night's seed decides."
                ),
            ),
        ),
    )
