"""The trick judge, the legal-play checker and the score calculator: good and bad input."""

import html
import re
from urllib.parse import urlencode

import pytest
from django.test import Client

from referee.engine.cards import Suit, parse_card
from referee.engine.hands import GameSetup, Hand, PartnerOutcome
from referee.engine.scoring import score_hand
from referee.engine.variants import HouseRules, Variant

HTMX = {"HTTP_HX_REQUEST": "true"}


def tool(response) -> str:
    """The tool part of a page, its entities unescaped so messages read as written."""
    return html.unescape(response.content.decode().split('id="tool"', 1)[1])


# --- Trick judge -------------------------------------------------------------------------


def test_the_trick_judge_settles_the_left_bower_dispute(client: Client) -> None:
    response = client.get("/referee/trick/", {"trump": "H", "cards": "AS,JD,9H,KH"})
    text = tool(response)
    assert response.status_code == 200
    assert (
        "The jack of diamonds wins: it is the left bower when hearts are trump, so it counts "
        "as a heart and outranks the king of hearts." in text
    )
    assert "(card 2 of 4)" in text
    assert "Share this ruling" in text
    assert "http://testserver/referee/trick/?trump=H&cards=AS,JD,9H,KH" in text


def test_each_card_of_the_picker_adds_itself_to_the_trick_in_order(client: Client) -> None:
    text = tool(client.get("/referee/trick/", {"trump": "H", "cards": "AS,JD"}))
    assert 'href="/referee/trick/?trump=H&cards=AS,JD,9H"' in text
    # Cards already played stay in place but cannot be tapped again.
    assert 'id="pick-AS"' not in text
    assert "ace of spades, already played" in text
    undo = re.search(r'<a class="btn" href="([^"]+)"[^>]*id="undo"', text)
    assert undo is not None
    assert undo.group(1) == "/referee/trick/?trump=H&cards=AS"


def test_the_trick_judge_waits_for_trump_and_two_cards(client: Client) -> None:
    assert "Pick trump, then tap the cards" in tool(client.get("/referee/trick/"))
    text = tool(client.get("/referee/trick/", {"trump": "S", "cards": "AS"}))
    assert "Tap at least two cards" in text
    # A full trick of six offers no more cards.
    text = tool(client.get("/referee/trick/", {"trump": "S", "cards": "9S,10S,QS,KS,AS,JS"}))
    assert "Six cards: a trick has no more" in text
    assert 'id="pick-' not in text


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"trump": "H", "cards": "AS,AS"}, "cards", "The ace of spades is in the trick twice"),
        ({"trump": "H", "cards": "AS,ZZ"}, "cards", "'ZZ' is not a card"),
        ({"trump": "H", "cards": "9S,10S,QS,KS,AS,JS,9H"}, "cards", "At most 6 cards"),
        ({"trump": "Q", "cards": "AS,KS"}, "trump", "“Q” is not a trump"),
    ],
)
def test_the_trick_judge_explains_bad_input_beside_the_field(
    client: Client, params: dict, field: str, message: str
) -> None:
    response = client.get("/referee/trick/", params)
    assert response.status_code == 200
    errors = re.search(
        rf'<ul class="errorlist" id="{field}-error">(.*?)</ul>', tool(response), re.S
    )
    assert errors, tool(response)[:2000]
    assert message in errors.group(1)
    assert client.get("/referee/trick/", params, **HTMX).status_code == 422


def test_the_trick_judge_over_htmx_answers_with_the_tool_alone(client: Client) -> None:
    response = client.get("/referee/trick/", {"trump": "D", "cards": "JH,AD"}, **HTMX)
    text = response.content.decode()
    assert text.lstrip().startswith('<div id="tool"')
    assert "The jack of hearts wins" in text
    assert "<html" not in text


# --- Legal play and renege ------------------------------------------------------------------


def test_the_checker_says_which_cards_may_be_played_and_why(client: Client) -> None:
    text = tool(client.get("/referee/legal/", {"trump": "H", "led": "AH", "hand": "JD,9S,KC"}))
    assert "1 of 3 cards may be played" in text
    assert "the jack of diamonds is the left bower when hearts are trump" in text
    assert re.search(r'id="played-JD".*?may play', text, re.S)
    assert re.search(r'id="played-9S".*?renege', text, re.S)
    assert 'href="/referee/legal/?trump=H&led=AH&hand=9S,KC,JD&played=9S"' in text


