"""The score sheet of a long game, a page of hands at a time: it opens on the
latest hands, every hand is on one page reached by plain links (and by htmx),
the running totals carry from page to page, the chart covers the whole game
from the hands' cached totals, a page past either end leads to the nearest,
a page that is not a number is not found, and any page costs the same queries."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from referee.templatetags.rule_citations import cited
from scorekeeper.history.sheet_pages import HANDS_PER_PAGE, sheet_page
from scorekeeper.models import Game
from scorekeeper.web.charts import Progress, score_chart, summary
from tests.documents import document, import_document, long_game
from tests.game_support import fresh, record, start_game, url
from tests.games.test_game_table import long_game as game_of
from tests.history.test_chart import polylines, svg_of
from tests.night_support import play_round, start_night, tables_of

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def a_game(hands: int, *, target: int = 99) -> Game:
    """A Call-Ace game of ``hands`` hands of every kind (lone hands, euchres,
    marches, throw-ins): still in play at 61 hands unless ``target`` is lower."""
    return fresh(import_document(long_game(hands, target=target)))


def a_long_game(hands: int = 130) -> Game:
    """A game still in play after ``hands`` hands (a point to two players a hand
    or thrown in)."""
    return fresh(game_of(hands))


def sheet(client: Client, game: Game, page: int | str | None = None, **extra: Any) -> Any:
    data = {} if page is None else {"page": page}
    return client.get(url("game_sheet", game), data, **extra)


def hand_numbers(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="hand-(\d+)"', html)]


def running_totals(html: str, number: int) -> list[int]:
    """The running totals in hand ``number``'s row, one a player."""
    row = re.search(rf'<tr id="hand-{number}".*?</tr>', html, re.DOTALL)
    assert row, f"hand {number} is not on this page"
    return [int(t) for t in re.findall(r'<span class="running">(\d+)</span>', row.group(0))]


def page_links(html: str) -> list[str]:
    """Every page's address in the list of pages (with htmx's hx-get the same)."""
    nav = re.search(
        r'<nav class="pager sheet-pages" aria-label="Pages of hands">.*?</nav>', html, re.S
    )
    assert nav, "no pages on this sheet"
    links = re.findall(r'<li><a href="([^"]+)" hx-get="([^"]+)"', nav.group(0))
    assert all(href == hx for href, hx in links)
    return [href.replace("&amp;", "&") for href, _ in links]


# --- pages ----------------------------------------------------------------------------------


@pytest.mark.postgres
def test_a_game_of_60_hands_is_one_page_without_page_links(client: Client) -> None:
    html = sheet(client, a_game(60)).content.decode()
    assert hand_numbers(html) == list(range(1, 61))
    assert "Pages of hands" not in html
    assert "Earlier hands" not in html


@pytest.mark.postgres
def test_the_61st_hand_opens_a_second_page_and_the_sheet_opens_on_it(client: Client) -> None:
    game = a_game(61)
    html = sheet(client, game).content.decode()
    assert hand_numbers(html) == list(range(HANDS_PER_PAGE + 1, 62))
    assert "Hands 51 to 61 of 61" in html
    earlier = f"{url('game_sheet', game)}?page=1"
    assert f'href="{earlier}" hx-get="{earlier}" rel="prev">Earlier hands: 1 to 50</a>' in html
    assert "Later hands" not in html

    first = sheet(client, game, 1).content.decode()
    assert hand_numbers(first) == list(range(1, 51))
    assert "Hands 1 to 50 of 61" in first
    later = f"{url('game_sheet', game)}?page=2"
    assert f'href="{later}" hx-get="{later}" rel="next">Later hands: 51 to 61</a>' in first
    assert "Earlier hands" not in first


@pytest.mark.postgres
def test_every_hand_is_on_exactly_one_page_reached_by_the_page_links(client: Client) -> None:
    game = a_long_game(130)
    opening = sheet(client, game).content.decode()
    links = page_links(opening)
    assert len(links) == 3
    seen: list[int] = []
    for link in links:
        response = client.get(link)
        assert response.status_code == 200
        numbers = hand_numbers(response.content.decode())
        assert 0 < len(numbers) <= HANDS_PER_PAGE + 10
        seen += numbers
    assert seen == list(range(1, 131))
    # The opening page is the last: the latest hands, marked as the current page.
    assert hand_numbers(opening) == list(range(101, 131))
    assert re.search(
        'aria-current="page"><span class="visually-hidden">Hands </span>101\N{EN DASH}130', opening
    )


def test_the_running_totals_carry_from_page_to_page(client: Client) -> None:
    game = a_game(61)
    engine = game.score()  # scored again by the engine, not read from the cache
    first, second = sheet(client, game, 1).content.decode(), sheet(client, game).content.decode()
    assert running_totals(first, 50) == list(engine.hands[49].totals)
    assert running_totals(second, 51) == list(engine.hands[50].totals)
    assert running_totals(second, 61) == list(engine.totals)
    assert engine.hands[50].totals != engine.hands[49].totals  # hand 51 scored something


