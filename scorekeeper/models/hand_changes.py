"""What a change does to a game whose row is locked (the bodies of
``Game.record_hand``, ``Game.edit_hand``, ``Game.set_dealer`` and
``Game.from_document``, run inside ``Game._changing``), the engine's scores
cached after it, and the answers a change can give instead of making it."""

from __future__ import annotations

import uuid
from dataclasses import replace
from typing import TYPE_CHECKING

from django.db import models
from django.utils import timezone

from referee.engine.checking import check_hand
from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import HandError
from referee.engine.scoring import GameScore, score_game
from scorekeeper.models.hands import Hand, HandChange, HandInProgress
from scorekeeper.models.seats import Seat

if TYPE_CHECKING:
    from referee.engine.document import GameDocument
    from scorekeeper.models.games import Game


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


class TokenUsed(Exception):
    """The form's token already recorded a different hand (a phone went Back and
    changed it): nothing is stored; ``hand`` is the one recorded (contract.md
    "Recording a hand, once")."""

    def __init__(self, hand: Hand) -> None:
        super().__init__(f"hand {hand.number} was already recorded with this token")
        self.hand = hand


def already_recorded(record: Hand, hand: EngineHand) -> Hand:
    """The hand a token already recorded, when ``hand`` is what it recorded (a
    retry); TokenUsed when ``hand`` differs from it. Who dealt is not compared:
    the stored hand names its dealer only out of turn."""
    if replace(record.to_engine(), dealer=None) != replace(hand, dealer=None):
        raise TokenUsed(record)
    return record


def store_next_hand(game: Game, token: uuid.UUID | None, hand: EngineHand) -> Hand:
    """Store the next hand in the locked ``game`` (rules.md 6), with the change
    log's line and the totals recomputed."""
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
    return record


def as_dealt(game: Game, number: int, hand: EngineHand) -> tuple[EngineHand, int]:
    """``hand`` as hand ``number`` of ``game`` stores it, with the dealer the
    rotation gives it: the hand names its dealer only out of turn."""
    previous = game.hands.filter(number__lt=number).order_by("-number").first()
    _, in_turn = game.in_turn(previous)
    if hand.dealer is None:
        hand = replace(hand, dealer=game.hands.get(number=number).dealer_override)
    elif hand.dealer == in_turn:
        hand = replace(hand, dealer=None)  # back to the rotation's dealer
    return hand, in_turn


def store_edit(game: Game, number: int, hand: EngineHand, *, confirm_earlier_end: bool) -> None:
    """Store the edit of hand ``number`` in the locked ``game``, with what changed
    in the change log and the totals recomputed. EndMovesEarlier: the game
    would end at an earlier hand and the scorer has not confirmed."""
    record = game.hands.get(number=number)
    hand, in_turn = as_dealt(game, number, hand)
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
        k: [old.get(k), new.get(k)] for k in sorted(set(old) | set(new)) if old.get(k) != new.get(k)
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


def out_of_turn_dealer(game: Game, dealer: int) -> int | None:
    """The dealer to note for the next hand: None when it is the rotation's."""
    _, in_turn = game.in_turn(game.hands.order_by("-number").first())
    return None if dealer == in_turn else dealer


def store_imported_hands(game: Game, document: GameDocument) -> None:
    """Store the hands of an imported game document in the new ``game``, with
    their lines in the change log, together (scored once, by the caller)."""
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


def cache_scores(game: Game) -> GameScore:
    """Score all of ``game``'s hands with the engine and cache the results on
    the hands, the seats and the game (what lists and statistics read). Only
    the hands whose cached figures changed are written."""
    records = game.hand_list()
    result = score_game(
        game.table, first_dealer=game.first_dealer, hands=[h.to_engine() for h in records]
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
    seats = game.seat_list()
    for seat in seats:
        seat.total = result.totals[seat.position]
        seat.won = seat.position in result.winners
    Seat.objects.bulk_update(seats, ["total", "won"])
    if result.finished and game.finished_at is None:
        game.finished_at = timezone.now()
    elif not result.finished:
        game.finished_at = None
    return result


_CACHED_HAND_FIELDS = ("dealer", "points", "totals", "rule", "section", "explanation", "after_end")
