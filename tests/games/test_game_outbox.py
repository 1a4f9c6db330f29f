"""A hand sent later from a phone's outbox carries ``after``, the hands its phone
saw (docs/formats.md, "Recording a hand, once"): stored as hand ``after + 1`` only
when the game holds exactly ``after`` hands, once, and never over a hand another
phone recorded meanwhile."""

from __future__ import annotations

import uuid

import pytest

from referee.engine.cards import Suit
from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import PartnerOutcome
from scorekeeper.models import Game, HandAlreadyThere, Player, StaleGame, TokenUsed
from tests.game_support import fresh, start_game

pytestmark = pytest.mark.django_db


def made_by(maker: int, tricks: int = 3) -> EngineHand:
    return EngineHand(
        maker=maker,
        trump=Suit.HEARTS,
        called=Suit.SPADES,
        outcome=PartnerOutcome.REVEALED,
        partner=(maker + 2) % 5,
        tricks=tricks,
    )


def numbers(game: Game) -> list[tuple[int, int]]:
    return list(fresh(game).hands.order_by("number").values_list("number", "maker"))


def test_hands_queued_offline_are_stored_in_order_whatever_else_changed_meanwhile() -> None:
    game = start_game()
    # While the scorer's phone was offline another phone renamed a player and made trump.
    Player.objects.filter(name="Ann").get().rename("Annie")
    game.save_call(version=fresh(game).version, maker=2, trump="C", called="S")
    first = game.record_hand(token=uuid.uuid4(), hand=made_by(1), after=0)
    second = game.record_hand(token=uuid.uuid4(), hand=made_by(3), after=1)
    assert (first.number, second.number) == (1, 2)
    assert numbers(game) == [(1, 1), (2, 3)]


def test_an_outbox_hand_sent_twice_is_stored_once() -> None:
    game = start_game()
    token = uuid.uuid4()
    first = game.record_hand(token=token, hand=made_by(1), after=0)
    again = game.record_hand(token=token, hand=made_by(1), after=0)
    assert again.pk == first.pk
    assert numbers(game) == [(1, 1)]


def test_an_outbox_hand_never_replaces_a_hand_another_phone_recorded_meanwhile() -> None:
    game = start_game()
    theirs = game.record_hand(token=uuid.uuid4(), hand=made_by(4))
    with pytest.raises(HandAlreadyThere) as refused:
        game.record_hand(token=uuid.uuid4(), hand=made_by(1), after=0)
    assert refused.value.hand.pk == theirs.pk
    assert numbers(game) == [(1, 4)]
    # Sent after the hand the phone now knows of, it goes in as hand 2.
    mine = game.record_hand(token=uuid.uuid4(), hand=made_by(1), after=1)
    assert mine.number == 2


def test_an_outbox_hand_after_hands_taken_back_meanwhile_is_refused() -> None:
    game = start_game()
    game.record_hand(token=uuid.uuid4(), hand=made_by(4))
    game.undo_last_hand(version=fresh(game).version)
    with pytest.raises(StaleGame):
        game.record_hand(token=uuid.uuid4(), hand=made_by(1), after=1)
    assert numbers(game) == []


@pytest.mark.postgres
def test_the_token_of_an_outbox_hand_sent_with_other_content_stores_nothing() -> None:
    game = start_game()
    token = uuid.uuid4()
    game.record_hand(token=token, hand=made_by(1), after=0)
    with pytest.raises(TokenUsed):
        game.record_hand(token=token, hand=made_by(1, tricks=4), after=0)
    assert numbers(game) == [(1, 1)]
