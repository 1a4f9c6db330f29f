"""A following phone's poll that saw a change, when the phone keeps the hand form it
shows (``?form=``, static/js/live.js): the answer carries the parts of the table that
change (totals, the last hand and the hands list, the dealer and leader, the call, the
actions) and what moves the form on, never the form's chips; a phone whose page is
too old to patch (other names, a finished game) gets the whole live part
(docs/formats.md, "Polls: following a game live")."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Game, Player
from tests.conftest import joined_client
from tests.game_support import (
    HTMX,
    TEST_TABLE_KEY,
    fresh,
    poll_address,
    record,
    start_game,
    url,
)

pytestmark = pytest.mark.django_db

ANN_MAKES = {"maker": "Ann", "trump": "H", "called": "S", "partner": "Cat", "tricks": 3}
# Every part a kept form's poll sends, by the id of its place on the table screen.
PARTS = [
    "poller",
    "table-head",
    "last-hand",
    "deal-line",
    "scores",
    "hand-heading",
    "saved-call",
    "table-actions",
    "recent",
]


def following(client: Client, game: Game, hand: int) -> tuple[str, str]:
    """What a phone up to date before the latest change, keeping the form for
    ``hand``, is answered: the answer's HTML, and its poll as a phone starts it."""
    address = poll_address(client.get(url("game_table", game)).content.decode())
    return address, f"{address}&form={hand}"


