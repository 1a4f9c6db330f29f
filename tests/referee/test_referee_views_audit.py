"""The hand audit screen: setting up, entering tricks by tapping, a renege, a game."""

import html
import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from referee.engine.audit import TrickEntry, audit_hand
from referee.engine.cards import Suit, parse_cards
from referee.engine.hands import GameSetup
from referee.engine.variants import HouseRules, Variant
from referee.views.audit_screen import finish_query
from scorekeeper.models import Game
from scorekeeper.web.referee_links import audit_url
from tests.game_support import our_table

HTMX = {"HTTP_HX_REQUEST": "true"}
SETUP = {
    "players": "Ann,Ben,Cat,Dan,Eve",
    "maker": "Ben",
    "trump": "H",
    "called": "S",
    "leader": "Ann",
}
TRICKS = {
    "t1": "AC,10D,8C,10C,QC",
    "t2": "9D,JH,9C,QD,KD",
    "t3": "JD,QS,KH,9H,QH",
    "t4": "KS,AD,AS,JS,10S",
    "t5": "9S,10H,KC,AH,8D",
}


def tool(response) -> str:
    return html.unescape(response.content.decode().split('id="tool"', 1)[1])


def test_the_audit_starts_with_the_players(client: Client) -> None:
    text = tool(client.get("/referee/audit/"))
    assert 'name="players"' in text
    assert 'name="maker"' not in text


def test_once_the_players_are_named_the_maker_trump_call_and_leader_are_chips(
    client: Client,
) -> None:
    text = tool(client.get("/referee/audit/", {"players": "Ann, Ben ,Cat,Dan,Eve"}))
    assert re.search(r'<input type="radio" name="maker" value="Ben">Ben</label>', text)
    assert re.search(r'<input type="radio" name="leader" value="Eve">Eve</label>', text)
    assert 'name="called" value="S"' in text  # the called ace's suit
    assert "Enter the tricks" in text


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"players": "Ann,Ben"}, "players", "Call-Ace Euchre is played by 4, 5 or 6 players"),
        ({"players": "Ann,ann,Cat,Dan"}, "players", "Each player needs a different name"),
        ({**SETUP, "maker": "Zed"}, "maker", "Zed is not one of the players."),
        ({**SETUP, "called": "X"}, "called", "'X' is not a suit"),
        ({**SETUP, "trump": "NT"}, "trump", "has no no-trump call"),
        (
            {**SETUP, "variant": "call-your-partner", "called": "KH"},
            "called",
            "must not be a trump",
        ),
    ],
)
def test_a_bad_setup_is_explained_beside_the_field(
    client: Client, params: dict, field: str, message: str
) -> None:
    response = client.get("/referee/audit/", params)
    assert response.status_code == 200
    blocks = re.findall(r'<ul class="errorlist"[^>]*>(.*?)</ul>', tool(response), re.S)
    assert any(message in b for b in blocks), blocks
    assert client.get("/referee/audit/", params, **HTMX).status_code == 422


def test_the_first_tap_starts_trick_one_with_the_leader(client: Client) -> None:
    text = tool(client.get("/referee/audit/", SETUP))
    assert "Tap the card <strong>Ann</strong> led." in text
    link = re.search(r'id="pick-AC" href="([^"]+)"', text)
    assert link is not None
    assert parse_qs(urlsplit(link.group(1)).query)["t1"] == ["AC"]


def test_each_tap_adds_the_next_players_card_until_the_trick_is_judged(client: Client) -> None:
    text = tool(client.get("/referee/audit/", {**SETUP, "t1": "AC,10D"}))
    assert "Tap the card <strong>Cat</strong> played." in text
    link = re.search(r'id="pick-8C" href="([^"]+)"', text)
    assert parse_qs(urlsplit(link.group(1)).query)["t1"] == ["AC,10D,8C"]
    text = tool(client.get("/referee/audit/", {**SETUP, "t1": TRICKS["t1"]}))
    assert "Trick 1 went to Ann" in text
    assert "Tap the card <strong>Ann</strong> led." in text  # she won, so she leads trick 2
    link = re.search(r'id="pick-9D" href="([^"]+)"', text)
    assert parse_qs(urlsplit(link.group(1)).query)["t2"] == ["9D"]
    assert 'id="pick-AC"' not in text  # played already


