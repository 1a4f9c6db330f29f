"""What Bower answers a hand sent from a phone's outbox (static/js/outbox_store.js;
docs/formats.md, "Recording a hand, once"): the table's form with ``after`` and its
token, as the page posts it, answered in HTML: the table with the hand's number in
``Bower-Hand`` (200), the one conflict part (409), the form with a message beside
each field (422), and nothing stored twice."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from scorekeeper.models import Game
from tests.game_support import fresh, post, record, start_game, url
from tests.games.test_game_fixes import Forms

pytestmark = pytest.mark.django_db

# Ben (seat 1) makes hearts, calls the ace of spades, Dan (seat 3) holds it: 3 tricks.
BENS = {"maker": "1", "trump": "H", "called": "S", "partner": "3", "tricks": "3"}
# Cat (seat 2) marches with Eve.
CATS = {"maker": "2", "trump": "S", "called": "H", "partner": "4", "tricks": "5"}


def send(client: Client, game: Game, hand: dict[str, str], **how: Any) -> Any:
    """A hand as the outbox sends it: the table's form, ``after`` and its token (htmx's header)."""
    return post(client, url("hand_enter", game), game, hand, htmx=True, **how)


def hands_of(game: Game) -> list[tuple[int, int | None, int | None]]:
    return list(fresh(game).hands.order_by("number").values_list("number", "maker", "tricks"))


def conflict_of(answer: Any) -> str:
    assert answer.status_code == 409
    html = answer.content.decode()
    assert html.count('class="form-errors hand-conflict"') == 1
    return html


def test_a_hand_sent_later_is_recorded_as_the_hand_after_those_its_phone_saw(
    client: Client,
) -> None:
    game = start_game()
    token = str(uuid.uuid4())
    answer = send(client, game, BENS, after=0, token=token)
    assert answer.status_code == 200
    assert answer["Bower-Hand"] == "1"
    assert "Hand 1 recorded." in answer.content.decode()
    # Its answer lost, the phone sends it again: the same hand, once, answered as before.
    again = send(client, game, BENS, after=0, token=token)
    assert (again.status_code, again["Bower-Hand"]) == (200, "1")
    following = send(client, game, CATS, after=1)
    assert following["Bower-Hand"] == "2"
    assert hands_of(game) == [(1, 1, 3), (2, 2, 5)]
    # Recorded as any hand: the totals are those of the same hands recorded at once.
    same = start_game()
    record(same, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    record(same, maker="Cat", trump="S", called="H", partner="Eve", tricks=5)
    assert [s.total for s in fresh(game).seat_list()] == [s.total for s in fresh(same).seat_list()]


def test_without_javascript_a_hand_is_stored_and_the_phone_sent_to_the_table(
    client: Client,
) -> None:
    game = start_game()
    answer = post(client, url("hand_enter", game), game, BENS)
    assert (answer.status_code, answer["Location"]) == (303, url("game_table", game))
    assert hands_of(game) == [(1, 1, 3)]


def test_a_hand_another_phone_recorded_there_meanwhile_is_shown_with_the_three_choices(
    client: Client,
) -> None:
    game = start_game()
    record(game, maker="Cat", trump="S", called="H", partner="Eve", tricks=5)
    html = conflict_of(send(client, game, BENS, after=0))
    assert "Hand 1 was entered on another phone too: the same deal entered twice?" in html
    assert "Theirs: Cat made spades" in html
    assert "Mine, on this phone: Ben made hearts" in html
    assert 'data-hands="1"' in html
    for choice in ("Keep theirs", "Keep mine", "Add mine as hand 2"):
        assert choice in html
    assert hands_of(game) == [(1, 2, 5)]

    # "Keep mine": the edit it posts stores my hand as hand 1.
    edit = url("hand_edit", game, 1)
    changed = client.post(edit, Forms(html).posted_to(edit))
    assert changed.status_code == 302
    assert hands_of(game) == [(1, 1, 3)]


def test_a_hand_recorded_with_an_earlier_token_of_this_phone_is_its_own(client: Client) -> None:
    """A hand changed on the phone after it reached Bower (its answer lost): the
    outbox sends its earlier tokens, and Bower names the hand this phone's own."""
    game = start_game()
    first = str(uuid.uuid4())
    send(client, game, BENS, after=0, token=first)
    html = conflict_of(send(client, game, {**BENS, "tricks": "4", "earlier": first}, after=0))
    assert "Hand 1 reached Bower from this phone before: Ben made hearts" in html
    assert "another phone" not in html
    assert "Keep what Bower has" in html
    assert "Change hand 1 to mine" in html
    assert "Add mine" not in html
    assert hands_of(game) == [(1, 1, 3)]


def test_hands_taken_back_meanwhile_store_nothing_and_say_how_many_the_game_holds(
    client: Client,
) -> None:
    game = start_game()
    record(game, maker="Cat", trump="S", called="H", partner="Eve", tricks=5)
    html = conflict_of(send(client, game, BENS, after=3))
    assert "Hands were taken back on another phone meanwhile: the game now holds 1." in html
    assert "Add mine as hand 2" in html
    assert "Drop mine" in html
    assert hands_of(game) == [(1, 2, 5)]


def test_a_token_that_recorded_another_hand_is_a_conflict_not_a_success(client: Client) -> None:
    game = start_game()
    token = str(uuid.uuid4())
    send(client, game, BENS, after=0, token=token)
    html = conflict_of(send(client, game, CATS, after=0, token=token))
    assert "Hand 1 reached Bower from this phone before" in html
    assert hands_of(game) == [(1, 1, 3)]


def test_thrown_in_sent_later_is_recorded_in_its_place(client: Client) -> None:
    game = start_game()
    answer = send(client, game, {"thrown_in": "yes"}, after=0)
    assert answer["Bower-Hand"] == "1"
    assert list(fresh(game).hands.values_list("number", "thrown_in")) == [(1, True)]


@pytest.mark.parametrize(
    ("hand", "after", "token", "field"),
    [
        (BENS, "two", None, "after"),
        (BENS, -1, None, "after"),
        (BENS, 0, "not-a-uuid", "token"),
        ({**BENS, "tricks": "9"}, 0, None, "tricks"),
        ({**BENS, "partner": "1"}, 0, None, "partner"),
        ({k: v for k, v in BENS.items() if k != "maker"}, 0, None, "maker"),
    ],
)
def test_a_bad_hand_sent_later_is_named_beside_its_field_and_stores_nothing(
    client: Client, hand: dict[str, str], after: Any, token: str | None, field: str
) -> None:
    game = start_game()
    answer = send(client, game, hand, after=after, token=token)
    assert answer.status_code == 422
    html = answer.content.decode()
    assert f'id="id_{field}_error"' in html or f'aria-describedby="id_{field}_error"' in html, field
    assert hands_of(game) == []


def test_a_hand_without_a_token_is_refused(client: Client) -> None:
    game = start_game()
    answer = client.post(url("hand_enter", game), {**BENS, "after": "0"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 422
    assert hands_of(game) == []


def test_a_hand_sent_later_to_a_finished_game_is_refused(client: Client) -> None:
    game = start_game(target=3)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=5)
    assert fresh(game).is_finished
    answer = send(client, game, CATS, after=1)
    assert answer.status_code == 422
    assert "The game is over: no more hands can be recorded." in answer.content.decode()
    assert len(hands_of(game)) == 1


def test_a_stranger_cannot_send_a_hand_later(stranger: Client) -> None:
    game = start_game()
    answer = send(stranger, game, BENS, after=0)
    assert answer.status_code in (403, 404)
    assert hands_of(game) == []
