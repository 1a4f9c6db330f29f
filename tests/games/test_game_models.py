"""The scorekeeper models as the game flow uses them: idempotent, versioned, recomputed."""

from __future__ import annotations

import uuid

import pytest

from referee.engine.cards import Suit
from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import PartnerOutcome
from referee.engine.variants import HouseRules, Variant
from scorekeeper.models import (
    EndMovesEarlier,
    Game,
    GameOver,
    HandChange,
    HandInProgress,
    Player,
    StaleGame,
)
from tests.game_support import FIVE, FOUR, fresh, our_table, record, start_game

pytestmark = pytest.mark.django_db


def ben_and_dan(tricks: int = 3) -> EngineHand:
    return EngineHand(
        maker=1,
        trump=Suit.HEARTS,
        called=Suit.SPADES,
        outcome=PartnerOutcome.REVEALED,
        partner=3,
        tricks=tricks,
    )


# --- starting ---------------------------------------------------------------------------------


def test_a_new_game_token_starts_one_game_however_often_it_is_sent() -> None:
    token = uuid.uuid4()
    first = Game.start(
        variant=Variant.CALL_ACE,
        players=FIVE,
        first_dealer=0,
        rules=HouseRules(),
        token=token,
        private_table=our_table(),
    )
    again = Game.start(
        variant=Variant.CALL_ACE,
        players=FIVE,
        first_dealer=0,
        rules=HouseRules(),
        token=token,
        private_table=our_table(),
    )
    assert again.pk == first.pk
    assert Game.objects.count() == 1


@pytest.mark.postgres
def test_one_person_is_one_player_across_games_whatever_the_case() -> None:
    start_game(players=FIVE)
    start_game("standard", ("ann", "BEN", "Cat", "Dan"))
    assert Player.objects.count() == 5
    assert [s.player.name for s in fresh(Game.objects.last()).seat_list()][:2] == ["Ann", "Ben"]


@pytest.mark.postgres
def test_recent_players_come_newest_game_first() -> None:
    start_game("standard", FOUR)
    start_game("standard", ("Zoe", "Yan", "Xia", "Wes"))
    names = [p.name for p in Player.objects.recent(4)]
    assert names == ["Wes", "Xia", "Yan", "Zoe"]


# --- the hand in progress ---------------------------------------------------------------------


def test_starting_a_hand_twice_with_the_same_call_keeps_one_and_bumps_once() -> None:
    game = start_game()
    version = game.version
    game.save_call(version=version, maker=1, trump="H", called="S")
    game.save_call(version=version, maker=1, trump="H", called="S")
    assert HandInProgress.objects.count() == 1
    assert fresh(game).version == version + 1


def test_a_different_call_from_a_stale_phone_is_refused() -> None:
    game = start_game()
    version = game.version
    game.save_call(version=version, maker=1, trump="H", called="S")
    with pytest.raises(StaleGame):
        game.save_call(version=version, maker=2, trump="C", called="C")


def test_cancelling_twice_changes_the_game_once() -> None:
    game = start_game()
    game.save_call(version=None, maker=1, trump="H", called="S")
    version = fresh(game).version
    game.cancel_hand_in_progress(version=version)
    game.cancel_hand_in_progress(version=version)
    assert fresh(game).version == version + 1
    assert fresh(game).current_hand is None


# --- recording ---------------------------------------------------------------------------------


def test_a_retried_record_returns_the_hand_already_stored() -> None:
    game = start_game()
    token = uuid.uuid4()
    first = game.record_hand(token=token, hand=ben_and_dan())
    again = game.record_hand(token=token, hand=ben_and_dan())
    assert again.pk == first.pk
    assert game.hands.count() == 1


def test_recording_clears_the_hand_in_progress_and_moves_the_deal_on() -> None:
    game = start_game(first_dealer=4)
    game.save_call(version=None, maker=1, trump="H", called="S")
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    game = fresh(game)
    assert game.current_hand is None
    assert game.upcoming(game.recent_hands(1)[0]) == (2, 0)


def test_upcoming_starts_with_the_first_dealer() -> None:
    game = start_game(first_dealer=3)
    assert game.upcoming(None) == (1, 3)


def test_no_hand_is_recorded_after_the_game_has_ended() -> None:
    game = start_game(target=3)
    record(game, maker="Ben", trump="H", called="S", partner="maker", tricks=5)
    with pytest.raises(GameOver):
        record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)


def test_recent_hands_are_newest_first_and_limited() -> None:
    game = start_game()
    for _ in range(7):
        record(game, thrown_in=True)
    assert [h.number for h in game.recent_hands(3)] == [7, 6, 5]


# --- undo and edit ------------------------------------------------------------------------------


@pytest.mark.postgres
def test_undo_takes_back_the_last_hand_and_keeps_a_note() -> None:
    game = start_game()
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=5)
    assert game.undo_last_hand(version=fresh(game).version) == 1
    assert [s.total for s in fresh(game).seat_list()] == [0, 0, 0, 0, 0]
    assert list(HandChange.objects.values_list("kind", flat=True)) == ["recorded", "undone"]


def test_an_edit_that_ends_the_game_earlier_asks_first_and_keeps_the_later_hands() -> None:
    game = start_game(target=4)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    record(game, maker="Cat", trump="H", called="S", partner="Dan", tricks=3)
    marched = EngineHand(
        maker=1,
        trump=Suit.HEARTS,
        called=Suit.SPADES,
        outcome=PartnerOutcome.MAKER_HELD,
        tricks=5,
    )
    with pytest.raises(EndMovesEarlier) as end:
        game.edit_hand(
            version=fresh(game).version, number=1, hand=marched, confirm_earlier_end=False
        )
    assert (end.value.ended_after, end.value.later_hands) == (1, 2)
    assert not fresh(game).is_finished

    game.edit_hand(version=fresh(game).version, number=1, hand=marched, confirm_earlier_end=True)
    game = fresh(game)
    assert game.is_finished
    assert [h.after_end for h in game.hand_list()] == [False, True, True]
    assert game.hands.count() == 3


@pytest.mark.postgres
def test_the_same_edit_sent_twice_changes_the_game_once() -> None:
    game = start_game()
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    version = fresh(game).version
    game.edit_hand(version=version, number=1, hand=ben_and_dan(4), confirm_earlier_end=False)
    game.edit_hand(version=version, number=1, hand=ben_and_dan(4), confirm_earlier_end=False)
    assert fresh(game).version == version + 1
    edits = HandChange.objects.filter(kind="edited")
    assert [e.changes for e in edits] == [{"tricks": [3, 4]}]


# --- rematch ----------------------------------------------------------------------------------


def test_a_rematch_passes_the_deal_on_and_is_made_once() -> None:
    game = start_game(target=3, first_dealer=0)
    record(game, maker="Ben", trump="H", called="S", partner="maker", tricks=5)
    rematch = game.rematch()
    assert rematch.first_dealer == 1
    assert rematch.rematch_of_id == game.pk
    assert [s.player.name for s in rematch.seat_list()] == list(FIVE)
    assert rematch.target == 3
    assert game.rematch().pk == rematch.pk
