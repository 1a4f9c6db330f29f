"""What a change does to a game whose row is locked (the bodies of
``Game.edit_hand``, ``Game.set_dealer`` and ``Game.from_document``, run inside
``Game._changing``), the engine's scores cached after it, and the answers a
change can give instead of making it. The next hand is worked out in
``scorekeeper/models/hand_plans.py``."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from django.utils import timezone

from referee.engine.checking import check_dealt_hands
from referee.engine.hands import GameSetup, HandError
from referee.engine.hands import Hand as EngineHand
from referee.engine.totals import GameScore, ScoredHand, score_game
from referee.engine.variants import Variant
from scorekeeper.models.hands import Hand, HandChange
from scorekeeper.models.players import Player
from scorekeeper.models.records import SEAT_FIGURES, pair_figures, seat_figures
from scorekeeper.models.seats import Seat, SeatPair

if TYPE_CHECKING:
    from referee.engine.document import GameDocument
    from scorekeeper.models.game_base import GameBase
    from scorekeeper.models.private_tables import PrivateTable


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
    """The form's token was used already for other content (a phone went Back
    and changed the hand, or a fix): nothing is stored. ``number`` is the hand
    it recorded or changed, ``hand`` that hand as it stands now (None: taken
    back since), ``sent`` what the token sent then, when known
    (docs/formats.md, "Recording a hand, once")."""

    def __init__(self, hand: Hand | None, *, number: int | None = None, sent: Hand | None = None):
        number = hand.number if number is None and hand is not None else number
        super().__init__(f"hand {number} was already recorded with this token")
        self.hand = hand
        self.number = number or 0
        self.sent = sent


class HandAlreadyThere(Exception):
    """A hand sent with ``after`` found another hand already standing at
    ``after + 1`` (recorded meanwhile on another phone):
    nothing is stored; ``hand`` is that hand (docs/formats.md, "Recording a
    hand, once")."""

    def __init__(self, hand: Hand) -> None:
        super().__init__(f"hand {hand.number} was recorded meanwhile")
        self.hand = hand


def as_dealt(game: GameBase, number: int, hand: EngineHand) -> tuple[EngineHand, int]:
    """``hand`` as hand ``number`` of ``game`` stores it, with the dealer the
    rotation gives it: the hand names its dealer only out of turn."""
    previous = game.hands.filter(number__lt=number).order_by("-number").first()
    _, in_turn = game.in_turn(previous)
    if hand.dealer is None:
        hand = replace(hand, dealer=game.hands.get(number=number).dealer_override)
    elif hand.dealer == in_turn:
        hand = replace(hand, dealer=None)  # back to the rotation's dealer
    return hand, in_turn


def _check_edit(game: GameBase, number: int, hands: list[EngineHand]) -> None:
    """The game's hands with hand ``number`` changed, each checked once with the
    dealer the rotation gives it: HandError on the changed hand's fields, or on its
    dealer when a later hand would then break a rule that depends on who dealt it
    (the Canadian loner, docs/rules.md, Standard 3)."""
    fault = check_dealt_hands(game.setup, first_dealer=game.first_dealer, hands=hands)
    if fault is None:
        return
    at, errors = fault
    if at == number:
        raise HandError(errors)
    message = next(iter(errors.values()))
    raise HandError({"dealer": f"With this dealer, hand {at} would be refused: {message}"})


def store_edit(game: GameBase, number: int, hand: EngineHand, *, confirm_earlier_end: bool) -> None:
    """Store the edit of hand ``number`` in the locked ``game``, with what changed
    in the change log and the totals recomputed. EndMovesEarlier: the game
    would end at an earlier hand and the scorer has not confirmed."""
    record = game.hands.get(number=number)
    hand, in_turn = as_dealt(game, number, hand)
    setup = game.setup
    records = game.hand_list()
    engine_hands = [hand if h.number == number else h.to_engine() for h in records]
    _check_edit(game, number, engine_hands)
    before = game.score(records)
    after = score_game(
        setup,
        first_dealer=game.first_dealer,
        hands=engine_hands,
        round_rules=game.round_rules,
    )
    if (
        after.ended_after is not None
        and (before.ended_after is None or after.ended_after < before.ended_after)
        and after.ended_after < len(engine_hands)
        and not confirm_earlier_end
    ):
        raise EndMovesEarlier(after.ended_after, len(engine_hands) - after.ended_after)
    # The dealer as the table saw it (the document names one only out of turn).
    old = {**record.document_fields(setup), "dealer": setup.name(record.dealer)}
    record.set_from_engine(hand)
    record.save()
    dealer = in_turn if hand.dealer is None else hand.dealer
    new = {**record.document_fields(setup), "dealer": setup.name(dealer)}
    changes = {
        k: [old.get(k), new.get(k)] for k in sorted(set(old) | set(new)) if old.get(k) != new.get(k)
    }
    if changes:
        HandChange.objects.create(
            game_id=game.pk,
            hand_number=number,
            kind=HandChange.Kind.EDITED,
            summary=record.summary(setup),
            changes=changes,
        )
    cache_scores(game)  # ``Game.recompute``


def out_of_turn_dealer(game: GameBase, dealer: int) -> int | None:
    """The dealer to note for the next hand: None when it is the rotation's."""
    _, in_turn = game.in_turn(game.hands.order_by("-number").first())
    return None if dealer == in_turn else dealer


@dataclass(frozen=True)
class ImportedHands:
    """An imported document's hands, scored and ready to insert (``prepare_import``)."""

    setup: GameSetup  # the players as the scorebook spells them
    result: GameScore
    hands: list[Hand]
    changes: list[HandChange]


def prepare_import(document: GameDocument, *, private_table: PrivateTable) -> ImportedHands:
    """Score an imported document once and build its hand records and change
    log lines, before any write lock is taken (docs/formats.md, "What a hand record holds"). The
    players are named as ``private_table``'s scorebook already spells them: explanations
    name them."""
    players = Player.objects.filter(private_table=private_table)
    spelled = tuple(
        known.name if (known := players.named(name)) else name for name in document.setup.players
    )
    setup = replace(document.setup, players=spelled)
    result = replace(document, setup=setup).score()
    hands = []
    dealer = document.first_dealer
    for number, (hand, scored) in enumerate(
        zip(document.hands, result.hands, strict=True), start=1
    ):
        if hand.dealer == dealer:
            # Export writes every hand's dealer; only a deal out of turn is kept.
            hand = replace(hand, dealer=None)
        if hand.dealer is not None:
            dealer = hand.dealer
        dealer = (dealer + 1) % setup.n
        record = Hand(number=number)
        cache_hand(record, scored)
        record.set_from_engine(hand)
        hands.append(record)
    changes = [
        HandChange(
            hand_number=record.number,
            kind=HandChange.Kind.RECORDED,
            summary=record.summary(setup),
        )
        for record in hands
    ]
    return ImportedHands(setup=setup, result=result, hands=hands, changes=changes)


def store_imported_hands(game: GameBase, prepared: ImportedHands, first: int, last: int) -> None:
    """Store hands ``first`` to ``last`` (from 0, ``last`` left out) of an imported
    game document in the new ``game``, as ``prepare_import`` scored them, with their
    lines in the change log: inserts in bulk and nothing else."""
    hands, changes = prepared.hands[first:last], prepared.changes[first:last]
    for hand in hands:
        hand.game_id = game.pk
    for change in changes:
        change.game_id = game.pk
    Hand.objects.bulk_create(hands)
    HandChange.objects.bulk_create(changes)


def cache_imported_totals(game: GameBase, prepared: ImportedHands) -> None:
    """What the locked ``game`` caches once all its imported hands are stored."""
    _cache_totals(game, prepared.result, prepared.hands)


def respelled(game: GameBase, document: GameDocument, prepared: ImportedHands) -> ImportedHands:
    """``prepared`` as the new ``game`` names its players: when a player was created
    meanwhile, spelled otherwise, the explanations and the change log name the
    players as stored."""
    stored = tuple(
        Seat.objects.filter(game_id=game.pk)
        .order_by("position")
        .values_list("player__name", flat=True)
    )
    if prepared.setup.players == stored:
        return prepared
    with_names = replace(document, setup=replace(document.setup, players=stored))
    return prepare_import(with_names, private_table=game.private_table)


def cache_scores(game: GameBase) -> GameScore:
    """Score all of ``game``'s hands with the engine and cache the results on
    the hands, the seats (totals, wins, their hands' figures) and the game
    (what lists and statistics read). Only the hands whose cached figures
    changed are written."""
    records = game.hand_list()
    result = game.score(records)
    changed = [
        record
        for record, scored in zip(records, result.hands, strict=True)
        if cache_hand(record, scored)
    ]
    if changed:
        Hand.objects.bulk_update(changed, list(_CACHED_HAND_FIELDS))
    _cache_totals(game, result, records)
    return result


def cache_hand(record: Hand, scored: ScoredHand) -> bool:
    """Set the engine's figures on ``record``; whether any changed."""
    cached = {
        "dealer": scored.dealer,
        "points": list(scored.points),
        "totals": list(scored.totals),
        "rule": scored.score.rule,
        "section": scored.score.section,
        "explanation": scored.score.explanation,
        "after_end": scored.after_end,
    }
    if all(getattr(record, name) == value for name, value in cached.items()):
        return False
    for name, value in cached.items():
        setattr(record, name, value)
    return True


def _cache_totals(game: GameBase, result: GameScore, records: list[Hand]) -> None:
    """What the seats and the game cache once all the game's hands
    (``records``) are scored as ``result``: totals, winners, each seat's
    figures for the statistics, the end. Both a rescore (``cache_scores``) and
    an import (``cache_imported_totals``) end here."""
    seats = game.seat_list()
    figures = seat_figures(records, len(seats))
    for seat in seats:
        seat.total = result.totals[seat.position]
        for name, value in seat_results(game, seat, result.finished, result.winners).items():
            setattr(seat, name, value)
        for name, count in figures[seat.position].items():
            setattr(seat, name, count)
    Seat.objects.bulk_update(seats, ["total", *_RESULTS, *SEAT_FIGURES])
    # The pairs of seats counted afresh: replaced, all of them.
    pairs = SeatPair.for_seats(seats)
    for pair, counts in zip(pairs, pair_figures(records, len(seats)).values(), strict=True):
        for name, count in counts.items():
            setattr(pair, name, count)
    SeatPair.objects.filter(seat__in=seats).delete()
    SeatPair.objects.bulk_create(pairs)
    _cache_game(
        game,
        finished=result.finished,
        hands_played=len(result.counted_hands),
        played_on=result.played_on,
    )


def seat_results(
    game: GameBase, seat: Seat, finished: bool, winners: Collection[int]
) -> dict[str, bool]:
    """What ``seat`` caches of the game's end (``_RESULTS``): the game is
    over, the seat won, and shared the win (level on the top total with
    another player, docs/rules.md, Call-Ace 6; a standard team's two players winning
    together is not a shared win)."""
    won = seat.position in winners
    shared = won and game.variant != Variant.STANDARD and len(winners) > 1
    return {"finished": finished, "won": won, "shared_win": shared}


def game_fields(
    game: GameBase, *, finished: bool, hands_played: int, played_on: bool
) -> dict[str, datetime | int | bool | None]:
    """What the game itself caches (``finished_at`` and ``CACHED_GAME_FIELDS``):
    when it ended, its counted hands, a level top played on."""
    finished_at = (game.finished_at or timezone.now()) if finished else None
    return {"finished_at": finished_at, "hands_played": hands_played, "played_on": played_on}


def _cache_game(game: GameBase, *, finished: bool, hands_played: int, played_on: bool) -> None:
    """Set ``game_fields`` on ``game``; the caller saves them (``Game._changing``)."""
    fields = game_fields(game, finished=finished, hands_played=hands_played, played_on=played_on)
    for name, value in fields.items():
        setattr(game, name, value)


_RESULTS = ("finished", "won", "shared_win")
_CACHED_HAND_FIELDS = ("dealer", "points", "totals", "rule", "section", "explanation", "after_end")
# What ``game_fields`` sets besides ``finished_at``: every change saves them.
CACHED_GAME_FIELDS = ("hands_played", "played_on")
