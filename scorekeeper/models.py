"""Games, seats, hands and their history.

The rules engine (``referee``) scores; these models keep what the table
recorded and own every change to it: ``Game.start_hand``,
``Game.reveal_partner``, ``Game.record_hand``, ``Game.undo_last_hand`` and
``Game.edit_hand``. Each change runs in one transaction with the game row
locked, checks the version the scorer saw (so two phones cannot both record
the same hand), and recomputes the cached totals from the engine.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db import models, transaction
from django.db.models.functions import Lower
from django.utils import timezone

from referee.engine.cards import Card, Suit, format_trump, parse_card, parse_suit, parse_trump
from referee.engine.checking import check_hand
from referee.engine.describe import describe_hand
from referee.engine.document import GameDocument
from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import HandError, PartnerOutcome, Table
from referee.engine.scoring import (
    EUCHRE_RULES,
    MAKE_RULES,
    MARCH_RULES,
    RENEGE_RULES,
    GameScore,
    score_game,
)
from referee.engine.variants import Deal, HouseRules, RenegeRule, TieRule, Variant


class StaleGame(Exception):
    """The game changed since the scorer last saw it (another phone recorded first)."""


class GameOver(Exception):
    """The game has ended: no more hands can be recorded."""


class EndMovesEarlier(Exception):
    """An edit would end the game at an earlier hand; the scorer must confirm."""

    def __init__(self, ended_after: int, later_hands: int) -> None:
        super().__init__(f"the game would end after hand {ended_after}")
        self.ended_after = ended_after
        self.later_hands = later_hands


class PlayerQuerySet(models.QuerySet["Player"]):
    def named(self, name: str) -> Player | None:
        return self.filter(name__iexact=" ".join(name.split())).first()

    def recent(self, limit: int = 12) -> PlayerQuerySet:
        """The players who sat down most recently, to pick for a new game."""
        return self.annotate(last_played=models.Max("seats__game__created_at")).order_by(
            models.F("last_played").desc(nulls_last=True), "name"
        )[:limit]

    def with_records(self, *, games: GameQuerySet | None = None) -> PlayerQuerySet:
        """Each player's record across all their games, or only across
        ``games`` (one night's, say), counted by the database in one query:
        see ``record_aggregates`` for the figures."""
        return self.annotate(**record_aggregates(seat="seats__", games=games))


class Player(models.Model):
    """A person who plays: one player across every game they sit in."""

    name = models.CharField(max_length=30)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(Lower("name"), name="player_name_unique_ci")]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def for_name(cls, name: str) -> Player:
        """The player of that name (any case), created if new."""
        name = " ".join(name.split())
        existing = cls.objects.named(name)
        return existing if existing is not None else cls.objects.create(name=name)


# A game night runs from 6 a.m. to 6 a.m.: a game after midnight belongs to the evening.
NIGHT_STARTS = time(6)


class GameQuerySet(models.QuerySet["Game"]):
    def with_seats(self) -> GameQuerySet:
        return self.prefetch_related(
            models.Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )

    def finished(self) -> GameQuerySet:
        return self.filter(finished_at__isnull=False)

    def for_table(self) -> GameQuerySet:
        """What the table screen reads, in a fixed number of queries whatever
        the number of hands: seats and players, and the hand in progress."""
        return self.with_seats().select_related("in_progress")

    def for_history(self) -> GameQuerySet:
        """Newest first, with seats and players prefetched and the counted
        hands annotated as ``hands_played``: what the game lists show."""
        return (
            self.with_seats()
            .annotate(hands_played=models.Count("hands", filter=models.Q(hands__after_end=False)))
            .order_by("-created_at", "-pk")
        )

    def with_player(self, player: Player) -> GameQuerySet:
        """The games ``player`` sat in."""
        return self.filter(
            models.Exists(Seat.objects.filter(game=models.OuterRef("pk"), player=player))
        )

    def on_night(self, night: date) -> GameQuerySet:
        """The games of one game night: from 6 a.m. that day to 6 a.m. the next
        (``Game.night``)."""
        try:
            morning_after = night + timedelta(days=1)
        except OverflowError:  # the last date there is: no game was started that night
            return self.none()
        start = timezone.make_aware(datetime.combine(night, NIGHT_STARTS))
        end = timezone.make_aware(datetime.combine(morning_after, NIGHT_STARTS))
        return self.filter(created_at__gte=start, created_at__lt=end)


class Game(models.Model):
    """One game: its variant, house rules, seats and hands."""

    variant = models.CharField(
        max_length=20, choices=[(v.value, v.label) for v in Variant], default=Variant.CALL_ACE
    )
    target = models.PositiveSmallIntegerField(default=10)
    stick_the_dealer = models.BooleanField(default=True)
    no_trump = models.BooleanField(default=False)
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
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

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
            deal=Deal(self.deal),
            renege=RenegeRule(self.renege_rule),
            ties=TieRule(self.tie_rule),
        )

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

    def score(self) -> GameScore:
        """Score every recorded hand with the rules engine."""
        return score_game(
            self.table,
            first_dealer=self.first_dealer,
            hands=[h.to_engine() for h in self.hand_list()],
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

    def recent_hands(self, limit: int = 5) -> list[Hand]:
        """The last ``limit`` hands, newest first: one query, whatever the game's length."""
        return list(self.hands.order_by("-number")[:limit])

    def upcoming(self, last: Hand | None) -> tuple[int, int]:
        """The next hand's number and dealer, given the last recorded hand (with
        its cached dealer): the deal passes to the left after every hand,
        thrown-in ones included (rules.md 3.1), unless the scorer noted that
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
        """Players level on the top total shared the win (rules.md 3.6); a
        standard team's two players win together, which is not a shared win."""
        return self.variant != Variant.STANDARD and len(self.winner_seats()) > 1

    @property
    def night(self) -> Any:
        """The game night a game belongs to: games started before 6 a.m. count
        for the evening before."""
        return (timezone.localtime(self.created_at) - timedelta(hours=6)).date()

    # --- creating ----------------------------------------------------------------------

    @classmethod
    @transaction.atomic
    def start(
        cls,
        *,
        variant: Variant,
        players: Sequence[str],
        first_dealer: int,
        rules: HouseRules,
        rematch_of: Game | None = None,
        token: uuid.UUID | None = None,
    ) -> Game:
        """Create a game with its seats in clockwise order. The engine checks
        the number of players for the variant. A retried request carrying the
        same ``token`` returns the game it already started."""
        Table(variant=variant, players=tuple(players), rules=rules)  # raises RulesError
        if token is not None:
            existing = cls.objects.filter(token=token).first()
            if existing is not None:
                return existing
        game = cls.objects.create(
            token=token,
            variant=variant,
            target=rules.target,
            stick_the_dealer=rules.stick_the_dealer,
            no_trump=rules.no_trump,
            deal=rules.deal,
            renege_rule=rules.renege,
            tie_rule=rules.ties,
            first_dealer=first_dealer,
            rematch_of=rematch_of,
        )
        Seat.objects.bulk_create(
            Seat(game=game, position=i, player=Player.for_name(name))
            for i, name in enumerate(players)
        )
        return game

    @classmethod
    @transaction.atomic
    def from_document(cls, document: GameDocument) -> Game:
        """Create a game and all its hands from an imported game document
        (contract.md). The hands are stored together and scored once, so a
        long game costs one recompute, not one per hand."""
        table = document.table
        game = cls.start(
            variant=table.variant,
            players=table.players,
            first_dealer=document.first_dealer,
            rules=table.rules,
        )
        game = cls.objects.with_seats().get(pk=game.pk)
        table = game.table  # the names as stored: a known player keeps their spelling
        records = []
        dealer = document.first_dealer
        for number, hand in enumerate(document.hands, start=1):
            if hand.dealer == dealer:
                # Export writes every hand's dealer; only a deal out of turn is kept.
                hand = replace(hand, dealer=None)
            if hand.dealer is not None:
                dealer = hand.dealer
            dealer = (dealer + 1) % table.n
            record = Hand(game=game, number=number)
            record.set_from_engine(hand)
            records.append(record)
        Hand.objects.bulk_create(records)
        HandChange.objects.bulk_create(
            HandChange(
                game=game,
                hand_number=record.number,
                kind=HandChange.Kind.RECORDED,
                summary=record.summary(table),
            )
            for record in records
        )
        game.recompute()
        game._bump(game)
        return game

    def to_document(self) -> GameDocument:
        """This game as a game document (contract.md), ready for
        ``referee.engine.document.write_document``."""
        return GameDocument(
            table=self.table,
            first_dealer=self.first_dealer,
            hands=tuple(hand.to_engine() for hand in self.hand_list()),
        )

    @transaction.atomic
    def rematch(self) -> Game:
        """The same players and rules, with the deal passed on to the left.
        A game has one rematch: asking again (a double tap) returns it."""
        Game.objects.select_for_update().get(pk=self.pk)
        existing = self.rematches.order_by("pk").first()
        if existing is not None:
            return existing
        seats = self.seat_list()
        first = (self.first_dealer + 1) % len(seats)
        if self.hands.exists():
            first = self.score().next_dealer
        return Game.start(
            variant=self.variant_enum,
            players=[s.player.name for s in seats],
            first_dealer=first,
            rules=self.house_rules,
            rematch_of=self,
        )

    # --- changing ------------------------------------------------------------------------

    def _locked(self, version: int | None) -> Game:
        """Lock the game row for this transaction and check the scorer's version."""
        game = Game.objects.select_for_update().get(pk=self.pk)
        game._check_version(version)
        return game

    def _check_version(self, version: int | None) -> None:
        if version is not None and self.version != version:
            raise StaleGame("the game changed on another phone")

    def _bump(self, game: Game, *changed: str) -> None:
        """Save the change (``changed``: the game's own fields it set) with a new version."""
        game.version += 1
        game.save(update_fields=["version", "updated_at", "finished_at", *changed])
        self.version, self.finished_at = game.version, game.finished_at

    @transaction.atomic
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
        game = self._locked(None)
        probe = HandInProgress(
            game=game,
            maker=maker,
            trump=trump,
            called=called,
            alone=alone,
            bidding_round=bidding_round,
        )
        current = HandInProgress.objects.filter(game=game).first()
        if current is not None and current.same_call(probe):
            return current
        game._check_version(version)
        if game.is_finished:
            raise GameOver()
        errors = probe.problems()
        if errors:
            raise HandError(errors)
        HandInProgress.objects.filter(game=game).delete()
        probe.save()
        self._bump(game)
        return probe

    @transaction.atomic
    def reveal_partner(self, *, version: int | None, partner: int, trick: int | None) -> None:
        """The called card was played: record who holds it (and on which trick).
        Sent twice (a double tap), the same reveal is kept once."""
        game = self._locked(None)
        current = HandInProgress.objects.filter(game=game).first()
        if current is not None and (current.partner, current.revealed_on_trick) == (partner, trick):
            return
        game._check_version(version)
        if current is None:
            raise HandError({"partner": "no hand is in progress"})
        if not current.partner_to_reveal(game.variant_enum):
            raise HandError({"partner": "nothing was called in this hand: no partner to reveal"})
        current.partner, current.revealed_on_trick = partner, trick
        errors = current.problems()
        if errors:
            raise HandError(errors)
        current.save(update_fields=["partner", "revealed_on_trick"])
        self._bump(game)

    @transaction.atomic
    def set_dealer(self, *, version: int | None, dealer: int) -> None:
        """Someone other than the rotation's dealer is dealing the next hand (a
        deal out of turn), or it is back to the rotation's dealer. Sent twice (a
        double tap), the second changes nothing."""
        game = self._locked(None)
        if game.is_finished:
            raise GameOver()
        if not 0 <= dealer < len(game.seat_list()):
            raise HandError({"dealer": "tap one of the players"})
        _, in_turn = game.in_turn(game.hands.order_by("-number").first())
        wanted = None if dealer == in_turn else dealer
        if wanted == game.next_dealer:
            return
        game._check_version(version)
        game.next_dealer = self.next_dealer = wanted
        self._bump(game, "next_dealer")

    @transaction.atomic
    def cancel_hand_in_progress(self, *, version: int | None) -> None:
        """Forget the hand in progress (trump was recorded by mistake); nothing
        to do when none is in progress (a repeated tap)."""
        game = self._locked(None)
        if not HandInProgress.objects.filter(game=game).exists():
            return
        game._check_version(version)
        HandInProgress.objects.filter(game=game).delete()
        self._bump(game)

    @transaction.atomic
    def record_hand(
        self, *, version: int | None, token: uuid.UUID | None, hand: EngineHand
    ) -> Hand:
        """Record the next hand (rules.md 6), once: a retried request carrying
        the same token returns the hand it already recorded."""
        if token is not None:
            existing = Hand.objects.filter(game=self, token=token).first()
            if existing is not None:
                return existing
        game = self._locked(None)
        if token is not None:
            # Checked again under the lock: a retry racing the first request waits for it.
            existing = Hand.objects.filter(game=self, token=token).first()
            if existing is not None:
                return existing
        game._check_version(version)
        if game.is_finished:
            raise GameOver()
        if game.next_dealer is not None and hand.dealer is None:
            hand = replace(hand, dealer=game.next_dealer)
        errors = check_hand(game.table, hand)
        if errors:
            raise HandError(errors)
        number = (game.hands.aggregate(n=models.Max("number"))["n"] or 0) + 1
        record = Hand(game=game, number=number, token=token)
        record.set_from_engine(hand)
        record.save()
        HandInProgress.objects.filter(game=game).delete()
        game.next_dealer = None  # used by this hand
        HandChange.objects.create(
            game=game,
            hand_number=number,
            kind=HandChange.Kind.RECORDED,
            summary=record.summary(game.table),
        )
        game.recompute()
        self._bump(game, "next_dealer")
        record.refresh_from_db()
        return record

    @transaction.atomic
    def undo_last_hand(self, *, version: int | None) -> int | None:
        """Take back the last hand; returns its number (None when there is none)."""
        game = self._locked(version)
        last = game.hands.order_by("-number").first()
        if last is None:
            return None
        HandChange.objects.create(
            game=game,
            hand_number=last.number,
            kind=HandChange.Kind.UNDONE,
            summary=last.summary(game.table),
        )
        last.delete()
        # A dealer noted for the hand after the one taken back: back to the rotation.
        game.next_dealer = None
        game.recompute()
        self._bump(game, "next_dealer")
        return last.number

    @transaction.atomic
    def edit_hand(
        self, *, version: int | None, number: int, hand: EngineHand, confirm_earlier_end: bool
    ) -> Hand:
        """Change an earlier hand; totals and the end of the game are recomputed.

        If the change makes the game end at an earlier hand, EndMovesEarlier is
        raised unless the scorer confirmed; the later hands are then kept and
        marked as played after the end, never deleted. Sent twice (a double
        tap), an edit that is already stored changes nothing.
        """
        game = self._locked(None)
        record = game.hands.get(number=number)
        previous = game.hands.filter(number__lt=number).order_by("-number").first()
        _, in_turn = game.in_turn(previous)
        if hand.dealer is None:
            hand = replace(hand, dealer=record.dealer_override)
        elif hand.dealer == in_turn:
            hand = replace(hand, dealer=None)  # back to the rotation's dealer
        if record.to_engine() == hand:
            return record
        game._check_version(version)
        table = game.table
        errors = check_hand(table, hand)
        if errors:
            raise HandError(errors)
        before = game.score()
        engine_hands = [hand if h.number == number else h.to_engine() for h in game.hand_list()]
        after = score_game(table, first_dealer=game.first_dealer, hands=engine_hands)
        if (
            after.ended_after is not None
            and (before.ended_after is None or after.ended_after < before.ended_after)
            and after.ended_after < len(engine_hands)
            and not confirm_earlier_end
        ):
            raise EndMovesEarlier(after.ended_after, len(engine_hands) - after.ended_after)
        # The dealer as the table saw it (the document names one only out of turn).
        old = {**record.document_fields(table), "dealer": table.name(record.dealer)}
        record.set_from_engine(hand)
        record.save()
        dealer = in_turn if hand.dealer is None else hand.dealer
        new = {**record.document_fields(table), "dealer": table.name(dealer)}
        changes = {
            k: [old.get(k), new.get(k)]
            for k in sorted(set(old) | set(new))
            if old.get(k) != new.get(k)
        }
        if changes:
            HandChange.objects.create(
                game=game,
                hand_number=number,
                kind=HandChange.Kind.EDITED,
                summary=record.summary(table),
                changes=changes,
            )
        game.recompute()
        self._bump(game)
        record.refresh_from_db()
        return record

    def recompute(self) -> GameScore:
        """Score all hands with the engine and cache the results on the hands,
        the seats and the game (what lists and statistics read). Only the hands
        whose cached figures changed are written."""
        records = self.hand_list()
        result = score_game(
            self.table, first_dealer=self.first_dealer, hands=[h.to_engine() for h in records]
        )
        changed = []
        for record, scored in zip(records, result.hands, strict=True):
            cached = {
                "dealer": scored.dealer,
                "points": list(scored.points),
                "totals": list(scored.totals),
                "rule": scored.score.rule,
                "section": scored.score.section,
                "explanation": scored.score.explanation,
                "after_end": scored.after_end,
            }
            if any(getattr(record, name) != value for name, value in cached.items()):
                for name, value in cached.items():
                    setattr(record, name, value)
                changed.append(record)
        if changed:
            Hand.objects.bulk_update(changed, list(_CACHED_HAND_FIELDS))
        seats = self.seat_list()
        for seat in seats:
            seat.total = result.totals[seat.position]
            seat.won = seat.position in result.winners
        Seat.objects.bulk_update(seats, ["total", "won"])
        if result.finished and self.finished_at is None:
            self.finished_at = timezone.now()
        elif not result.finished:
            self.finished_at = None
        return result


_CACHED_HAND_FIELDS = ("dealer", "points", "totals", "rule", "section", "explanation", "after_end")


class SeatQuerySet(models.QuerySet["Seat"]):
    def records_by_variant(self) -> models.QuerySet[Seat, Any]:
        """The record of these seats' players for each variant, one row per
        variant (``variant`` and the figures of ``record_aggregates``); use on
        one player's seats."""
        return (
            self.order_by()
            .values(variant=models.F("game__variant"))
            .annotate(**record_aggregates(seat=""))
            .order_by("variant")
        )


class Seat(models.Model):
    """A player's place at a game's table, clockwise from seat 0."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    total = models.IntegerField(default=0)
    won = models.BooleanField(default=False)

    objects = SeatQuerySet.as_manager()

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["game", "player"], name="seat_unique_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player.name} (seat {self.position + 1})"


class HandFields(models.Model):
    """The fields of a hand record shared by a recorded hand and one in progress."""

    maker = models.PositiveSmallIntegerField(null=True, blank=True)
    trump = models.CharField(max_length=2, blank=True)  # S H D C or NT
    called = models.CharField(max_length=3, blank=True)  # a suit (Call-Ace) or a card
    alone = models.BooleanField(default=False)
    partner = models.PositiveSmallIntegerField(null=True, blank=True)
    bidding_round = models.PositiveSmallIntegerField(null=True, blank=True)
    revealed_on_trick = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        abstract = True

    def called_value(self) -> Suit | Card | None:
        if not self.called:
            return None
        return parse_suit(self.called) if len(self.called) == 1 else parse_card(self.called)


class HandInProgress(HandFields):
    """Trump has been made and the hand is being played."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="in_progress")
    started_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"hand in progress in game {self.game_id}"

    def same_call(self, other: HandInProgress) -> bool:
        """Whether ``other`` is this call again, with no partner revealed yet."""
        fields = ("maker", "trump", "called", "alone", "bidding_round")
        return self.partner is None and all(getattr(self, f) == getattr(other, f) for f in fields)

    def partner_to_reveal(self, variant: Variant) -> bool:
        """Whether a called card will reveal a partner: Call-Ace always, and
        Call-Your-Partner unless the maker went alone (rules.md 3.3, 4)."""
        if variant is Variant.CALL_ACE:
            return True
        return variant is Variant.CALL_YOUR_PARTNER and not self.alone

    def problems(self) -> dict[str, str]:
        """What the engine says of the hand so far (the tricks are not known yet)."""
        table = self.game.table
        if self.maker is None:
            return {"maker": "name the maker"}
        try:
            trump = parse_trump(self.trump)
        except ValueError as error:
            return {"trump": str(error)}
        try:
            called = self.called_value()
        except ValueError as error:
            return {"called": str(error)}
        if table.variant is Variant.STANDARD:
            outcome = PartnerOutcome.ALONE if self.alone else PartnerOutcome.TEAM
        elif self.alone and table.variant is Variant.CALL_YOUR_PARTNER:
            outcome = PartnerOutcome.ALONE
        elif self.partner is not None:
            outcome = PartnerOutcome.REVEALED
        else:
            outcome = PartnerOutcome.NOT_IN_PLAY  # not known yet; settled at the end
        errors = check_hand(
            table,
            EngineHand(
                maker=self.maker,
                trump=trump,
                called=called,
                outcome=outcome,
                partner=self.partner,
                round=self.bidding_round,
                revealed_on_trick=self.revealed_on_trick if self.partner is not None else None,
            ),
        )
        if self.alone and table.variant is Variant.CALL_ACE:
            errors["alone"] = "in Call-Ace a maker goes alone by calling an ace they hold"
        # The ranges the game document's reader enforces (rules.md 6).
        if self.bidding_round is not None and self.bidding_round not in (1, 2):
            errors.setdefault("round", "must be from 1 to 2")
        tricks = table.deal.tricks
        if self.revealed_on_trick is not None and not 1 <= self.revealed_on_trick <= tricks:
            errors.setdefault("revealed_on_trick", f"must be from 1 to {tricks}")
        return errors


class Hand(HandFields):
    """A hand that has been played and scored."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    thrown_in = models.BooleanField(default=False)
    dealer_override = models.PositiveSmallIntegerField(null=True, blank=True)
    outcome = models.CharField(
        max_length=10, choices=[(o.value, o.value) for o in PartnerOutcome], blank=True
    )
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    renege = models.PositiveSmallIntegerField(null=True, blank=True)
    # Retried requests carry the same token and record nothing new.
    token = models.UUIDField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Cached from the engine by Game.recompute().
    dealer = models.PositiveSmallIntegerField(default=0)
    points = models.JSONField(default=list)
    totals = models.JSONField(default=list)
    rule = models.CharField(max_length=30, blank=True)
    section = models.CharField(max_length=5, blank=True)
    explanation = models.TextField(blank=True)
    after_end = models.BooleanField(default=False)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_unique_number"),
            models.UniqueConstraint(fields=["game", "token"], name="hand_unique_token"),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of game {self.game_id}"

    def to_engine(self) -> EngineHand:
        if self.thrown_in:
            return EngineHand(thrown_in=True, dealer=self.dealer_override)
        return EngineHand(
            dealer=self.dealer_override,
            maker=self.maker or 0,
            trump=parse_trump(self.trump),
            called=self.called_value(),
            outcome=PartnerOutcome(self.outcome),
            partner=self.partner,
            tricks=self.tricks or 0,
            renege=self.renege,
            round=self.bidding_round,
            revealed_on_trick=self.revealed_on_trick,
        )

    def set_from_engine(self, hand: EngineHand) -> None:
        self.thrown_in = hand.thrown_in
        self.dealer_override = hand.dealer
        if hand.thrown_in:
            self.maker = self.partner = self.tricks = self.renege = None
            self.bidding_round = self.revealed_on_trick = None
            self.trump = self.called = self.outcome = ""
            self.alone = False
            return
        self.maker = hand.maker
        self.trump = format_trump(hand.trump)
        self.called = "" if hand.called is None else str(hand.called)
        self.outcome = hand.outcome.value
        self.alone = hand.alone
        self.partner = hand.partner
        self.tricks = hand.tricks
        self.renege = hand.renege
        self.bidding_round = hand.round
        self.revealed_on_trick = hand.revealed_on_trick

    def document_fields(self, table: Table) -> dict[str, Any]:
        from referee.engine.reading import hand_to_dict

        return hand_to_dict(table, self.to_engine())

    def summary(self, table: Table) -> str:
        """In a line: "Ben made hearts, called the ace of spades, partner Dan, 3 tricks"."""
        return describe_hand(table, self.to_engine())


class HandChange(models.Model):
    """The history of a game's hands: each one recorded, edited or undone."""

    class Kind(models.TextChoices):
        RECORDED = "recorded", "Recorded"
        EDITED = "edited", "Edited"
        UNDONE = "undone", "Undone"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    hand_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    at = models.DateTimeField(default=timezone.now)
    summary = models.TextField(blank=True)
    changes = models.JSONField(default=dict, blank=True)  # field -> [old, new]

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"hand {self.hand_number} {self.kind}"


# --- Players' records -----------------------------------------------------------------


def record_aggregates(
    *, seat: str, games: models.QuerySet[Game] | None = None
) -> dict[str, models.Aggregate]:
    """A player's record as aggregates over their seats; ``seat`` is the path
    to a seat ("seats__" from Player, "" from Seat); ``games``, when given,
    limits the record to those games.

    Games: ``games`` sat in, ``finished`` of them, ``wins`` (a standard team's
    win counts for both partners) and ``shared_wins`` (level on the top total,
    rules.md 3.6). Hands, from the cached hands that count (not thrown in, not
    after the end): ``hands_made`` as maker, of which ``makes``, ``marches``,
    ``euchred`` and ``decided_by_renege``; ``alone_calls`` (by choice: holding the called card or
    calling alone) and ``alone_not_in_play`` (the called card was not in
    play, rules.md 3.3); ``partnered``, on the maker's side as the revealed
    partner or, in standard euchre, the maker's teammate when not alone; and
    ``reneges``.
    """

    def at(path: str) -> str:
        return f"{seat}{path}"

    def hand(path: str) -> str:
        return at(f"game__hands__{path}")

    position = models.F(at("position"))
    won = models.Q(**{at("won"): True})
    shared = (
        won
        & ~models.Q(**{at("game__variant"): Variant.STANDARD})
        & models.Q(
            models.Exists(
                Seat.objects.filter(game=models.OuterRef(at("game")), won=True).exclude(
                    pk=models.OuterRef(at("pk"))
                )
            )
        )
    )
    counted = models.Q(**{hand("after_end"): False, hand("thrown_in"): False})
    as_maker = counted & models.Q(**{hand("maker"): position})
    teammate_of_maker = (models.F(hand("maker")) + 2) % 4  # seats_opposite (rules.md 5)
    partnered = counted & (
        models.Q(**{hand("outcome"): PartnerOutcome.REVEALED, hand("partner"): position})
        | models.Q(**{hand("outcome"): PartnerOutcome.TEAM, at("position"): teammate_of_maker})
    )

    scope = models.Q() if games is None else models.Q(**{at("game__in"): games})

    def seats(condition: models.Q | None = None) -> models.Aggregate:
        # Seats repeat once per hand of their game in the join: count each once.
        where = scope & condition if condition is not None else scope
        return models.Count(at("pk"), filter=where or None, distinct=True)

    def hands(condition: models.Q) -> models.Aggregate:
        # A player has one seat per game, so each hand meets them once.
        return models.Count(hand("pk"), filter=scope & condition)

    return {
        "games": seats(),
        "finished": seats(models.Q(**{at("game__finished_at__isnull"): False})),
        "wins": seats(won),
        "shared_wins": seats(shared),
        "hands_made": hands(as_maker),
        "makes": hands(as_maker & models.Q(**{hand("rule__in"): sorted(MAKE_RULES)})),
        "marches": hands(as_maker & models.Q(**{hand("rule__in"): sorted(MARCH_RULES)})),
        "euchred": hands(as_maker & models.Q(**{hand("rule__in"): sorted(EUCHRE_RULES)})),
        "decided_by_renege": hands(as_maker & models.Q(**{hand("rule__in"): sorted(RENEGE_RULES)})),
        "alone_calls": hands(
            as_maker
            & models.Q(**{hand("outcome__in"): (PartnerOutcome.MAKER_HELD, PartnerOutcome.ALONE)})
        ),
        "alone_not_in_play": hands(
            as_maker & models.Q(**{hand("outcome"): PartnerOutcome.NOT_IN_PLAY})
        ),
        "partnered": hands(partnered),
        "reneges": hands(counted & models.Q(**{hand("renege"): position})),
    }
