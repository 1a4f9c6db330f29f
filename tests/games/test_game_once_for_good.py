"""One way in for a hand, and a token that means once for good (docs/formats.md,
"Recording a hand, once"): a hand goes in as hand ``after + 1`` with its token,
without ``version``; the same token answers as it first did after the game
ended, after its hand was undone or edited; the same deal from two phones is one
hand; another hand there is a 409 with what the phone needs to choose; a fix
sent again from Back is this phone's own, never another phone's. On SQLite and
on PostgreSQL (the PostgreSQL pass runs every test that uses the database)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.client import MULTIPART_CONTENT
from django.test.utils import CaptureQueriesContext

from scorekeeper.models import Game
from tests.documents import import_document, long_game
from tests.game_support import HTMX, fresh, post, record, start_game, url
from tests.games.test_game_fixes import Forms

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

# Ben (seat 1) makes hearts, calls the ace of spades, Dan (seat 3) holds it: 3 tricks.
BENS = {"maker": "1", "trump": "H", "called": "S", "partner": "3", "tricks": "3"}
# Ben and Dan march: 5 tricks.
BENS_MARCH = {**BENS, "tricks": "5"}
# Cat (seat 2) marches with Eve.
CATS = {"maker": "2", "trump": "S", "called": "H", "partner": "4", "tricks": "5"}
PAGE = {"HTTP_ACCEPT": "text/html,application/xhtml+xml"}


def send(client: Client, game: Game, hand: dict[str, str], *, after: int, token: Any) -> Any:
    """A hand as the phone's outbox sends it: no version, ``after`` and its token."""
    address = url("hand_enter", game)
    return post(client, address, game, hand, htmx=True, after=after, token=str(token))


def recorded(answer: Any) -> int:
    """The hand number a 200 names (``Bower-Hand``)."""
    assert answer.status_code == 200
    return int(answer["Bower-Hand"])


def hands_of(game: Game) -> list[tuple[int, int | None, int | None]]:
    return list(fresh(game).hands.order_by("number").values_list("number", "maker", "tricks"))


def test_a_hand_without_version_is_recorded(client: Client) -> None:
    game = start_game()
    answer = send(client, game, BENS, after=0, token=uuid.uuid4())
    assert recorded(answer) == 1
    page = client.post(
        url("hand_enter", game), {**CATS, "after": "1", "token": str(uuid.uuid4())}, **PAGE
    )
    assert page.status_code == 303
    assert hands_of(game) == [(1, 1, 3), (2, 2, 5)]


def test_a_resent_game_ending_hand_answers_as_first_recorded(client: Client) -> None:
    game = start_game(target=2)
    token = uuid.uuid4()
    first = send(client, game, BENS_MARCH, after=0, token=token)
    assert recorded(first) == 1
    assert fresh(game).is_finished
    # A double tap, or an outbox whose answer was lost: counted, not refused.
    again = send(client, game, BENS_MARCH, after=0, token=token)
    assert recorded(again) == 1
    # From the page, the same: "Hand 1 recorded.", with the result.
    fields = {**BENS_MARCH, "after": "0", "token": str(token)}
    page = client.post(url("hand_enter", game), fields, **PAGE)
    assert page.status_code == 303
    assert "Hand 1 recorded." in client.get(page.url).content.decode()
    assert hands_of(game) == [(1, 1, 5)]


def test_a_resend_after_an_undo_stores_nothing_and_answers_as_first(client: Client) -> None:
    game = start_game()
    token = uuid.uuid4()
    send(client, game, BENS, after=0, token=token)
    fresh(game).undo_last_hand(version=None)  # on another phone
    again = send(client, game, BENS, after=0, token=token)
    assert recorded(again) == 1
    assert hands_of(game) == []
    # Changed (Back on this phone): nothing stored, the hand it recorded named.
    changed = send(client, game, CATS, after=0, token=token)
    assert changed.status_code == 409
    html = changed.content.decode()
    assert "Hand 1 reached Bower from this phone before, and was taken back since" in html
    assert hands_of(game) == []


def test_a_resend_after_an_edit_stores_nothing_and_answers_as_first(client: Client) -> None:
    game = start_game()
    token = uuid.uuid4()
    send(client, game, BENS, after=0, token=token)
    fresh(game).edit_hand(
        version=None, number=1, hand=fresh(game).hands.get().to_engine(), confirm_earlier_end=False
    )
    record(game, maker="Cat", trump="S", called="H", partner="Eve", tricks=5)
    edit = {**BENS, "tricks": "1", "version": str(fresh(game).version)}
    assert client.post(url("hand_edit", game, 1), edit).status_code == 302
    again = send(client, game, BENS, after=0, token=token)
    assert recorded(again) == 1
    assert hands_of(game) == [(1, 1, 1), (2, 2, 5)]


def test_the_same_hand_from_two_phones_at_the_same_place_is_one_hand(client: Client) -> None:
    game = start_game()
    token_b = uuid.uuid4()
    send(client, game, BENS, after=0, token=uuid.uuid4())
    # The other phone scored the same deal (its bidding round noted besides).
    other = send(client, game, {**BENS, "round": "1"}, after=0, token=token_b)
    assert recorded(other) == 1
    assert hands_of(game) == [(1, 1, 3)]
    # Its token is kept: sent again it answers the same, even once hand 1 is gone.
    fresh(game).undo_last_hand(version=None)
    assert send(client, game, {**BENS, "round": "1"}, after=0, token=token_b).status_code == 200
    assert hands_of(game) == []


