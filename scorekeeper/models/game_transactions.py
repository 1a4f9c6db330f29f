"""How every change of a game is stored (``Game`` inherits ``GameTransactions``):
``_changing`` locks the game's row and reads the game afresh, checks the
version the scorer saw, changes it and bumps the version. It is the one way a
game changes; afterwards the game in memory is read again as stored."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Self

from django.db import transaction
from django.db.models import prefetch_related_objects

from scorekeeper.models.game_base import GameBase
from scorekeeper.models.game_hands import CACHED_GAME_FIELDS, StaleGame
from scorekeeper.models.game_querysets import seats_with_players
from scorekeeper.models.hand_plans import count_results_if_ended, plan_next_hand, store_locked
from scorekeeper.models.used_tokens import HandTaken, answer_without_storing

if TYPE_CHECKING:
    from referee.engine.hands import Hand as EngineHand
    from scorekeeper.models.hands import Hand


class GameTransactions(GameBase):
    """The change machinery of ``Game`` (an abstract model: ``Game`` is the one
    that inherits it)."""

    class Meta(GameBase.Meta):
        abstract = True

    def read_again(self) -> None:
        """This game as stored now: its fields with its private table and
        night, and its seats with their players; anything else is read when
        asked (the hand in progress, the hands)."""
        self.refresh_from_db(
            from_queryset=type(self)._default_manager.select_related(
                "private_table", "night_round__night"
            )
        )
        prefetch_related_objects([self], seats_with_players())

    def _take_hand(
        self,
        token: uuid.UUID | None,
        hand: EngineHand,
        after: int | None,
        *,
        careful: bool,
    ) -> HandTaken:
        """``Game.take_hand``'s change: ``careful``, the token is read before
        anything (else its insert tells, failing, that it was used)."""
        answer: list[HandTaken] = []
        seen: list[Hand | None] = []

        def answered(game: Self) -> bool:
            seen.extend(game.recent_hands(1) or [None])
            found = answer_without_storing(
                game, token=token, hand=hand, after=after, last=seen[0], careful=careful
            )
            answer.extend([found] if found is not None else [])
            return found is not None

        # Under the lock: a retry racing the first request waits for it. Not read
        # again: ``hand_enter`` reads it only to draw it (``read_again``).
        with self._changing(None, "next_dealer", repeat=answered, read_again=False) as game:
            if game is not None:
                new = store_locked(game, plan_next_hand(game, token, hand, last=seen[0]))
                if new.ended_call is not None:
                    game.in_progress = None  # ended and deleted: not the call in play any more
                number = new.record.number
                answer.append(HandTaken(number, hands=number, again=False, record=new.record))
        return answer[0]

    @contextmanager
    def _changing(
        self,
        version: int | None,
        *fields: str,
        repeat: Callable[[Self], bool] | None = None,
        read_again: bool = True,
    ) -> Iterator[Self | None]:
        """One change to the game: in a transaction, lock its row and read this
        game afresh (its fields, seats and players), check the version the
        scorer saw (StaleGame), yield it to change, then save it with a new
        version (``fields``: the game's own fields the change sets). ``repeat``
        says, under the lock, whether there is nothing to change (a double
        tap: the change is already stored): then None is yielded and nothing
        is checked or saved. It may refuse the change by raising. A body that
        raises stores nothing (the transaction rolls back). Afterwards this
        game is read again as stored (``read_again``), unless the caller does
        not draw it (the game's own fields and seats are then as stored; the
        call ended, if any, may still be cached)."""
        seen = self.version
        with transaction.atomic():
            # The row locked and its fields read: what was read with them (the
            # seats, the call in play) stands while the version shows no change.
            own = [field.attname for field in self._meta.concrete_fields]
            self.refresh_from_db(
                fields=own, from_queryset=type(self)._default_manager.select_for_update()
            )
            if self.version != seen:
                self.refresh_from_db()
            prefetch_related_objects([self], seats_with_players())
            if repeat is not None and repeat(self):
                yield None
            else:
                if version is not None and self.version != version:
                    raise StaleGame("the game changed on another phone")
                was_finished = self.is_finished
                yield self
                self.version += 1
                self.save(
                    update_fields=[
                        "version",
                        "updated_at",
                        "finished_at",
                        *CACHED_GAME_FIELDS,
                        *fields,
                    ]
                )
                count_results_if_ended(
                    self, was_finished=was_finished, is_finished=self.is_finished
                )
        if read_again:
            self.read_again()