def test_a_card_that_was_not_legal_is_a_renege_with_its_penalty(client: Client) -> None:
    params = {"trump": "H", "led": "AH", "hand": "JD,9S,KC", "played": "9S"}
    text = tool(client.get("/referee/legal/", params))
    assert "Renege</span>" in text
    assert "Playing the 9 of spades is a renege" in text
    assert "If a defender reneged, the maker's side scores a march" in text
    standard = tool(client.get("/referee/legal/", {**params, "variant": "standard"}))
    assert "the team that did not renege scores 2, or 4" in standard
    house = tool(client.get("/referee/legal/", {**params, "renege": "offender-loses-2"}))
    assert "The player who reneged loses 2 points" in house
    five = tool(client.get("/referee/legal/", {**params, "players": "5"}))
    assert "3 each with a partner, 5 for a lone maker" in five


def test_a_legal_play_says_so(client: Client) -> None:
    params = {"trump": "H", "led": "AH", "hand": "JD,9S,KC", "played": "JD"}
    text = tool(client.get("/referee/legal/", params))
    assert "Legal</span>" in text
    assert "Playing the jack of diamonds is legal" in text


def test_the_hand_picker_sends_each_card_as_its_own_value(client: Client) -> None:
    response = client.get("/referee/legal/?trump=S&led=&hand=JC&hand=AH&hand=9D")
    text = tool(response)
    assert "The player is leading, so any card may be played." in text
    assert re.search(r'<input type="checkbox" name="hand" value="JC" checked>', text)


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"trump": "H", "led": "AH"}, "hand", "Pick the cards in the player's hand."),
        ({"led": "AH", "hand": "KS"}, "trump", "Pick the trump suit."),
        ({"trump": "H", "led": "AH", "hand": "AH,KS"}, "led", "cannot also be in the hand"),
        ({"trump": "H", "led": "XX", "hand": "KS"}, "led", "'XX' is not a card"),
        ({"trump": "H", "hand": "KS,KS"}, "hand", "The king of spades is in the hand twice"),
        ({"trump": "H", "led": "AH", "hand": "KS", "played": "QS"}, "played", "not in the hand"),
        (
            {"trump": "H", "hand": "KS", "variant": "chess"},
            "variant",
            "“chess” is not one of the choices: call-ace, call-your-partner or standard.",
        ),
    ],
)
def test_the_checker_explains_bad_input(
    client: Client, params: dict, field: str, message: str
) -> None:
    response = client.get("/referee/legal/", params)
    assert response.status_code == 200
    text = tool(response)
    blocks = re.findall(r'<ul class="errorlist"[^>]*>(.*?)</ul>', text, re.S)
    assert any(message in b for b in blocks), blocks
    assert client.get("/referee/legal/", params, **HTMX).status_code == 422


def test_the_checker_uses_the_tables_variant_for_the_penalty(client: Client) -> None:
    params = {"trump": "H", "led": "AH", "hand": "JD,9S", "played": "9S", "variant": "standard"}
    text = tool(client.get("/referee/legal/", params))
    assert "Penalty</strong> under Standard euchre" in text
    assert "the team that did not renege scores 2, or 4" in text
    assert "variant=standard" in text.split("Share this ruling")[1]


# --- Score calculator -------------------------------------------------------------------------


def explanation(variant: Variant, players: int, rules: HouseRules, **hand) -> str:
    """What the scorekeeper would say: the engine's own explanation."""
    setup = GameSetup(
        variant=variant, players=tuple(f"Player {i}" for i in range(1, players + 1)), rules=rules
    )
    return score_hand(setup, Hand(**hand)).explanation


def test_the_calculator_scores_with_the_scorekeepers_explanation(client: Client) -> None:
    params = {
        "variant": "call-ace",
        "players": "5",
        "maker": "2",
        "trump": "H",
        "called": "S",
        "partner": "4",
        "tricks": "5",
    }
    text = tool(client.get("/referee/score/", params))
    assert (
        explanation(
            Variant.CALL_ACE,
            5,
            HouseRules(),
            maker=1,
            trump=Suit.HEARTS,
            called=Suit.SPADES,
            outcome=PartnerOutcome.REVEALED,
            partner=3,
            tricks=5,
        )
        in text
    )
    assert "3 each to Player 2 and Player 4" in text
    assert re.search(r"<th scope=\"row\">Player 4</th><td class=\"num\">3</td>", text)
    assert "Share this ruling" in text


