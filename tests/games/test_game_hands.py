"""Recording a hand the way the table plays it: trump made, partner revealed, the
whole hand (with a preview of every player's points), from the table or the
referee's audit.
Bad input is refused beside its field and stores nothing; a retried request
records one hand; a stale phone is told."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from referee.engine.totals import RoundRules
from scorekeeper.models import Game, HandInProgress
from tests.game_support import FOUR, HTMX, fresh, our_table, post, record, start_game, url
from tests.games.test_game_fixes import Forms

pytestmark = pytest.mark.django_db


@pytest.fixture
def game() -> Game:
    return start_game(first_dealer=0)


def in_play(game: Game, **call: Any) -> Game:
    call = {"maker": 1, "trump": "H", "called": "S", **call}
    game.save_call(version=None, **call)
    return fresh(game)


def field_errors(response: Any, field: str) -> str:
    return " ".join(response.context["form"].errors.get(field, []))


# --- trump is made ------------------------------------------------------------------------------


def test_the_call_ace_form_asks_maker_trump_called_ace_alone_and_round(
    client: Client, game: Game
) -> None:
    form = client.get(url("hand_start", game)).context["form"]
    assert list(form.fields) == ["version", "token", "maker", "trump", "called", "alone", "round"]
    assert [c for c, _ in form.fields["called"].choices] == ["S", "H", "D", "C"]


def test_the_call_your_partner_form_offers_every_card_or_alone(client: Client) -> None:
    game = start_game("call-your-partner")
    form = client.get(url("hand_start", game)).context["form"]
    values = [c for c, _ in form.fields["called"].choices]
    assert values[0] == "alone"
    assert len(values) == 1 + 28
    assert {"8S", "10H", "AC"} <= set(values)


def test_the_standard_form_asks_alone_and_offers_no_trump_only_with_the_house_rule(
    client: Client,
) -> None:
    plain = start_game("standard", FOUR)
    html = client.get(url("hand_start", plain)).content.decode()
    assert 'name="alone"' in html
    assert 'name="called"' not in html
    assert 'value="NT"' not in html
    with_nt = start_game("standard", ("Wes", "Xia", "Yan", "Zoe"), no_trump=True)
    assert 'value="NT"' in client.get(url("hand_start", with_nt)).content.decode()


def test_making_trump_puts_the_hand_in_play(client: Client, game: Game) -> None:
    response = post(
        client,
        url("hand_start", game),
        game,
        {"maker": "1", "trump": "H", "called": "S", "round": "2"},
    )
    assert response.status_code == 302
    current = HandInProgress.objects.get()
    assert (current.maker, current.trump, current.called, current.bidding_round) == (1, "H", "S", 2)
    html = client.get(response.url).content.decode()
    assert "spades; partner unknown. (round 2)" in html or "partner unknown (round 2)." in html


def test_making_trump_via_htmx_swaps_in_the_table_and_moves_the_address(
    client: Client, game: Game
) -> None:
    response = post(
        client,
        url("hand_start", game),
        game,
        {"maker": "1", "trump": "H", "called": "S"},
        htmx=True,
    )
    assert response.status_code == 200
    assert response.headers["HX-Push-Url"] == url("game_table", game)
    assert "partner unknown" in response.content.decode()


@pytest.mark.parametrize(
    ("variant", "data", "field", "message"),
    [
        ("call-ace", {"trump": "H", "called": "S"}, "maker", "Tap who made trump"),
        ("call-ace", {"maker": "1", "called": "S"}, "trump", "Tap the trump suit"),
        ("call-ace", {"maker": "1", "trump": "H"}, "called", "called ace"),
        ("call-ace", {"maker": "1", "trump": "NT", "called": "S"}, "trump", "no no-trump call"),
        ("call-ace", {"maker": "9", "trump": "H", "called": "S"}, "maker", "valid choice"),
        (
            "call-your-partner",
            {"maker": "1", "trump": "H", "called": "JD"},
            "called",
            "jack of diamonds is the left bower, a trump card, with hearts trump",
        ),
        (
            "call-your-partner",
            {"maker": "1", "trump": "H", "called": "9H"},
            "called",
            "must not be a trump",
        ),
        ("standard", {"maker": "1", "trump": "NT"}, "trump", "no-trump house rule is off"),
    ],
)
def test_an_impossible_call_is_refused_beside_its_field(
    client: Client, variant: str, data: dict[str, str], field: str, message: str
) -> None:
    players = FOUR if variant == "standard" else ("Ann", "Ben", "Cat", "Dan", "Eve")
    game = start_game(variant, players)
    response = post(client, url("hand_start", game), game, data)
    assert response.status_code == 422
    assert message in field_errors(response, field)
    assert not HandInProgress.objects.exists()


def test_no_trump_is_refused_in_round_one_with_the_house_rule(client: Client) -> None:
    game = start_game("standard", FOUR, no_trump=True)
    response = post(
        client, url("hand_start", game), game, {"maker": "1", "trump": "NT", "round": "1"}
    )
    assert response.status_code == 422
    assert "only be called in round 2" in field_errors(response, "round")


# --- the hand over: the whole hand with the call in play, the preview, saving -------------------

BENS_CALL = {"maker": "1", "trump": "H", "called": "S"}


def test_the_way_back_from_the_audit_fills_the_whole_hand_with_the_call_in_play(
    client: Client, game: Game
) -> None:
    in_play(game)
    # The audit says who played the called card, and on which trick.
    audited = {"tricks": "4", "partner": "3", "revealed_on_trick": "2"}
    response = client.get(url("hand_finish", game), audited)
    assert response.status_code == 302
    form = client.get(response.url).context["form"]
    values = {name: form[name].value() for name in ("maker", "trump", "called", "tricks")}
    assert values == {"maker": "1", "trump": "H", "called": "S", "tricks": "4"}
    assert (form["partner"].value(), form["revealed_on_trick"].value()) == ("3", "2")
    assert form["after"].value() == 0


def test_the_audit_fills_the_hand_in_one_tap_and_shows_the_points(
    client: Client, game: Game
) -> None:
    in_play(game)
    response = client.get(
        url("hand_finish", game),
        {"tricks": "5", "partner": "3", "renege": "4", "revealed_on_trick": "2"},
        follow=True,
    )
    assert response.status_code == 200
    form = response.context["form"]
    assert form.is_valid(), form.errors
    points = {row.name: row.points for row in response.context["preview"]}
    assert points == {"Ann": 0, "Ben": 3, "Cat": 0, "Dan": 3, "Eve": 0}
    html = response.content.decode()
    assert "Renege by Eve, a defender: scored as a march" in html
    assert "Save hand" in html


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ({"tricks": "6", "partner": "3"}, "tricks", "Must be from 0 to 5"),
        ({"tricks": "3", "partner": "1"}, "partner", "The partner cannot be the maker"),
        (
            {"tricks": "3", "partner": "maker", "revealed_on_trick": "2"},
            "revealed_on_trick",
            "Only a named partner",
        ),
        ({"tricks": "3", "partner": "none", "renege": "7"}, "renege", "valid choice"),
    ],
)
def test_an_audit_with_an_impossible_hand_is_named_beside_the_field(
    client: Client, game: Game, query: dict[str, str], field: str, message: str
) -> None:
    in_play(game)
    response = client.get(url("hand_finish", game), query, follow=True)
    assert response.status_code == 200
    assert message in field_errors(response, field)
    assert "Save hand" not in response.content.decode()


def test_the_htmx_preview_shows_every_players_points_and_the_rule(
    client: Client, game: Game
) -> None:
    in_play(game)
    response = post(
        client,
        url("hand_enter", game),
        game,
        {**BENS_CALL, "tricks": "3", "partner": "maker", "preview": "1"},
        htmx=True,
    )
    assert response.status_code == 200
    assert response.headers["HX-Retarget"] == "#preview"
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="preview"')
    assert "Alone made it: Ben alone (held the called ace) took 3 tricks, 1 to Ben." in html
    assert (
        '(<a class="rule-cite" href="/referee/rules/call-ace/#scoring">Call-Ace rules 5</a>)'
        in html
    )
    assert 'name="save"' in html
    assert fresh(game).hands.count() == 0


def test_the_preview_says_what_is_missing(client: Client, game: Game) -> None:
    in_play(game)
    response = post(
        client,
        url("hand_enter", game),
        game,
        {**BENS_CALL, "partner": "3", "preview": "1"},
        htmx=True,
    )
    html = response.content.decode()
    assert "Not ready to save" in html
    assert "Tap how many tricks" in html
    assert 'name="save"' not in html


def test_without_javascript_preview_redraws_the_page_with_a_save_button(
    client: Client, game: Game
) -> None:
    in_play(game)
    response = post(
        client,
        url("hand_enter", game),
        game,
        {**BENS_CALL, "tricks": "1", "partner": "2", "preview": "1"},
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html
    assert "Euchre: Ben with Cat took 1 trick, 2 each to Ann, Dan and Eve." in html
    assert 'name="save"' in html


def test_saving_records_the_hand_and_moves_the_deal_on(client: Client, game: Game) -> None:
    in_play(game)
    response = post(
        client,
        url("hand_enter", game),
        game,
        {**BENS_CALL, "tricks": "4", "partner": "3", "renege": "", "after": "0", "save": "1"},
    )
    assert response.status_code == 303
    game = fresh(game)
    hand = game.hands.get()
    assert (hand.maker, hand.partner, hand.tricks, hand.outcome) == (1, 3, 4, "revealed")
    assert [s.total for s in game.seat_list()] == [0, 1, 0, 1, 0]
    assert game.current_hand is None
    after = client.get(response.url)
    assert "Hand 1 recorded." in after.content.decode()
    assert (after.context["number"], after.context["dealer"]) == (2, "Ben")


def test_a_double_tap_on_save_records_one_hand(client: Client, game: Game) -> None:
    in_play(game)
    token = str(uuid.uuid4())
    data = {**BENS_CALL, "tricks": "3", "partner": "3", "after": "0", "save": "1"}
    first = post(client, url("hand_enter", game), game, data, token=token)
    again = post(client, url("hand_enter", game), game, data, token=token)
    assert first.status_code == again.status_code == 303
    assert game.hands.count() == 1


def test_a_second_phone_saving_the_same_hand_records_it_once_and_answers_as_recorded(
    client: Client, game: Game
) -> None:
    in_play(game)
    data = {**BENS_CALL, "tricks": "3", "partner": "3", "after": "0", "save": "1"}
    post(client, url("hand_enter", game), game, data)
    # The other phone scored the same deal: one hand, no conflict.
    response = post(client, url("hand_enter", game), game, data, htmx=True)
    assert response.status_code == 200
    assert "Hand 1 recorded." in response.content.decode()
    assert game.hands.count() == 1


@pytest.mark.postgres
def test_a_second_phone_saving_another_hand_there_is_offered_keep_theirs_mine_or_next(
    client: Client, game: Game
) -> None:
    in_play(game)
    post(
        client,
        url("hand_enter", game),
        game,
        {**BENS_CALL, "tricks": "3", "partner": "3", "after": "0"},
    )
    mine = {**BENS_CALL, "tricks": "5", "partner": "2", "after": "0"}
    response = post(client, url("hand_enter", game), game, mine, htmx=True)
    assert response.status_code == 409
    html = response.content.decode()
    assert "Hand 1 was entered on another phone too: the same deal entered twice?" in html
    assert "Keep theirs" in html
    assert "Keep mine" in html
    assert game.hands.count() == 1
    # "Add mine as hand 2": the same hand, as the next one.
    added = Forms(html).posted_to(url("hand_enter", game))
    assert added["after"] == "1"
    again = client.post(url("hand_enter", game), added, **HTMX)
    assert again.status_code == 200
    assert list(fresh(game).hands.values_list("number", "tricks")) == [(1, 3), (2, 5)]


def test_finishing_with_nothing_in_play_goes_to_the_whole_hand_form(
    client: Client, game: Game
) -> None:
    response = client.get(url("hand_finish", game), {"tricks": "3", "partner": "maker"})
    assert response.status_code == 302
    assert response.url == url("hand_enter", game) + "?tricks=3&partner=maker"


# --- a whole hand at once ------------------------------------------------------------------------


def test_a_whole_hand_is_entered_in_one_go(client: Client, game: Game) -> None:
    response = post(
        client,
        url("hand_enter", game),
        game,
        {"maker": "2", "trump": "C", "called": "C", "partner": "maker", "tricks": "5"},
    )
    assert response.status_code == 303
    assert [s.total for s in fresh(game).seat_list()] == [0, 0, 5, 0, 0]


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"partner": "1"}, "partner", "The partner cannot be the maker"),
        ({"tricks": "6"}, "tricks", "Must be from 0 to 5"),
        ({"tricks": "-1"}, "tricks", "Must be from 0 to 5"),
        ({"tricks": "three"}, "tricks", "Tap one of the numbers"),
        ({"tricks": ""}, "tricks", "Tap how many tricks"),
        ({"partner": ""}, "partner", "Tap the partner"),
        ({"called": ""}, "called", "called ace"),
        ({"round": "3"}, "round", "Must be from 1 to 2"),
    ],
)
def test_an_impossible_whole_hand_is_refused_and_nothing_is_stored(
    client: Client, game: Game, data: dict[str, str], field: str, message: str
) -> None:
    hand = {"maker": "1", "trump": "H", "called": "S", "partner": "3", "tricks": "3", **data}
    response = post(client, url("hand_enter", game), game, hand, htmx=True)
    assert response.status_code == 422
    assert message in field_errors(response, field)
    assert game.hands.count() == 0


def test_a_lone_standard_hand_scores_four_for_the_team(client: Client) -> None:
    game = start_game("standard", FOUR)
    response = post(
        client,
        url("hand_enter", game),
        game,
        {"maker": "1", "trump": "S", "alone": "yes", "tricks": "5"},
    )
    assert response.status_code == 303
    assert [s.total for s in fresh(game).seat_list()] == [0, 4, 0, 4]


def test_the_sitting_out_partner_cannot_renege(client: Client) -> None:
    game = start_game("standard", FOUR)
    response = post(
        client,
        url("hand_enter", game),
        game,
        {"maker": "1", "trump": "S", "alone": "yes", "tricks": "5", "renege": "3"},
    )
    assert response.status_code == 422
    assert "sits out a lone hand" in field_errors(response, "renege")


def test_call_your_partner_alone_needs_no_partner(client: Client) -> None:
    game = start_game("call-your-partner")
    response = post(
        client,
        url("hand_enter", game),
        game,
        {"maker": "0", "trump": "D", "called": "alone", "tricks": "5"},
    )
    assert response.status_code == 303
    assert [s.total for s in fresh(game).seat_list()] == [5, 0, 0, 0, 0]


def test_no_hand_is_recorded_after_the_game_has_ended(client: Client) -> None:
    game = start_game(target=3)
    record(game, maker="Ben", trump="H", called="S", partner="maker", tricks=5)
    page = client.get(url("hand_enter", game))
    assert page.status_code == 302
    assert page.url == url("game_result", game)
    response = post(
        client,
        url("hand_enter", game),
        game,
        {"maker": "1", "trump": "H", "called": "S", "partner": "3", "tricks": "3"},
    )
    assert response.status_code == 422
    assert "The game is over" in response.content.decode()
    assert game.hands.count() == 1
    start = post(client, url("hand_start", game), game, {"maker": "1", "trump": "H", "called": "S"})
    assert start.status_code == 422
    assert not HandInProgress.objects.exists()


def test_a_hand_of_an_unknown_game_is_not_found(client: Client) -> None:
    for address in ("/games/999/hand/start/", "/games/999/hand/enter/", "/games/999/hand/finish/"):
        assert client.get(address).status_code == 404


# --- never a 500 --------------------------------------------------------------------------------


def test_numbers_too_big_for_the_database_are_not_found(client: Client, game: Game) -> None:
    big = 10**20
    for address in (
        f"/games/{big}/",
        f"/games/{big}/state/?version=1",
        f"/games/{game.pk}/hands/{big}/edit/",
        f"/games/{game.pk}/hands/{big}/history/",
    ):
        assert client.get(address).status_code == 404, address


@pytest.mark.parametrize("bidding_round", ["3", "0", str(10**20)])
def test_a_bidding_round_out_of_range_is_refused(
    client: Client, game: Game, bidding_round: str
) -> None:
    response = post(
        client,
        url("hand_start", game),
        game,
        {"maker": "1", "trump": "H", "called": "S", "round": bidding_round},
    )
    assert response.status_code == 422
    assert "Must be from 1 to 2" in field_errors(response, "round")
    assert not HandInProgress.objects.exists()


def test_a_form_without_its_version_says_it_is_out_of_date(client: Client, game: Game) -> None:
    data = {"maker": "1", "trump": "H", "called": "S", "partner": "3", "tricks": "3"}
    response = client.post(url("hand_enter", game), data)
    assert response.status_code == 422
    assert "This screen is out of date" in response.content.decode()
    assert game.hands.count() == 0


@pytest.mark.parametrize(
    ("variant", "players", "section"),
    [
        ("call-ace", None, "(Call-Ace rules 5)"),
        ("call-your-partner", None, "(Call-Your-Partner rules 5)"),
        ("standard", FOUR, "(Standard rules 5)"),
    ],
)
def test_the_renege_help_cites_the_variants_own_section(
    client: Client, variant: str, players: Any, section: str
) -> None:
    game = start_game(variant, players) if players else start_game(variant)
    form = client.get(url("hand_enter", game)).context["form"]
    assert section in form.fields["renege"].help_text


# --- a Call-Ace maker going alone at the call (docs/decisions.md, D51) --------------------------


@pytest.mark.postgres
def test_a_call_ace_maker_who_goes_alone_at_the_call_is_recorded_as_holding_the_ace(
    client: Client, game: Game
) -> None:
    response = post(
        client,
        url("hand_start", game),
        game,
        {"maker": "1", "trump": "H", "called": "S", "alone": "yes"},
    )
    assert response.status_code == 302
    current = HandInProgress.objects.get()
    assert current.alone
    html = client.get(url("game_table", game)).content.decode()
    assert "Ben made" in html
    assert "goes alone, calling the ace of" in html
    # The hand over: the maker holds the called ace.
    data = {**BENS_CALL, "alone": "yes", "tricks": "5", "after": "0", "save": "1"}
    response = post(client, url("hand_enter", game), fresh(game), data)
    assert response.status_code == 303
    hand = fresh(game).hands.get()
    assert (hand.outcome, hand.tricks) == ("maker", 5)
    assert [s.total for s in fresh(game).seat_list()] == [0, 5, 0, 0, 0]


def test_alone_and_a_partner_tapped_together_is_refused_beside_the_partner(
    client: Client, game: Game
) -> None:
    response = post(
        client,
        url("hand_enter", game),
        game,
        {"maker": "1", "trump": "H", "called": "S", "alone": "yes", "partner": "3", "tricks": "3"},
    )
    assert response.status_code == 422
    assert "The maker went alone" in field_errors(response, "partner")
    assert fresh(game).hands.count() == 0


def test_a_nights_preview_counts_its_lone_march_of_five(client: Client) -> None:
    """The euchre night's house rule (docs/rules.md, Euchre night 4): the preview says
    what the hand will be recorded as."""
    standard = start_game("standard", FOUR)
    game = Game.start(
        variant=standard.variant_enum,
        players=FOUR,
        first_dealer=0,
        rules=standard.house_rules,
        private_table=our_table(),
        round_rules=RoundRules(hands=8, lone_march_five=True),
    )
    data = {"maker": "0", "trump": "H", "alone": "yes", "tricks": "5", "preview": "1"}
    response = post(client, url("hand_enter", game), game, data)
    assert [(row.name, row.points) for row in response.context["preview"] if row.points] == [
        ("Ann", 5),
        ("Cat", 5),
    ]
