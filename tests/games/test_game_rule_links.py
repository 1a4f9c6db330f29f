"""A rule cited on a game's screens links to its section of the in-app rulebook
(docs/decisions.md, D45): the table screen, a hand's history, the sheet, the result,
the hand form's renege box, a euchre night's table. Each link is followed: the rules
page answers and holds the anchor, under the number the citation reads."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from referee.templatetags.rule_citations import cited
from scorekeeper.models import Game
from tests.game_support import FOUR, record, start_game, url
from tests.night_support import start_night, tables_of

pytestmark = pytest.mark.django_db

LINK = re.compile(r'<a class="rule-cite" href="([^"#]+)#([^"]+)">([^<]+)</a>')


def followed(client: Client, page: str) -> list[str]:
    """Every rule link of ``page``, each checked on the rules page it opens: that
    page has the anchor, and numbers that section as the link's words do."""
    links = LINK.findall(page)
    for path, anchor, words in links:
        rules = client.get(path)
        assert rules.status_code == 200, path
        number = words.rsplit(" ", 1)[-1]
        section = re.search(
            rf'<section class="rule-section" id="{anchor}".*?'
            r'<span class="section-number">(\d+)</span>',
            rules.content.decode(),
            re.DOTALL,
        )
        assert section is not None, (path, anchor)
        assert section.group(1) == number, (words, anchor)
    return [f"{words} {path}#{anchor}" for path, anchor, words in links]


def a_game_with_a_misdeal_and_a_penalty() -> Game:
    game = start_game("call-ace", renege="offender-loses-2")
    record(game, thrown_in=True)
    record(game, maker="Ann", trump="H", called="S", partner="Ben", tricks=3, renege="Cat")
    return game


def test_the_table_screen_links_each_rule_its_hands_cite(client: Client) -> None:
    game = a_game_with_a_misdeal_and_a_penalty()
    page = client.get(url("game_table", game)).content.decode()
    assert followed(client, page) == [
        "Call-Ace rules 5 /referee/rules/call-ace/#scoring",  # the hand form's renege box
        "Call-Ace rules 5 /referee/rules/call-ace/#scoring",
        "Call-Ace rules 2 /referee/rules/call-ace/#bidding",
    ]
    assert "(house rule, <a " in page


@pytest.mark.postgres
def test_a_hands_history_and_the_sheet_link_the_rule_applied(client: Client) -> None:
    game = a_game_with_a_misdeal_and_a_penalty()
    history = client.get(url("hand_history", game, 1)).content.decode()
    assert followed(client, history) == ["Call-Ace rules 2 /referee/rules/call-ace/#bidding"]
    sheet = client.get(url("game_sheet", game)).content.decode()
    # Each rule once (issue 40): words that cite the hand's section are not followed
    # by it again ("(Call-Ace rules 2). (Call-Ace rules 2)" before).
    assert followed(client, sheet) == [
        "Call-Ace rules 2 /referee/rules/call-ace/#bidding",
        "Call-Ace rules 5 /referee/rules/call-ace/#scoring",
    ]
    assert "the deal passes on (Call-Ace rules 2)." in re.sub(r"<[^>]+>", "", sheet)
    assert "(Call-Ace rules 2). (" not in re.sub(r"<[^>]+>", "", sheet)


@pytest.mark.postgres
def test_the_result_links_the_rule_that_decided(client: Client) -> None:
    game = start_game("standard", FOUR, target=2)
    record(game, maker="Ann", trump="H", tricks=5)
    page = client.get(url("game_result", game)).content.decode()
    assert followed(client, page) == ["Standard rules 6 /referee/rules/standard/#winning"]


def test_the_renege_box_links_its_variants_scoring_rules(client: Client) -> None:
    game = start_game("call-your-partner")
    page = client.get(url("hand_enter", game)).content.decode()
    assert "Who reneged (<a " in page
    assert followed(client, page) == [
        "Call-Your-Partner rules 5 /referee/rules/call-your-partner/#scoring"
    ]


def test_a_night_table_links_the_nights_own_rules(client: Client) -> None:
    night = start_night(hands=4, lone_march_five=True)
    night_table = tables_of(night.rounds.get(number=1))[0]
    names = [seat.player.name for seat in night_table.seat_list()]
    record(night_table, maker=names[0], trump="H", tricks=5, alone=True)
    page = client.get(url("game_table", night_table)).content.decode()
    assert followed(client, page) == [
        "Standard rules 5 /referee/rules/standard/#scoring",  # the hand form's renege box
        "Euchre night rules 4 /referee/rules/euchre-night/#points",
    ]
    for _ in range(3):
        record(night_table, maker=names[1], trump="S", tricks=3)
    result = client.get(url("game_result", night_table)).content.decode()
    assert "Euchre night rules 3 /referee/rules/euchre-night/#round" in followed(client, result)


def test_only_the_citation_becomes_a_link_and_the_rest_stays_text() -> None:
    assert cited("Ann & <Ben> (house rule, Standard rules 5); Call-Ace rules 9.") == (
        "Ann &amp; &lt;Ben&gt; (house rule, "
        '<a class="rule-cite" href="/referee/rules/standard/#scoring">Standard rules 5</a>'
        "); Call-Ace rules 9."  # Call-Ace has no section 9: no link
    )
