"""Two phones, one moment: every way a game, a player or a hand is created or
changed stores it once under simultaneous requests, and answers each of them
without a server error (docs/decisions.md, D20), on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.files import views as import_views
from scorekeeper.models import (
    Game,
    Hand,
    HandChange,
    HandInProgress,
    Player,
    PrivateTable,
    UsedToken,
)
from scorekeeper.models.players import PlayerQuerySet
from tests.documents import document
from tests.game_support import FIVE, HTMX, our_table, record, start_game, url
from tests.race_support import at_once, phone, statuses

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

NEW_PLAYERS = ("Quinn", "Rosa", "Sol", "Tam", "Uma")


def new_game_form(token: str, players: tuple[str, ...] = FIVE) -> dict[str, str]:
    return {
        "token": token,
        "variant": "call-ace",
        **{f"player_{seat}": name for seat, name in enumerate(players)},
        "first_dealer": "0",
        "target": "10",
        "stick_the_dealer": "on",
        "deal": "standard",
        "renege": "march-or-euchre",
        "ties": "share",
        "action": "start",
    }


def game_form(game: Game, **fields: Any) -> dict[str, Any]:
    game.refresh_from_db()
    return {"version": game.version, "token": str(uuid.uuid4()), **fields}


def test_twenty_submits_of_one_new_game_form_start_one_game() -> None:
    form = new_game_form(str(uuid.uuid4()), NEW_PLAYERS)
    outcomes = at_once(20, lambda i, client: client.post(reverse("new_game"), form))
    game = Game.objects.get()
    assert statuses(outcomes) == [302] * 20
    assert {o.location for o in outcomes} == {url("game_table", game)}
    assert [s.player.name for s in game.seat_list()] == list(NEW_PLAYERS)
    assert Player.objects.count() == 5


def test_ten_new_games_naming_the_same_new_players_share_the_players() -> None:
    def start(i: int, client: Client) -> Any:
        # The same five new names, seated differently (and spelled in two cases).
        names = NEW_PLAYERS[i % 5 :] + NEW_PLAYERS[: i % 5]
        if i % 2:
            names = tuple(name.upper() for name in names)
        return client.post(reverse("new_game"), new_game_form(str(uuid.uuid4()), names))

    outcomes = at_once(10, start)
    assert statuses(outcomes) == [302] * 10
    assert Game.objects.count() == 10
    # One player per name, spelled as the request that created them spelled it.
    names = Player.objects.values_list("name", flat=True)
    assert sorted(name.casefold() for name in names) == sorted(n.casefold() for n in NEW_PLAYERS)
    for game in Game.objects.all():
        assert len({s.player_id for s in game.seat_list()}) == 5


class _ProcessEach:
    """The imports' one-at-a-time lock as six app processes hold it: one each, so
    all six store at once (a process stores one import at a time, D72)."""

    def acquire(self, blocking: bool = True) -> bool:
        return True

    def release(self) -> None:
        pass


def test_imports_naming_the_same_new_players_at_once_share_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(import_views, "_storing", _ProcessEach())
    hands = [{"maker": "Rosa", "trump": "H", "called": "S", "partner": "Tam", "tricks": 3}]
    text = json.dumps(document("call-ace", list(NEW_PLAYERS), hands * 3))
    outcomes = at_once(6, lambda i, client: client.post(reverse("game_import"), {"text": text}))
    assert statuses(outcomes) == [302] * 6
    assert Game.objects.count() == 6
    assert Player.objects.count() == 5


def test_one_hand_sent_ten_times_at_once_is_recorded_once() -> None:
    game = start_game()
    form = {"thrown_in": "yes", "after": "0", "token": str(uuid.uuid4())}
    outcomes = at_once(10, lambda i, client: client.post(url("hand_enter", game), form))
    assert statuses(outcomes) == [303] * 10
    assert Hand.objects.filter(game=game).count() == 1
    assert HandChange.objects.filter(game=game).count() == 1


def test_the_end_of_a_hand_sent_eight_times_at_once_is_recorded_once() -> None:
    game = start_game()
    game.save_call(version=game.version, maker=1, trump="H", called="S")
    hand = {"maker": "1", "trump": "H", "called": "S", "partner": "3", "tricks": "3"}
    form = {**hand, "after": "0", "token": str(uuid.uuid4())}
    outcomes = at_once(8, lambda i, client: client.post(url("hand_enter", game), form, **HTMX))
    # Each phone is answered with the table: the hand is recorded, once.
    assert statuses(outcomes) == [200] * 8
    assert Hand.objects.filter(game=game).count() == 1
    assert not HandInProgress.objects.filter(game=game).exists()


def test_different_hands_sent_at_once_as_one_hand_record_one() -> None:
    game = start_game()

    def enter(i: int, client: Client) -> Any:
        hand = {"maker": str(i), "trump": "H", "called": "S", "partner": "none", "tricks": "3"}
        fields = {"after": "0", "token": str(uuid.uuid4()), **hand}
        return client.post(url("hand_enter", game), fields, **HTMX)

    outcomes = at_once(5, enter)
    # One phone's hand is stored; the others are shown it, to choose (409).
    assert sorted(statuses(outcomes), key=str) == [200] + [409] * 4
    assert Hand.objects.filter(game=game).count() == 1


def test_the_same_deal_from_six_phones_at_once_is_one_hand_and_no_conflict() -> None:
    game = start_game()
    hand = {"maker": "1", "trump": "H", "called": "S", "partner": "3", "tricks": "3"}

    answers: list[str] = []

    def send(i: int, client: Client) -> Any:
        fields = {**hand, "after": "0", "token": str(uuid.uuid4())}
        response = client.post(url("hand_enter", game), fields, **HTMX)
        answers.append(response.get("Bower-Hand", ""))
        return response

    outcomes = at_once(6, send)
    assert statuses(outcomes) == [200] * 6
    assert set(answers) == {"1"}
    assert Hand.objects.filter(game=game).count() == 1
    assert UsedToken.objects.filter(game=game).count() == 6  # each phone's token, for good


def test_a_token_sent_at_once_after_its_hand_was_undone_stores_nothing() -> None:
    game = start_game()
    fields = {"maker": "1", "trump": "H", "called": "S", "partner": "3", "tricks": "3"}
    fields = {**fields, "after": "0", "token": str(uuid.uuid4())}
    first = phone(our_table()).post(url("hand_enter", game), fields, **HTMX)
    assert first.status_code == 200
    game.undo_last_hand(version=None)
    answers: list[str] = []

    def resend(i: int, client: Client) -> Any:
        response = client.post(url("hand_enter", game), fields, **HTMX)
        answers.append(response.get("Bower-Hand", ""))
        return response

    outcomes = at_once(6, resend)
    assert statuses(outcomes) == [200] * 6
    assert answers == ["1"] * 6  # answered as the first time
    assert Hand.objects.filter(game=game).count() == 0


def test_one_call_sent_at_once_starts_one_hand() -> None:
    game = start_game()
    form = game_form(game, maker="1", trump="H", called="S")
    outcomes = at_once(8, lambda i, client: client.post(url("hand_start", game), form))
    assert statuses(outcomes) == [302] * 8
    current = HandInProgress.objects.get(game=game)
    assert (current.maker, current.trump, current.called) == (1, "H", "S")


def test_one_dealer_and_cancel_sent_at_once_change_once() -> None:
    game = start_game()
    game.save_call(version=game.version, maker=1, trump="H", called="S")
    cancel = game_form(game)
    assert (
        statuses(at_once(6, lambda i, client: client.post(url("hand_cancel", game), cancel)))
        == [302] * 6
    )
    assert not HandInProgress.objects.filter(game=game).exists()

    dealer = game_form(game, dealer="3")
    assert (
        statuses(at_once(6, lambda i, client: client.post(url("hand_dealer", game), dealer)))
        == [302] * 6
    )
    game.refresh_from_db()
    assert game.next_dealer == 3


def test_one_edit_sent_at_once_is_stored_once() -> None:
    game = start_game()
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    record(game, maker="Cat", trump="C", called="D", partner="Dan", tricks=3)
    edit = game_form(game, maker="1", trump="H", called="S", partner="3", tricks="5")
    outcomes = at_once(6, lambda i, client: client.post(url("hand_edit", game, 1), edit))
    assert statuses(outcomes) == [302] * 6
    assert HandChange.objects.filter(game=game, kind=HandChange.Kind.EDITED).count() == 1
    assert Hand.objects.get(game=game, number=1).tricks == 5


def test_one_undo_sent_at_once_takes_back_one_hand() -> None:
    game = start_game()
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    record(game, maker="Cat", trump="C", called="D", partner="Dan", tricks=3)
    undo = game_form(game)
    outcomes = at_once(6, lambda i, client: client.post(url("hand_undo", game), undo, **HTMX))
    # One phone takes the last hand back; the others are told the game changed (409).
    assert sorted(statuses(outcomes), key=str) == [200] + [409] * 5
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1]


def test_a_rematch_tapped_on_every_phone_at_once_starts_one_game() -> None:
    game = start_game(target=1)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    outcomes = at_once(8, lambda i, client: client.post(url("game_rematch", game)))
    rematch = Game.objects.get(rematch_of=game)
    assert statuses(outcomes) == [302] * 8
    assert {o.location for o in outcomes} == {url("game_table", rematch)}


def test_a_player_named_between_the_look_up_and_the_insert_is_the_one_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # What the loser of a race sees: the look-up found nobody, the insert hits
    # the name's constraint (any case), and the player stored meanwhile is used.
    private_table = our_table()
    quinn = Player.objects.create(name="Quinn", private_table=private_table)
    monkeypatch.setattr(PlayerQuerySet, "named", lambda self, name: None)
    assert Player.for_name("QUINN", private_table=private_table) == quinn
    assert Player.objects.count() == 1


def test_two_tables_naming_the_same_new_player_get_one_player_each() -> None:
    # Players are per table: another table's Quinn is someone else.
    first, second = our_table(), PrivateTable.objects.create(name="Elsewhere")
    quinn = Player.for_name("Quinn", private_table=first)
    other = Player.for_name("QUINN", private_table=second)
    assert other != quinn
    assert (quinn.private_table, other.private_table) == (first, second)
    assert Player.for_name("quinn", private_table=first) == quinn
    assert Player.objects.count() == 2
