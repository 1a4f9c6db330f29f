"""A hand's score and a whole game's totals (docs/rules.md 5 and 6, every variant).
Plain Python: no Django import. Players are seats, 0-based, clockwise; names only
appear in explanations."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.checking import check_hand
from referee.engine.hands import Hand, HandError, PartnerOutcome, Table
from referee.engine.variants import (
    RenegeRule,
    Variant,
    no_score_hand_name,
)

if TYPE_CHECKING:
    from referee.engine.rulebook.citations import Citation


def _cite(variant: Variant, slug: str) -> Citation:
    """The in-app rulebook's citation of a variant's section ("Call-Ace rules 5").
    The rulebook is written from this module's points, so it is imported when a
    hand is scored, not when this module loads."""
    from referee.engine.rulebook.citations import cite

    return cite(variant, slug)


def _cite_night(slug: str) -> Citation:
    """The euchre night book's citation of one of its sections ("Euchre night rules 4")."""
    from referee.engine.rulebook.citations import cite_night

    return cite_night(slug)


# --- Scoring a hand ----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class HandScore:
    """Every seat's points for a hand and the rule that gave them: ``citation``
    is the section of the in-app rulebook that scored it (``section``, its slug,
    is what a stored hand keeps).

    ``penalties`` are points a reneging player loses under the house rule
    "offender loses 2"; a total never drops below 0 because of them, so the
    points actually applied depend on the running totals (see score_game).
    """

    points: tuple[int, ...]
    penalties: tuple[int, ...]
    rule: str  # a short key: "partnership-march", "euchre", "renege-march" ...
    citation: Citation  # "Call-Ace rules 5": the rulebook's section that applies
    explanation: str

    @property
    def section(self) -> str:
        """The slug of the section that applies ("scoring", "bidding")."""
        return self.citation.slug


# The rule keys score_hand gives, by what happened to the maker: what the players'
# statistics count (a hand ended by a renege counts apart, docs/rules.md, Call-Ace 5 and Standard
# 5).
MAKE_RULES = frozenset({"make", "alone-make", "partnership-make"})
MARCH_RULES = frozenset({"march", "alone-march", "partnership-march"})
EUCHRE_RULES = frozenset({"euchre"})
RENEGE_RULES = frozenset({"renege", "renege-euchre", "renege-march"})


def score_hand(table: Table, hand: Hand, *, lone_march_five: bool = False) -> HandScore:
    """Score one hand (docs/rules.md 5 (every variant)). The hand must be valid.

    ``lone_march_five``: the euchre night's house rule (docs/rules.md, Euchre night 4) that a lone
    march in standard euchre scores 5 instead of 4; other variants ignore it.
    """
    errors = check_hand(table, hand)
    if errors:
        raise HandError(errors)
    n = table.n
    zero = (0,) * n
    if hand.thrown_in:
        bidding = _cite(table.variant, "bidding")
        if table.rules.stick_the_dealer:
            # Passing cannot end a hand when the dealer is stuck (docs/rules.md 2 (every variant),
            # ruling).
            why = f"no score; the deal passes on ({bidding.short})"
        else:
            why = "nobody made trump, so no score; the deal passes on"
        return HandScore(
            points=zero,
            penalties=zero,
            rule="thrown-in",
            citation=bidding,
            explanation=f"{no_score_hand_name(table.rules)}: {why}.",
        )
    if table.variant is Variant.STANDARD:
        return _score_standard(table, hand, lone_march_five=lone_march_five)
    return _score_individual(table, hand)


def _award(n: int, seats: Sequence[int], each: int) -> tuple[int, ...]:
    return tuple(each if s in seats else 0 for s in range(n))


def _points_phrase(table: Table, seats: Sequence[int], each: int) -> str:
    if len(seats) == 1:
        return f"{each} to {table.name(seats[0])}"
    return f"{each} each to {table.names(seats)}"