def test_undo_takes_back_the_last_card(client: Client) -> None:
    text = tool(client.get("/referee/audit/", {**SETUP, "t1": TRICKS["t1"], "t2": "9D"}))
    undo = re.search(r'<a class="btn" href="([^"]+)"[^>]*id="undo"', text)
    query = parse_qs(urlsplit(undo.group(1)).query)
    assert query["t1"] == [TRICKS["t1"]]
    assert "t2" not in query


def test_a_whole_hand_finds_the_renege_and_scores_it(client: Client) -> None:
    text = tool(client.get("/referee/audit/", {**SETUP, **TRICKS}))
    assert (
        "Cat played the 9 of clubs on trick 2 while holding the ace of diamonds, played on "
        "trick 4: diamonds were led, so a diamond had to be played." in text
    )
    assert "Dan, revealed on trick 4" in text
    assert "Ben and Dan: 4 tricks" in text
    assert "Renege by Cat, a defender: scored as a march for Ben with Dan" in text
    assert text.count('class="play-tag play-tag-renege">renege') == 1
    assert "Share this ruling" in text
    assert "Record this hand" not in text  # not opened from a game


def test_a_card_played_twice_is_refused_beside_its_trick(client: Client) -> None:
    params = {**SETUP, "t1": TRICKS["t1"], "t2": "9D,JH,AC"}
    response = client.get("/referee/audit/", params)
    text = tool(response)
    assert response.status_code == 200
    assert "The ace of clubs was already played on trick 1." in text
    assert "Trick 1 went to Ann" in text  # the tricks before stay, to mend the one at fault
    assert client.get("/referee/audit/", params, **HTMX).status_code == 422


def test_standard_euchre_ignores_a_call_left_from_another_variant(client: Client) -> None:
    params = {**SETUP, "variant": "standard", "players": "Ann,Ben,Cat,Dan", "t1": "AC"}
    text = tool(client.get("/referee/audit/", params))
    assert "errorlist" not in text
    assert "Ben made hearts; Ann led first." in text


def test_a_gap_in_the_tricks_is_refused(client: Client) -> None:
    text = tool(client.get("/referee/audit/", {**SETUP, "t1": TRICKS["t1"], "t3": "9D"}))
    assert "Trick 2 is missing before it." in text


def test_the_audit_over_htmx_answers_with_the_tool_alone(client: Client) -> None:
    response = client.get("/referee/audit/", {**SETUP, "t1": "AC"}, **HTMX)
    assert response.content.decode().lstrip().startswith('<div id="tool"')


def test_finish_query_tells_the_scorekeeper_the_tricks_partner_and_renege() -> None:
    setup = GameSetup(variant=Variant.CALL_ACE, players=("Ann", "Ben", "Cat", "Dan", "Eve"))
    result = audit_hand(
        setup,
        maker=1,
        trump=Suit.HEARTS,
        called=Suit.SPADES,
        first_leader=0,
        tricks=[TrickEntry(cards=tuple(parse_cards(t))) for t in TRICKS.values()],
    )
    assert finish_query(result) == {
        "tricks": "4",
        "partner": "3",
        "revealed_on_trick": "4",
        "renege": "2",
    }
    held = audit_hand(
        setup,
        maker=1,
        trump=Suit.HEARTS,
        called=Suit.HEARTS,
        first_leader=0,
        tricks=[TrickEntry(cards=tuple(parse_cards(t))) for t in TRICKS.values()],
    )
    assert finish_query(held) == {"tricks": "3", "partner": "maker", "renege": "2"}


