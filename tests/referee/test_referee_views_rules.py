"""The referee's index, rules pages and card ranking: good input, bad input, htmx."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from referee.engine.variants import HouseRules, RenegeRule, TieRule, Variant
from scorekeeper.models import Game
from scorekeeper.web.referee_links import rules_url
from tests.game_support import our_table

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(db) -> Game:
    return Game.start(
        variant=Variant.CALL_ACE,
        players=["Ann", "Ben", "Cat", "Dan", "Eve"],
        first_dealer=0,
        rules=HouseRules(renege=RenegeRule.OFFENDER_LOSES_2, ties=TieRule.PLAY_ON, target=15),
        private_table=our_table(),
    )


def test_the_index_offers_every_tool_as_a_big_button(client: Client) -> None:
    page = client.get("/referee/").content.decode()
    for href in (
        "/referee/trick/",
        "/referee/legal/",
        "/referee/audit/",
        "/referee/score/",
        "/referee/ranking/",
        "/referee/rules/",
    ):
        assert re.search(rf'class="btn btn-block tool-button" href="{re.escape(href)}"', page)


@pytest.mark.django_db
def test_an_old_game_link_to_the_index_is_welcome(client: Client) -> None:
    for value in ("999", "x", "\u00b2"):
        response = client.get("/referee/", {"game": value})
        assert response.status_code == 200
        assert "errorlist" not in response.content.decode()


def test_the_referee_pages_refuse_a_post(client: Client) -> None:
    for url in ("/referee/", "/referee/rules/call-ace/", "/referee/trick/", "/referee/audit/"):
        assert client.post(url).status_code == 405


@pytest.mark.parametrize("variant", [v.value for v in Variant])
def test_each_rules_page_has_the_six_sections_in_the_order_of_play(
    client: Client, variant: str
) -> None:
    page = client.get(f"/referee/rules/{variant}/").content.decode()
    ids = re.findall(r'<section class="rule-section" id="([a-z-]+)"', page)
    assert ids == ["deal", "bidding", "partner", "trick", "scoring", "winning"]
    for slug in ids:  # the table of contents links each one
        assert f'href="#{slug}"' in page


def test_rulings_are_marked_with_why_they_were_needed(client: Client) -> None:
    page = client.get("/referee/rules/call-ace/").content.decode()
    for anchor in ("ruling-deal", "ruling-dealer-partner", "ruling-renege", "ruling-ties"):
        block = page.split(f'<div class="ruling" id="{anchor}">')[1].split("</div>")[0]
        assert "Ruling</span>" in block
        assert "Why a ruling:" in block


def test_house_rules_are_shown_as_choices_with_the_default(client: Client) -> None:
    page = client.get("/referee/rules/standard/").content.decode()
    section = page.split('id="house-no-trump"')[1].split("</div>")[0]
    assert "Not allowed" in section
    assert "Allowed" in section
    assert "default" in section
    assert "in force" not in section


def test_a_games_rules_show_its_house_rules_in_force(client: Client, game: Game) -> None:
    page = client.get(rules_url(game)).content.decode()
    renege = page.split('id="house-renege"')[1].split("</ul>")[0]
    chosen = re.findall(r'<li class="choice in-force">\s*<strong>([^<]+)</strong>', renege)
    assert chosen == ["Offender loses 2"]
    target = page.split('id="house-target"')[1].split("</ul>")[0]
    assert "15 points" in target
    assert "Ann, Ben, Cat, Dan, Eve" in page


def test_a_search_keeps_the_tables_house_rules(client: Client, game: Game) -> None:
    page = client.get(rules_url(game) + "&q=renege").content.decode()
    assert '<input type="hidden" name="renege" value="offender-loses-2">' in page
    share = page.split("Share this ruling")[1]
    assert "target=15" in share


def test_the_game_screen_links_to_its_rules(client: Client, game: Game) -> None:
    page = client.get(reverse("game_table", args=[game.pk])).content.decode()
    link = re.search(r'href="([^"]+)">Rules for this game<', page)
    assert link is not None
    assert html.unescape(link.group(1)) == rules_url(game)
    assert rules_url(game).startswith("/referee/rules/call-ace/?players=Ann,Ben,Cat,Dan,Eve&")


def test_house_rules_the_page_cannot_read_are_said_and_the_defaults_shown(
    client: Client,
) -> None:
    response = client.get("/referee/rules/call-ace/", {"target": "\u00b2", "ties": "x"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "notice-error" in page
    assert "These are the default rules." in page
    assert "in force</span>" not in page


@pytest.mark.django_db
def test_an_old_game_link_to_the_rules_shows_the_default_rules(client: Client) -> None:
    response = client.get("/referee/rules/call-ace/?game=42")
    assert response.status_code == 200
    assert "in force</span>" not in response.content.decode()
    assert client.get("/referee/rules/?game=x").status_code == 200


def test_an_unknown_variant_is_not_found(client: Client) -> None:
    assert client.get("/referee/rules/croquet/").status_code == 404


@pytest.mark.parametrize(
    ("query", "anchor"),
    [
        ("left bower", "left-bower"),
        ("kitty", "kitty"),
        ("renege", "renege"),
        ("stick the dealer", "stick-the-dealer"),
    ],
)
def test_the_search_box_finds_a_rule_by_word(client: Client, query: str, anchor: str) -> None:
    page = client.get("/referee/rules/call-ace/", {"q": query}).content.decode()
    results = page.split('id="tool"')[1].split("</div>")[0]
    assert f'href="#{anchor}"' in results
    assert "<mark>" in results


def test_a_search_over_htmx_answers_with_the_results_alone(client: Client) -> None:
    response = client.get("/referee/rules/standard/", {"q": "renege"}, **HTMX)
    text = response.content.decode()
    assert response.status_code == 200
    assert text.lstrip().startswith('<div id="tool"')
    assert "<html" not in text
    assert "Share this ruling" in text
    assert "HX-Request" in response["Vary"]


def test_a_search_with_no_match_says_so_and_a_too_long_one_is_refused(client: Client) -> None:
    page = client.get("/referee/rules/call-ace/", {"q": "croquet"}).content.decode()
    assert "0 rules with “croquet”" in page
    response = client.get("/referee/rules/call-ace/", {"q": "x" * 101})
    assert response.status_code == 200
    assert "Ensure this value has at most 100 characters" in response.content.decode()
    assert client.get("/referee/rules/call-ace/", {"q": "x" * 101}, **HTMX).status_code == 422


def test_the_ranking_moves_the_bowers_into_trump(client: Client) -> None:
    page = client.get("/referee/ranking/", {"trump": "H"}).content.decode()
    rows = dict(
        re.findall(
            r'<section class="rank-row[^"]*" aria-labelledby="rank-(\w)">(.*?)</section>',
            page,
            re.S,
        )
    )
    hearts = re.findall(r'visually-hidden">([^<]+)</span>', rows["H"])
    assert hearts == [
        "jack of hearts",
        "jack of diamonds",
        "ace of hearts",
        "king of hearts",
        "queen of hearts",
        "10 of hearts",
        "9 of hearts",
    ]
    diamonds = re.findall(r'visually-hidden">([^<]+)</span>', rows["D"])
    assert "jack of diamonds" not in diamonds
    assert "No jack" in rows["D"]
    clubs = re.findall(r'visually-hidden">([^<]+)</span>', rows["C"])
    assert clubs[3] == "jack of clubs"
    assert page.index('id="rank-H"') < page.index('id="rank-D"') < page.index('id="rank-S"')


def test_the_ranking_with_no_trump_and_a_bigger_deck(client: Client) -> None:
    page = client.get("/referee/ranking/", {"trump": "NT", "deck": "32"}).content.decode()
    assert "No trump: every suit in its plain order" in page
    assert "bower" not in page.split("No trump: every suit")[1].split("Share this ruling")[0]
    assert "7 of spades" in page


def test_the_ranking_refuses_a_bad_trump_beside_the_picker(client: Client) -> None:
    response = client.get("/referee/ranking/", {"trump": "X", "deck": "12"})
    text = response.content.decode()
    assert response.status_code == 200
    assert "“X” is not a trump: pick a suit or no trump." in text
    assert "The deck is 24, 28 or 32 cards." in text
    assert "Pick trump" in text


def test_a_misspelt_search_suggests_the_rule_it_meant(client: Client) -> None:
    page = client.get("/referee/rules/call-ace/", {"q": "bowwer", "players": "Ann,Ben,Cat,Dan"})
    text = page.content.decode()
    assert "Did you mean" in text
    link = re.search(r'Did you mean <a href="([^"]+)">bower</a>', text)
    assert link is not None
    # The suggestion keeps the table's setup and finds rules when followed.
    followed = client.get(html.unescape(link.group(1))).content.decode()
    assert "players=Ann,Ben,Cat,Dan" in html.unescape(link.group(1))
    assert re.search(r"\d+ rules? with “bower”", followed)
    assert "Did you mean" not in followed


def test_a_search_with_nothing_close_offers_plain_words_instead(client: Client) -> None:
    text = client.get("/referee/rules/standard/", {"q": "xyzzy"}).content.decode()
    assert "Did you mean" not in text
    assert "Try one word" in text
