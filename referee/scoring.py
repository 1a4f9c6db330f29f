"""A hand record, its validation, its score, and a whole game's totals.

rules.md 3.4-3.6 (Call-Ace), 4 (Call-Your-Partner), 5 (standard), 6 (the hand
record). Plain Python: no Django import. Players are seats, 0-based,
clockwise; names only appear in explanations.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from referee.cards import (
    Card,
    CardError,
    Suit,
    Trump,
    is_left_bower,
    is_trump,
    parse_card,
    parse_suit,
    parse_trump,
    trump_name,
)
from referee.variants import (
    DealInfo,
    HouseRules,
    RenegeRule,
    TieRule,
    Variant,
    deal_for,
    seats_opposite,
)


class HandError(ValueError):
    """A hand record that cannot be scored. ``errors`` maps each field at
    fault to a message a scorer can act on."""

    def __init__(self, errors: Mapping[str, str]) -> None:
        self.errors = dict(errors)
        super().__init__("; ".join(f"{k}: {v}" for k, v in self.errors.items()))


class PartnerOutcome(enum.StrEnum):
    """How the maker's side was made up (rules.md 3.3, 4, 5)."""

    REVEALED = "revealed"  # a named partner (Call-Ace, Call-Your-Partner)
    MAKER_HELD = "maker"  # the maker held the called card: alone
    NOT_IN_PLAY = "none"  # the called card was in the kitty or discarded: alone
    ALONE = "alone"  # went alone by choice (Call-Your-Partner, standard)
    TEAM = "team"  # standard euchre with the partner playing


ALONE_OUTCOMES = frozenset(
    {PartnerOutcome.MAKER_HELD, PartnerOutcome.NOT_IN_PLAY, PartnerOutcome.ALONE}
)


@dataclass(frozen=True, kw_only=True)
class Hand:
    """One hand as the scorer records it (rules.md 6)."""

    thrown_in: bool = False
    dealer: int | None = None  # only when dealt out of turn; else the rotation
    maker: int = 0
    trump: Trump = None
    called: Suit | Card | None = None
    outcome: PartnerOutcome = PartnerOutcome.TEAM
    partner: int | None = None  # the seat of a revealed partner
    tricks: int = 0
    renege: int | None = None
    round: int | None = None
    revealed_on_trick: int | None = None

    @property
    def alone(self) -> bool:
        return self.outcome in ALONE_OUTCOMES


THROWN_IN = Hand(thrown_in=True)


@dataclass(frozen=True, kw_only=True)
class Table:
    """Who is playing what: the context every hand is read and scored in."""

    variant: Variant
    players: tuple[str, ...]
    rules: HouseRules = field(default_factory=HouseRules)

    def __post_init__(self) -> None:
        deal_for(self.variant, len(self.players), self.rules)  # raises on a bad count

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def deal(self) -> DealInfo:
        return deal_for(self.variant, self.n, self.rules)

    def name(self, seat: int) -> str:
        return self.players[seat]

    def names(self, seats: Sequence[int]) -> str:
        words = [self.players[s] for s in seats]
        if len(words) <= 1:
            return "".join(words)
        return ", ".join(words[:-1]) + " and " + words[-1]

    def makers(self, hand: Hand) -> tuple[int, ...]:
        """The maker's side, by seat (for standard euchre, the whole team)."""
        if self.variant is Variant.STANDARD:
            return tuple(sorted((hand.maker, seats_opposite(hand.maker))))
        if hand.outcome is PartnerOutcome.REVEALED and hand.partner is not None:
            return (hand.maker, hand.partner)
        return (hand.maker,)

    def defenders(self, hand: Hand) -> tuple[int, ...]:
        makers = self.makers(hand)
        return tuple(s for s in range(self.n) if s not in makers)

    def team_of(self, seat: int) -> tuple[int, ...]:
        if self.variant is Variant.STANDARD:
            return tuple(sorted((seat, seats_opposite(seat))))
        return (seat,)

    def sits_out(self, hand: Hand) -> int | None:
        """A lone maker's partner sits out in standard euchre (rules.md 5)."""
        if self.variant is Variant.STANDARD and hand.alone:
            return seats_opposite(hand.maker)
        return None


# --- Reading a hand from the game document (names) -----------------------------------

