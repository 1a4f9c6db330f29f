"""What a game is: its columns (the variant, house rules, first dealer, version,
the figures every change caches ...) and what they read as, for the rules engine
and the screens (``GameBase.setup``, ``GameBase.score``, ``GameBase.upcoming`` ...),
changing nothing. ``Game`` (scorekeeper/models/games.py) is this with every change
a table makes; the modules of its changes (``game_hands``, ``hand_plans``,
``used_tokens``, ``new_games``, ``game_documents``, ``game_querysets``) name this
abstract model, below them, never ``Game``, above them: the models import one
another in no circle (tests/test_model_imports.py)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import date, time, timedelta
from typing import TYPE_CHECKING

from django.db import models
from django.utils import timezone

from referee.engine.document import GameDocument
from referee.engine.hands import GameSetup
from referee.engine.totals import GameScore, RoundRules, score_game
from referee.engine.variants import Deal, HouseRules, RenegeRule, TieRule, Variant
from scorekeeper.models.hands import Hand, HandInProgress
from scorekeeper.models.private_tables import new_watch_token

if TYPE_CHECKING:
    from django.db.models.fields.related_descriptors import RelatedManager

    from scorekeeper.models.seats import Seat

# A game night runs from 6 a.m. to 6 a.m.: a game after midnight belongs to the evening.
NIGHT_STARTS = time(6)


class GameBase(models.Model):
    """A game's columns and what they read as; ``Game`` adds its changes."""

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

    if TYPE_CHECKING:
        # For the type checker: the rows that name their game, which Django gives
        # ``Game`` (the changes reach the others, ``used_tokens``, ``changes`` and
        # ``rematches``, through their own models).
        hands: RelatedManager[Hand]
        seats: RelatedManager[Seat]
        in_progress: HandInProgress | None  # reading it raises when none (``current_hand``)

    class Meta:
        abstract = True
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
    def setup(self) -> GameSetup:
        return GameSetup(
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
            self.setup,
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

    def recent_hands(self, limit: int) -> list[Hand]:
        """The last ``limit`` hands, newest first: one query, whatever the game's length."""
        return list(self.hands.order_by("-number")[:limit])

    def to_document(self) -> GameDocument:
        """This game as a game document (docs/formats.md, "Game document (import and export)"),
        ready for ``referee.engine.document.write_document``."""
        return GameDocument(
            setup=self.setup,
            first_dealer=self.first_dealer,
            hands=tuple(hand.to_engine() for hand in self.hand_list()),
            id=self.uid,
            started_at=timezone.localtime(self.created_at),
            finished_at=timezone.localtime(self.finished_at) if self.finished_at else None,
            round_rules=self.round_rules,
        )
