"""The next hand, as a table plays it all evening: trump made (``plan_call``),
then the hand recorded (``plan_next_hand``). Each is worked out from the
locked game inside ``Game._changing`` and stored by ``store_locked``."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field, replace
from functools import reduce
from operator import or_
from typing import TYPE_CHECKING, Any, Protocol

from django.db.models import Case, F, Q, Value, When

from referee.engine.checking import check_hand
from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import HandError
from referee.engine.totals import GameState, continue_game
from scorekeeper.models.game_hands import GameOver, cache_hand, game_fields, seat_results
from scorekeeper.models.hands import Hand, HandChange, HandInProgress
from scorekeeper.models.players import Player
from scorekeeper.models.records import hand_figures, hand_pair_figures
from scorekeeper.models.seats import Seat, SeatPair
from scorekeeper.models.used_tokens import UsedToken, content_of

if TYPE_CHECKING:
    from scorekeeper.models.game_base import GameBase


class Change(Protocol):
    """A change worked out from the locked game, then stored."""

    # The game's own fields it sets, saved with the game's new version.
    fields: dict[str, Any]

    def write(self) -> None:
        """Store all but the game's fields (in the transaction that bumps its version)."""


def count_results_if_ended(game: GameBase, *, was_finished: bool, is_finished: bool) -> None:
    """A change that reached, changed or took back the game's end changes its
    players' results (``Player.results_*``): they are counted afresh. A game
    in play has no winner, so no other change can."""
    if was_finished or is_finished:
        Player.objects.filter(seats__game=game.pk).recount_results()


def store_locked[C: Change](game: GameBase, change: C) -> C:
    """Store ``change``, worked out under the lock from the locked ``game``;
    ``Game._changing`` then saves the game's fields and new version."""
    change.write()
    for name, value in change.fields.items():
        setattr(game, name, value)
    return change


@dataclass
class NewCall:
    """Trump made: the call kept until the hand ends (it replaces one in progress)."""

    call: HandInProgress
    replaced: HandInProgress | None
    fields: dict[str, Any] = field(default_factory=dict)

    def write(self) -> None:
        if self.replaced is not None:
            self.replaced.delete()
        self.call.save()


def plan_call(game: GameBase, call: dict[str, Any]) -> NewCall:
    """Trump made in ``game`` (``Game.save_call``): GameOver once the game
    has ended, HandError for a call the engine refuses."""
    if game.is_finished:
        raise GameOver()
    new = HandInProgress(game_id=game.pk, **call)
    dealer = None
    if game.canadian_loner:  # the one rule that asks who deals (docs/rules.md, Standard 3)
        last = game.recent_hands(1)
        dealer = game.upcoming(last[0] if last else None)[1]
    errors = new.problems(game.setup, dealer=dealer)
    if errors:
        raise HandError(errors)
    return NewCall(call=new, replaced=game.current_hand)


# One pair-figures update: seat ``me``'s pairs with ``others`` add one to ``figures``.
PairUpdate = tuple[int, list[int], tuple[str, ...]]


@dataclass
class NextHand:
    """The next hand with its line in the change log, what it changes of the
    seats and of their pairs, and the game's fields after it."""

    record: Hand
    line: HandChange
    ended_call: HandInProgress | None
    seats: list[tuple[Seat, dict[str, Any]]]
    pairs: list[PairUpdate]
    fields: dict[str, Any]
    used: UsedToken | None = None  # its token, kept for good

    def write(self) -> None:
        self.record.save()
        if self.used is not None:
            self.used.save()
        if self.ended_call is not None:
            self.ended_call.delete()
        self.line.save()
        names: set[str] = set()
        for seat, changed in self.seats:
            for name, value in changed.items():
                setattr(seat, name, value)
            names.update(changed)
        if names:  # one query for every seat the hand changed
            Seat.objects.bulk_update([seat for seat, _ in self.seats], sorted(names))
        _add_pair_figures(self.pairs)


