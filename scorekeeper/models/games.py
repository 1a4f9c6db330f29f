"""Games: a game as the table keeps it, and every change the table makes to it.

``Game`` is read here, method by method; where each part lives:

- its columns (variant, house rules, first dealer, version, the figures every
  change caches) and what they read as, changing nothing (``table``, ``score``,
  ``upcoming``, ``current_hand``, ``to_document`` ...): ``GameBase``, the
  abstract model in ``game_base``;
- the one way it changes (``_changing``: one transaction with the game row locked
  and read afresh, the version the scorer saw checked, so two phones cannot both
  record the same hand; then the change, its cached totals, the version bumped,
  and the game in memory read again as stored), ``read_again`` and the body of
  ``take_hand``: ``GameTransactions``, the abstract model in ``game_transactions``;
- ``Game.objects`` (the table's, the lists', a watch link's games):
  ``game_querysets``;
- the bodies of its long changes, each a helper named by what it holds: ``new_games``
  (a game started, a rematch), ``game_documents`` (a game document imported),
  ``hand_plans`` (the next hand: a call, the hand recorded),
  ``game_hands`` (an earlier hand edited, a deal out of turn, an import's hands,
  the scores cached, and the refusals: ``StaleGame``, ``GameOver`` ...) and
  ``used_tokens`` (a hand recorded once however often sent).

The changes themselves are the methods below (``Game.start``, ``Game.save_call``,
``Game.record_hand``, ``Game.undo_last_hand``, ``Game.redo_hand``,
``Game.edit_hand`` ...). The helpers name ``GameBase``, below
them, never ``Game``: the models import one another in no circle, type hints
included (tests/test_model_imports.py). A euchre night's tables are games of its
rounds (``night_rounds``); the nights read the games, never the other way.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.db import IntegrityError

from referee.engine.document import GameDocument
from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import HandError
from referee.engine.totals import GameScore, RoundRules
from referee.engine.variants import HouseRules, Variant
from scorekeeper.models.game_documents import import_game
from scorekeeper.models.game_hands import (
    GameOver,
    HandAlreadyThere,
    StaleGame,
    cache_scores,
    out_of_turn_dealer,
    store_edit,
)
from scorekeeper.models.game_querysets import GameQuerySet
from scorekeeper.models.game_transactions import GameTransactions
from scorekeeper.models.hand_plans import plan_call, store_locked
from scorekeeper.models.hands import Hand, HandChange, HandInProgress
from scorekeeper.models.new_games import rematch_game, start_game
from scorekeeper.models.used_tokens import (
    HandTaken,
    UsedToken,
    content_of,
    edit_already_stored,
    remember,
)

if TYPE_CHECKING:
    from scorekeeper.models.night_rounds import NightRound
    from scorekeeper.models.private_tables import PrivateTable


class Game(GameTransactions):
    """One game: its variant, house rules, seats and hands (``GameBase``), and
    every change the table makes to it."""

    objects = GameQuerySet.as_manager()

    # --- creating ----------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        *,
        variant: Variant,
        players: Sequence[str],
        first_dealer: int | None,
        rules: HouseRules,
        private_table: PrivateTable,
        rematch_of: Game | None = None,
        token: uuid.UUID | None = None,
        night_round: NightRound | None = None,
        night_table: int | None = None,
        round_rules: RoundRules | None = None,
    ) -> Game:
        """Create a game of ``private_table`` with its seats in clockwise order
        (its players are that table's); the engine checks their number. A night's
        table (``EuchreNight.seat_next_round``) names its round, table and round's
        end. ``first_dealer`` None draws the first dealer. A retry with the same
        ``token`` returns the game it already started, even at the same moment
        (never an error, never two games); the same token with another game
        asked for raises AlreadyStarted and stores nothing."""
        return start_game(
            cls,
            variant=variant,
            players=players,
            first_dealer=first_dealer,
            rules=rules,
            private_table=private_table,
            rematch_of=rematch_of,
            token=token,
            night_round=night_round,
            night_table=night_table,
            round_rules=round_rules,
        )

    @classmethod
    def from_document(
        cls, document: GameDocument, *, private_table: PrivateTable, copy: bool = False
    ) -> Game:
        """Create a game of ``private_table`` and all its hands from an imported
        game document (docs/formats.md, "Game document (import and export)"). The engine scores the
        whole document first, with no lock held; then one short transaction stores the game, its
        seats and every hand with its figures already cached, so the import costs the
        other tables milliseconds, however long the game.

        The document's ``id``, ``started_at`` and ``finished_at`` are kept, so
        the game lands on its own night. A document whose ``id`` is stored
        raises GameAlreadyStored and stores nothing, unless ``copy``: then
        the game is stored again under a new id."""
        return import_game(cls, document, private_table=private_table, copy=copy)

    def rematch(self) -> Game:
        """The same players and rules, with the deal passed on to the left.
        A game has one rematch: asking again (a double tap) returns it. A euchre
        night's table has none (RematchRefused): the night seats its next round
        (docs/rules.md, Euchre night)."""
        return rematch_game(self)

    # --- changing ------------------------------------------------------------------------

    def save_call(
        self,
        *,
        version: int | None,
        maker: int,
        trump: str,
        called: str = "",
        alone: bool = False,
        bidding_round: int | None = None,
    ) -> HandInProgress:
        """Trump is made: remember the maker, trump and the call until the hand ends.
        Sent twice (a double tap), the same call is kept once."""
        call = {
            "maker": maker,
            "trump": trump,
            "called": called,
            "alone": alone,
            "bidding_round": bidding_round,
        }

        def same_call(game: Game) -> bool:
            current = game.current_hand
            return current is not None and current.same_call(HandInProgress(**call))

        with self._changing(version, repeat=same_call) as game:
            if game is None:
                return HandInProgress.objects.get(game=self)
            return store_locked(game, plan_call(game, call)).call

    def set_dealer(self, *, version: int | None, dealer: int) -> None:
        """Someone other than the rotation's dealer is dealing the next hand (a
        deal out of turn), or it is back to the rotation's dealer. Sent twice (a
        double tap), the second changes nothing."""

        def noted(game: Game) -> bool:
            if game.is_finished:
                raise GameOver()
            if not 0 <= dealer < len(game.seat_list()):
                raise HandError({"dealer": "tap one of the players"})
            return out_of_turn_dealer(game, dealer) == game.next_dealer

        with self._changing(version, "next_dealer", repeat=noted) as game:
            if game is not None:
                game.next_dealer = out_of_turn_dealer(game, dealer)

    def cancel_hand_in_progress(self, *, version: int | None) -> None:
        """Forget the hand in progress (trump was recorded by mistake); nothing
        to do when none is in progress (a repeated tap)."""

        def none_in_progress(game: Game) -> bool:
            return game.current_hand is None

        with self._changing(version, repeat=none_in_progress) as game:
            if game is not None:
                HandInProgress.objects.filter(game=game).delete()

    def record_hand(
        self, *, token: uuid.UUID | None, hand: EngineHand, after: int | None = None
    ) -> Hand:
        """Record the next hand (``take_hand``) and return it as it stands."""
        taken = self.take_hand(token=token, hand=hand, after=after)
        self.read_again()
        return taken.record or self.hands.get(number=taken.number)

    def take_hand(
        self,
        *,
        token: uuid.UUID | None,
        hand: EngineHand,
        after: int | None,
    ) -> HandTaken:
        """Record a hand as hand ``after + 1`` (the hands its phone saw), once for
        good (docs/formats.md, "Recording a hand, once"; ``answer_without_storing``
        answers a token used, a hand standing there, hands taken back). Without
        ``after`` (an import, a test) it is the next hand.
        A new token is not looked up first: its insert fails if it was used
        (docs/decisions.md, D59), and then, as on any refusal, the token is read."""
        if token is not None:
            try:
                return self._take_hand(token, hand, after, careful=False)
            except (IntegrityError, HandAlreadyThere, StaleGame, GameOver, HandError):
                self.read_again()  # nothing stored: the token says what to answer
        return self._take_hand(token, hand, after, careful=True)

    def undo_last_hand(self, *, version: int | None) -> int | None:
        """Take back the last hand; returns its number (None when there is none)."""

        def nothing_to_undo(game: Game) -> bool:
            return not game.hands.exists()

        with self._changing(version, "next_dealer", repeat=nothing_to_undo) as game:
            if game is None:
                return None
            last = game.hands.order_by("-number").first()
            assert last is not None
            setup = game.setup
            HandChange.objects.create(
                game=game,
                hand_number=last.number,
                kind=HandChange.Kind.UNDONE,
                summary=last.summary(setup),
                changes=HandChange.taken_back(last, setup),
            )
            last.delete()
            # A dealer noted for the hand after the one taken back: back to the rotation.
            game.next_dealer = None
            game.recompute()
        return last.number

    def redo_hand(self, *, undone: HandChange, token: uuid.UUID) -> Hand:
        """Record again the hand an undo took back (``undone``, its line in the
        change log), as the same hand number: once, however often sent with
        ``token`` (``record_hand`` with ``after``). Only while the game holds the
        hands before it and nothing more: HandAlreadyThere when another phone
        recorded that hand meanwhile, StaleGame when hands were taken back or a
        call is in play; HandError when the line keeps no hand to record."""
        hand = undone.undone_hand(self.setup)
        if self.current_hand is not None and not self.hands.filter(token=token).exists():
            # Recording the hand would end the call in play on the other phones.
            raise StaleGame("a call is in play")
        return self.record_hand(token=token, hand=hand, after=undone.hand_number - 1)

    def edit_hand(
        self,
        *,
        version: int | None,
        number: int,
        hand: EngineHand,
        confirm_earlier_end: bool,
        token: uuid.UUID | None = None,
    ) -> Hand:
        """Change an earlier hand; totals and the end of the game are recomputed.

        If the change makes the game end at an earlier hand, EndMovesEarlier is
        raised unless the scorer confirmed; the later hands are then kept and
        marked as played after the end, never deleted. Sent twice (a double
        tap, or its ``token`` again), a stored edit changes nothing
        (``edit_already_stored``: TokenUsed for a token used otherwise)."""
        content = content_of(hand, with_dealer=True)

        def stored(game: Game) -> bool:
            return edit_already_stored(game, token=token, number=number, hand=hand)

        with self._changing(version, repeat=stored) as game:
            if game is not None:
                store_edit(game, number, hand, confirm_earlier_end=confirm_earlier_end)
                remember(game, token, UsedToken.Kind.EDITED, number, content)
        return self.hands.get(number=number)

    def recompute(self) -> GameScore:
        """Score all hands with the engine and cache the results on the hands,
        the seats and the game (what lists and statistics read)."""
        return cache_scores(self)