# Points every variant shares (docs/rules.md 5 (every variant)).
MAKE_POINTS = 1  # three or four tricks, to each of the maker's side
EUCHRE_POINTS = 2  # to each defender (to the defending team in standard euchre)
RENEGE_PENALTY_POINTS = 2  # the house rule "offender loses 2"
# a euchre night's house rule for standard euchre (docs/rules.md, Euchre night 4)
LONE_MARCH_HOUSE_POINTS = 5


def march_points(variant: Variant, players: int, *, alone: bool) -> int:
    """What a march scores each of the maker's side (docs/rules.md 5 (every variant)); in
    standard euchre it is also what a renege gives the other team (docs/rules.md, Standard 5)."""
    if variant is Variant.CALL_ACE:
        if alone:
            return players
        return 2 if players == 4 else 3
    if variant is Variant.CALL_YOUR_PARTNER:
        return 5 if alone else 2
    return 4 if alone else 2


def _march_points(table: Table, hand: Hand) -> int:
    return march_points(table.variant, table.n, alone=hand.alone)


def _side_description(table: Table, hand: Hand) -> str:
    maker = table.name(hand.maker)
    what = "ace" if table.variant is Variant.CALL_ACE else "card"
    match hand.outcome:
        case PartnerOutcome.REVEALED:
            assert hand.partner is not None
            return f"{maker} with {table.name(hand.partner)}"
        case PartnerOutcome.MAKER_HELD:
            return f"{maker} alone (held the called {what})"
        case PartnerOutcome.NOT_IN_PLAY:
            return f"{maker} alone (the called {what} was not in play)"
        case _:
            return f"{maker} alone"


def _score_individual(table: Table, hand: Hand) -> HandScore:
    n, deal, rules = table.n, table.deal, table.rules
    scoring = _cite(table.variant, "scoring")
    makers, defenders = table.makers(hand), table.defenders(hand)
    side = _side_description(table, hand)
    kind = "alone" if hand.alone else "partnership"
    penalties = (0,) * n
    penalty_note = ""
    if hand.renege is not None and rules.renege is RenegeRule.MARCH_OR_EUCHRE:
        return _individual_renege(table, hand, hand.renege)
    if hand.renege is not None:
        penalties = _award(n, (hand.renege,), RENEGE_PENALTY_POINTS)
        penalty_note = (
            f"; {table.name(hand.renege)} reneged and loses {RENEGE_PENALTY_POINTS}"
            f" (house rule, {scoring.short})"
        )

    if hand.tricks < deal.tricks_to_make:
        return _euchre(
            table,
            defenders,
            penalties,
            scoring,
            f"Euchre: {side} took {_tricks(hand.tricks)}, "
            f"{_points_phrase(table, defenders, EUCHRE_POINTS)}{penalty_note}.",
        )
    if hand.tricks == deal.tricks:
        each = _march_points(table, hand)
        return HandScore(
            points=_award(n, makers, each),
            penalties=penalties,
            rule=f"{kind}-march",
            citation=scoring,
            explanation=(
                f"{kind.capitalize()} march, {n} players: {side} took all "
                f"{deal.tricks} tricks, {_points_phrase(table, makers, each)}{penalty_note}."
            ),
        )
    return HandScore(
        points=_award(n, makers, MAKE_POINTS),
        penalties=penalties,
        rule=f"{kind}-make",
        citation=scoring,
        explanation=(
            f"{kind.capitalize()} made it: {side} took {_tricks(hand.tricks)}, "
            f"{_points_phrase(table, makers, MAKE_POINTS)}{penalty_note}."
        ),
    )


def _euchre(
    table: Table,
    defenders: Sequence[int],
    penalties: tuple[int, ...],
    citation: Citation,
    explanation: str,
) -> HandScore:
    """The maker's side took too few tricks: every defender scores the euchre points."""
    return HandScore(
        points=_award(table.n, defenders, EUCHRE_POINTS),
        penalties=penalties,
        rule="euchre",
        citation=citation,
        explanation=explanation,
    )