_PARTNER_WORDS = {"maker": PartnerOutcome.MAKER_HELD, "none": PartnerOutcome.NOT_IN_PLAY}
_SCORED_KEYS = {
    "maker",
    "trump",
    "tricks",
    "renege",
    "revealed_on_trick",
    "round",
    "dealer",
    "called",
    "partner",
    "alone",
    "thrown_in",
}
# Export adds these; import ignores them (contract.md).
_IGNORED_KEYS = {"points", "explanation"}


def read_hand(table: Table, data: Mapping[str, Any]) -> Hand:
    """Read and validate one hand of the game document (contract.md).

    Every field at fault is named in the HandError it raises; a valid hand is
    returned with players as seats.
    """
    if not isinstance(data, Mapping):
        raise HandError({"hand": "a hand must be an object with its fields"})
    errors: dict[str, str] = {}
    unknown = sorted(set(data) - _SCORED_KEYS - _IGNORED_KEYS)
    for key in unknown:
        errors[key] = f"'{key}' is not a field of a hand"
    dealer = _read_seat(table, data, "dealer", errors) if "dealer" in data else None
    if data.get("thrown_in") is True:
        extra = sorted(set(data) & (_SCORED_KEYS - {"thrown_in", "dealer"}))
        for key in extra:
            errors[key] = "a thrown-in hand has no maker, trump or tricks"
        if errors:
            raise HandError(errors)
        return Hand(thrown_in=True, dealer=dealer)
    if "thrown_in" in data and data["thrown_in"] is not False:
        errors["thrown_in"] = "must be true or false"

    maker = _read_seat(table, data, "maker", errors, required=True)
    trump: Trump = None
    if "trump" not in data:
        errors["trump"] = "name the trump suit (S, H, D or C)"
    else:
        try:
            trump = parse_trump(_text(data["trump"]))
        except CardError as e:
            errors["trump"] = str(e)
    round_ = _read_int(data, "round", errors, low=1, high=2)
    tricks = _read_int(data, "tricks", errors, low=0, high=table.deal.tricks, required=True)
    revealed = _read_int(data, "revealed_on_trick", errors, low=1, high=table.deal.tricks)
    renege = _read_seat(table, data, "renege", errors) if "renege" in data else None

    called: Suit | Card | None = None
    partner: int | None = None
    outcome = PartnerOutcome.TEAM
    alone = data.get("alone", False)
    if not isinstance(alone, bool):
        errors["alone"] = "must be true or false"
        alone = False

    if table.variant is Variant.CALL_ACE:
        if "alone" in data:
            errors["alone"] = (
                'in Call-Ace a maker goes alone by calling an ace they hold: give partner "maker"'
            )
        if "called" not in data:
            errors["called"] = "name the suit of the called ace (S, H, D or C)"
        else:
            try:
                called = parse_suit(_text(data["called"]))
            except CardError as e:
                errors["called"] = str(e)
        outcome, partner = _read_partner(table, data, maker, errors)
    elif table.variant is Variant.CALL_YOUR_PARTNER:
        if alone:
            for key in ("called", "partner"):
                if key in data:
                    errors[key] = "a maker who goes alone calls no card"
            outcome = PartnerOutcome.ALONE
        else:
            if "called" not in data:
                errors["called"] = "name the called card (like AS or 10H), or record alone"
            else:
                try:
                    called = parse_card(_text(data["called"]))
                except CardError as e:
                    errors["called"] = str(e)
            outcome, partner = _read_partner(table, data, maker, errors)
    else:
        for key in ("called", "partner"):
            if key in data:
                errors[key] = "standard euchre has fixed partners: nothing is called"
        outcome = PartnerOutcome.ALONE if alone else PartnerOutcome.TEAM

    hand = Hand(
        dealer=dealer,
        maker=maker if maker is not None else 0,
        trump=trump,
        called=called,
        outcome=outcome,
        partner=partner,
        tricks=tricks if tricks is not None else 0,
        renege=renege,
        round=round_,
        revealed_on_trick=revealed,
    )
    if maker is not None and not errors:
        errors.update(check_hand(table, hand))
    elif maker is not None:
        for key, message in check_hand(table, hand).items():
            errors.setdefault(key, message)
    if errors:
        raise HandError(errors)
    return hand