def test_the_calculator_covers_every_variant_and_the_house_rules(client: Client) -> None:
    standard = {
        "variant": "standard",
        "maker": "1",
        "trump": "NT",
        "alone": "on",
        "tricks": "5",
        "no_trump": "on",
    }
    assert explanation(
        Variant.STANDARD,
        4,
        HouseRules(no_trump=True),
        maker=0,
        trump=None,
        outcome=PartnerOutcome.ALONE,
        tricks=5,
    ) in tool(client.get("/referee/score/", standard))
    cyp = {
        "variant": "call-your-partner",
        "maker": "3",
        "trump": "S",
        "called": "QD",
        "partner": "none",
        "tricks": "2",
    }
    assert explanation(
        Variant.CALL_YOUR_PARTNER,
        5,
        HouseRules(),
        maker=2,
        trump=Suit.SPADES,
        called=parse_card("QD"),
        outcome=PartnerOutcome.NOT_IN_PLAY,
        tricks=2,
    ) in tool(client.get("/referee/score/", cyp))
    renege = {
        "variant": "call-ace",
        "players": "4",
        "maker": "1",
        "trump": "C",
        "called": "H",
        "partner": "2",
        "tricks": "4",
        "renege": "3",
        "renege_rule": "offender-loses-2",
    }
    text = tool(client.get("/referee/score/", renege))
    assert "Player 3 reneged and loses 2" in text
    assert "(\N{MINUS SIGN}2 renege)" in text


def test_the_calculator_switches_variant_and_players_with_links(client: Client) -> None:
    text = tool(client.get("/referee/score/", {"variant": "call-ace", "players": "6"}))
    assert 'href="/referee/score/?variant=call-your-partner&players=5"' in text
    assert re.search(r'aria-current="page">6 players</a>', text)
    assert text.count('name="maker"') == 6
    assert "errorlist" not in text  # choosing a setup is not a mistake


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        (
            {"maker": "6", "trump": "H", "called": "S", "partner": "none", "tricks": "3"},
            "maker",
            "There is no seat 6 at a table of 4.",
        ),
        ({"maker": "1", "trump": "H", "called": "S", "tricks": "3"}, "partner", "Name the partner"),
        (
            {"maker": "1", "trump": "H", "called": "S", "partner": "1", "tricks": "3"},
            "partner",
            "The partner cannot be the maker",
        ),
        ({"maker": "1", "trump": "H", "partner": "none"}, "tricks", "Pick how many tricks"),
        (
            {
                "variant": "call-your-partner",
                "maker": "1",
                "trump": "H",
                "called": "KH",
                "partner": "none",
                "tricks": "3",
            },
            "called",
            "must not be a trump",
        ),
        (
            {"variant": "standard", "maker": "1", "trump": "NT", "tricks": "3"},
            "trump",
            "No trump is not allowed",
        ),
        (
            {
                "maker": "1",
                "trump": "H",
                "called": "S",
                "partner": "none",
                "tricks": "3",
                "players": "7",
            },
            "players",
            "A table seats 4, 5 or 6 players, not 7.",
        ),
    ],
)
def test_the_calculator_explains_bad_input_beside_the_field(
    client: Client, params: dict, field: str, message: str
) -> None:
    response = client.get("/referee/score/", params)
    assert response.status_code == 200
    text = tool(response)
    assert "The hand scores" not in text
    blocks = re.findall(r'<ul class="errorlist"[^>]*>(.*?)</ul>', text, re.S)
    assert any(message in b for b in blocks), (field, blocks)
    assert client.get("/referee/score/", params, **HTMX).status_code == 422


def test_the_calculator_set_up_for_a_table_uses_its_names_and_rules(client: Client) -> None:
    url = "/referee/score/?variant=call-ace&players=Ann,Ben,Cat,Dan&renege_rule=offender-loses-2"
    hand = {"maker": "2", "trump": "H", "called": "H", "partner": "maker", "tricks": "5"}
    text = tool(client.get(url + "&" + urlencode(hand)))
    assert "Ben alone (held the called ace)" in text
    assert "Call-Ace Euchre: Ann, Ben, Cat, Dan, with the table's house rules." in text
    # The form keeps the table as it came, for the next hand.
    assert '<input type="hidden" name="renege_rule" value="offender-loses-2">' in text
