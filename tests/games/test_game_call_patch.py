"""Save the call answered as a poll is (static/js/hand.js's fetch says the form it
keeps: ``?form=H&names=M``): the call saved, with the rest of the table's live part
that changed and what moves the form on, never the form; a post without it (htmx, no
JavaScript), a page with other names, or a refused call gets what it always did
(docs/formats.md, "Save the call")."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.core.cache import caches
from django.test import Client

from scorekeeper.models import Game, Player
from tests.conftest import joined_client
from tests.game_support import HTMX, TEST_TABLE_KEY, fresh, start_game, url
from tests.games.test_game_follow import PARTS, answer, data, following, parts, script

pytestmark = pytest.mark.django_db

BEN_CALLS = {"maker": "1", "trump": "H", "called": "S"}


def call(client: Client, game: Game, keeps: str = "", **headers: Any) -> Any:
    """Ben's call posted as hand.js's fetch (or htmx, or a browser) sends it."""
    fields = {"version": fresh(game).version, "token": str(uuid.uuid4()), **BEN_CALLS}
    return client.post(f"{url('hand_start', game)}{keeps}", fields, **headers)


def keeping(game: Game, hand: int = 1) -> str:
    return f"?form={hand}&names={fresh(game).private_table.shown_version}"


def test_the_call_saved_comes_back_as_the_parts_around_the_kept_form(client: Client) -> None:
    game = start_game(first_dealer=0)
    response = call(client, game, keeping(game), **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith('<div id="live-patch" hidden')
    assert parts(html) == PARTS
    # The form stays the phone's: no chip, no field drawn again.
    assert "table-hand" not in html
    assert 'name="maker"' not in html
    # The call is stored, and the answer says it as the other phones see it.
    assert fresh(game).current_hand is not None
    game = fresh(game)
    assert data(html, "call-saved") == "yes"
    assert data(html, "hand") == "1"
    assert data(html, "after") == "0"
    assert data(html, "version") == str(game.version)
    uuid.UUID(data(html, "token"))
    assert script(html, "hand-call") == {
        "maker": "1",
        "trump": "H",
        "called": "S",
        "alone": "",
        "round": "",
    }
    assert "partner unknown" in html
    assert f"version={game.version}&amp;names=" in html


def test_a_call_without_a_kept_form_gets_the_table_as_before(client: Client) -> None:
    game = start_game(first_dealer=0)
    # htmx (or a fetch that says no form): the table drawn anew, its form with the call.
    html = call(client, game, **HTMX).content.decode()
    assert 'class="hand-form table-hand"' in html
    assert "live-patch" not in html
    # No JavaScript: the form's post is redirected to the table, whatever it says.
    game = start_game(first_dealer=0)
    response = call(client, game, keeping(game))
    assert response.status_code == 302
    assert response["Location"] == url("game_table", game)
    assert fresh(game).current_hand is not None


@pytest.mark.postgres
def test_a_call_from_a_page_with_old_names_or_refused_gets_the_table(client: Client) -> None:
    game = start_game(first_dealer=0)
    stale = keeping(game)
    Player.objects.filter(name="Ben").update(name="Benny")
    private_table = fresh(game).private_table
    private_table.shown_version += 1
    private_table.save(update_fields=["shown_version"])
    html = call(client, game, stale, **HTMX).content.decode()
    assert 'class="hand-form table-hand"' in html
    assert "Benny" in html
    # Another phone changed the game first: nothing stored, the game as it stands (409).
    game = start_game(first_dealer=0)
    old = {"version": fresh(game).version, "token": str(uuid.uuid4()), **BEN_CALLS}
    fresh(game).save_call(version=None, maker=2, trump="D", called="C")
    refused = client.post(f"{url('hand_start', game)}{keeping(game)}", old, **HTMX)
    assert refused.status_code == 409
    assert 'class="hand-form table-hand"' in refused.content.decode()
    current = fresh(game).current_hand
    assert current is not None
    assert current.maker == 2


def test_the_call_drawn_for_the_scorer_reaches_the_other_phones_as_drawn_anew(
    client: Client, django_assert_max_num_queries: Any
) -> None:
    """The scorer's answer is the drawing the table's other phones then get (D66): it
    is the game as stored, the same as a drawing made for them anew."""
    game = start_game(first_dealer=0)
    other = joined_client(TEST_TABLE_KEY)
    _, asks = following(other, game, 1)
    assert call(client, game, keeping(game), **HTMX).status_code == 200
    with django_assert_max_num_queries(1):
        from_the_scorers = answer(other, asks)
    caches["drawings"].clear()
    drawn_anew = answer(other, asks)
    own = r'(?<=data-token=")[^"]+|(?<=name="token" value=")[^"]+|(?<=value=")[^"]{64}(?=")'
    assert re.sub(own, "", from_the_scorers) == re.sub(own, "", drawn_anew)
    assert data(from_the_scorers, "call-saved") == "yes"
