"""What a proved renege costs, in words (docs/rules.md, Call-Ace 5 and Standard 5).

Every number here is asked of the scoring rules, so the text cannot drift from
the score.
"""

from __future__ import annotations

from referee.engine.scoring import EUCHRE_POINTS, RENEGE_PENALTY_POINTS, march_points
from referee.engine.variants import HouseRules, RenegeRule, Variant


def renege_penalty(variant: Variant, rules: HouseRules, *, players: int | None = None) -> str:
    """What a proved renege costs under a table's renege rule, in one or two
    sentences (docs/rules.md, Call-Ace 5 and Standard 5). ``players`` narrows Call-Ace's march to
    one table."""
    if rules.renege is RenegeRule.OFFENDER_LOSES_2:
        who = "The reneging team" if variant is Variant.STANDARD else "The player who reneged"
        return (
            f"{who} loses {RENEGE_PENALTY_POINTS} points (no total goes below 0), and the "
            "hand is scored on the tricks each side really took (house rule)."
        )
    if variant is Variant.STANDARD:
        team, lone = (march_points(variant, 4, alone=a) for a in (False, True))
        return (
            f"The hand ends, and the team that did not renege scores {team}, or {lone} if "
            "the hand was being played alone."
        )
    if variant is Variant.CALL_YOUR_PARTNER:
        players = variant.player_counts[0]
    if players is None:
        at_four, at_more = (march_points(variant, n, alone=False) for n in (4, 5))
        march = (
            f"with a partner {at_four} each at four players and {at_more} each at five or "
            "six; alone, one point per player at the table"
        )
    else:
        each, lone = (march_points(variant, players, alone=a) for a in (False, True))
        march = f"{each} each with a partner, {lone} for a lone maker"
    return (
        f"If a defender reneged, the maker's side scores a march ({march}). If the maker "
        f"or the partner reneged, revealed or not, the hand scores as a euchre: "
        f"{EUCHRE_POINTS} to each defender."
    )
