"""The score-progression chart on the score sheet: one line per side with a point
per counted hand, the target marked, names escaped, a sentence for screen
readers, a fixed number of queries, and axe-clean on a phone in light and dark."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest
from django.template import Context, Template
from django.test import Client
from playwright.sync_api import Page, expect

from referee.engine.hands import GameSetup
from referee.engine.reading import read_hand
from referee.engine.totals import GameScore, score_game
from referee.engine.variants import HouseRules, Variant
from scorekeeper.models import Game
from scorekeeper.web.charts import WIDTH, score_chart, summary
from tests.game_support import FIVE, FOUR, fresh, record, start_game, url

# Ben makes with Dan (2 each) twice, Cat marches alone (5), then Cat is euchred.
CALL_ACE_HANDS: list[dict[str, Any]] = [
    {"maker": "Ben", "trump": "H", "called": "S", "partner": "Dan", "tricks": 3},
    {"thrown_in": True},
    {"maker": "Ben", "trump": "H", "called": "S", "partner": "Dan", "tricks": 3},
    {"maker": "Cat", "trump": "S", "called": "S", "partner": "maker", "tricks": 5},
    {"maker": "Cat", "trump": "C", "called": "D", "partner": "Eve", "tricks": 1},
]


def scored(
    variant: Variant, players: tuple[str, ...], hands: list[dict[str, Any]], **rules: Any
) -> tuple[GameSetup, GameScore]:
    setup = GameSetup(variant=variant, players=players, rules=HouseRules(**rules))
    return setup, score_game(setup, first_dealer=0, hands=[read_hand(setup, h) for h in hands])


def svg_of(html: str) -> ET.Element:
    match = re.search(r"<svg.*?</svg>", html, re.DOTALL)
    assert match, "no chart on the page"
    return ET.fromstring(match.group(0))


def polylines(svg: ET.Element) -> list[list[tuple[float, float]]]:
    return [
        [tuple(map(float, p.split(","))) for p in line.attrib["points"].split()]  # type: ignore[misc]
        for line in svg.iter("polyline")
    ]


def labels(svg: ET.Element) -> list[str]:
    """The end labels: each side's name and total."""
    return [
        "".join(t.itertext())
        for t in svg.iter("text")
        if "chart-label" in t.attrib.get("class", "")
    ]


# --- the drawing, from the engine's score -------------------------------------------------


def test_each_player_has_a_line_from_the_start_through_every_counted_hand() -> None:
    setup, score = scored(Variant.CALL_ACE, FIVE, CALL_ACE_HANDS)
    chart = score_chart(setup, score)
    assert [line.name for line in chart.lines] == list(FIVE)
    assert [line.total for line in chart.lines] == list(score.totals)
    for line in chart.lines:
        assert len(line.points.split()) == len(CALL_ACE_HANDS) + 1
    # Every line starts at 0 on the left; Ben's rises at hand 1 and not at the thrown-in hand 2.
    ben = [tuple(map(float, p.split(","))) for p in chart.lines[1].points.split()]
    assert ben[0] == (chart.plot_left, chart.plot_bottom)
    assert ben[1][1] < ben[0][1]
    assert ben[2][1] == ben[1][1]


def test_standard_euchre_has_one_line_per_team() -> None:
    setup, score = scored(
        Variant.STANDARD, FOUR, [{"maker": "Ben", "trump": "S", "tricks": 5}], target=10
    )
    chart = score_chart(setup, score)
    assert [(line.name, line.total) for line in chart.lines] == [("Ann & Cat", 0), ("Ben & Dan", 2)]
    assert all(len(line.points.split()) == 2 for line in chart.lines)


def test_the_target_line_sits_at_the_targets_height() -> None:
    setup, score = scored(Variant.CALL_ACE, FIVE, CALL_ACE_HANDS, target=10)
    chart = score_chart(setup, score)
    top = chart.y_ticks[-1]
    zero = chart.y_ticks[0]
    assert zero.value == 0
    assert zero.at == chart.plot_bottom
    expected = zero.at + (top.at - zero.at) * 10 / top.value
    assert chart.target_y == pytest.approx(expected, abs=0.1)


def test_hands_after_the_end_are_not_drawn() -> None:
    hands = [{"maker": "Cat", "trump": "S", "called": "S", "partner": "maker", "tricks": 5}] * 3
    setup, score = scored(Variant.CALL_ACE, FIVE, hands, target=10)
    assert score.finished
    assert len(score.counted_hands) == 2
    chart = score_chart(setup, score)
    assert chart.hands == 2
    assert all(len(line.points.split()) == 3 for line in chart.lines)


def test_end_labels_are_pushed_apart_and_stay_inside_the_drawing() -> None:
    # Four players end level on 0: their labels would sit on top of each other.
    setup, score = scored(Variant.CALL_ACE, FIVE, CALL_ACE_HANDS[:1])
    chart = score_chart(setup, score)
    ys = sorted(line.label_y for line in chart.lines)
    assert all(b - a >= 15 - 0.1 for a, b in itertools.pairwise(ys))
    assert chart.plot_top <= ys[0]
    assert ys[-1] <= chart.plot_bottom


def test_a_300_hand_game_keeps_few_tick_labels_and_thin_lines() -> None:
    hands = [{"maker": "Ben", "trump": "H", "called": "S", "partner": "Dan", "tricks": 3}] * 300
    setup, score = scored(Variant.CALL_ACE, FIVE, hands, target=999)
    chart = score_chart(setup, score)
    assert chart.dense
    assert len(chart.x_ticks) <= 8
    assert len(chart.y_ticks) <= 7
    assert all(len(line.points.split()) == 301 for line in chart.lines)
    assert max(float(p.split(",")[0]) for p in chart.lines[0].points.split()) <= WIDTH


