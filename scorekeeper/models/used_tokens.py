"""Tokens used for good (docs/formats.md, "Recording a hand, once"): every token
that recorded a hand, answered for one already standing (the same deal from
two phones) or changed one is kept with what it did, so the same token sent
again answers as the first time even after the game ended or that hand was
undone or edited, and never stores a hand twice."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db import models
from django.utils import timezone

from referee.engine.hands import Hand as EngineHand
from scorekeeper.models.game_hands import HandAlreadyThere, StaleGame, TokenUsed, as_dealt
from scorekeeper.models.hands import Hand

if TYPE_CHECKING:
    from scorekeeper.models.game_base import GameBase

# What makes two phones' hands the same deal (docs/formats.md, "Recording a hand,
# once"): the bidding round and the trick of the reveal are notes, not the deal.
SAME_DEAL_FIELDS = (
    "thrown_in",
    "maker",
    "trump",
    "called",
    "alone",
    "outcome",
    "partner",
    "tricks",
    "renege",
)
# What a hand's content is, as its token keeps it: every field the table tapped
# but who dealt (the stored hand names its dealer only out of turn).
CONTENT_FIELDS = (*SAME_DEAL_FIELDS, "bidding_round", "revealed_on_trick")


def content_of(hand: EngineHand, *, with_dealer: bool = False) -> dict[str, Any]:
    """``hand`` as a token keeps it; an edit keeps who dealt it too (an edit may
    change the dealer)."""
    record = Hand()
    record.set_from_engine(hand)
    content = {name: getattr(record, name) for name in CONTENT_FIELDS}
    if with_dealer:
        content["dealer"] = hand.dealer
    return content


def same_deal(record: Hand, hand: EngineHand) -> bool:
    """Whether ``record`` and ``hand`` are the same deal scored on two phones:
    the same maker, trump, call, alone, partner outcome, tricks and renege, or
    both thrown in (a misdeal)."""
    mine = content_of(hand)
    return all(getattr(record, name) == mine[name] for name in SAME_DEAL_FIELDS)


class UsedToken(models.Model):
    """A token that recorded a hand (or was answered for one standing: the
    same deal) or changed one, with what it did: for good."""

    class Kind(models.TextChoices):
        RECORDED = "recorded", "Recorded"
        EDITED = "edited", "Edited"

    game = models.ForeignKey(
        "scorekeeper.Game", on_delete=models.CASCADE, related_name="used_tokens"
    )
    token = models.UUIDField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    hand_number = models.PositiveSmallIntegerField()
    # The hand as the token sent it (``content_of``): a resend is compared with it.
    content = models.JSONField(default=dict)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "token"], name="used_token_once"),
        ]

    def __str__(self) -> str:
        return f"token {self.kind} hand {self.hand_number} of game {self.game_id}"

    def as_hand(self) -> Hand:
        """The hand this token sent, as an unsaved record (for its summary)."""
        fields = {name: self.content.get(name) for name in CONTENT_FIELDS}
        for name in ("trump", "called", "outcome"):
            fields[name] = fields[name] or ""
        fields["thrown_in"] = bool(fields["thrown_in"])
        fields["alone"] = bool(fields["alone"])
        return Hand(game_id=self.game_id, number=self.hand_number, **fields)


@dataclass(frozen=True)
class HandTaken:
    """A hand sent with its token, as Bower answers it: stored now (``record``)
    or already (``again``: this token, or the same deal from another phone),
    as hand ``number`` of a game holding ``hands``."""

    number: int
    hands: int
    again: bool
    record: Hand | None = None


def used_token(game: GameBase, token: uuid.UUID | None) -> UsedToken | None:
    return None if token is None else UsedToken.objects.filter(game=game.pk, token=token).first()


def token_refused(game: GameBase, used: UsedToken) -> TokenUsed:
    """The 409 for a token already used for other content: the hand it names,
    as it stands now (None: taken back since)."""
    standing = game.hands.filter(number=used.hand_number).first()
    return TokenUsed(standing, number=used.hand_number, sent=used.as_hand())


def answer_without_storing(
    game: GameBase,
    *,
    token: uuid.UUID | None,
    hand: EngineHand,
    after: int | None,
    last: Hand | None,
    careful: bool = True,
) -> HandTaken | None:
    """Under the lock, before a hand is stored: the answer when nothing is to be
    stored (this token recorded this hand already, or the same deal stands at
    ``after + 1``); None to store it. Raises TokenUsed (the token sent other
    content), HandAlreadyThere (another hand stands at ``after + 1``) or
    StaleGame (the game holds fewer than ``after`` hands). Not ``careful``, the
    token is not read: its insert fails if it was used (``Game.take_hand``)."""
    count = 0 if last is None else last.number
    used = used_token(game, token) if careful else None
    if used is not None:
        if used.kind == UsedToken.Kind.RECORDED and used.content == content_of(hand):
            return HandTaken(number=used.hand_number, hands=count, again=True)
        raise token_refused(game, used)
    if after is None or after == count:
        return None
    if count < after:
        raise StaleGame(f"the game holds {count} hands, not {after}")
    assert last is not None
    standing = last if last.number == after + 1 else game.hands.get(number=after + 1)
    if not same_deal(standing, hand):
        raise HandAlreadyThere(standing)
    remember(game, token, UsedToken.Kind.RECORDED, standing.number, content_of(hand))
    return HandTaken(number=standing.number, hands=count, again=True, record=standing)


def remember(
    game: GameBase, token: uuid.UUID | None, kind: str, number: int, content: dict[str, Any]
) -> None:
    """Keep ``token`` for good with what it did (nothing for a change without one)."""
    if token is not None:
        UsedToken.objects.create(
            game_id=game.pk, token=token, kind=kind, hand_number=number, content=content
        )


def edit_already_stored(
    game: GameBase, *, token: uuid.UUID | None, number: int, hand: EngineHand
) -> bool:
    """Under the lock, before hand ``number`` is changed to ``hand``: whether the
    change is stored already (this token made it, or hand ``number`` is so
    already: a double tap). TokenUsed when the token was used for something
    else (Back after a fix, changed: the phone's own fix, not another phone's)."""
    used = used_token(game, token)
    if used is not None:
        if (
            used.kind == UsedToken.Kind.EDITED
            and used.hand_number == number
            and used.content == content_of(hand, with_dealer=True)
        ):
            return True
        raise token_refused(game, used)
    record = game.hands.get(number=number)
    return record.to_engine() == as_dealt(game, number, hand)[0]