def test_both_phones_calling_a_misdeal_is_one_hand(client: Client) -> None:
    game = start_game()
    for _ in range(2):
        answer = send(client, game, {"thrown_in": "yes"}, after=0, token=uuid.uuid4())
        assert recorded(answer) == 1
    assert list(fresh(game).hands.values_list("number", "thrown_in")) == [(1, True)]


def test_a_different_hand_there_answers_409_with_what_the_phone_needs(client: Client) -> None:
    game = start_game()
    cats_token = uuid.uuid4()
    send(client, game, CATS, after=0, token=cats_token)
    answer = send(client, game, BENS, after=0, token=uuid.uuid4())
    assert answer.status_code == 409
    html = answer.content.decode()
    # What the phone shows and does: the hand there (another phone's), its points, "add
    # as the next hand" (hand 2), and "keep mine" as the change of hand 1.
    assert 'data-number="1" data-hands="1" data-by="another phone"' in html
    points = ",".join(map(str, fresh(game).hands.get().points))
    assert f'data-points="{points}"' in html
    assert "Theirs: Cat made spades" in html
    assert "Mine, on this phone: Ben made hearts" in html
    # "Keep mine (as an edit of it)": one post, once however often tapped.
    address = url("hand_edit", game, 1)
    edit = {"url": address, "fields": Forms(html).posted_to(address)}
    for _ in range(2):
        assert client.post(edit["url"], edit["fields"]).status_code == 302
    assert hands_of(game) == [(1, 1, 3)]
    assert fresh(game).changes.filter(kind="edited").count() == 1


def edit_form(client: Client, game: Game, number: int) -> dict[str, str]:
    """The fix screen's hidden fields as drawn (its version and token)."""
    html = client.get(url("hand_edit", game, number)).content.decode()
    drawn = Forms(html).posted_to(url("hand_edit", game, number))
    return {name: drawn[name] for name in ("version", "token")}


def test_back_after_a_fix_is_this_phones_own_fix_never_another_phones(client: Client) -> None:
    game = start_game()
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    drawn = edit_form(client, game, 1)
    fix = {**drawn, **BENS, "tricks": "4"}
    post = client.post(url("hand_edit", game, 1), fix, content_type=MULTIPART_CONTENT, **HTMX)
    assert "Hand 1 changed." in post.content.decode()
    # Back: the same screen (its version and token), changed, saved again.
    back = {**fix, "tricks": "5"}
    again = client.post(url("hand_edit", game, 1), back, content_type=MULTIPART_CONTENT, **HTMX)
    assert again.status_code == 409
    html = again.content.decode()
    assert "this screen already changed hand 1" in html
    assert "another phone" not in html
    assert fresh(game).hands.get().tricks == 4
    # Its Save the change (the form drawn again: a new token) stores the change not made.
    drawn = Forms(html).posted_to(url("hand_edit", game, 1))
    assert drawn["token"] != fix["token"]
    saved = {**back, "version": drawn["version"], "token": drawn["token"]}
    stored = client.post(url("hand_edit", game, 1), saved, **HTMX)
    assert stored.status_code == 200
    assert fresh(game).hands.get().tricks == 5
    # The first fix sent again (its answer lost) answers as the first time.
    repeat = client.post(url("hand_edit", game, 1), fix, content_type=MULTIPART_CONTENT, **HTMX)
    assert "Hand 1 changed." in repeat.content.decode()
    assert fresh(game).hands.get().tricks == 5


def test_a_page_without_javascript_records_a_whole_hand(client: Client) -> None:
    game = start_game()
    record(game, maker="Cat", trump="S", called="H", partner="Eve", tricks=5)
    html = client.get(url("game_table", game), **PAGE).content.decode()
    drawn = Forms(html).posted_to(url("hand_enter", game))
    assert drawn["after"] == "1"
    assert "version" not in drawn  # only Save the call's button carries it
    fields = {name: drawn[name] for name in ("csrfmiddlewaretoken", "after", "token")}
    answer = client.post(url("hand_enter", game), {**fields, **BENS, "save": "1"}, **PAGE)
    assert answer.status_code == 303  # redirect-after-POST
    assert "Hand 2 recorded." in client.get(answer.url, **PAGE).content.decode()
    # Posted again (Back, Save): recorded once.
    client.post(url("hand_enter", game), {**fields, **BENS, "save": "1"}, **PAGE)
    assert hands_of(game) == [(1, 2, 5), (2, 1, 3)]


def stored_with(client: Client, game: Game, accept: dict[str, str]) -> int:
    hands = fresh(game).hands.count()
    fields = {**BENS, "after": str(hands), "token": str(uuid.uuid4())}
    with CaptureQueriesContext(connection) as captured:
        answer = client.post(url("hand_enter", game), fields, **accept)
    assert answer.status_code < 400
    assert fresh(game).hands.count() == hands + 1
    return len(captured)


@pytest.mark.parametrize("accept", [HTMX, PAGE], ids=["the phone's outbox", "a page"])
def test_storing_a_hand_takes_a_few_queries_however_long_the_game(
    client: Client, accept: dict[str, str]
) -> None:
    # The outbox's answer draws the table (16); a page's is a redirect (12).
    short = fresh(import_document(long_game(1, target=99)))
    long = fresh(import_document(long_game(61, target=99)))
    counts = [stored_with(client, short, accept), stored_with(client, long, accept)]
    assert counts[0] == counts[1]
    assert counts[0] <= (16 if accept is HTMX else 12), counts