_OUTCOMES = {
    Variant.CALL_ACE: {
        PartnerOutcome.REVEALED,
        PartnerOutcome.MAKER_HELD,
        PartnerOutcome.NOT_IN_PLAY,
    },
    Variant.CALL_YOUR_PARTNER: {
        PartnerOutcome.REVEALED,
        PartnerOutcome.MAKER_HELD,
        PartnerOutcome.NOT_IN_PLAY,
        PartnerOutcome.ALONE,
    },
    Variant.STANDARD: {PartnerOutcome.TEAM, PartnerOutcome.ALONE},
}


def check_hand(table: Table, hand: Hand) -> dict[str, str]:
    """The impossible combinations of a hand record, field by field (rules.md 3-6)."""
    errors: dict[str, str] = {}
    if hand.thrown_in:
        return errors
    n, variant, rules = table.n, table.variant, table.rules
    for key in ("maker", "partner", "renege", "dealer"):
        seat = getattr(hand, key)
        if seat is not None and not 0 <= seat < n:
            errors[key] = f"there is no seat {seat + 1} at a table of {n}"
    if hand.trump is None:
        if variant is not Variant.STANDARD:
            errors["trump"] = f"{variant.label} has no no-trump call: name a suit"
        elif not rules.no_trump:
            errors["trump"] = "no trump is not allowed: the no-trump house rule is off"
        elif hand.round == 1:
            errors["round"] = "no trump can only be called in round 2"
    if not 0 <= hand.tricks <= table.deal.tricks:
        errors["tricks"] = f"tricks must be from 0 to {table.deal.tricks}"
    if hand.round == 1 and variant is Variant.CALL_ACE and not table.deal.turn_up:
        errors["round"] = "with this deal no card is turned up, so bidding starts at round 2"

    if hand.outcome not in _OUTCOMES[variant]:
        errors.setdefault("partner", f"{variant.label} has no '{hand.outcome}' partner outcome")
    if variant is Variant.CALL_ACE and not isinstance(hand.called, Suit):
        errors.setdefault("called", "name the suit of the called ace")
    if variant is Variant.CALL_YOUR_PARTNER and hand.outcome is PartnerOutcome.ALONE:
        if hand.called is not None:
            errors.setdefault("called", "a maker who goes alone calls no card")
    elif variant is Variant.CALL_YOUR_PARTNER:
        if not isinstance(hand.called, Card):
            errors.setdefault("called", "name the called card, or record that the maker went alone")
        else:
            if hand.called.rank < table.deal.lowest_rank:
                errors.setdefault(
                    "called",
                    f"the {hand.called.name} is not in the {table.deal.deck_size}-card deck",
                )
            elif is_trump(hand.called, hand.trump):
                role = (
                    "the left bower, a trump card,"
                    if hand.trump is not None and is_left_bower(hand.called, hand.trump)
                    else "a trump card"
                )
                errors.setdefault(
                    "called",
                    f"the {hand.called.name} is {role} with {trump_name(hand.trump)} trump:"
                    " the called card must not be a trump",
                )
    if hand.outcome is PartnerOutcome.REVEALED:
        if hand.partner is None:
            errors.setdefault("partner", "name the partner")
        elif hand.partner == hand.maker:
            errors.setdefault(
                "partner",
                "the partner cannot be the maker: if the maker held the called card, "
                'choose "maker held it"',
            )
    elif hand.revealed_on_trick is not None:
        errors.setdefault("revealed_on_trick", "only a named partner is revealed on a trick")
    sitting_out = table.sits_out(hand)
    if hand.renege is not None and hand.renege == sitting_out:
        errors.setdefault(
            "renege",
            f"{table.name(sitting_out)} sits out a lone hand and plays no cards, so cannot renege",
        )
    return errors


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise CardError(f"expected text, not {type(value).__name__}")
    return value


def _read_seat(
    table: Table,
    data: Mapping[str, Any],
    key: str,
    errors: dict[str, str],
    *,
    required: bool = False,
) -> int | None:
    if key not in data:
        if required:
            errors[key] = f"name the {key}"
        return None
    name = data[key]
    if not isinstance(name, str) or name not in table.players:
        errors[key] = f"'{name}' is not one of the players ({table.names(range(table.n))})"
        return None
    return table.players.index(name)


def _read_int(
    data: Mapping[str, Any],
    key: str,
    errors: dict[str, str],
    *,
    low: int,
    high: int,
    required: bool = False,
) -> int | None:
    if key not in data:
        if required:
            errors[key] = f"give the number of {key}"
        return None
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        errors[key] = f"must be a whole number from {low} to {high}"
        return None
    if not low <= value <= high:
        errors[key] = f"must be from {low} to {high}"
        return None
    return value


