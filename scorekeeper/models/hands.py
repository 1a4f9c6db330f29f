"""Hands: the one being played, the ones recorded (with the engine's figures
cached by ``Game.recompute``) and each hand's change log."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils import timezone

from referee.engine.cards import Card, Suit, format_trump, parse_card, parse_suit, parse_trump
from referee.engine.checking import check_hand
from referee.engine.describe import describe_hand
from referee.engine.hands import GameSetup, HandError, PartnerOutcome
from referee.engine.hands import Hand as EngineHand
from referee.engine.reading import hand_to_dict, read_hand
from referee.engine.variants import Variant


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
    """Trump has been made and the hand is being played: the call (Save the call).
    Its ``partner`` and ``revealed_on_trick`` stay empty: who held the called card
    comes with the whole hand, at its end."""

    game = models.OneToOneField(
        "scorekeeper.Game", on_delete=models.CASCADE, related_name="in_progress"
    )
    started_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"hand in progress in game {self.game_id}"

    def same_call(self, other: HandInProgress) -> bool:
        """Whether ``other`` is this call again."""
        fields = ("maker", "trump", "called", "alone", "bidding_round")
        return all(getattr(self, f) == getattr(other, f) for f in fields)

    def partner_to_reveal(self, variant: Variant) -> bool:
        """Whether a called card will reveal a partner: in Call-Ace and
        Call-Your-Partner unless the maker went alone (docs/rules.md, Call-Ace 3 and
        Call-Your-Partner 3; a Call-Ace maker goes alone by calling an ace they hold)."""
        return variant is not Variant.STANDARD and not self.alone

    def problems(self, setup: GameSetup, *, dealer: int | None = None) -> dict[str, str]:
        """What the engine says of the hand so far at ``table`` (its game's;
        the tricks are not known yet), dealt by ``dealer`` when known."""
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
        if setup.variant is Variant.STANDARD:
            outcome = PartnerOutcome.ALONE if self.alone else PartnerOutcome.TEAM
        elif self.alone and setup.variant is Variant.CALL_YOUR_PARTNER:
            outcome = PartnerOutcome.ALONE
        elif self.alone:
            # Call-Ace: the maker called an ace they hold (docs/rules.md, Call-Ace 3).
            outcome = PartnerOutcome.MAKER_HELD
        else:
            # Who held the called card is told with the whole hand, at its end.
            outcome = PartnerOutcome.NOT_IN_PLAY
        errors = check_hand(
            setup,
            EngineHand(
                maker=self.maker,
                trump=trump,
                called=called,
                outcome=outcome,
                round=self.bidding_round,
            ),
            dealer=dealer,
        )
        # The ranges the game document's reader enforces
        # (docs/formats.md, "What a hand record holds").
        if self.bidding_round is not None and self.bidding_round not in (1, 2):
            errors.setdefault("round", "must be from 1 to 2")
        return errors


class Hand(HandFields):
    """A hand that has been played and scored."""

    game = models.ForeignKey("scorekeeper.Game", on_delete=models.CASCADE, related_name="hands")
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
    # The slug of the rulebook section that scored it ("scoring", "bidding"): a
    # screen cites it as "Call-Ace rules 5" (referee.engine.rulebook.citations).
    section = models.CharField(max_length=20, blank=True)
    explanation = models.TextField(blank=True)
    after_end = models.BooleanField(default=False)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_unique_number"),
            models.UniqueConstraint(fields=["game", "token"], name="hand_unique_token"),
        ]
        # A player's called aces are read from this index alone, never the hands'
        # rows (docs/decisions.md, D32: flat as history grows).
        indexes = [
            models.Index(
                fields=[
                    *("game", "maker", "partner", "outcome", "called", "rule"),
                    *("thrown_in", "after_end"),
                ],
                name="hand_calls",
            )
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

    def document_fields(self, setup: GameSetup) -> dict[str, Any]:
        return hand_to_dict(setup, self.to_engine())

    def summary(self, setup: GameSetup) -> str:
        """In a line: "Ben made hearts, called the ace of spades, partner Dan, 3 tricks"."""
        return describe_hand(setup, self.to_engine())


class HandChange(models.Model):
    """The history of a game's hands: each one recorded, edited or undone."""

    class Kind(models.TextChoices):
        RECORDED = "recorded", "Recorded"
        EDITED = "edited", "Edited"
        UNDONE = "undone", "Undone"

    game = models.ForeignKey("scorekeeper.Game", on_delete=models.CASCADE, related_name="changes")
    hand_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    at = models.DateTimeField(default=timezone.now)
    summary = models.TextField(blank=True)
    changes = models.JSONField(default=dict, blank=True)  # field -> [old, new]

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"hand {self.hand_number} {self.kind}"

    @staticmethod
    def taken_back(record: Hand, setup: GameSetup) -> dict[str, list[Any]]:
        """What an undo keeps of ``record`` (its ``changes``): each field of the
        hand in the game document's words, as ``[value, None]`` (there, then
        gone), so the hand can be recorded again (``undone_hand``)."""
        return {field: [value, None] for field, value in record.document_fields(setup).items()}

    def undone_hand(self, setup: GameSetup) -> EngineHand:
        """The hand this undo took back, read at ``table`` as it was recorded
        (docs/formats.md, "Game document (import and export)"). HandError when
        the line keeps no hand (not an undo, or one stored before undos kept
        it) or the hand no longer reads there (a player renamed since)."""
        if self.kind != self.Kind.UNDONE or not self.changes:
            raise HandError({"hand": "this change keeps no hand to record again"})
        return read_hand(setup, {field: values[0] for field, values in self.changes.items()})