def _individual_renege(table: Table, hand: Hand, renege: int) -> HandScore:
    """A renege under march-or-euchre (docs/rules.md, Call-Ace 5): by the maker's side,
    scored as a euchre; by a defender, as a march for the maker's side."""
    n = table.n
    makers, defenders = table.makers(hand), table.defenders(hand)

    def scored_as(rule: str, side: Sequence[int], each: int, how: str) -> HandScore:
        """The hand scored as ``rule`` says: ``each`` to every seat of ``side``, no penalty."""
        return HandScore(
            points=_award(n, side, each),
            penalties=(0,) * n,
            rule=rule,
            citation=_cite(table.variant, "scoring"),
            explanation=(
                f"Renege by {table.name(renege)}, {how}{_points_phrase(table, side, each)}."
            ),
        )

    if renege in makers:
        role = "the maker" if renege == hand.maker else "the maker's partner"
        return scored_as("renege-euchre", defenders, EUCHRE_POINTS, f"{role}: scored as a euchre, ")
    march = f"a march for {_side_description(table, hand)}, {n} players"
    return scored_as(
        "renege-march", makers, _march_points(table, hand), f"a defender: scored as {march}: "
    )


def _tricks(count: int) -> str:
    return "1 trick" if count == 1 else f"{count} tricks"


def _score_standard(table: Table, hand: Hand, *, lone_march_five: bool) -> HandScore:
    n, rules = table.n, table.rules
    makers, defenders = table.makers(hand), table.defenders(hand)
    maker = table.name(hand.maker)
    team = f"{table.names(makers)}"
    other = f"{table.names(defenders)}"
    how = f"{maker} alone" if hand.alone else team
    scoring = _cite(Variant.STANDARD, "scoring")
    penalties = (0,) * n
    penalty_note = ""
    if hand.renege is not None and rules.renege is RenegeRule.MARCH_OR_EUCHRE:
        return _standard_renege(table, hand, hand.renege)
    if hand.renege is not None:
        penalties = _award(n, table.team_of(hand.renege), RENEGE_PENALTY_POINTS)
        penalty_note = (
            f"; {table.name(hand.renege)} reneged and their team loses {RENEGE_PENALTY_POINTS}"
            f" (house rule, {scoring.short})"
        )
    if hand.tricks < table.deal.tricks_to_make:
        return _euchre(
            table,
            defenders,
            penalties,
            scoring,
            f"Euchre: {how} took {_tricks(hand.tricks)}, {EUCHRE_POINTS} to {other}{penalty_note}.",
        )
    march = hand.tricks == table.deal.tricks
    house_note = ""
    if hand.alone:
        each, rule = (
            (_march_points(table, hand), "alone-march") if march else (MAKE_POINTS, "alone-make")
        )
        label = "Alone march" if march else "Alone make"
        if march and lone_march_five:
            # Only the march itself: a renege on a lone hand still gives 4
            # (docs/rules.md, Standard 5).
            each = LONE_MARCH_HOUSE_POINTS
            night_rule = _cite_night("points").short
            house_note = f" (house rule of the night: a lone march scores {each}, {night_rule})"
    else:
        each, rule = (_march_points(table, hand), "march") if march else (MAKE_POINTS, "make")
        label = "March" if march else "Made it"
    return HandScore(
        points=_award(n, makers, each),
        penalties=penalties,
        rule=rule,
        citation=scoring,
        explanation=(
            f"{label}: {how} took {'all ' if march else ''}{_tricks(hand.tricks)}, "
            f"{each} to {team}{house_note}{penalty_note}."
        ),
    )


def _standard_renege(table: Table, hand: Hand, renege: int) -> HandScore:
    """A renege under march-or-euchre in standard euchre (docs/rules.md, Standard 5): the hand
    ends and the other team scores the march points."""
    offender = table.name(renege)
    each = _march_points(table, hand)  # docs/rules.md, Standard 5: the march points
    makers = table.makers(hand)
    winners = table.defenders(hand) if renege in makers else makers
    lone = " on a lone hand" if hand.alone else ""
    return HandScore(
        points=_award(table.n, winners, each),
        penalties=(0,) * table.n,
        rule="renege",
        citation=_cite(Variant.STANDARD, "scoring"),
        explanation=(
            f"Renege by {offender}{lone}: the hand ends and the other team, "
            f"{table.names(winners)}, scores {each}."
        ),
    )
