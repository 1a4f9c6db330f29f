"""Fixing mistakes and ending the game: edit any hand (confirming when the end
moves earlier), each hand's history, the result screen, the rematch."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scorekeeper.models import Game, HandChange
from tests.game_support import FOUR, fresh, post, record, start_game, url

pytestmark = pytest.mark.django_db

BEN_AND_DAN = {"maker": "1", "trump": "H", "called": "S", "partner": "3", "tricks": "3"}


@pytest.fixture
def game() -> Game:
    """Three hands of a game to 4: Ben 2, Cat 1, Dan 3; nobody has reached the target."""
    game = start_game(target=4)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=4)
    record(game, maker="Cat", trump="C", called="D", partner="Dan", tricks=3)
    return fresh(game)


def totals(game: Game) -> list[int]:
    return [s.total for s in fresh(game).seat_list()]


def edit(client: Client, game: Game, number: int, data: dict[str, str], **kw: Any) -> Any:
    return post(client, url("hand_edit", game, number), game, {**BEN_AND_DAN, **data}, **kw)


def test_the_edit_form_holds_the_hand_as_recorded(client: Client, game: Game) -> None:
    form = client.get(url("hand_edit", game, 2)).context["form"]
    values = {
        name: form[name].value()
        for name in ("maker", "trump", "called", "partner", "tricks", "renege", "thrown_in")
    }
    assert values == {
        "maker": "1",
        "trump": "H",
        "called": "S",
        "partner": "3",
        "tricks": "4",
        "renege": "",
        "thrown_in": "",
    }


@pytest.mark.postgres
def test_an_edit_recomputes_the_totals_and_keeps_the_history(client: Client, game: Game) -> None:
    response = edit(client, game, 1, {"tricks": "1"})
    assert response.status_code == 302
    assert totals(game) == [2, 1, 3, 2, 2]
    change = HandChange.objects.get(kind="edited")
    assert change.changes == {"tricks": [3, 1]}
    history = client.get(url("hand_history", game, 1)).content.decode()
    assert "Recorded" in history
    assert "Edited" in history
    assert "tricks</span>: 3 → 1" in history


def test_a_hand_can_become_thrown_in(client: Client, game: Game) -> None:
    response = edit(client, game, 3, {"thrown_in": "yes"})
    assert response.status_code == 302
    assert fresh(game).hand_list()[2].thrown_in
    assert totals(game) == [0, 2, 0, 2, 0]


def test_an_impossible_edit_is_refused_and_changes_nothing(client: Client, game: Game) -> None:
    response = edit(client, game, 1, {"partner": "1"}, htmx=True)
    assert response.status_code == 422
    assert "The partner cannot be the maker" in response.content.decode()
    assert totals(game) == [0, 2, 1, 3, 0]


def test_an_edit_that_ends_the_game_earlier_asks_to_confirm(client: Client, game: Game) -> None:
    march = {"partner": "maker", "tricks": "5"}
    response = edit(client, game, 1, march, htmx=True)
    assert response.status_code == 422
    html = response.content.decode()
    assert (
        "This would end the game after hand 1; hands 2..3 will be kept and marked as played "
        "after the end." in html
    )
    assert 'name="confirm_earlier_end" value="on"' in html
    assert not fresh(game).is_finished

    confirmed = edit(client, game, 1, {**march, "confirm_earlier_end": "on"})
    assert confirmed.status_code == 302
    assert confirmed.url == url("game_result", game)
    game = fresh(game)
    assert game.is_finished
    assert [h.after_end for h in game.hand_list()] == [False, True, True]
    result = client.get(confirmed.url).content.decode()
    assert "Hands 2, 3 were played after the end" in result


def test_the_same_edit_posted_twice_is_one_change(client: Client, game: Game) -> None:
    version = game.version
    edit(client, game, 1, {"tricks": "0"}, version=version)
    again = edit(client, game, 1, {"tricks": "0"}, version=version)
    assert again.status_code == 302
    assert HandChange.objects.filter(kind="edited").count() == 1
    assert totals(game)[0] == 2  # a euchre with no tricks: the defenders score 2


@pytest.mark.postgres
def test_an_edit_from_a_stale_phone_changes_nothing(client: Client, game: Game) -> None:
    stale = game.version
    record(game, thrown_in=True)
    response = edit(client, game, 1, {"tricks": "1"}, version=stale, htmx=True)
    assert response.status_code == 409
    assert HandChange.objects.filter(kind="edited").count() == 0


def test_an_unknown_hand_is_not_found(client: Client, game: Game) -> None:
    assert client.get(url("hand_edit", game, 9)).status_code == 404
    assert client.get(url("hand_history", game, 9)).status_code == 404


def test_an_undone_hand_keeps_its_history(client: Client, game: Game) -> None:
    game.undo_last_hand(version=None)
    page = client.get(url("hand_history", game, 3))
    assert page.status_code == 200
    assert "Undone" in page.content.decode()


# --- the result ------------------------------------------------------------------------------


@pytest.mark.postgres
def test_the_winning_hand_leads_to_the_result_with_the_rule(client: Client, game: Game) -> None:
    response = post(
        client,
        url("hand_enter", game),
        game,
        {"maker": "3", "trump": "H", "called": "H", "partner": "maker", "tricks": "3"},
    )
    assert response.url == url("game_result", game)
    page = client.get(response.url)
    html = page.content.decode()
    assert "Dan wins" in html
    assert "Dan reached 4 with 4 points, the highest total: the highest total wins" in html
    assert page.context["standings"][0] == ("Dan", 4, True)


def test_a_shared_win_says_so(client: Client) -> None:
    game = start_game(target=2)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    html = client.get(url("game_result", game)).content.decode()
    assert "Ben and Dan share the win" in html
    assert "under the shared-win rule they share the win" in html


@pytest.mark.postgres
def test_a_standard_team_wins_together(client: Client) -> None:
    game = start_game("standard", FOUR, target=4)
    record(game, maker="Ann", trump="S", alone=True, tricks=5)
    html = client.get(url("game_result", game)).content.decode()
    assert "Ann and Cat win" in html
    assert "share" not in html


def test_the_result_of_a_game_still_on_is_the_table(client: Client, game: Game) -> None:
    response = client.get(url("game_result", game))
    assert response.status_code == 302
    assert response.url == url("game_table", game)


def test_rematch_starts_the_same_players_and_rules_with_the_deal_passed_on(
    client: Client,
) -> None:
    game = start_game(target=3, first_dealer=0, renege="offender-loses-2")
    record(game, maker="Ben", trump="H", called="S", partner="maker", tricks=5)
    response = client.post(url("game_rematch", game))
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert response.url == url("game_table", rematch)
    assert rematch.first_dealer == 1
    assert rematch.house_rules == game.house_rules
    assert [s.player_id for s in rematch.seat_list()] == [s.player_id for s in game.seat_list()]
    again = client.post(url("game_rematch", game))
    assert again.url == response.url
    assert Game.objects.count() == 2
