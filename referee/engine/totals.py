"""A whole game's totals (docs/rules.md 6, every variant; a euchre night's round,
docs/rules.md, Euchre night): each hand scored by ``scoring.score_hand`` and added in
turn, the end of the game and its winners. Plain Python: no Django import."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.engine.citing import cite, cite_night
from referee.engine.hands import GameSetup, Hand, HandError
from referee.engine.scoring import HandScore, score_hand
from referee.engine.variants import TieRule, Variant

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
    played_on: bool = False  # a level top was played on (docs/rules.md, Call-Ace 6)

    @property
    def leader(self) -> int:
        """Who leads the next hand: the player left of the dealer
        (docs/rules.md 4 (every variant))."""
        return (self.next_dealer + 1) % len(self.totals)

    @property
    def counted_hands(self) -> tuple[ScoredHand, ...]:
        return tuple(h for h in self.hands if not h.after_end)


def add_hand_points(totals: Sequence[int], score: HandScore) -> tuple[int, ...]:
    """The running totals after a hand: its points added, its penalties taken, and
    no total below 0 because of a penalty (docs/rules.md, Call-Ace 5 and Standard 5)."""
    return tuple(
        max(0, total + points - penalty)
        for total, points, penalty in zip(totals, score.points, score.penalties, strict=True)
    )


@dataclass(frozen=True, kw_only=True)
class GameState:
    """Where a game stands between two hands: what ``continue_game`` needs to
    score the next one without the hands before it."""

    number: int  # hands recorded so far
    # A night's round: the hands of it played so far, a misdeal not one of them
    # (docs/rules.md, Euchre night 3).
    round_hands: int = 0
    dealer: int  # who deals the next hand in turn (docs/rules.md, Call-Ace 1)
    totals: tuple[int, ...]
    played_on: bool = False  # a level top under the play-on rule (docs/rules.md, Call-Ace 6)
    ended_after: int | None = None
    winners: tuple[int, ...] = ()
    decided_by: str = ""

    @classmethod
    def start(cls, setup: GameSetup, *, first_dealer: int) -> GameState:
        """A game before its first hand."""
        if not 0 <= first_dealer < setup.n:
            raise HandError({"first_dealer": f"there is no seat {first_dealer + 1}"})
        return cls(number=0, dealer=first_dealer, totals=(0,) * setup.n)


def add_scored_hand(
    *,
    number: int,
    dealer: int,
    hand: Hand,
    score: HandScore,
    totals: tuple[int, ...],
    after_end: bool,
) -> ScoredHand:
    """``hand``, scored as ``score``, added to the running ``totals`` (its
    ``totals`` are the new ones); a hand after the end adds nothing. What a game
    (docs/rules.md, Call-Ace 6) and a euchre night's round (docs/rules.md, Euchre night) both do
    with a hand."""
    after = totals if after_end else add_hand_points(totals, score)
    return ScoredHand(
        number=number,
        dealer=dealer,
        hand=hand,
        score=score,
        points=tuple(a - b for a, b in zip(after, totals, strict=True)),
        totals=after,
        after_end=after_end,
    )


@dataclass(frozen=True, kw_only=True)
class RoundRules:
    """A table's round of a euchre night (docs/rules.md, Euchre night), played as a game that ends
    after ``hands`` hands instead of at a target: nobody wins it, its points go
    to the night's standings. ``lone_march_five``: the night's house rule."""

    hands: int
    lone_march_five: bool = False


def continue_game(
    setup: GameSetup, state: GameState, hand: Hand, *, round_rules: RoundRules | None = None
) -> tuple[ScoredHand, GameState]:
    """The next hand scored after ``state``, and the game's state after it
    (docs/rules.md 6 (every variant)): the one place a hand is added to a game.

    The game ends after the first hand in which someone reaches the target and,
    under the play-on tie rule, one side alone is highest; a night's round
    (``round_rules``, docs/rules.md, Euchre night 3) ends after its number of hands, whatever the
    totals; a misdeal (or a deal thrown in) is not one of them. Hands recorded
    after that are kept and marked ``after_end``; they score nothing.
    """
    n = setup.n
    number = state.number + 1
    dealer = state.dealer if hand.dealer is None else hand.dealer
    after_end = state.ended_after is not None
    lone_march_five = round_rules is not None and round_rules.lone_march_five
    scored = add_scored_hand(
        number=number,
        dealer=dealer,
        hand=hand,
        score=score_hand(setup, hand, lone_march_five=lone_march_five),
        totals=state.totals,
        after_end=after_end,
    )
    totals = scored.totals
    played_on, ended_after = state.played_on, state.ended_after
    winners, decided_by = state.winners, state.decided_by
    round_hands = state.round_hands + (0 if hand.thrown_in or after_end else 1)
    if not after_end and round_rules is not None:
        if round_hands >= round_rules.hands:
            ended_after = number
            decided_by = (
                f"All {round_rules.hands} hands of the round are played: the round is over "
                f"and its points go to the night's standings ({cite_night('round').short})."
            )
    elif not after_end:
        result = _game_end(setup, totals, played_on=played_on)
        if result is None and max(totals) >= setup.rules.target:
            played_on = True  # a level top under the play-on rule
        if result is not None:
            ended_after = number
            winners, decided_by = result
    return scored, GameState(
        number=number,
        round_hands=round_hands,
        dealer=(dealer + 1) % n,
        totals=totals,
        played_on=played_on,
        ended_after=ended_after,
        winners=winners,
        decided_by=decided_by,
    )


def score_game(
    setup: GameSetup,
    *,
    first_dealer: int,
    hands: Sequence[Hand],
    round_rules: RoundRules | None = None,
) -> GameScore:
    """Totals, the end of the game and its winners (docs/rules.md 6 (every variant); a night's
    round, docs/rules.md, Euchre night): every hand added in turn by ``continue_game``."""
    state = GameState.start(setup, first_dealer=first_dealer)
    scored: list[ScoredHand] = []
    for hand in hands:
        one, state = continue_game(setup, state, hand, round_rules=round_rules)
        scored.append(one)
    return GameScore(
        hands=tuple(scored),
        totals=state.totals,
        finished=state.ended_after is not None,
        winners=state.winners,
        ended_after=state.ended_after,
        decided_by=state.decided_by,
        next_dealer=state.dealer,
        played_on=state.played_on,
    )


def _game_end(
    setup: GameSetup, totals: Sequence[int], *, played_on: bool
) -> tuple[tuple[int, ...], str] | None:
    target = setup.rules.target
    top = max(totals)
    if top < target:
        return None
    leaders = tuple(s for s in range(setup.n) if totals[s] == top)
    sides = {setup.team_of(s) for s in leaders}
    winning = cite(setup.variant, "winning").short  # "Call-Ace rules 6"
    if setup.variant is Variant.STANDARD:
        (team,) = sides  # teammates share one total; one team scores per hand
        return team, (
            f"{setup.names(team)} reached {target} with {top} points: "
            f"the first team to the target wins ({winning})."
        )
    if len(leaders) == 1 and played_on:
        return leaders, (
            f"{setup.name(leaders[0])} is alone on the highest total, {top} points: "
            "after a level top, play went on until one player led "
            f"(play-on house rule, {winning})."
        )
    if len(leaders) == 1:
        return leaders, (
            f"{setup.name(leaders[0])} reached {target} with {top} points, "
            f"the highest total: the highest total wins ({winning})."
        )
    if setup.rules.ties is TieRule.PLAY_ON:
        return None
    return leaders, (
        f"{setup.names(leaders)} are level on {top} points, the highest total: "
        f"under the shared-win rule they share the win ({winning})."
    )
