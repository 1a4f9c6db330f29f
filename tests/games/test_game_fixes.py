"""Back and fixes (docs/decisions.md, D49): Undo shows the hand it took back
with Redo, which records it again once and never over another phone's hand;
"Fix" opens the last hand's edit as entered; a changed resubmission (409)
stores the change as an edit of that hand in one tap."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client
from django.test.client import MULTIPART_CONTENT

from scorekeeper.models import Game, HandChange
from tests.game_support import HTMX, fresh, post, record, start_game, url

pytestmark = pytest.mark.django_db

BEN_WITH_DAN = {"maker": "1", "trump": "H", "called": "S", "partner": "3", "tricks": "3"}


class Forms(HTMLParser):
    """The forms of a page: each one's action and the values its inputs send."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.forms.append((found.get("action", ""), {}))
        elif tag == "input" and self.forms and "name" in found:
            self.forms[-1][1][found["name"]] = found.get("value", "")

    def posted_to(self, action: str) -> dict[str, str]:
        """The fields of the first form that posts to ``action`` (on the table, the
        hand's form comes before the misdeal's)."""
        fields = [values for address, values in self.forms if address == action]
        assert fields, f"no form posts to {action}"
        return fields[0]


def send(client: Client, address: str, fields: dict[str, str], *, htmx: bool = False) -> Any:
    """Tap a form's button: its fields as drawn, nothing added."""
    return client.post(address, fields, content_type=MULTIPART_CONTENT, **(HTMX if htmx else {}))


@pytest.fixture
def game() -> Game:
    """Two hands: Ben with Dan make it (3 tricks), then Cat marches with Ann."""
    game = start_game(first_dealer=0)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    record(game, maker="Cat", trump="S", called="H", partner="Ann", tricks=5)
    return fresh(game)


def totals(game: Game) -> list[int]:
    return [seat.total for seat in fresh(game).seat_list()]


def undo(client: Client, game: Game, *, htmx: bool = True) -> Any:
    return post(client, url("hand_undo", game), game, htmx=htmx)


def redo_fields(html: str, game: Game) -> dict[str, str]:
    return Forms(html).posted_to(url("hand_redo", game))


# --- Undo, and Redo ---------------------------------------------------------------------------


@pytest.mark.postgres
def test_undo_shows_the_hand_taken_back_and_redo_records_it_again_as_it_was(
    client: Client, game: Game
) -> None:
    before, hand_2 = totals(game), game.hands.get(number=2)
    summary = hand_2.summary(game.setup)

    answer = undo(client, game)
    html = answer.content.decode()
    assert answer.status_code == 200
    assert f"Hand 2 taken back: {summary}" in html
    assert totals(game) == [0, 1, 0, 1, 0]

    redone = send(client, url("hand_redo", game), redo_fields(html, game), htmx=True)
    assert redone.status_code == 200
    assert "Hand 2 recorded again." in redone.content.decode()
    assert "taken back" not in redone.content.decode()
    assert game.hands.get(number=2).to_engine() == hand_2.to_engine()
    assert totals(game) == before
    kinds = HandChange.objects.filter(game=game, hand_number=2).values_list("kind", flat=True)
    assert list(kinds) == ["recorded", "undone", "recorded"]


@pytest.mark.postgres
def test_redo_tapped_twice_records_the_hand_once(client: Client, game: Game) -> None:
    fields = redo_fields(undo(client, game).content.decode(), game)
    answers = [send(client, url("hand_redo", game), fields, htmx=True) for _ in range(2)]
    assert [a.status_code for a in answers] == [200, 200]
    assert game.hands.count() == 2
    assert HandChange.objects.filter(game=game, kind="recorded", hand_number=2).count() == 2


def test_redo_after_another_phone_recorded_that_hand_stores_nothing_and_says_so(
    client: Client, game: Game
) -> None:
    fields = redo_fields(undo(client, game).content.decode(), game)
    record(game, thrown_in=True)  # another phone: hand 2 was a misdeal

    answer = send(client, url("hand_redo", game), fields, htmx=True)
    assert answer.status_code == 409
    assert "Nothing redone: another phone recorded hand 2 meanwhile" in answer.content.decode()
    assert game.hands.count() == 2
    assert game.hands.get(number=2).thrown_in


@pytest.mark.parametrize("meanwhile", ["hand 1 taken back too", "a call made"])
@pytest.mark.postgres
def test_redo_after_the_game_changed_otherwise_stores_nothing(
    client: Client, game: Game, meanwhile: str
) -> None:
    fields = redo_fields(undo(client, game).content.decode(), game)
    game = fresh(game)
    if meanwhile == "a call made":
        game.save_call(version=game.version, maker=2, trump="D", called="C")
    else:
        game.undo_last_hand(version=game.version)
    count = game.hands.count()

    answer = send(client, url("hand_redo", game), fields, htmx=True)
    assert answer.status_code == 409
    assert "Nothing redone" in answer.content.decode()
    assert game.hands.count() == count
    assert (fresh(game).current_hand is not None) is (meanwhile == "a call made")