def _read_partner(
    table: Table, data: Mapping[str, Any], maker: int | None, errors: dict[str, str]
) -> tuple[PartnerOutcome, int | None]:
    if "partner" not in data:
        errors["partner"] = (
            'name the partner, or "maker" (the maker held the called card) '
            'or "none" (it was not in play)'
        )
        return PartnerOutcome.REVEALED, None
    value = data["partner"]
    if isinstance(value, str) and value in _PARTNER_WORDS:
        return _PARTNER_WORDS[value], None
    seat = _read_seat(table, data, "partner", errors)
    if seat is None:
        errors["partner"] = (
            f'\'{value}\' is not one of the players; use a player\'s name, "maker" or "none"'
        )
    return PartnerOutcome.REVEALED, seat


def hand_to_dict(table: Table, hand: Hand) -> dict[str, Any]:
    """A hand in game-document form (without the export-only fields)."""
    if hand.thrown_in:
        data: dict[str, Any] = {"thrown_in": True}
        if hand.dealer is not None:
            data["dealer"] = table.name(hand.dealer)
        return data
    data = {
        "maker": table.name(hand.maker),
        "trump": "NT" if hand.trump is None else str(hand.trump),
    }
    if table.variant is not Variant.STANDARD and hand.outcome is not PartnerOutcome.ALONE:
        data["called"] = str(hand.called)
        if hand.outcome is PartnerOutcome.REVEALED and hand.partner is not None:
            data["partner"] = table.name(hand.partner)
        else:
            data["partner"] = hand.outcome.value
    elif hand.outcome is PartnerOutcome.ALONE:
        data["alone"] = True
    data["tricks"] = hand.tricks
    if hand.renege is not None:
        data["renege"] = table.name(hand.renege)
    if hand.revealed_on_trick is not None:
        data["revealed_on_trick"] = hand.revealed_on_trick
    if hand.round is not None:
        data["round"] = hand.round
    if hand.dealer is not None:
        data["dealer"] = table.name(hand.dealer)
    return data


# --- Scoring a hand ----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class HandScore:
    """Every seat's points for a hand and the rule that gave them.

    ``penalties`` are points a reneging player loses under the house rule
    "offender loses 2"; a total never drops below 0 because of them, so the
    points actually applied depend on the running totals (see score_game).
    """

    points: tuple[int, ...]
    penalties: tuple[int, ...]
    rule: str  # a short key: "partnership-march", "euchre", "renege-march" ...
    section: str  # the rules.md section that applies
    explanation: str


def score_hand(table: Table, hand: Hand) -> HandScore:
    """Score one hand (rules.md 3.4, 3.5, 4, 5). The hand must be valid."""
    errors = check_hand(table, hand)
    if errors:
        raise HandError(errors)
    n = table.n
    zero = (0,) * n
    if hand.thrown_in:
        return HandScore(
            points=zero,
            penalties=zero,
            rule="thrown-in",
            section="3.2",
            explanation="Thrown in: nobody made trump, so no score; the deal passes on.",
        )
    if table.variant is Variant.STANDARD:
        return _score_standard(table, hand)
    return _score_individual(table, hand)


def _award(n: int, seats: Sequence[int], each: int) -> tuple[int, ...]:
    return tuple(each if s in seats else 0 for s in range(n))


def _points_phrase(table: Table, seats: Sequence[int], each: int) -> str:
    if len(seats) == 1:
        return f"{each} to {table.name(seats[0])}"
    return f"{each} each to {table.names(seats)}"


