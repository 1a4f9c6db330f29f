"""A hand's score and a whole game's totals (docs/rules.md 5 and 6, every variant).
Plain Python: no Django import. Players are seats, 0-based, clockwise; a hand is
explained by seats too (``referee.engine.explaining``), and whoever shows the
explanation puts the names in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.engine.citing import Citation, cite, cite_night
from referee.engine.explaining import Explanation, Seat, Seats, explain
from referee.engine.hands import GameSetup, Hand, PartnerOutcome
from referee.engine.variants import (
    RenegeRule,
    Variant,
    no_score_hand_name,
)

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
    parts: Explanation  # what happened and why, by seat
    players: tuple[str, ...] = field(default=(), repr=False, compare=False)  # names by seat

    @property
    def explanation(self) -> str:
        """The explanation in words, with the table's names: "Euchre: Ann took 2 tricks..."."""
        return self.parts.text(self.players)

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


def score_hand(setup: GameSetup, hand: Hand, *, lone_march_five: bool = False) -> HandScore:
    """Score one hand (docs/rules.md 5 (every variant)). The hand must be valid: it
    is checked once, where it is read (``read_hand``) or stored (``check_hand``).

    ``lone_march_five``: the euchre night's house rule (docs/rules.md, Euchre night 4) that a lone
    march in standard euchre scores 5 instead of 4; other variants ignore it.
    """
    n = setup.n
    zero = (0,) * n
    if hand.thrown_in:
        bidding = cite(setup.variant, "bidding")
        if setup.rules.stick_the_dealer:
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
            parts=explain(f"{no_score_hand_name(setup.rules)}: {why}."),
            players=setup.players,
        )
    if setup.variant is Variant.STANDARD:
        return _score_standard(setup, hand, lone_march_five=lone_march_five)
    return _score_individual(setup, hand)


def _award(n: int, seats: Sequence[int], each: int) -> tuple[int, ...]:
    return tuple(each if s in seats else 0 for s in range(n))


def _points_phrase(seats: Sequence[int], each: int) -> Explanation:
    if len(seats) == 1:
        return explain(f"{each} to ", Seat(seats[0]))
    return explain(f"{each} each to ", _seats(seats))


def _seats(seats: Sequence[int]) -> Seat | Seats:
    """Where the names of ``seats`` go (one seat's name alone)."""
    return Seat(seats[0]) if len(seats) == 1 else Seats(tuple(seats))


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


def _march_points(setup: GameSetup, hand: Hand) -> int:
    return march_points(setup.variant, setup.n, alone=hand.alone)


def _side_description(setup: GameSetup, hand: Hand) -> Explanation:
    maker = Seat(hand.maker)
    what = "ace" if setup.variant is Variant.CALL_ACE else "card"
    match hand.outcome:
        case PartnerOutcome.REVEALED:
            assert hand.partner is not None
            return explain(maker, " with ", Seat(hand.partner))
        case PartnerOutcome.MAKER_HELD:
            return explain(maker, f" alone (held the called {what})")
        case PartnerOutcome.NOT_IN_PLAY:
            return explain(maker, f" alone (the called {what} was not in play)")
        case _:
            return explain(maker, " alone")


def _score_individual(setup: GameSetup, hand: Hand) -> HandScore:
    n, deal, rules = setup.n, setup.deal, setup.rules
    scoring = cite(setup.variant, "scoring")
    makers, defenders = setup.makers(hand), setup.defenders(hand)
    side = _side_description(setup, hand)
    kind = "alone" if hand.alone else "partnership"
    penalties = (0,) * n
    penalty_note = explain()
    if hand.renege is not None and rules.renege is RenegeRule.MARCH_OR_EUCHRE:
        return _individual_renege(setup, hand, hand.renege)
    if hand.renege is not None:
        penalties = _award(n, (hand.renege,), RENEGE_PENALTY_POINTS)
        penalty_note = explain(
            "; ",
            Seat(hand.renege),
            f" reneged and loses {RENEGE_PENALTY_POINTS} (house rule, {scoring.short})",
        )

    if hand.tricks < deal.tricks_to_make:
        return _euchre(
            setup,
            defenders,
            penalties,
            scoring,
            explain(
                "Euchre: ",
                side,
                f" took {_tricks(hand.tricks)}, ",
                _points_phrase(defenders, EUCHRE_POINTS),
                penalty_note,
                ".",
            ),
        )
    if hand.tricks == deal.tricks:
        each = _march_points(setup, hand)
        return HandScore(
            points=_award(n, makers, each),
            penalties=penalties,
            rule=f"{kind}-march",
            citation=scoring,
            parts=explain(
                f"{kind.capitalize()} march, {n} players: ",
                side,
                f" took all {deal.tricks} tricks, ",
                _points_phrase(makers, each),
                penalty_note,
                ".",
            ),
            players=setup.players,
        )
    return HandScore(
        points=_award(n, makers, MAKE_POINTS),
        penalties=penalties,
        rule=f"{kind}-make",
        citation=scoring,
        parts=explain(
            f"{kind.capitalize()} made it: ",
            side,
            f" took {_tricks(hand.tricks)}, ",
            _points_phrase(makers, MAKE_POINTS),
            penalty_note,
            ".",
        ),
        players=setup.players,
    )


