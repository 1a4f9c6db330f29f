"""The next hand, as a table plays it all evening: trump made (``plan_call``),
then the hand recorded (``plan_next_hand``). Each is worked out from the game
as the request read it, with no lock held, and stored by ``store_as_read`` if
the game is still as read: the write lock is held for the writes alone. When
the game moved on meanwhile, ``Game._changing`` reads it again under the lock
and works the change out there (``store_locked``)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from referee.engine.checking import check_hand
from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import HandError
from referee.engine.scoring import GameState, continue_game
from scorekeeper.models.hand_changes import GameOver, cache_hand, game_fields, seat_results
from scorekeeper.models.hands import Hand, HandChange, HandInProgress
from scorekeeper.models.players import Player
from scorekeeper.models.records import hand_figures, hand_pair_figures
from scorekeeper.models.seats import Seat, SeatPair
from scorekeeper.models.sql import column, marks, table

if TYPE_CHECKING:
    from scorekeeper.models.games import Game


class Change(Protocol):
    """A change worked out from a game before it is stored."""

    # The game's own fields it sets, saved with the game's new version.
    fields: dict[str, Any]

    def write(self) -> None:
        """Store all but the game's fields (in the transaction that bumps its version)."""

    def done(self, game: Game) -> None:
        """Tell ``game``, in memory, what else changed once it is stored."""


def store_as_read(game: Game, change: Change) -> bool:
    """Store ``change``, worked out from ``game`` as it was read, if the game
    is still as read: in one transaction whose first statement saves the
    game's new version and fields only while its version is the one read
    (every change bumps it, so nothing the change was worked out from has
    changed). False: nothing was stored, and the game must be read again
    under the lock (``Game._changing``): it moved on, or a row the change
    adds is there already (a hand's token: a retry, ``hand_unique_token``)."""
    fields = {"version": game.version + 1, "updated_at": timezone.now(), **change.fields}
    as_read = type(game).objects.filter(pk=game.pk, version=game.version)
    was_finished = game.is_finished
    is_finished = fields["finished_at"] is not None if "finished_at" in fields else was_finished
    try:
        with transaction.atomic():
            if not as_read.update(**fields):
                return False
            change.write()
            count_results_if_ended(game, was_finished=was_finished, is_finished=is_finished)
    except IntegrityError:
        return False
    for name, value in fields.items():
        setattr(game, name, value)
    change.done(game)
    return True


def count_results_if_ended(game: Game, *, was_finished: bool, is_finished: bool) -> None:
    """A change that reached, changed or took back the game's end changes its
    players' results (``Player.results_*``): they are counted afresh. A game
    in play has no winner, so no other change can."""
    if was_finished or is_finished:
        Player.objects.filter(seats__game=game).recount_results()


def store_locked[C: Change](game: Game, change: C) -> C:
    """Store ``change``, worked out under the lock from the locked ``game``;
    ``Game._changing`` then saves the game's fields and new version."""
    change.write()
    for name, value in change.fields.items():
        setattr(game, name, value)
    change.done(game)
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

    def done(self, game: Game) -> None:
        game.knows_current_hand(self.call)


def plan_call(game: Game, call: dict[str, Any]) -> NewCall:
    """Trump made in ``game`` (``Game.start_hand``): GameOver once the game
    has ended, HandError for a call the engine refuses."""
    if game.is_finished:
        raise GameOver()
    replaced = game.current_hand
    new = HandInProgress.in_game(game, **call)
    errors = new.problems()
    if errors:
        raise HandError(errors)
    return NewCall(call=new, replaced=replaced)


# An SQL statement and its parameters, built before the lock is taken.
Statement = tuple[str, list[Any]]


@dataclass
class NextHand:
    """The next hand with its line in the change log, what it changes of the
    seats (and the statement that writes it) and of their pairs, and the
    game's fields after it."""

    record: Hand
    line: HandChange
    ended_call: HandInProgress | None
    seats: list[tuple[Seat, dict[str, Any]]]
    updates: list[Statement]
    fields: dict[str, Any]

    def write(self) -> None:
        self.record.save()
        if self.ended_call is not None:
            self.ended_call.delete()
        self.line.save()
        with connection.cursor() as cursor:
            for sql, params in self.updates:
                cursor.execute(sql, params)
        for seat, values in self.seats:
            for name, value in values.items():
                setattr(seat, name, value)

    def done(self, game: Game) -> None:
        game.knows_current_hand(None)
        game.knows_hand_added(self.record)


