"""Games: the variant, house rules and seats, and every change the table makes.

The rules engine (``referee.engine``) scores; a game keeps what the table
recorded and owns every change to it (``Game.start_hand``,
``Game.reveal_partner``, ``Game.record_hand``, ``Game.undo_last_hand``,
``Game.redo_hand``, ``Game.edit_hand`` ...). Each change runs through ``Game._changing``: one
transaction with the game row locked and read afresh, the version the scorer
saw checked (so two phones cannot both record the same hand), then the change,
its cached totals, and the version bumped. After a change the game in memory
is read again as stored.

Every change is a method here; a long body is a helper in a module named by
what it holds, importing this one only for type hints (no circle:
tests/test_model_imports.py): ``game_transactions`` (the transaction a change runs in),
``hand_plans`` (the next hand: a call, a reveal, the hand recorded),
``game_hands`` (an earlier hand edited, an import's hands, the scores cached,
and the refusals: ``StaleGame``, ``GameOver`` ...), ``used_tokens`` (a hand
recorded once however often sent), ``new_games`` (a game started, a rematch),
``game_documents`` (a game document imported) and ``game_querysets``
(``Game.objects``). A euchre night's tables are games of its rounds
(``night_rounds``); the nights read the games, never the other way.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import date, timedelta
from typing import TYPE_CHECKING

from django.db import IntegrityError, models
from django.utils import timezone

from referee.engine.document import GameDocument
from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import HandError, Table
from referee.engine.totals import GameScore, RoundRules, score_game
from referee.engine.variants import Deal, HouseRules, RenegeRule, TieRule, Variant
from scorekeeper.models.game_documents import import_game
from scorekeeper.models.game_hands import (
    GameOver,
    HandAlreadyThere,
    StaleGame,
    cache_scores,
    out_of_turn_dealer,
    store_edit,
)
from scorekeeper.models.game_querysets import NIGHT_STARTS, GameQuerySet
from scorekeeper.models.game_transactions import GameTransactions
from scorekeeper.models.hand_plans import plan_call, plan_reveal, store_locked
from scorekeeper.models.hands import Hand, HandChange, HandInProgress
from scorekeeper.models.new_games import rematch_game, start_game
from scorekeeper.models.private_tables import PrivateTable, new_watch_token
from scorekeeper.models.seats import Seat
from scorekeeper.models.used_tokens import (
    HandTaken,
    UsedToken,
    content_of,
    edit_already_stored,
    remember,
)

if TYPE_CHECKING:
    from scorekeeper.models.night_rounds import NightRound


class Game(GameTransactions, models.Model):
    """One game: its variant, house rules, seats and hands."""

    variant = models.CharField(
        max_length=20, choices=[(v.value, v.label) for v in Variant], default=Variant.CALL_ACE
    )
    target = models.PositiveSmallIntegerField(default=10)
    stick_the_dealer = models.BooleanField(default=True)
    no_trump = models.BooleanField(default=False)
    # The dealer's partner who orders up goes alone (docs/rules.md, Standard 3).
    canadian_loner = models.BooleanField(default=False)
    deal = models.CharField(
        max_length=10, choices=[(d.value, d.value) for d in Deal], default=Deal.STANDARD
    )
    renege_rule = models.CharField(
        max_length=20,
        choices=[(r.value, r.value) for r in RenegeRule],
        default=RenegeRule.MARCH_OR_EUCHRE,
    )
    tie_rule = models.CharField(
        max_length=10, choices=[(t.value, t.value) for t in TieRule], default=TieRule.SHARE
    )
    first_dealer = models.PositiveSmallIntegerField(default=0)
    # A deal out of turn for the hand about to be played (None: the rotation's
    # dealer deals). Recorded with that hand; the rotation continues from it.
    next_dealer = models.PositiveSmallIntegerField(null=True, blank=True)
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    # Bumped by every change, so a form posted from a stale screen is caught.
    version = models.PositiveIntegerField(default=0)
    # The new-game form's token: a double tap or a retried request starts one game.
    token = models.UUIDField(null=True, blank=True, unique=True, editable=False)
    # The game's lasting identity, the game document's ``id``
    # (docs/formats.md, "Game document (import and export)"): it never changes, so re-importing a
    # game already stored is caught.
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    # When the game started (the game document's ``started_at``): its game night.
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Cached by every change (``cache_scores``, ``plan_next_hand``): the hands
    # that count (not after the end), for the lists, and whether a level top
    # has been played on (docs/rules.md, Call-Ace 6), so the next hand is scored from the
    # seats' totals without the hands before it.
    hands_played = models.PositiveIntegerField(default=0)
    played_on = models.BooleanField(default=False)

    # The private table whose phones see and change this game; the watch link
    # (/w/<watch_token>/) shows it to anyone who has it, read-only.
    private_table = models.ForeignKey(
        "scorekeeper.PrivateTable", on_delete=models.CASCADE, related_name="games"
    )
    watch_token = models.CharField(
        max_length=64, unique=True, default=new_watch_token, editable=False
    )
    # A table of a euchre night's round (docs/rules.md, Euchre night 3): it ends after
    # ``round_hands`` hands, not at the target, and nobody wins it.
    night_round = models.ForeignKey(
        "scorekeeper.NightRound",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
    )
    night_table = models.PositiveSmallIntegerField(null=True, blank=True)
    round_hands = models.PositiveSmallIntegerField(null=True, blank=True)
    lone_march_five = models.BooleanField(default=False)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        # The lists read a table's newest games first (``for_history``) from this
        # index, in its order: a page of 30 costs the same with 2,000 games.
        indexes = [
            models.Index(fields=["private_table", "created_at", "id"], name="game_table_created")
        ]

    def __str__(self) -> str:
        return f"{self.get_variant_display()} #{self.pk}"

    # --- the engine's view of this game ---------------------------------------------

    @property
    def variant_enum(self) -> Variant:
        return Variant(self.variant)

    @property
    def house_rules(self) -> HouseRules:
        return HouseRules(
            target=self.target,
            stick_the_dealer=self.stick_the_dealer,
            no_trump=self.no_trump,
            canadian_loner=self.canadian_loner,
            deal=Deal(self.deal),
            renege=RenegeRule(self.renege_rule),
            ties=TieRule(self.tie_rule),
        )

    @property
    def round_rules(self) -> RoundRules | None:
        """How a euchre night's table ends and scores (docs/rules.md, Euchre night 3); None for a
        game."""
        if self.round_hands is None:
            return None
        return RoundRules(hands=self.round_hands, lone_march_five=self.lone_march_five)

    @property
    def is_night_table(self) -> bool:
        return self.night_round_id is not None

    def seat_list(self) -> list[Seat]:
        """Seats in clockwise order (uses prefetched seats when present)."""
        return sorted(self.seats.all(), key=lambda s: s.position)

    @property
    def table(self) -> Table:
        return Table(
            variant=self.variant_enum,
            players=tuple(s.player.name for s in self.seat_list()),
            rules=self.house_rules,
        )

    def hand_list(self) -> list[Hand]:
        return sorted(self.hands.all(), key=lambda h: h.number)

    def score(self, hands: Sequence[Hand] | None = None) -> GameScore:
        """Score every recorded hand with the rules engine; ``hands``: the game's
        records a caller already read, in order (else they are read)."""
        records = self.hand_list() if hands is None else hands
        return score_game(
            self.table,
            first_dealer=self.first_dealer,
            hands=[h.to_engine() for h in records],
            round_rules=self.round_rules,
        )

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    @property
    def current_hand(self) -> HandInProgress | None:
        """The hand being played, if trump has been made (``for_table`` selects it)."""
        try:
            return self.in_progress
        except HandInProgress.DoesNotExist:
            return None

    def upcoming(self, last: Hand | None) -> tuple[int, int]:
        """The next hand's number and dealer, given the last recorded hand (with
        its cached dealer): the deal passes to the left after every hand,
        thrown-in ones included (docs/rules.md, Call-Ace 1), unless the scorer noted that
        someone else is dealing this one (a deal out of turn)."""
        number, dealer = self.in_turn(last)
        return number, dealer if self.next_dealer is None else self.next_dealer

    def in_turn(self, last: Hand | None) -> tuple[int, int]:
        """The next hand's number and the dealer the rotation gives it."""
        if last is None:
            return 1, self.first_dealer
        return last.number + 1, (last.dealer + 1) % len(self.seat_list())

    def winner_seats(self) -> list[Seat]:
        """The winners' seats, from the cached ``Seat.won`` (prefetched seats
        cost no query); empty while the game is on."""
        return [seat for seat in self.seat_list() if seat.won]

    def win_is_shared(self) -> bool:
        """Players level on the top total shared the win (docs/rules.md, Call-Ace 6); a
        standard team's two players win together, which is not a shared win."""
        return self.variant != Variant.STANDARD and len(self.winner_seats()) > 1

    @property
    def game_night(self) -> date:
        """The game night a game belongs to: games started before 6 a.m. count
        for the evening before."""
        return (timezone.localtime(self.created_at) - timedelta(hours=NIGHT_STARTS.hour)).date()

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

    def to_document(self) -> GameDocument:
        """This game as a game document (docs/formats.md, "Game document (import and export)"),
        ready for ``referee.engine.document.write_document``."""
        return GameDocument(
            table=self.table,
            first_dealer=self.first_dealer,
            hands=tuple(hand.to_engine() for hand in self.hand_list()),
            id=self.uid,
            started_at=timezone.localtime(self.created_at),
            finished_at=timezone.localtime(self.finished_at) if self.finished_at else None,
            round_rules=self.round_rules,
        )

    def rematch(self) -> Game:
        """The same players and rules, with the deal passed on to the left.
        A game has one rematch: asking again (a double tap) returns it. A euchre
        night's table has none (RematchRefused): the night seats its next round
        (docs/rules.md, Euchre night)."""
        return rematch_game(self)

    # --- changing ------------------------------------------------------------------------

    def start_hand(
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

    def reveal_partner(self, *, version: int | None, partner: int, trick: int | None) -> None:
        """The called card was played: record who holds it (and on which trick).
        Sent twice (a double tap), the same reveal is kept once."""

        def same_reveal(game: Game) -> bool:
            current = game.current_hand
            return current is not None and (current.partner, current.revealed_on_trick) == (
                partner,
                trick,
            )

        with self._changing(version, repeat=same_reveal) as game:
            if game is None:
                return
            revealed = plan_reveal(game, partner=partner, trick=trick)
            revealed.save(update_fields=["partner", "revealed_on_trick"])

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
        self,
        *,
        version: int | None,
        token: uuid.UUID | None,
        hand: EngineHand,
        after: int | None = None,
    ) -> Hand:
        """Record the next hand (``take_hand``) and return it as it stands."""
        taken = self.take_hand(version=version, token=token, hand=hand, after=after)
        self.read_again()
        return taken.record or self.hands.get(number=taken.number)

    def take_hand(
        self,
        *,
        token: uuid.UUID | None,
        hand: EngineHand,
        after: int | None,
        version: int | None = None,
    ) -> HandTaken:
        """Record a hand as hand ``after + 1`` (the hands its phone saw), once for
        good (docs/formats.md, "Recording a hand, once"; ``answer_without_storing``
        answers a token used, a hand standing there, hands taken back). Without
        ``after`` it is the next hand, and ``version``, if given, must be the game's.
        A new token is not looked up first: its insert fails if it was used
        (docs/decisions.md, D59), and then, as on any refusal, the token is read."""
        if token is not None:
            try:
                return self._take_hand(token, hand, after, version, careful=False)
            except (IntegrityError, HandAlreadyThere, StaleGame, GameOver, HandError):
                self.read_again()  # nothing stored: the token says what to answer
        return self._take_hand(token, hand, after, version, careful=True)

    def undo_last_hand(self, *, version: int | None) -> int | None:
        """Take back the last hand; returns its number (None when there is none)."""

        def nothing_to_undo(game: Game) -> bool:
            return not game.hands.exists()

        with self._changing(version, "next_dealer", repeat=nothing_to_undo) as game:
            if game is None:
                return None
            last = game.hands.order_by("-number").first()
            assert last is not None
            table = game.table
            HandChange.objects.create(
                game=game,
                hand_number=last.number,
                kind=HandChange.Kind.UNDONE,
                summary=last.summary(table),
                changes=HandChange.taken_back(last, table),
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
        hand = undone.undone_hand(self.table)
        if self.current_hand is not None and not self.hands.filter(token=token).exists():
            # Recording the hand would end the call in play on the other phones.
            raise StaleGame("a call is in play")
        return self.record_hand(version=None, token=token, hand=hand, after=undone.hand_number - 1)

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