def test_redo_naming_another_games_undo_stores_nothing(client: Client, game: Game) -> None:
    other = start_game()
    record(other, maker="Ann", trump="C", called="D", partner="Eve", tricks=3)
    fields = redo_fields(undo(client, other).content.decode(), other)

    answer = send(client, url("hand_redo", game), fields, htmx=True)
    assert answer.status_code == 409
    assert game.hands.count() == 2
    assert not other.hands.exists()


def test_without_javascript_undo_leads_to_a_table_with_redo_that_records_it_again(
    client: Client, game: Game
) -> None:
    before = totals(game)
    answer = undo(client, game, htmx=False)
    assert answer.status_code == 302
    table_screen = client.get(answer.url).content.decode()
    assert "Hand 2 undone." in table_screen
    assert "Hand 2 taken back: Cat made spades" in table_screen

    redone = send(client, url("hand_redo", game), redo_fields(table_screen, game))
    assert redone.status_code == 302
    assert "Hand 2 recorded again." in client.get(redone.url).content.decode()
    assert totals(game) == before


def test_without_javascript_redo_is_offered_until_the_next_change(
    client: Client, game: Game
) -> None:
    address = undo(client, game, htmx=False).url
    assert "taken back" in client.get(address).content.decode()
    assert "taken back" in client.get(address).content.decode()  # a reload keeps it
    game = fresh(game)
    game.set_dealer(version=game.version, dealer=3)  # any change, on any phone
    assert "taken back" not in client.get(address).content.decode()


# --- Fix the last hand ------------------------------------------------------------------------


def test_the_table_fixes_the_last_hand_in_one_tap_on_its_edit_screen_as_entered(
    client: Client, game: Game
) -> None:
    html = client.get(url("game_table", game)).content.decode()
    edit = url("hand_edit", game, 2)
    assert f'href="{edit}" hx-get="{edit}">Fix<span class="visually-hidden"> hand 2</span>' in html

    screen = client.get(edit)
    form: Any = screen.context["form"]
    shown = {name: form[name].value() for name in ("maker", "trump", "called", "tricks")}
    assert shown == {"maker": "2", "trump": "S", "called": "H", "tricks": "5"}
    assert form["partner"].value() == "0"
    # Its points, at once.
    assert [(row.name, row.points) for row in screen.context["preview"] if row.points] == [
        ("Ann", 3),
        ("Cat", 3),
    ]


# --- A changed resubmission: one tap stores it as an edit -------------------------------------


def resubmitted(client: Client, game: Game, stage: str) -> Any:
    """Hand 1 saved (Ben with Dan, 3 tricks), then the same form sent again
    with partner Cat and 5 tricks (Back, changed, Save): the 409."""
    token = "7a3c1a0e-3b7e-4f0b-9d5e-6c1f1d2a9b10"
    if stage == "in play":
        game.save_call(version=game.version, maker=1, trump="H", called="S")
        hand = {**BEN_WITH_DAN, "after": "0"}
        post(client, url("hand_enter", game), game, hand, token=token)
        changed = {**hand, "partner": "2", "tricks": "5"}
        return post(client, url("hand_enter", game), game, changed, token=token)
    hand = {**BEN_WITH_DAN, "after": "0"}
    post(client, url("hand_enter", game), game, hand, token=token)
    changed = {**hand, "partner": "2", "tricks": "5"}
    return post(client, url("hand_enter", game), game, changed, token=token)


@pytest.mark.parametrize("stage", ["whole", "in play"])
def test_a_changed_resubmission_stores_the_change_as_an_edit_of_that_hand_in_one_tap(
    client: Client, stage: str
) -> None:
    game = start_game(first_dealer=0)
    refused = resubmitted(client, game, stage)
    assert refused.status_code == 409
    html = refused.content.decode()
    assert "Hand 1 reached Bower from this phone before: Ben made hearts" in html
    assert "Change hand 1 to mine" in html
    assert (game.hands.get().partner, game.hands.get().tricks) == (3, 3)

    one_tap = Forms(html).posted_to(url("hand_edit", game, 1))
    for _ in range(2):  # a double tap changes it once
        answer = send(client, url("hand_edit", game, 1), one_tap, htmx=True)
        assert answer.status_code == 200
        assert "Hand 1 changed." in answer.content.decode()
    hand = game.hands.get()
    assert (hand.maker, hand.trump, hand.called, hand.partner, hand.tricks) == (1, "H", "S", 2, 5)
    assert HandChange.objects.filter(game=game, kind="edited").count() == 1
    assert totals(game) == [0, 3, 3, 0, 0]  # Ben with Cat march: 3 each


def test_the_one_tap_edit_drawn_before_another_phone_changed_the_game_changes_nothing(
    client: Client,
) -> None:
    game = start_game(first_dealer=0)
    one_tap = Forms(resubmitted(client, game, "whole").content.decode()).posted_to(
        url("hand_edit", game, 1)
    )
    record(game, thrown_in=True)  # another phone, meanwhile

    answer = send(client, url("hand_edit", game, 1), one_tap, htmx=True)
    assert answer.status_code == 409
    assert "Nothing changed: the game changed on another phone first." in answer.content.decode()
    assert game.hands.get(number=1).tricks == 3
    assert not HandChange.objects.filter(game=game, kind="edited").exists()