def test_the_sentence_says_who_won_since_when_and_every_total() -> None:
    # Cat reaches 5 with hand 4; hand 5, recorded after the end, changes nothing.
    setup, score = scored(Variant.CALL_ACE, FIVE, CALL_ACE_HANDS, target=5)
    assert score.finished
    assert summary(setup, score) == (
        "Cat took the lead in the last hand and won with 5. Then Ben 2, Dan 2, Ann 0 and Eve 0."
    )


def test_the_sentence_names_a_shared_win() -> None:
    # Ben and Dan make together and both reach the target of 1: they share the win
    # (docs/rules.md, Call-Ace 6 and Call-Your-Partner 6).
    setup, score = scored(Variant.CALL_ACE, FIVE, CALL_ACE_HANDS[:1], target=1)
    assert summary(setup, score) == (
        "Ben and Dan shared the win with 1 each. Then Ann 0, Cat 0 and Eve 0."
    )


def test_the_sentence_of_a_game_in_play_names_the_leader_and_the_target() -> None:
    setup, score = scored(Variant.CALL_ACE, FIVE, CALL_ACE_HANDS[:3], target=10)
    assert summary(setup, score) == (
        "After 3 hands Ben and Dan are level on 2. Then Ann 0, Cat 0 and Eve 0. The target is 10."
    )
    setup, score = scored(
        Variant.STANDARD, FOUR, [{"maker": "Ben", "trump": "S", "tricks": 5}] * 2, target=10
    )
    assert summary(setup, score) == (
        "After 2 hands Ben & Dan leads with 4, ahead since the first hand. "
        "Then Ann & Cat 0. The target is 10."
    )


# --- on the score sheet ---------------------------------------------------------------------


@pytest.mark.django_db
def test_the_sheet_draws_the_chart_with_its_sentence(client: Client) -> None:
    game = start_game(first_dealer=0, target=10)
    for hand in CALL_ACE_HANDS[:4]:
        record(game, **hand)
    html = client.get(url("game_sheet", game)).content.decode()
    svg = svg_of(html)
    assert svg.attrib["role"] == "img"
    assert svg.attrib["viewBox"] == "0 0 360 240"
    title, sentence = svg.attrib["aria-labelledby"].split()
    assert svg.find("title").attrib["id"] == title  # type: ignore[union-attr]
    assert f'id="{sentence}"' in html
    assert [len(line) for line in polylines(svg)] == [5] * 5
    assert "After 4 hands Cat leads with 5, ahead since hand 4." in html
    assert labels(svg) == ["Ann 0", "Ben 2", "Cat 5", "Dan 2", "Eve 0"]
    target = next(g for g in svg.iter("g") if g.attrib.get("class") == "chart-target")
    assert target.find("line").attrib["stroke-dasharray"]  # type: ignore[union-attr]
    assert "Target 10" in "".join(target.itertext())


@pytest.mark.django_db
def test_names_on_the_chart_are_escaped(client: Client) -> None:
    game = start_game(players=("<b>x</b>", "Ben", "Cat", "Dan", "Eve"), first_dealer=0)
    record(game, **CALL_ACE_HANDS[0])
    html = client.get(url("game_sheet", game)).content.decode()
    assert "<b>x</b>" not in html
    svg = svg_of(html)  # parses: the name is text, not markup
    assert "<b>x</b> 0" in labels(svg)


@pytest.mark.django_db
def test_a_game_with_no_hands_shows_no_empty_chart(client: Client) -> None:
    game = start_game()
    html = client.get(url("game_sheet", game)).content.decode()
    assert "<svg" not in html
    assert "No hands yet." in html
    rendered = Template("{% load charts %}{% score_chart game %}").render(
        Context({"game": fresh(game)})
    )
    assert "<svg" not in rendered
    assert "No hands counted yet. The target is 10." in rendered


# --- in a browser, on a phone ---------------------------------------------------------------


def a_game_for_the_browser() -> Game:
    game = start_game(
        players=("Annabelle the Long-Named", "Ben", "Cat", "Dan", "Eve"), first_dealer=0, target=10
    )
    for hand in CALL_ACE_HANDS:
        record(game, **hand)
    return game


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_chart_is_accessible_on_a_phone(
    page: Page, axe: Callable[..., None], scheme: str
) -> None:
    game = a_game_for_the_browser()
    page.set_viewport_size({"width": 375, "height": 812})
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.goto(url("game_sheet", game))
    chart = page.get_by_role("img", name="Running totals after each hand, target 10")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 375
    expect(page.locator(".score-chart-summary")).to_contain_text("Cat leads with 5")
    axe(page)


def test_the_chart_arrives_styled_when_the_sheet_is_opened_from_the_table(
    page: Page, axe: Callable[..., None]
) -> None:
    game = a_game_for_the_browser()
    page.goto(url("game_table", game))
    page.get_by_role("link", name="All hands").tap()
    chart = page.get_by_role("img", name="Running totals after each hand, target 10")
    expect(chart).to_be_visible()
    # Before chart.css (htmx swaps only the screen), the lines keep no fill and their colours.
    line = page.locator(".chart-line").first
    assert line.evaluate("e => getComputedStyle(e).fill") == "none"
    stroke = page.locator(".chart-line").nth(1).evaluate("e => getComputedStyle(e).stroke")
    assert stroke not in ("none", "rgb(0, 0, 0)")
    axe(page)