def test_each_row_on_a_later_page_keeps_its_facts_rule_and_edit_link(client: Client) -> None:
    game = a_game(61)
    html = sheet(client, game).content.decode()
    edit = reverse("hand_edit", args=[game.pk, 55])
    assert (
        f'<a href="{edit}" hx-get="{edit}">55<span class="visually-hidden">: edit hand 55' in html
    )
    row = game.hands.get(number=55)
    assert cited(row.explanation) in html  # its words, the rule it cites linked
    assert html.count('class="sheet-note') == 11


@pytest.mark.postgres
def test_hands_after_the_end_are_on_the_last_page_marked_not_counted(client: Client) -> None:
    game = a_game(70, target=25)
    assert game.is_finished
    after = game.hands.filter(after_end=True, number__gt=HANDS_PER_PAGE).count()
    assert after > 0
    html = sheet(client, game).content.decode()
    assert html.count("after the end, not counted") == after
    assert hand_numbers(html)[-1] == 70


def test_the_pages_answer_htmx_with_the_screen_and_the_address_of_the_page(
    client: Client,
) -> None:
    game = a_game(61)
    response = sheet(client, game, 1, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html
    assert hand_numbers(html) == list(range(1, 51))
    assert response["HX-Push-Url"] == f"{url('game_sheet', game)}?page=1"


# --- pages that are not there -----------------------------------------------------------------


@pytest.mark.parametrize(("page", "nearest"), [(3, 2), (10**40, 2), (0, 1), (-7, 1)])
def test_a_page_past_either_end_leads_to_the_nearest_page(
    client: Client, page: int, nearest: int
) -> None:
    game = a_game(61)
    response = sheet(client, game, page)
    assert response.status_code == 302
    assert response["Location"] == f"{url('game_sheet', game)}?page={nearest}"


@pytest.mark.parametrize("page", ["abc", "1.5", "1e9999", "9" * 5000, "\x00", "½", "0x10", "2 3"])
def test_a_page_that_is_not_a_number_is_not_found(client: Client, page: str) -> None:
    response = sheet(client, a_game(3), page)
    assert response.status_code == 404


def test_an_empty_page_parameter_opens_the_latest_hands(client: Client) -> None:
    game = a_game(61)
    assert hand_numbers(sheet(client, game, "").content.decode())[0] == 51


def test_a_game_without_hands_has_one_empty_page(client: Client) -> None:
    game = start_game()
    html = sheet(client, game).content.decode()
    assert "No hands yet." in html
    assert "Pages of hands" not in html
    assert sheet(client, game, 2)["Location"] == f"{url('game_sheet', game)}?page=1"


def test_another_tables_game_has_no_pages_at_all(stranger: Client) -> None:
    game = a_game(61)
    assert sheet(stranger, game, 1).status_code == 404
    assert sheet(stranger, game, 9).status_code == 404  # not a redirect that tells it exists


# --- the chart: the whole game, from the cached totals ----------------------------------------


def test_the_chart_covers_the_whole_game_on_every_page(client: Client) -> None:
    game = a_long_game(130)
    for page in (1, 2, None):
        lines = polylines(svg_of(sheet(client, game, page).content.decode()))
        assert [len(line) for line in lines] == [131] * 5


def a_finished_night_table() -> Game:
    night = start_night(hands=4)
    first = night.rounds.get(number=1)
    play_round(first, 4)
    return fresh(tables_of(first)[0])


def a_standard_game_won() -> Game:
    hands = [{"maker": "Ann", "trump": "H", "tricks": 5, "alone": True}] * 3
    return fresh(import_document(document("standard", ["Ann", "Ben", "Cat", "Dan"], hands)))


@pytest.mark.parametrize(
    "make",
    [
        a_long_game,
        lambda: a_game(130),  # won at hand 105, then more hands
        lambda: a_game(70, target=25),  # won at hand 20
        a_standard_game_won,
        a_finished_night_table,
    ],
    ids=["long", "won-then-more-hands", "won-early", "standard", "night-round"],
)
def test_the_chart_from_the_hands_cached_totals_is_the_engines(make: Any) -> None:
    game = make()
    setup = game.setup
    assert score_chart(setup, sheet_page(game).progress) == score_chart(
        setup, Progress.of(game.score())
    )


def test_a_finished_night_round_is_told_as_over_not_as_a_win() -> None:
    game = a_finished_night_table()
    assert game.is_finished
    sentence = summary(game.setup, sheet_page(game).progress)
    assert sentence.startswith("The round is over after 4 hands: ")
    assert "win" not in sentence
    assert "target" not in sentence


# --- queries ----------------------------------------------------------------------------------


def test_a_hand_recorded_at_the_table_appears_on_the_opening_page(client: Client) -> None:
    game = start_game(target=99)
    for _ in range(61):
        record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    html = sheet(client, game).content.decode()
    assert hand_numbers(html)[-1] == 61
    assert running_totals(html, 61)[1] == 61  # Ben: a point a hand
