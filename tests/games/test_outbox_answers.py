"""What Bower answers a hand sent from a phone's outbox (static/js/outbox_store.js;
docs/formats.md, "The outbox's answers"): the whole-hand form (or thrown in) with
``after`` and its token, answered in JSON the phone reads: recorded once, a hand
another phone recorded there shown with the edit that would replace it, bad input
named and nothing stored."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from scorekeeper.models import Game
from tests.game_support import fresh, record, start_game, url

pytestmark = pytest.mark.django_db

# Ben (seat 1) makes hearts, calls the ace of spades, Dan (seat 3) holds it: 3 tricks.
BENS = {"maker": "1", "trump": "H", "called": "S", "partner": "3", "tricks": "3"}
# Cat (seat 2) marches with Eve.
CATS = {"maker": "2", "trump": "S", "called": "H", "partner": "4", "tricks": "5"}


def send(
    client: Client,
    game: Game,
    hand: dict[str, str],
    *,
    after: Any,
    token: Any,
) -> Any:
    """A hand as the outbox sends it: the form kept on the phone, `after` and its token."""
    fields = {**hand, "after": str(after)}
    if token is not None:
        fields["token"] = str(token)
    return client.post(url("hand_enter", game), fields, HTTP_ACCEPT="application/json")


def hands_of(game: Game) -> list[tuple[int, int | None, int | None]]:
    return list(fresh(game).hands.order_by("number").values_list("number", "maker", "tricks"))


def test_a_hand_sent_later_is_recorded_as_the_hand_after_those_its_phone_saw(
    client: Client,
) -> None:
    game = start_game()
    token = uuid.uuid4()
    answer = send(client, game, BENS, after=0, token=token)
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/json"
    assert answer.json() == {"recorded": 1, "hands": 1, "again": False}
    # Its answer lost, the phone sends it again: the same hand, once.
    again = send(client, game, BENS, after=0, token=token)
    assert again.json() == {"recorded": 1, "hands": 1, "again": True}
    following = send(client, game, CATS, after=1, token=uuid.uuid4())
    assert following.json() == {"recorded": 2, "hands": 2, "again": False}
    assert hands_of(game) == [(1, 1, 3), (2, 2, 5)]
    # Recorded as any hand: the totals are those of the same hands recorded at once.
    same = start_game()
    record(same, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    record(same, maker="Cat", trump="S", called="H", partner="Eve", tricks=5)
    assert [s.total for s in fresh(game).seat_list()] == [s.total for s in fresh(same).seat_list()]


def test_a_hand_another_phone_recorded_there_meanwhile_is_shown_with_the_edit_that_would_replace_it(
    client: Client,
) -> None:
    game = start_game()
    record(game, maker="Cat", trump="S", called="H", partner="Eve", tricks=5)
    answer = send(client, game, BENS, after=0, token=uuid.uuid4())
    assert answer.status_code == 409
    conflict = answer.json()
    assert conflict["hands"] == 1
    assert conflict["mine"].startswith("Ben made hearts")
    theirs = conflict["theirs"]
    assert theirs["number"] == 1
    assert theirs["summary"].startswith("Cat made spades")
    assert hands_of(game) == [(1, 2, 5)]

    # "Replace theirs with mine": the edit it names stores my hand as hand 1.
    edit = theirs["edit"]
    assert edit["url"] == url("hand_edit", game, 1)
    changed = client.post(edit["url"], edit["fields"])
    assert changed.status_code == 302
    assert hands_of(game) == [(1, 1, 3)]


def test_hands_taken_back_meanwhile_store_nothing_and_say_how_many_the_game_holds(
    client: Client,
) -> None:
    game = start_game()
    record(game, maker="Cat", trump="S", called="H", partner="Eve", tricks=5)
    answer = send(client, game, BENS, after=3, token=uuid.uuid4())
    assert answer.status_code == 409
    assert answer.json() == {"hands": 1, "mine": answer.json()["mine"], "theirs": None}
    assert hands_of(game) == [(1, 2, 5)]


def test_a_token_that_recorded_another_hand_is_a_conflict_not_a_success(client: Client) -> None:
    game = start_game()
    token = uuid.uuid4()
    send(client, game, BENS, after=0, token=token)
    answer = send(client, game, CATS, after=0, token=token)
    assert answer.status_code == 409
    assert answer.json()["theirs"]["number"] == 1
    assert hands_of(game) == [(1, 1, 3)]


def test_thrown_in_sent_later_is_recorded_in_its_place(client: Client) -> None:
    game = start_game()
    answer = send(client, game, {"thrown_in": "yes"}, after=0, token=uuid.uuid4())
    assert answer.json() == {"recorded": 1, "hands": 1, "again": False}
    assert list(fresh(game).hands.values_list("number", "thrown_in")) == [(1, True)]


@pytest.mark.parametrize(
    ("hand", "after", "token", "field"),
    [
        (BENS, "two", "new", "after"),
        (BENS, -1, "new", "after"),
        (BENS, 0, None, "token"),
        (BENS, 0, "not-a-uuid", "token"),
        ({**BENS, "tricks": "9"}, 0, "new", "tricks"),
        ({**BENS, "partner": "1"}, 0, "new", "partner"),
        ({k: v for k, v in BENS.items() if k != "maker"}, 0, "new", "maker"),
    ],
)
def test_a_bad_hand_sent_later_is_named_field_by_field_and_stores_nothing(
    client: Client, hand: dict[str, str], after: Any, token: Any, field: str
) -> None:
    game = start_game()
    answer = send(client, game, hand, after=after, token=uuid.uuid4() if token == "new" else token)
    assert answer.status_code == 422
    problems = answer.json()["problems"]
    assert field in [name for name, _ in problems], problems
    assert all(message for _, message in problems)
    assert hands_of(game) == []


def test_a_hand_sent_later_to_a_finished_game_is_refused(client: Client) -> None:
    game = start_game(target=3)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=5)
    assert fresh(game).is_finished
    answer = send(client, game, CATS, after=1, token=uuid.uuid4())
    assert answer.status_code == 422
    [[field, message]] = answer.json()["problems"]
    assert field is None
    assert message.startswith("The game is over: no more hands can be recorded.")
    assert len(hands_of(game)) == 1


def test_a_stranger_cannot_send_a_hand_later(stranger: Client) -> None:
    game = start_game()
    answer = send(stranger, game, BENS, after=0, token=uuid.uuid4())
    assert answer.status_code in (403, 404)
    assert hands_of(game) == []
