"""How every change of a game is stored (``Game`` inherits ``GameChanges``):
``_changing`` locks the game's row, checks the version the scorer saw,
changes and bumps it; ``_as_read`` stores a change worked out before the lock
while the game is still as read, so the lock is held for the writes alone.

After a change the game in memory is the game as stored: its fields, seats,
hand in progress and last hands (``_take_on``, ``knows_hand_added``,
``knows_current_hand``), so the screen drawn after it reads nothing again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, cast

from django.db import transaction

from referee.engine.hands import HandError
from scorekeeper.models.hand_changes import CACHED_GAME_FIELDS, GameOver, StaleGame
from scorekeeper.models.next_hand import Change, count_results_if_ended, store_as_read

if TYPE_CHECKING:
    from scorekeeper.models.games import Game
    from scorekeeper.models.hands import Hand, HandInProgress

# How many of the last hands a game reads at once: the table screen lists as
# many (``scorekeeper.screens.RECENT_HANDS``), and a hand recorded reads them
# for its number and dealer, so the table drawn after it reads none.
RECENT_HANDS = 5


class GameChanges:
    """The change machinery of ``Game``, and what a game knows in memory.
    Only ``Game`` inherits it (``_game`` says so to the type checker)."""

    # The last hands read, newest first, and whether they are all the game's
    # (``recent_hands``); kept up to date by ``record_hand``.
    _recent: tuple[list[Hand], bool] | None = None

    def _game(self) -> Game:
        return cast("Game", self)

    def recent_hands(self, limit: int = RECENT_HANDS) -> list[Hand]:
        """The last ``limit`` hands, newest first: one query, whatever the game's
        length, and none once read (or after a hand was recorded on this game)."""
        if self._recent is not None:
            hands, every_hand = self._recent
            if limit <= len(hands) or every_hand:
                return hands[:limit]
        hands = list(self._game().hands.order_by("-number")[:limit])
        self._recent = (hands, len(hands) < limit)
        return hands

    def knows_hand_added(self, record: Hand) -> None:
        """``record`` was just stored: the newest of the last hands."""
        if self._recent is not None:
            hands, every_hand = self._recent
            self._recent = ([record, *hands], every_hand)

    def forget_recent_hands(self) -> None:
        """The hands changed otherwise (an undo, an edit): read them again when asked."""
        self._recent = None

    def knows_current_hand(self, call: HandInProgress | None) -> None:
        """The hand in progress is now ``call`` (None: none), as ``for_table``
        selects it: ``current_hand`` asks nothing."""
        game = self._game()
        type(game).in_progress.related.set_cached_value(game, call)

    @contextmanager
    def _changing(
        self, version: int | None, *fields: str, repeat: Callable[[Game], bool] | None = None
    ) -> Iterator[Game | None]:
        """One change to the game: lock its row for a transaction, check the
        version the scorer saw (StaleGame), yield the locked game to change,
        then save it with a new version (``fields``: the game's own fields the
        change sets). ``repeat`` says, under the lock, whether there is nothing
        to change (a double tap: the change is already stored): then None is
        yielded and nothing is checked or saved. It may refuse the change by
        raising. A body that raises stores nothing (the transaction rolls back).
        Afterwards this game is the game as stored (``_take_on``)."""
        me = self._game()
        games = type(me).objects
        with transaction.atomic():
            locked = games.select_for_update().filter(pk=me.pk)
            if locked.values_list("version", flat=True).get() == me.version and _has_seats(me):
                # Nothing changed since this game was read (every change bumps
                # the version): it is the game to change, seats and all.
                game = me
            else:
                # With its seats and players (what ``game.table`` reads) and the
                # hand in progress: the change costs no query to learn them.
                game = games.for_table().get(pk=me.pk)
            if repeat is not None and repeat(game):
                yield None
            else:
                if version is not None and game.version != version:
                    raise StaleGame("the game changed on another phone")
                was_finished = game.is_finished
                yield game
                game.version += 1
                game.save(
                    update_fields=[
                        "version",
                        "updated_at",
                        "finished_at",
                        *CACHED_GAME_FIELDS,
                        *fields,
                    ]
                )
                count_results_if_ended(
                    game, was_finished=was_finished, is_finished=game.is_finished
                )
        self._take_on(game)

    def _take_on(self, game: Game) -> None:
        """Become ``game``, this game read again under the lock: its fields,
        seats, hand in progress and last hands, as a fresh read would give them."""
        if game is not self:
            vars(self).clear()
            vars(self).update(vars(game))

    def _as_read[C: Change](
        self,
        version: int | None,
        plan: Callable[[Game], C],
        *,
        repeat: Callable[[Game], bool] | None = None,
    ) -> C | None:
        """A change worked out by ``plan`` from this game as read, with no lock
        held, and stored if the game is still as read (``store_as_read``).
        None when nothing was stored: the game was not read whole at the
        version the scorer saw, or ``repeat`` says the change may be stored
        already, or ``plan`` refused it, or the game moved on meanwhile;
        ``_changing`` then decides under the lock, in its order: a repeat, a
        stale screen, a refusal."""
        me = self._game()
        if version not in (None, me.version) or not _has_seats(me):
            return None
        if repeat is not None and repeat(me):
            return None
        try:
            change = plan(me)
        except (GameOver, HandError):
            return None
        return change if store_as_read(me, change) else None


def _has_seats(game: Game) -> bool:
    """Whether ``game`` was read with its seats and players (``for_table``)."""
    return "seats" in getattr(game, "_prefetched_objects_cache", {})