@pytest.fixture
def game_in_progress(db) -> Game:
    game = Game.start(
        variant=Variant.CALL_ACE,
        players=["Ann", "Ben", "Cat", "Dan", "Eve"],
        first_dealer=4,
        rules=HouseRules(),
        private_table=our_table(),
    )
    game.save_call(version=None, maker=1, trump="H", called="S")
    return game


def test_from_a_game_the_hand_in_progress_fills_the_setup(
    client: Client, game_in_progress: Game
) -> None:
    # Eve dealt, so Ann (on her left) leads; Ben made hearts and called the ace of spades.
    text = tool(client.get(audit_url(game_in_progress, leader="Ann")))
    assert "Ben made hearts, called the ace of spades; Ann led first." in text
    link = re.search(r'id="pick-AC" href="([^"]+)"', text)
    query = parse_qs(urlsplit(html.unescape(link.group(1))).query)
    assert query["players"] == ["Ann,Ben,Cat,Dan,Eve"]
    assert query["maker"] == ["Ben"]
    # The way back to the game rides along with every tap.
    assert query["finish"] == [reverse("hand_finish", args=[game_in_progress.pk])]


def test_the_game_screen_links_to_the_audit_with_its_table(
    client: Client, game_in_progress: Game
) -> None:
    page = client.get(reverse("game_table", args=[game_in_progress.pk])).content.decode()
    link = re.search(r'href="([^"]+)">Hand audit<', page)
    assert link is not None
    url = urlsplit(html.unescape(link.group(1)))
    assert url.path == "/referee/audit/"
    query = parse_qs(url.query)
    assert query["players"] == ["Ann,Ben,Cat,Dan,Eve"]
    assert query["leader"] == ["Ann"]
    assert query["trump"] == ["H"]
    assert query["finish"] == [reverse("hand_finish", args=[game_in_progress.pk])]


def test_a_finished_audit_from_a_game_records_the_hand_in_one_tap(
    client: Client, game_in_progress: Game
) -> None:
    text = tool(client.get(audit_url(game_in_progress, leader="Ann") + "&" + urlencode(TRICKS)))
    assert "Renege by Cat" in text
    link = re.search(r'href="([^"]+)"[^>]*>Record this hand', text)
    assert link is not None
    url = urlsplit(html.unescape(link.group(1)))
    assert url.path == reverse("hand_finish", args=[game_in_progress.pk])
    assert parse_qs(url.query) == {
        "tricks": ["4"],
        "partner": ["3"],
        "revealed_on_trick": ["4"],
        "renege": ["2"],
    }


@pytest.mark.parametrize(
    "finish",
    ["https://evil.example/steal", "//evil.example/", "/\\evil.example/", "javascript:alert(1)"],
)
def test_the_way_back_must_be_a_page_of_this_site(client: Client, finish: str) -> None:
    response = client.get("/referee/audit/", {**SETUP, **TRICKS, "finish": finish})
    assert response.status_code == 200
    text = tool(response)
    assert "The way back must be a page of this site" in text
    assert "Record this hand" not in text
    assert "evil.example" not in text.split("Share this ruling")[0].split("errorlist")[0]


@pytest.mark.django_db
def test_an_old_game_link_is_ignored(client: Client) -> None:
    response = client.get("/referee/audit/", {"game": "4040", "players": "Ann,Ben,Cat,Dan"})
    assert response.status_code == 200
    assert "errorlist" not in tool(response)
    assert client.get("/referee/audit/", {"game": "%C2%B2"}).status_code == 200


def test_the_audit_never_reads_the_database(client: Client) -> None:
    # Everything it needs is in its address; without the db mark, a query would raise.
    response = client.get("/referee/audit/", {**SETUP, **TRICKS})
    assert "Renege by Cat" in tool(response)