def plan_next_hand(game: Game, token: uuid.UUID | None, hand: EngineHand) -> NextHand:
    """The next hand of ``game`` (rules.md 6), scored from where the game
    stands (the seats' totals, the last hand's dealer: ``continue_game``), so
    its cost does not grow with the game; edits and undo rescore the whole
    game (``cache_scores``). GameOver once the game has ended; HandError for a
    hand the engine refuses."""
    if game.is_finished:
        raise GameOver()
    if game.next_dealer is not None and hand.dealer is None:
        hand = replace(hand, dealer=game.next_dealer)
    table = game.table
    errors = check_hand(table, hand)
    if errors:
        raise HandError(errors)
    # The last few hands, not only the last: the table drawn after it lists them.
    before = game.recent_hands()
    number, dealer = game.in_turn(before[0] if before else None)
    seats = game.seat_list()
    state = GameState(
        number=number - 1,
        dealer=dealer,
        totals=tuple(seat.total for seat in seats),
        played_on=game.played_on,
    )
    scored, after = continue_game(table, state, hand, round_rules=game.round_rules)
    record = Hand(game=game, number=number, token=token)
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
    updates = [_seats_update(changed_seats), _pairs_update(record, seats)]
    return NextHand(
        record=record,
        line=HandChange(
            game=game,
            hand_number=number,
            kind=HandChange.Kind.RECORDED,
            summary=record.summary(table),
        ),
        ended_call=game.current_hand,
        seats=changed_seats,
        updates=[update for update in updates if update is not None],
        fields={**fields, "next_dealer": None},  # a dealer noted was this hand's
    )


# The seats' and pairs' figures are written by statements built here, not by
# ``bulk_update`` or an ``update`` of CASE expressions: the ORM took several
# milliseconds to build those, with the write lock held (a tenth of that here).


def _seats_update(changes: list[tuple[Seat, dict[str, Any]]]) -> Statement | None:
    """One UPDATE writing the fields each seat changes (``changes``); None
    when none changes."""
    if not changes:
        return None
    key = column(Seat, "id")
    sets, params = [], []
    for name in sorted({name for _, values in changes for name in values}):
        field = column(Seat, name)
        new = [(seat.pk, values[name]) for seat, values in changes if name in values]
        cases = " ".join(["WHEN %s THEN %s"] * len(new))
        sets.append(f"{field} = CASE {key} {cases} ELSE {field} END")
        params += [value for pair in new for value in pair]
    pks = [seat.pk for seat, _ in changes]
    sql = f"UPDATE {table(Seat)} SET {', '.join(sets)} WHERE {key} IN ({marks(pks)})"
    return sql, [*params, *pks]


def _pairs_update(record: Hand, seats: list[Seat]) -> Statement | None:
    """One UPDATE adding ``record`` to the pairs of seats it counts for
    (``hand_pair_figures``): the pairs of the seats on the maker's side. None
    for a hand that counts for none (thrown in)."""
    others: dict[str, dict[int, list[int]]] = {}
    for me, other, figure in hand_pair_figures(record, len(seats)):
        others.setdefault(figure, {}).setdefault(seats[me].pk, []).append(seats[other].pk)
    if not others:
        return None
    seat, other_seat = column(SeatPair, "seat"), column(SeatPair, "other")
    sets, params = [], []
    for figure, by_seat in others.items():
        field = column(SeatPair, figure)
        pairs = " OR ".join(
            f"({seat} = %s AND {other_seat} IN ({marks(pks)}))" for pks in by_seat.values()
        )
        sets.append(f"{field} = {field} + CASE WHEN {pairs} THEN 1 ELSE 0 END")
        for me, pks in by_seat.items():
            params += [me, *pks]
    side = sorted({me for by_seat in others.values() for me in by_seat})
    sql = f"UPDATE {table(SeatPair)} SET {', '.join(sets)} WHERE {seat} IN ({marks(side)})"
    return sql, [*params, *side]
