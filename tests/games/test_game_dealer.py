"""A deal out of turn: the scorer says who is really dealing the next hand; the
hand is recorded with that dealer and the deal passes on from them
(docs/formats.md, "Game document (import and export)": a hand may carry "dealer"; the rotation
continues from it)."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from scorekeeper.models import Game
from tests.game_support import HTMX, fresh, post, record, start_game, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def game() -> Game:
    game = start_game(first_dealer=0)  # Ann, Ben, Cat, Dan, Eve
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    return fresh(game)  # hand 2: Ben deals in turn


def deal_line(client: Client, game: Game) -> tuple[str, str, bool]:
    context = client.get(url("game_table", game)).context
    return context["dealer"], context["leader"], context["out_of_turn"]


def test_the_dealer_screen_names_who_deals_in_turn(client: Client, game: Game) -> None:
    response = client.get(url("hand_dealer", game))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Who deals hand 2?" in html
    assert "Ben (in turn)" in html


def test_a_deal_out_of_turn_moves_the_dealer_the_leader_and_the_rotation(
    client: Client, game: Game
) -> None:
    response = post(client, url("hand_dealer", game), game, {"dealer": "3"})
    assert response.status_code == 302
    assert deal_line(client, game) == ("Dan", "Eve", True)

    record(game, maker="Cat", trump="S", called="S", partner="maker", tricks=5)
    game = fresh(game)
    assert [h.dealer for h in game.hand_list()] == [0, 3]
    # The rotation continues from Dan, and the note is used up.
    assert game.next_dealer is None
    assert deal_line(client, game) == ("Eve", "Ann", False)


def test_the_document_keeps_the_deal_out_of_turn(
    client: Client, game: Game, tmp_path: Path
) -> None:
    post(client, url("hand_dealer", game), game, {"dealer": "3"})
    record(game, maker="Cat", trump="S", called="S", partner="maker", tricks=5)
    exported = json.loads(client.get(url("game_export", game)).content)
    assert [h["dealer"] for h in exported["hands"]] == ["Ann", "Dan"]

    path = tmp_path / "game.json"
    path.write_text(json.dumps(exported))
    call_command("import_game", str(path), "--copy", stdout=StringIO())
    copy = Game.objects.exclude(pk=game.pk).get()
    assert [h.dealer for h in copy.hand_list()] == [0, 3]
    assert copy.upcoming(copy.hand_list()[-1]) == (3, 4)


def test_tapping_the_dealer_in_turn_goes_back_to_the_rotation(client: Client, game: Game) -> None:
    post(client, url("hand_dealer", game), game, {"dealer": "3"})
    post(client, url("hand_dealer", game), game, {"dealer": "1"})
    assert fresh(game).next_dealer is None
    assert deal_line(client, game) == ("Ben", "Cat", False)


def test_a_double_tap_changes_the_dealer_once(client: Client, game: Game) -> None:
    version = fresh(game).version
    first = post(client, url("hand_dealer", game), game, {"dealer": "3"}, version=version)
    second = post(client, url("hand_dealer", game), game, {"dealer": "3"}, version=version)
    assert (first.status_code, second.status_code) == (302, 302)
    game = fresh(game)
    assert (game.next_dealer, game.version) == (3, version + 1)


def test_a_stale_phone_changes_nothing(client: Client, game: Game) -> None:
    version = fresh(game).version
    record(game, maker="Cat", trump="S", called="S", partner="maker", tricks=5)
    response = post(
        client, url("hand_dealer", game), game, {"dealer": "4"}, version=version, htmx=True
    )
    assert response.status_code == 409
    assert "Another phone recorded this first" in response.content.decode()
    assert fresh(game).next_dealer is None


@pytest.mark.parametrize(("value", "message"), [("", "Tap who is dealing."), ("9", "Tap one of")])
def test_a_bad_dealer_is_refused_beside_the_field(
    client: Client, game: Game, value: str, message: str
) -> None:
    response = post(client, url("hand_dealer", game), game, {"dealer": value}, htmx=True)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert fresh(game).next_dealer is None


def test_undo_forgets_a_dealer_noted_for_the_next_hand(client: Client, game: Game) -> None:
    post(client, url("hand_dealer", game), game, {"dealer": "3"})
    game.refresh_from_db()
    game.undo_last_hand(version=game.version)
    game = fresh(game)
    assert game.next_dealer is None
    assert deal_line(client, game)[0] == "Ann"


def test_after_the_end_no_dealer_can_be_noted(client: Client) -> None:
    game = start_game(first_dealer=0, target=5)
    record(game, maker="Ben", trump="H", called="S", partner="maker", tricks=5)
    game = fresh(game)
    assert game.is_finished
    response = post(client, url("hand_dealer", game), game, {"dealer": "3"}, htmx=True)
    assert response.status_code == 409
    assert "The game is over" in response.content.decode()
    assert fresh(game).next_dealer is None


def test_the_table_offers_the_dealer_screen(client: Client, game: Game) -> None:
    html = client.get(url("game_table", game), **HTMX).content.decode()
    assert url("hand_dealer", game) in html
    assert "Someone else dealt?" in html


def edit_dealer(client: Client, game: Game, number: int, dealer: str, **data: str) -> Any:
    """Post the edit form of a hand as drawn, with the dealer changed."""
    initial = client.get(url("hand_edit", game, number)).context["form"].initial
    fields = {k: v for k, v in initial.items() if k not in ("version", "token")}
    return post(client, url("hand_edit", game, number), game, {**fields, **data, "dealer": dealer})


def test_the_edit_form_shows_who_dealt_the_hand(client: Client, game: Game) -> None:
    form = client.get(url("hand_edit", game, 1)).context["form"]
    assert form["dealer"].value() == "0"


@pytest.mark.postgres
def test_editing_a_hands_dealer_moves_the_rotation_after_it_and_keeps_a_history(
    client: Client, game: Game
) -> None:
    record(game, maker="Cat", trump="S", called="S", partner="maker", tricks=5)
    record(game, thrown_in=True)
    # Hand 2 was dealt by Eve, not Ben: hand 3 was Ann's deal, and Ben deals hand 4.
    response = edit_dealer(client, game, 2, "4")
    assert response.status_code == 302
    game = fresh(game)
    assert [h.dealer for h in game.hand_list()] == [0, 4, 0]
    assert deal_line(client, game)[0] == "Ben"
    # The scores do not change; the hand's history says what did.
    assert [s.total for s in game.seat_list()] == [0, 1, 5, 1, 0]
    change = game.changes.filter(hand_number=2).last()
    assert change.changes == {"dealer": ["Ben", "Eve"]}

    # Back to the dealer in turn: the rotation's again, and the document names none.
    edit_dealer(client, game, 2, "1")
    game = fresh(game)
    assert [h.dealer for h in game.hand_list()] == [0, 1, 2]
    assert "dealer" not in game.hand_list()[1].document_fields(game.setup)


def test_a_thrown_in_hands_dealer_can_be_edited(client: Client, game: Game) -> None:
    record(game, thrown_in=True)
    response = edit_dealer(client, game, 2, "3")
    assert response.status_code == 302
    assert [h.dealer for h in fresh(game).hand_list()] == [0, 3]


@pytest.mark.postgres
def test_a_dealer_outside_the_table_is_refused_on_edit(client: Client, game: Game) -> None:
    response = edit_dealer(client, game, 1, "7")
    assert response.status_code == 422
    assert "dealer" in response.context["form"].errors
    assert [h.dealer for h in fresh(game).hand_list()] == [0]
    assert not fresh(game).changes.filter(kind="edited").exists()