def _march_points(table: Table, hand: Hand) -> int:
    n = table.n
    if table.variant is Variant.CALL_ACE:
        if hand.alone:
            return n
        return 2 if n == 4 else 3
    return 5 if hand.alone else 2  # Call-Your-Partner (rules.md 4)


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
    section = "3.4" if table.variant is Variant.CALL_ACE else "4"
    makers, defenders = table.makers(hand), table.defenders(hand)
    side = _side_description(table, hand)
    kind = "alone" if hand.alone else "partnership"
    penalties = (0,) * n
    penalty_note = ""
    if hand.renege is not None and rules.renege is RenegeRule.MARCH_OR_EUCHRE:
        offender = table.name(hand.renege)
        if hand.renege in makers:
            role = "the maker" if hand.renege == hand.maker else "the maker's partner"
            return HandScore(
                points=_award(n, defenders, 2),
                penalties=penalties,
                rule="renege-euchre",
                section="3.5",
                explanation=(
                    f"Renege by {offender}, {role}: scored as a euchre, "
                    f"{_points_phrase(table, defenders, 2)}."
                ),
            )
        each = _march_points(table, hand)
        return HandScore(
            points=_award(n, makers, each),
            penalties=penalties,
            rule="renege-march",
            section="3.5",
            explanation=(
                f"Renege by {offender}, a defender: scored as a march for {side}, "
                f"{n} players: {_points_phrase(table, makers, each)}."
            ),
        )
    if hand.renege is not None:
        penalties = _award(n, (hand.renege,), 2)
        penalty_note = f"; {table.name(hand.renege)} reneged and loses 2 (house rule, 3.5)"

    if hand.tricks < deal.tricks_to_make:
        return HandScore(
            points=_award(n, defenders, 2),
            penalties=penalties,
            rule="euchre",
            section=section,
            explanation=(
                f"Euchre: {side} took {_tricks(hand.tricks)}, "
                f"{_points_phrase(table, defenders, 2)}{penalty_note}."
            ),
        )
    if hand.tricks == deal.tricks:
        each = _march_points(table, hand)
        return HandScore(
            points=_award(n, makers, each),
            penalties=penalties,
            rule=f"{kind}-march",
            section=section,
            explanation=(
                f"{kind.capitalize()} march, {n} players: {side} took all "
                f"{deal.tricks} tricks, {_points_phrase(table, makers, each)}{penalty_note}."
            ),
        )
    return HandScore(
        points=_award(n, makers, 1),
        penalties=penalties,
        rule=f"{kind}-make",
        section=section,
        explanation=(
            f"{kind.capitalize()} made it: {side} took {_tricks(hand.tricks)}, "
            f"{_points_phrase(table, makers, 1)}{penalty_note}."
        ),
    )


def _tricks(count: int) -> str:
    return "1 trick" if count == 1 else f"{count} tricks"


def _score_standard(table: Table, hand: Hand) -> HandScore:
    n, rules = table.n, table.rules
    makers, defenders = table.makers(hand), table.defenders(hand)
    maker = table.name(hand.maker)
    team = f"{table.names(makers)}"
    other = f"{table.names(defenders)}"
    how = f"{maker} alone" if hand.alone else team
    penalties = (0,) * n
    penalty_note = ""
    if hand.renege is not None and rules.renege is RenegeRule.MARCH_OR_EUCHRE:
        offender = table.name(hand.renege)
        each = 4 if hand.alone else 2
        winners = defenders if hand.renege in makers else makers
        lone = " on a lone hand" if hand.alone else ""
        return HandScore(
            points=_award(n, winners, each),
            penalties=penalties,
            rule="renege",
            section="5",
            explanation=(
                f"Renege by {offender}{lone}: the hand ends and the other team, "
                f"{table.names(winners)}, scores {each}."
            ),
        )
    if hand.renege is not None:
        penalties = _award(n, table.team_of(hand.renege), 2)
        penalty_note = (
            f"; {table.name(hand.renege)} reneged and their team loses 2 (house rule, 3.5)"
        )
    if hand.tricks < table.deal.tricks_to_make:
        return HandScore(
            points=_award(n, defenders, 2),
            penalties=penalties,
            rule="euchre",
            section="5",
            explanation=(f"Euchre: {how} took {_tricks(hand.tricks)}, 2 to {other}{penalty_note}."),
        )
    march = hand.tricks == table.deal.tricks
    if hand.alone:
        each, rule = (4, "alone-march") if march else (1, "alone-make")
        label = "Alone march" if march else "Alone make"
    else:
        each, rule = (2, "march") if march else (1, "make")
        label = "March" if march else "Made it"
    return HandScore(
        points=_award(n, makers, each),
        penalties=penalties,
        rule=rule,
        section="5",
        explanation=(
            f"{label}: {how} took {'all ' if march else ''}{_tricks(hand.tricks)}, "
            f"{each} to {team}{penalty_note}."
        ),
    )