def answer(client: Client, address: str) -> str:
    response = client.get(address, **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def kept_answer(client: Client, game: Game, change: Any, *, hand: int = 1) -> str:
    """The answer to a kept form's poll after ``change`` (made on another phone)."""
    _, address = following(client, game, hand)
    change()
    return answer(client, address)


def parts(html: str) -> list[str]:
    """The ids of the parts an answer draws, in order (its scripts are data)."""
    body = html.split("\n", 2)[2]
    return re.findall(r'(?:^|>)<(?!/)[a-z0-9]+ id="([^"]+)"', body)


def data(html: str, name: str) -> str:
    found = re.search(rf'id="live-patch"[^>]* data-{name}="([^"]*)"', html)
    assert found is not None, name
    return found.group(1)


def whole_live_part(html: str) -> str:
    """The title of an answer that is the table's live part whole, with the tab's title
    beside it (htmx sets the page's from a title beside what it swaps in)."""
    title, live = html.strip().split("\n", 1)
    assert live.startswith('<div id="live"')
    found = re.fullmatch(r"<title>(.*)</title>", title)
    assert found is not None, title
    return found.group(1)


def script(html: str, script_id: str) -> Any:
    found = re.search(rf'<script id="{script_id}" type="application/json">(.*?)</script>', html)
    assert found is not None, script_id
    return json.loads(found.group(1))


def test_a_hand_recorded_elsewhere_sends_the_parts_that_changed_not_the_form(
    client: Client,
) -> None:
    game = start_game(first_dealer=0)
    html = kept_answer(client, game, lambda: record(game, **ANN_MAKES))
    assert html.startswith('<div id="live-patch" hidden')
    assert parts(html) == PARTS
    # No form, no chip: the phone keeps the one it shows (and what was tapped on it).
    assert "table-hand" not in html
    assert 'name="maker"' not in html
    assert 'name="tricks"' not in html
    # What changed: the heading, the totals, the last hand, who deals and leads.
    assert "<h1>Hand 2</h1>" in html
    # The tab's title too (live.js sets it): the page's own, for hand 2.
    assert data(html, "title") == "Hand 2 · Call-Ace Euchre · Bower"
    assert re.search(r'data-seat="0">.*?score-total">1<', html, re.S)
    assert re.search(r'data-seat="2">.*?score-total">1<', html, re.S)
    assert "Hand 1 · Ann +1 · Cat +1" in html
    assert 'data-number="1"' in html
    assert re.search(r"Deals</span> <strong class=\"deal-dealer\">Ben", html)
    # What moves the form on: its hand, "after", version, a new token, the drawing's part.
    game = fresh(game)
    assert data(html, "hand") == "2"
    assert data(html, "after") == "1"
    assert data(html, "version") == str(game.version)
    uuid.UUID(data(html, "token"))
    drawing = script(html, "hand-drawing")
    assert drawing["totals"] == [1, 0, 1, 0, 0]
    assert drawing["deals"][0]["deals"] == "Ben"
    # No call saved: every field the call fills in is empty.
    assert data(html, "call-saved") == ""
    assert set(script(html, "hand-call").values()) == {""}
    assert f"version={game.version}&amp;names=" in html


def test_a_call_saved_elsewhere_sends_the_call_as_the_other_phones_see_it(
    client: Client,
) -> None:
    game = start_game(first_dealer=0)
    record(game, **ANN_MAKES)

    def save_the_call() -> None:
        fresh(game).save_call(version=None, maker=1, trump="H", called="S")

    html = kept_answer(client, game, save_the_call, hand=2)
    assert data(html, "call-saved") == "yes"
    assert script(html, "hand-call") == {
        "maker": "1",
        "trump": "H",
        "called": "S",
        "alone": "",
        "round": "",
    }
    saved = re.search(r'<p id="saved-call" class="call saved-call">(.*?)</p>', html, re.S)
    assert saved is not None
    assert "partner unknown" in saved.group(1)
    assert "In play" in html
    assert "Cancel the call" in html
    # While the call stands, the last hand's one-tap fix is not offered.
    assert '<p id="last-hand" class="last-hand" hidden>' in html
    assert "table-hand" not in html


def test_a_call_cancelled_elsewhere_empties_the_call(client: Client) -> None:
    game = start_game(first_dealer=0)
    game.save_call(version=None, maker=1, trump="H", called="S")
    html = kept_answer(client, game, lambda: fresh(game).cancel_hand_in_progress(version=None))
    assert data(html, "call-saved") == ""
    assert set(script(html, "hand-call").values()) == {""}
    assert '<p id="saved-call" class="call saved-call" hidden></p>' in html


def test_every_part_has_its_place_on_the_table_screen(client: Client) -> None:
    # The phone puts each part where the element with its id is: a table drawn at
    # the first hand, with hands, and with a call saved has every one of them.
    game = start_game(first_dealer=0)
    for change in (
        lambda: None,
        lambda: record(game, **ANN_MAKES),
        lambda: fresh(game).save_call(version=None, maker=1, trump="H", called="S"),
    ):
        change()
        page = client.get(url("game_table", game)).content.decode()
        for part in PARTS:
            assert page.count(f' id="{part}"') == 1, part


def test_the_form_drawn_for_the_next_hand_has_the_same_chips(client: Client) -> None:
    # What makes keeping the form right: only its hand, version, token and the
    # drawing's part of the table of outcomes differ from hand to hand.
    def form(html: str) -> str:
        found = re.search(r'<form id="table-hand".*?</form>', html, re.S)
        assert found is not None
        drawn = re.sub(r'data-hand="\d+"', "", found.group(0))
        drawn = re.sub(r'name="(csrfmiddlewaretoken|version|after|token)" value="[^"]*"', "", drawn)
        return re.sub(r'<script id="hand-outcomes".*?</script>', "", drawn, flags=re.S)

    game = start_game(first_dealer=0)
    before = form(client.get(url("game_table", game)).content.decode())
    record(game, **ANN_MAKES)
    record(game, maker="Cat", trump="S", called="S", partner="maker", tricks=5)
    assert form(client.get(url("game_table", game)).content.decode()) == before


@pytest.mark.parametrize(
    "asked",
    [
        "",  # a phone that keeps no form (it has none, or is busy with its own hands)
        "&form=x",
        "&form=" + "1" * 19,
    ],
)
def test_a_poll_that_keeps_no_form_gets_the_whole_live_part(client: Client, asked: str) -> None:
    game = start_game(first_dealer=0)
    address = poll_address(client.get(url("game_table", game)).content.decode())
    record(game, **ANN_MAKES)
    html = answer(client, address + asked)
    assert whole_live_part(html) == "Hand 2 · Call-Ace Euchre · Bower"
    assert 'id="table-hand"' in html


def test_the_table_s_other_phones_get_the_first_phone_s_drawing_each_with_tokens_of_its_own(
    client: Client, django_assert_max_num_queries: Any
) -> None:
    """After a change the table's phones all ask for the same patch within a poll:
    drawn for the first, the others get that drawing without the game being read
    (docs/decisions.md, D66), with their own tokens and CSRF token in it."""
    game = start_game(first_dealer=0)
    other = joined_client(TEST_TABLE_KEY)
    other.enforce_csrf_checks = True
    _, first_asks = following(client, game, 1)
    _, other_asks = following(other, game, 1)  # its page set its CSRF cookie
    record(game, **ANN_MAKES)
    drawn = answer(client, first_asks)
    with django_assert_max_num_queries(1):  # is it the table's game, and at which version
        kept = answer(other, other_asks)
    # Each phone's own: its next hand's token, its actions' token, its CSRF token.
    own = (
        r'(?<=data-token=")[^"]+|(?<=name="token" value=")[^"]+'
        r'|(?<=csrfmiddlewaretoken" value=")[^"]+'
    )
    assert re.sub(own, "", kept) == re.sub(own, "", drawn)
    assert "<bower-" not in kept
    assert data(kept, "token") != data(drawn, "token")
    uuid.UUID(data(kept, "token"))
    # The other phone's forms in the drawing are its own: "thrown in" is recorded.
    thrown_in = re.search(
        r'<form class="no-call" method="post" action="([^"]+/hand/enter/)"(.*?)</form>', kept, re.S
    )
    assert thrown_in is not None
    fields = dict(re.findall(r'name="([a-z_]+)" value="([^"]*)"', thrown_in.group(2)))
    assert fields.keys() == {"csrfmiddlewaretoken", "thrown_in", "token", "after"}
    response = other.post(thrown_in.group(1), fields, **HTMX)
    assert response.status_code == 200
    assert fresh(game).hands_played == 2
    # The next change is drawn anew, not answered from the last drawing.
    assert "<h1>Hand 3</h1>" in answer(client, first_asks)


def test_a_phone_showing_new_names_is_not_answered_with_a_drawing_of_the_old_ones(
    client: Client,
) -> None:
    game = start_game(first_dealer=0)
    other = joined_client(TEST_TABLE_KEY)
    _, asks = following(client, game, 1)
    before = fresh(game).version
    record(game, **ANN_MAKES)
    assert "Danny" not in answer(client, asks)  # drawn with the names as they were
    dan = Player.objects.get(name="Dan")
    client.post(reverse("player_rename", args=[dan.pk]), {"name": "Danny"})
    shown = fresh(game)
    names = shown.private_table.shown_version
    kept = answer(other, f"{url('table_poll', game)}?version={before}&names={names}&form=1")
    assert kept.startswith('<div id="live-patch"')
    assert "Danny" in kept


def test_a_page_drawn_before_the_polls_said_names_gets_the_whole_live_part(
    client: Client,
) -> None:
    game = start_game(first_dealer=0)
    shown = fresh(game).version
    record(game, **ANN_MAKES)
    html = answer(client, f"{url('table_poll', game)}?version={shown}&form=1")
    assert 'id="table-hand"' in html


def test_a_phone_showing_old_names_gets_the_whole_live_part(client: Client) -> None:
    game = start_game(first_dealer=0)

    def rename() -> None:
        dan = Player.objects.get(name="Dan")
        client.post(reverse("player_rename", args=[dan.pk]), {"name": "Danny"})

    html = kept_answer(client, game, rename)
    assert whole_live_part(html) == "Hand 1 · Call-Ace Euchre · Bower"
    # The chips name the players anew.
    form = html[html.index('id="table-hand"') :]
    assert "Danny" in form[: form.index("</form>")]


def test_a_game_that_ended_elsewhere_sends_the_whole_live_part(client: Client) -> None:
    game = start_game(first_dealer=0, target=2)
    record(game, **ANN_MAKES)

    def end() -> None:
        record(game, maker="Ann", trump="H", called="S", partner="Cat", tricks=3)

    html = kept_answer(client, game, end, hand=2)
    assert whole_live_part(html) == "Game over · Call-Ace Euchre · Bower"
    assert "The game is over" in html
    assert "table-hand" not in html


def test_a_kept_forms_poll_is_smaller_and_asks_no_more_queries(
    client: Client, django_assert_max_num_queries: Any
) -> None:
    game = start_game(first_dealer=0)
    for _ in range(6):
        record(game, **ANN_MAKES)
    address = poll_address(client.get(url("game_table", game)).content.decode())
    record(game, **ANN_MAKES)
    whole = client.get(address, **HTMX)
    with django_assert_max_num_queries(4):
        kept = client.get(f"{address}&form=7", **HTMX)
    assert len(kept.content) < len(whole.content) / 2