def plan_next_hand(
    game: GameBase, token: uuid.UUID | None, hand: EngineHand, *, last: Hand | None
) -> NextHand:
    """The next hand of ``game`` (docs/formats.md, "What a hand record holds"), scored from where
    the game stands (the seats' totals, the last hand's dealer: ``continue_game``), so
    its cost does not grow with the game; edits and undo rescore the whole
    game (``cache_scores``). GameOver once the game has ended; HandError for a
    hand the engine refuses. ``last``: the game's last hand, read under the lock."""
    if game.is_finished:
        raise GameOver()
    if game.next_dealer is not None and hand.dealer is None:
        hand = replace(hand, dealer=game.next_dealer)
    setup = game.setup
    number, dealer = game.in_turn(last)
    errors = check_hand(setup, hand, dealer=dealer)
    if errors:
        raise HandError(errors)
    seats = game.seat_list()
    round_hands = 0
    if game.round_hands is not None:
        # A night's round counts its hands without its misdeals (docs/rules.md, Euchre night 3).
        round_hands = number - 1 - game.hands.filter(thrown_in=True).count()
    state = GameState(
        number=number - 1,
        round_hands=round_hands,
        dealer=dealer,
        totals=tuple(seat.total for seat in seats),
        played_on=game.played_on,
    )
    scored, after = continue_game(setup, state, hand, round_rules=game.round_rules)
    record = Hand(game_id=game.pk, number=number, token=token)
    record.set_from_engine(hand)
    cache_hand(record, scored)
    finished = after.ended_after is not None
    changed_seats = []
    for seat in seats:
        new = {
            "total": after.totals[seat.position],
            **seat_results(game, seat, finished, after.winners),
            **{figure: getattr(seat, figure) + 1 for figure in hand_figures(record, seat.position)},
        }
        changed = {name: value for name, value in new.items() if getattr(seat, name) != value}
        if changed:
            changed_seats.append((seat, changed))
    fields = game_fields(
        game,
        finished=finished,
        hands_played=after.number if after.ended_after is None else after.ended_after,
        played_on=after.played_on,
    )
    return NextHand(
        record=record,
        line=HandChange(
            game_id=game.pk,
            hand_number=number,
            kind=HandChange.Kind.RECORDED,
            summary=record.summary(setup),
        ),
        ended_call=game.current_hand,
        seats=changed_seats,
        pairs=_pair_updates(record, seats),
        fields={**fields, "next_dealer": None},  # a dealer noted was this hand's
        used=None
        if token is None
        else UsedToken(
            game_id=game.pk,
            token=token,
            kind=UsedToken.Kind.RECORDED,
            hand_number=number,
            content=content_of(hand),
        ),
    )


def _add_pair_figures(pairs: list[PairUpdate]) -> None:
    """Add one to each pair's figures (``_pair_updates``), in one query."""
    if not pairs:
        return
    where: dict[str, list[Q]] = {}
    for me, others, figures in pairs:
        for figure in figures:
            where.setdefault(figure, []).append(Q(seat_id=me, other_id__in=others))
    SeatPair.objects.filter(seat_id__in={me for me, _, _ in pairs}).update(
        **{
            figure: F(figure) + Case(When(reduce(or_, found), then=Value(1)), default=Value(0))
            for figure, found in where.items()
        }
    )


def _pair_updates(record: Hand, seats: list[Seat]) -> list[PairUpdate]:
    """What ``record`` adds to the pairs of seats it counts for
    (``hand_pair_figures``): for each seat on the maker's side, its pairs
    grouped by the figures they add one to. None for a hand that counts for
    none (thrown in)."""
    figures: dict[tuple[int, int], list[str]] = {}
    for me, other, figure in hand_pair_figures(record, len(seats)):
        figures.setdefault((seats[me].pk, seats[other].pk), []).append(figure)
    grouped: dict[tuple[int, tuple[str, ...]], list[int]] = {}
    for (me, other), names in figures.items():
        grouped.setdefault((me, tuple(names)), []).append(other)
    return [(me, others, names) for (me, names), others in grouped.items()]
