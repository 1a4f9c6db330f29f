"""The hand flow without a browser (docs/decisions.md, D10): a form's token records one hand
and never another (docs/formats.md, "Recording a hand, once"), the table's
shortcuts (the maker's names, the tricks, undo), the misdeal under stick the
dealer (docs/rules.md 2 (every variant)), the edit's points shown at once."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.test import Client

from referee.engine.variants import HouseRules, no_score_hand_name
from scorekeeper.models import Game, TokenUsed
from tests.game_support import fresh, post, read_hand, record, start_game, url

pytestmark = pytest.mark.django_db

BEN_WITH_ANN = {"maker": "1", "trump": "H", "called": "S", "partner": "0", "tricks": "3"}


@pytest.fixture
def game() -> Game:
    return start_game(first_dealer=0)


def test_a_token_sent_again_with_another_hand_stores_nothing_and_answers_409(
    client: Client, game: Game
) -> None:
    token, seen = str(uuid.uuid4()), {**BEN_WITH_ANN, "after": "0"}
    first = post(client, url("hand_enter", game), game, seen, token=token)
    assert first.status_code == 303
    assert "Hand 1 recorded." in client.get(first.url).content.decode()
    # Back, partner Cat and 5 tricks, Save: the same form, so the same token.
    changed = {**seen, "partner": "2", "tricks": "5"}
    for htmx in (False, True):
        again = post(client, url("hand_enter", game), game, changed, token=token, htmx=htmx)
        assert again.status_code == 409
        html = again.content.decode()
        assert "Hand 1 reached Bower from this phone before: " in html
        assert "partner Ann, 3 tricks" in html
        assert url("hand_edit", game, 1) in html
        assert "recorded." not in html  # no success message
    hand = game.hands.get()
    assert (hand.partner, hand.tricks) == (0, 3)
    # What was entered is still on the screen.
    assert again.context["form"]["tricks"].value() == "5"


@pytest.mark.postgres
def test_a_token_sent_again_with_the_same_hand_answers_as_the_first_time(
    client: Client, game: Game
) -> None:
    token, seen = str(uuid.uuid4()), {**BEN_WITH_ANN, "after": "0"}
    for _ in range(2):
        response = post(client, url("hand_enter", game), game, seen, token=token)
        assert response.status_code == 303
    assert game.hands.count() == 1


def test_record_hand_raises_token_used_naming_the_hand_already_recorded(game: Game) -> None:
    token = uuid.uuid4()
    setup = game.setup
    first = read_hand(
        setup, {"maker": "Ben", "trump": "H", "called": "S", "partner": "Ann", "tricks": 3}
    )
    game.record_hand(token=token, hand=first)
    other = read_hand(
        setup, {"maker": "Ben", "trump": "H", "called": "S", "partner": "Cat", "tricks": 3}
    )
    with pytest.raises(TokenUsed) as used:
        fresh(game).record_hand(token=token, hand=other)
    assert used.value.hand.number == 1
    assert game.hands.get().partner == 0


def test_the_table_holds_the_whole_hand_and_posts_it_as_a_whole_hand(
    client: Client, game: Game
) -> None:
    response = client.get(url("game_table", game))
    html = response.content.decode()
    # One form for the whole hand, shown a stage at a time on the phone (hand.js):
    # the makers' names first; Save posts it as "Enter a whole hand" does.
    assert f'action="{url("hand_enter", game)}"' in html
    assert 'name="maker" value="1"' in html
    assert 'name="tricks" value="3"' in html
    assert f'formaction="{url("hand_start", game)}"' in html  # Save the call
    assert 'id="hand-outcomes"' in html
    form = response.context["hand_form"]
    assert form.initial["version"] == fresh(game).version


def test_a_link_with_the_maker_opens_the_call_with_the_maker_chosen(
    client: Client, game: Game
) -> None:
    form = client.get(url("hand_start", game) + "?maker=1").context["form"]
    assert form["maker"].value() == "1"
    assert not form.is_bound  # nothing is wrong yet: no error beside trump
    # A seat that is not at the table is ignored, not an error.
    assert client.get(url("hand_start", game) + "?maker=9").context["form"]["maker"].value() is None
    # So is a digit that int() cannot read (it answered 500 once).
    odd = client.get(url("hand_start", game), {"maker": "²"})
    assert odd.status_code == 200
    assert odd.context["form"]["maker"].value() is None


def test_in_play_the_table_holds_the_call_and_the_hand_over_opens_with_its_points(
    client: Client, game: Game
) -> None:
    game.save_call(version=None, maker=1, trump="H", called="S")
    response = client.get(url("game_table", game))
    form = response.context["hand_form"]
    assert (form["maker"].value(), form["trump"].value(), form["called"].value()) == ("1", "H", "S")
    assert form["partner"].value() is None  # told with the whole hand, at its end
    assert 'data-call-saved="yes"' in response.content.decode()
    response = client.get(url("hand_finish", game) + "?tricks=3&partner=3", follow=True)
    assert response.context["score"] is not None
    assert "Save hand" in response.content.decode()


def test_the_scoreboard_marks_the_maker_while_the_hand_is_played(
    client: Client, game: Game
) -> None:
    html = client.get(url("game_table", game)).content.decode()
    assert "tag-maker" not in html
    game.save_call(version=None, maker=1, trump="H", called="S")
    html = client.get(url("game_table", game)).content.decode()
    assert "is-compact" in html
    assert html.count('<span class="tag tag-maker">maker</span>') == 1
    assert re.findall(r'class="score-row[^"]*is-maker[^"]*" data-seat="(\d)"', html) == ["1"]


def test_each_form_on_the_table_carries_its_hidden_fields_without_a_shared_id(
    client: Client, game: Game
) -> None:
    game.save_call(version=None, maker=1, trump="H", called="S")
    html = client.get(url("game_table", game)).content.decode()
    assert html.count('name="version"') >= 2
    assert 'id="id_version"' not in html
    assert 'id="id_token"' not in html


def test_with_stick_the_dealer_the_table_offers_a_misdeal(client: Client, game: Game) -> None:
    html = client.get(url("game_table", game)).content.decode()
    assert "Misdeal: no score" in html
    assert "All passed" not in html
    response = post(client, url("hand_enter", game), game, {"thrown_in": "yes"})
    assert "Hand 1: misdeal, the deal passes on." in client.get(response.url).content.decode()


def test_without_stick_the_dealer_all_passed_throws_the_hand_in(client: Client) -> None:
    game = start_game(stick_the_dealer=False)
    html = client.get(url("game_table", game)).content.decode()
    assert "All passed: thrown in" in html
    assert "Misdeal" not in html
    response = post(client, url("hand_enter", game), game, {"thrown_in": "yes"})
    assert "Hand 1: thrown in, the deal passes on." in client.get(response.url).content.decode()


@pytest.mark.parametrize(("stick", "name"), [(True, "Misdeal"), (False, "Thrown in")])
def test_a_hand_with_no_score_is_named_by_the_stick_the_dealer_rule(stick: bool, name: str) -> None:
    assert no_score_hand_name(HouseRules(stick_the_dealer=stick)) == name


def test_the_hand_just_recorded_is_undone_from_the_table_in_one_tap(
    client: Client, game: Game
) -> None:
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    table_screen = client.get(url("game_table", game))
    html = table_screen.content.decode()
    assert f'action="{url("hand_undo", game)}"' in html
    assert 'Undo<span class="visually-hidden"> hand 1</span></button>' in html
    response = post(client, url("hand_undo", game), game)
    assert "Hand 1 undone." in client.get(response.url).content.decode()
    assert not game.hands.exists()


def test_the_edit_screen_shows_the_hands_points_at_once(client: Client, game: Game) -> None:
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    response = client.get(url("hand_edit", game, 1))
    context: Any = response.context
    assert context["score"] is not None
    points = {row.name: row.points for row in context["preview"]}
    assert points["Ben"] == points["Dan"] == 1
    assert "Save the change" in response.content.decode()


def test_home_leads_back_to_the_game_in_progress(client: Client) -> None:
    assert "Back to the game" not in client.get("/").content.decode()
    game = start_game()
    later = start_game(players=("Ann", "Ben", "Cat", "Dan"))
    html = client.get("/").content.decode()
    assert f'href="{url("game_table", later)}">Back to the game: Ann, Ben, Cat, Dan</a>' in html
    assert url("game_table", game) not in html


def test_the_score_sheet_gives_each_hands_rule_in_words_and_the_running_totals(
    client: Client, game: Game
) -> None:
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=5)
    html = client.get(url("game_sheet", game)).content.decode()
    assert "Partnership made it: Ben with Dan took 3 tricks" in html
    assert "Partnership march" in html
    assert '<span class="running">4</span>' in html  # Ben: 1, then 3 more


@pytest.mark.parametrize(("stick", "label"), [(True, "Misdeal (no score)"), (False, "Thrown in")])
def test_the_edit_form_names_a_hand_with_no_score_by_the_rule(
    client: Client, stick: bool, label: str
) -> None:
    game = start_game(stick_the_dealer=stick)
    record(game, thrown_in=True)
    html = client.get(url("hand_edit", game, 1)).content.decode()
    assert label in html


def test_a_hand_over_sent_again_after_it_was_saved_changes_nothing_and_says_so(
    client: Client, game: Game
) -> None:
    game.save_call(version=None, maker=1, trump="H", called="S")
    game = fresh(game)
    token = str(uuid.uuid4())
    finish = url("hand_enter", game)
    call = {"maker": "1", "trump": "H", "called": "S"}
    data = {**call, "tricks": "3", "partner": "0", "after": "0", "save": "1"}
    assert post(client, finish, game, data, token=token).status_code == 303
    client.get(url("game_table", game))  # "Hand 1 recorded." seen
    changed = {**data, "tricks": "5", "partner": "2"}
    again = post(client, finish, game, changed, token=token, htmx=True)
    assert again.status_code == 409
    html = again.content.decode()
    assert "Hand 1 reached Bower from this phone before" in html
    assert url("hand_edit", game, 1) in html
    assert again.context["form"]["tricks"].value() == "5"  # as entered
    # The same hand again (its answer was lost): answered as the first time, stored once.
    retry = post(client, finish, game, data, token=token)
    assert retry.status_code == 303
    assert "Hand 1 recorded." in client.get(retry.url).content.decode()
    assert (game.hands.get().tricks, game.hands.count()) == (3, 1)
