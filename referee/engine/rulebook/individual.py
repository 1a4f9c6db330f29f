"""Rule text the two variants where everyone scores alone share: reneges and
winning (docs/rules.md, Call-Ace 5, Call-Ace 6, Call-Your-Partner 5 and Call-Your-Partner 6),
and the order of their books.
"""

from __future__ import annotations

from referee.engine.rulebook.model import Paragraph, Rulebook, Section, winning_section
from referee.engine.rulebook.options import TIES, renege_option, target_option
from referee.engine.rulebook.play import bidding_section, trick_section
from referee.engine.scoring import EUCHRE_POINTS, march_points
from referee.engine.variants import Variant


def renege_rulings(name: str) -> tuple[Paragraph, ...]:
    """The renege rulings of a variant where everyone scores alone (docs/rules.md, Call-Ace 5)."""
    team, lone = (march_points(Variant.STANDARD, 4, alone=a) for a in (False, True))
    return (
        Paragraph(
            anchor="ruling-renege",
            text=(
                "A proved renege ends the hand and fixes its score. By default, a defender's "
                "renege scores the hand as a march for the maker's side; a renege by the "
                f"maker or the partner scores it as a euchre, {EUCHRE_POINTS} to each defender."
            ),
            why=(
                f"The {name} sheet says nothing about reneges. Standard euchre gives the other "
                f"side {team}, or {lone} against a lone hand, which are exactly its march "
                "points; a "
                "march or a euchre carries that idea to any number of players."
            ),
        ),
        Paragraph(
            anchor="ruling-hidden-partner",
            text=(
                "A partner who reneges before being revealed is on the maker's side all the "
                "same, so the hand scores as a euchre."
            ),
            why=(
                "A hidden partner might say nobody knew yet which side they were on. The "
                "called card in their hand put them on the maker's side from the deal, "
                "whatever the table knew, and the penalty follows the side."
            ),
        ),
        Paragraph(
            anchor="ruling-first-renege",
            text="When more than one player reneged, the renege proved first is the one scored.",
            why=(
                "No sheet covers two reneges in one hand. A renege ends the hand when it is "
                "proved, so nothing after the first one can change the score."
            ),
        ),
    )


def individual_rulebook(
    variant: Variant,
    *,
    name: str,
    summary: str,
    deal: Section,
    partner: Section,
    scoring: tuple[Paragraph, ...],
) -> Rulebook:
    """The book of a variant where everyone scores alone (``name`` as its sheet calls
    it): the six sections of a hand in order, its ``scoring`` closed by the renege
    rulings and the renege house rule, and the winning rules both variants share."""
    return Rulebook(
        variant=variant,
        summary=summary,
        sections=(
            deal,
            bidding_section(variant),
            partner,
            trick_section(variant),
            Section(
                slug="scoring",
                title="Scoring",
                paragraphs=(*scoring, *renege_rulings(name)),
                options=(renege_option(variant),),
            ),
            _winning_section(),
        ),
    )


def _winning_section() -> Section:
    return winning_section(
        Paragraph(
            anchor="target",
            text=(
                "Each player keeps their own total. The usual target is 10 points; a "
                "table may agree on another."
            ),
        ),
        Paragraph(
            anchor="game-end",
            text=(
                "The game is over at the end of the first hand after which anybody has "
                "reached the target."
            ),
        ),
        Paragraph(
            anchor="ruling-ties",
            text=(
                "The highest total wins. Players level on the highest total share the "
                "win, and the result screen says which rule decided."
            ),
            why=(
                "One hand can carry several players past the target together, and no "
                "sheet says what happens when they finish level. Sharing the win settles "
                "it at once; playing on is the house rule."
            ),
        ),
        options=(target_option(), TIES),
    )
