"""Importing a game through the web and finding it in the history, on a phone
(conftest.py: `page` at 390x844 in Chromium, failing on console errors and
CSP violations; `axe`)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.documents import example, import_document, local

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits_the_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_an_uploaded_game_shows_in_the_list_and_in_a_players_record(
    page: Page, axe: Callable[..., None]
) -> None:
    page.goto("/games/import/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Import a game")
    axe(page)

    # A bad document first: the message names the hand and field, beside the file.
    bad = example()
    bad["hands"][2] = {"maker": "Cat", "trump": "S", "called": "S", "partner": "Zed", "tricks": 3}
    page.get_by_label("Game file").set_input_files(
        {"name": "bad.json", "mimeType": "application/json", "buffer": json.dumps(bad).encode()}
    )
    page.get_by_role("button", name="Import the game").click()
    expect(page.locator("#id_file_error")).to_contain_text("Hand 3, partner")
    expect(page.get_by_label("Game file")).to_have_attribute("aria-invalid", "true")
    axe(page)

    page.get_by_label("Game file").set_input_files(
        {
            "name": "game.json",
            "mimeType": "application/json",
            "buffer": json.dumps(example()).encode(),
        }
    )
    page.get_by_role("button", name="Import the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))

    page.goto("/games/")
    card = page.locator(".game-card").first
    expect(card.get_by_role("link", name="Call-Ace Euchre")).to_be_visible()
    expect(card).to_contain_text("In progress")
    expect(card).to_contain_text("5 hands")
    expect(card.locator(".scores li")).to_have_count(5)
    fits_the_phone(page)
    axe(page)

    # The filter works without waiting for a submit: htmx swaps the results in.
    page.get_by_label("Variant").select_option("standard")
    expect(page.locator("#results")).to_contain_text("No games match")
    expect(page).to_have_url(re.compile(r"variant=standard"))
    page.get_by_label("Variant").select_option("")
    expect(page.locator(".game-card")).to_have_count(1)

    page.get_by_role("navigation", name="Main").get_by_role("link", name="Players").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Players")
    fits_the_phone(page)
    axe(page)
    page.get_by_role("link", name="Cat", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Cat")
    figures = page.locator(".figure dd")
    expect(figures.nth(0)).to_have_text("1")  # games
    row = page.get_by_role("row", name=re.compile("Marched"))
    expect(row).to_contain_text("1")
    expect(page.locator(".game-card")).to_have_count(1)
    fits_the_phone(page)
    axe(page)

    # The whole game card is a big target that opens the game.
    box = page.locator(".game-card").first.bounding_box()
    assert box is not None
    assert box["height"] >= 48
    page.locator(".game-card").first.click(position={"x": box["width"] / 2, "y": 40})
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))


def test_the_history_pages_pass_axe_in_light_and_dark(page: Page, axe: Callable[..., None]) -> None:
    game = import_document(example())
    player = game.seat_list()[0].player
    for path in ("/games/", "/players/", f"/players/{player.pk}/"):
        page.goto(path)
        fits_the_phone(page)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            axe(page)


def test_from_a_named_night_to_a_game_to_a_player_and_a_merge_on_a_phone(
    page: Page, axe: Callable[..., None]
) -> None:
    import_document(example(), at=local(2025, 11, 21, 20, 0))
    page.goto("/games/nights/2025-11-21/")
    fits_the_phone(page)
    axe(page)

    # Name the night: the form folds away under its summary until wanted.
    page.get_by_text("Give the night a name and place").click()
    page.get_by_label("Name of the night").fill("Ann's birthday")
    page.get_by_label("Place").fill("The Crown")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Ann's birthday")
    expect(page.locator(".lead")).to_contain_text("at The Crown")
    expect(page.locator(".score-chart-svg")).to_have_count(1)
    fits_the_phone(page)
    axe(page)

    # To the game: every hand with its facts and rule.
    page.get_by_role("link", name=re.compile("Every hand of")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("All hands")
    expect(page.locator(".sheet-facts")).to_have_count(5)
    expect(page.locator(".sheet-rule").first).to_contain_text("Partnership made it")
    fits_the_phone(page)
    axe(page)

    # To a player: partners, rivals, and the merge asked before it is made.
    page.goto("/players/")
    page.get_by_role("link", name="Ben", exact=True).click()
    expect(page.get_by_role("heading", level=2, name="Partners")).to_be_visible()
    expect(page.locator("#partners ~ ul, .people").first).to_contain_text("With Dan")
    fits_the_phone(page)
    axe(page)
    page.get_by_label("New name").fill("Benny")
    page.get_by_role("button", name="Rename").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Benny")
    expect(page.get_by_text(re.compile("Ben renamed Benny on"))).to_be_visible()
    axe(page)

    # A merge is asked first, then refused when both sat in one game, saying why.
    page.get_by_label("Merge into").select_option(label="Ann")
    page.get_by_role("button", name="Merge…").click()
    expect(page.get_by_role("alert")).to_contain_text("Merge Benny into Ann?")
    axe(page)
    page.get_by_role("button", name="Yes, merge into Ann").click()
    expect(page.locator("#id_into_error")).to_contain_text("one person cannot hold two seats")
    fits_the_phone(page)
    axe(page)