# --- A whole game ---------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ScoredHand:
    number: int  # 1-based
    dealer: int
    hand: Hand
    score: HandScore
    points: tuple[int, ...]  # what was applied to the totals (penalties clamped at 0)
    totals: tuple[int, ...]  # running totals after this hand
    after_end: bool  # recorded after the game had already ended (kept, not counted)


@dataclass(frozen=True, kw_only=True)
class GameScore:
    hands: tuple[ScoredHand, ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]
    ended_after: int | None  # the number of the hand that ended the game
    decided_by: str  # which rule decided, for the result screen
    next_dealer: int

    @property
    def leader(self) -> int:
        """Who leads the next hand: the player left of the dealer (rules.md 2)."""
        return (self.next_dealer + 1) % len(self.totals)

    @property
    def counted_hands(self) -> tuple[ScoredHand, ...]:
        return tuple(h for h in self.hands if not h.after_end)


def score_game(table: Table, *, first_dealer: int, hands: Sequence[Hand]) -> GameScore:
    """Totals, the end of the game and its winners (rules.md 3.6, 4, 5).

    The game ends after the first hand in which someone reaches the target and,
    under the play-on tie rule, one side alone is highest. Hands recorded after
    that are kept and marked ``after_end``; they score nothing.
    """
    n = table.n
    if not 0 <= first_dealer < n:
        raise HandError({"first_dealer": f"there is no seat {first_dealer + 1}"})
    totals = [0] * n
    scored: list[ScoredHand] = []
    dealer = first_dealer
    ended_after: int | None = None
    winners: tuple[int, ...] = ()
    decided_by = ""
    played_on = False
    for number, hand in enumerate(hands, start=1):
        if hand.dealer is not None:
            dealer = hand.dealer
        score = score_hand(table, hand)
        after_end = ended_after is not None
        if after_end:
            applied = (0,) * n
        else:
            before = list(totals)
            for seat in range(n):
                # A renege penalty never takes a total below 0 (rules.md 3.5).
                totals[seat] = max(0, totals[seat] + score.points[seat] - score.penalties[seat])
            applied = tuple(t - b for t, b in zip(totals, before, strict=True))
            result = _game_end(table, totals, played_on=played_on)
            if result is None and max(totals) >= table.rules.target:
                played_on = True  # a level top under the play-on rule
            if result is not None:
                ended_after = number
                winners, decided_by = result
        scored.append(
            ScoredHand(
                number=number,
                dealer=dealer,
                hand=hand,
                score=score,
                points=applied,
                totals=tuple(totals),
                after_end=after_end,
            )
        )
        dealer = (dealer + 1) % n
    return GameScore(
        hands=tuple(scored),
        totals=tuple(totals),
        finished=ended_after is not None,
        winners=winners,
        ended_after=ended_after,
        decided_by=decided_by,
        next_dealer=dealer,
    )


def _game_end(
    table: Table, totals: Sequence[int], *, played_on: bool
) -> tuple[tuple[int, ...], str] | None:
    target = table.rules.target
    top = max(totals)
    if top < target:
        return None
    leaders = tuple(s for s in range(table.n) if totals[s] == top)
    sides = {table.team_of(s) for s in leaders}
    if table.variant is Variant.STANDARD:
        (team,) = sides  # teammates share one total; one team scores per hand
        return team, (
            f"{table.names(team)} reached {target} with {top} points: "
            "the first team to the target wins (rules 5)."
        )
    if len(leaders) == 1 and played_on:
        return leaders, (
            f"{table.name(leaders[0])} is alone on the highest total, {top} points: "
            "after a level top, play went on until one player led (play-on house rule, 3.6)."
        )
    if len(leaders) == 1:
        return leaders, (
            f"{table.name(leaders[0])} reached {target} with {top} points, "
            "the highest total: the highest total wins (rules 3.6)."
        )
    if table.rules.ties is TieRule.PLAY_ON:
        return None
    return leaders, (
        f"{table.names(leaders)} are level on {top} points, the highest total: "
        "under the shared-win rule they share the win (rules 3.6)."
    )


def explain_tie_rule(rules: HouseRules) -> str:
    if rules.ties is TieRule.PLAY_ON:
        return "On a level top, play goes on until one player alone is highest (house rule)."
    return "Players level on the highest total share the win."


def with_dealer(hand: Hand, dealer: int | None) -> Hand:
    return replace(hand, dealer=dealer)