def _euchre(
    setup: GameSetup,
    defenders: Sequence[int],
    penalties: tuple[int, ...],
    citation: Citation,
    parts: Explanation,
) -> HandScore:
    """The maker's side took too few tricks: every defender scores the euchre points."""
    return HandScore(
        points=_award(setup.n, defenders, EUCHRE_POINTS),
        penalties=penalties,
        rule="euchre",
        citation=citation,
        parts=parts,
        players=setup.players,
    )


def _individual_renege(setup: GameSetup, hand: Hand, renege: int) -> HandScore:
    """A renege under march-or-euchre (docs/rules.md, Call-Ace 5): by the maker's side,
    scored as a euchre; by a defender, as a march for the maker's side."""
    n = setup.n
    makers, defenders = setup.makers(hand), setup.defenders(hand)

    def scored_as(rule: str, side: Sequence[int], each: int, how: Explanation) -> HandScore:
        """The hand scored as ``rule`` says: ``each`` to every seat of ``side``, no penalty."""
        return HandScore(
            points=_award(n, side, each),
            penalties=(0,) * n,
            rule=rule,
            citation=cite(setup.variant, "scoring"),
            parts=explain("Renege by ", Seat(renege), ", ", how, _points_phrase(side, each), "."),
            players=setup.players,
        )

    if renege in makers:
        role = "the maker" if renege == hand.maker else "the maker's partner"
        return scored_as(
            "renege-euchre", defenders, EUCHRE_POINTS, explain(f"{role}: scored as a euchre, ")
        )
    march = explain(
        "a defender: scored as a march for ", _side_description(setup, hand), f", {n} players: "
    )
    return scored_as("renege-march", makers, _march_points(setup, hand), march)


def _tricks(count: int) -> str:
    return "1 trick" if count == 1 else f"{count} tricks"


def _score_standard(setup: GameSetup, hand: Hand, *, lone_march_five: bool) -> HandScore:
    n, rules = setup.n, setup.rules
    makers, defenders = setup.makers(hand), setup.defenders(hand)
    team, other = _seats(makers), _seats(defenders)
    how = explain(Seat(hand.maker), " alone") if hand.alone else explain(team)
    scoring = cite(Variant.STANDARD, "scoring")
    penalties = (0,) * n
    penalty_note = explain()
    if hand.renege is not None and rules.renege is RenegeRule.MARCH_OR_EUCHRE:
        return _standard_renege(setup, hand, hand.renege)
    if hand.renege is not None:
        penalties = _award(n, setup.team_of(hand.renege), RENEGE_PENALTY_POINTS)
        penalty_note = explain(
            "; ",
            Seat(hand.renege),
            f" reneged and their team loses {RENEGE_PENALTY_POINTS} (house rule, {scoring.short})",
        )
    if hand.tricks < setup.deal.tricks_to_make:
        return _euchre(
            setup,
            defenders,
            penalties,
            scoring,
            explain(
                "Euchre: ",
                how,
                f" took {_tricks(hand.tricks)}, {EUCHRE_POINTS} to ",
                other,
                penalty_note,
                ".",
            ),
        )
    march = hand.tricks == setup.deal.tricks
    house_note = ""
    if hand.alone:
        each, rule = (
            (_march_points(setup, hand), "alone-march") if march else (MAKE_POINTS, "alone-make")
        )
        label = "Alone march" if march else "Alone make"
        if march and lone_march_five:
            # Only the march itself: a renege on a lone hand still gives 4
            # (docs/rules.md, Standard 5).
            each = LONE_MARCH_HOUSE_POINTS
            night_rule = cite_night("points").short
            house_note = f" (house rule of the night: a lone march scores {each}, {night_rule})"
    else:
        each, rule = (_march_points(setup, hand), "march") if march else (MAKE_POINTS, "make")
        label = "March" if march else "Made it"
    return HandScore(
        points=_award(n, makers, each),
        penalties=penalties,
        rule=rule,
        citation=scoring,
        parts=explain(
            f"{label}: ",
            how,
            f" took {'all ' if march else ''}{_tricks(hand.tricks)}, {each} to ",
            team,
            house_note,
            penalty_note,
            ".",
        ),
        players=setup.players,
    )


def _standard_renege(setup: GameSetup, hand: Hand, renege: int) -> HandScore:
    """A renege under march-or-euchre in standard euchre (docs/rules.md, Standard 5): the hand
    ends and the other team scores the march points."""
    each = _march_points(setup, hand)  # docs/rules.md, Standard 5: the march points
    makers = setup.makers(hand)
    winners = setup.defenders(hand) if renege in makers else makers
    lone = " on a lone hand" if hand.alone else ""
    return HandScore(
        points=_award(setup.n, winners, each),
        penalties=(0,) * setup.n,
        rule="renege",
        citation=cite(Variant.STANDARD, "scoring"),
        parts=explain(
            "Renege by ",
            Seat(renege),
            f"{lone}: the hand ends and the other team, ",
            _seats(winners),
            f", scores {each}.",
        ),
        players=setup.players,
    )
