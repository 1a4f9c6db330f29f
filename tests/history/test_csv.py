"""The history as spreadsheets (docs/formats.md, "History out and back in"): a
game's hands and the players' statistics, UTF-8 with a header row, safe to
open in a spreadsheet whatever the names."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.history.csv_files import FORMULA_STARTS, safe_cell
from scorekeeper.models import Game
from tests.documents import document, example, import_document
from tests.history.test_players import EXPECTED, FIGURES
from tests.history.test_players import games as games  # the fixed history, worked out by hand

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def rows_of(response: object) -> list[list[str]]:
    content = response.content.decode("utf-8")  # type: ignore[attr-defined]
    return list(csv.reader(io.StringIO(content)))


def test_hands_csv_has_one_row_a_hand_with_every_column_of_the_contract(client: Client) -> None:
    game = import_document(example())
    response = client.get(reverse("game_hands_csv", args=[game.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    header, *rows = rows_of(response)
    assert header == [
        "hand",
        "dealer",
        "maker",
        "trump",
        "called",
        "partner",
        "tricks",
        "renege",
        *(f"{n} points" for n in NAMES),
        *(f"{n} total" for n in NAMES),
        "rule applied",
        "Bower rulebook section",
        "after the end",
    ]
    assert len(rows) == 5
    first, held, thrown, not_in_play, renege = rows
    assert first[:8] == ["1", "Ann", "Ben", "H", "S", "Dan", "3", ""]
    assert first[8:18] == ["0", "1", "0", "1", "0", "0", "1", "0", "1", "0"]
    assert first[18].startswith("Partnership made it: Ben with Dan took 3 tricks")
    assert first[19] == "Call-Ace rules 5"
    assert held[5] == "alone (held the called ace)"
    assert held[13:18] == ["0", "1", "5", "1", "0"]
    assert thrown[:8] == ["3", "Cat", "", "", "", "", "", ""]
    # stick the dealer is on (docs/rules.md 2 (every variant))
    assert thrown[18].startswith("Misdeal")
    assert thrown[19] == "Call-Ace rules 2"
    assert not_in_play[5] == "alone (the called ace was not in play)"
    assert renege[1] == "Eve"
    assert renege[7] == "Cat"
    # The last running totals are the game's totals.
    assert renege[13:18] == ["3", "3", "7", "3", "5"]
    assert all(row[20] == "no" for row in rows)


def test_hands_csv_marks_a_hand_after_the_end(client: Client) -> None:
    march = {"maker": "Ann", "trump": "H", "called": "D", "partner": "Ben", "tricks": 5}
    game = import_document(document("call-ace", NAMES[:4], [march, march, march], target=4))
    _, *rows = rows_of(client.get(reverse("game_hands_csv", args=[game.pk])))
    assert [row[-1] for row in rows] == ["no", "no", "yes"]
    assert rows[2][4 + 8] == "4"  # Ann's total stays 4: the hand scored nothing


def test_the_standard_partner_is_the_makers_teammate(client: Client) -> None:
    hands = [
        {"maker": "Ben", "trump": "S", "tricks": 3},
        {"maker": "Ann", "trump": "H", "alone": True, "tricks": 5},
    ]
    game = import_document(document("standard", NAMES[:4], hands))
    _, team, alone = rows_of(client.get(reverse("game_hands_csv", args=[game.pk])))
    assert (team[4], team[5]) == ("", "Dan")
    assert alone[5] == "alone"


def test_a_missing_game_has_no_csv(client: Client) -> None:
    assert client.get("/games/999/hands.csv").status_code == 404


@pytest.mark.usefixtures("games")
def test_players_csv_has_every_statistic_of_the_players_pages(client: Client) -> None:
    response = client.get(reverse("player_list_csv"))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    header, *rows = rows_of(response)
    # The Call-Ace calls' columns come after (test_called_ace.py); these keep their places.
    header, rows = header[:17], [row[:17] for row in rows]
    assert header == [
        "player",
        "games",
        "finished games",
        "wins",
        "shared wins",
        "made trump",
        "made it",
        "marched",
        "euchred",
        "ended by a renege",
        "alone by choice",
        "alone: called card not in play",
        "maker's partner",
        "reneges",
        "win rate",
        "euchre nights",
        "rounds at a night's table",
    ]
    assert len(FIGURES) == len(header) - 4
    by_name = {row[0]: row for row in rows}
    assert sorted(by_name) == NAMES
    for name, figures in EXPECTED.items():
        assert by_name[name][1:-3] == [str(f) for f in figures]
        assert by_name[name][-2:] == ["0", "0"]  # no euchre night here
    assert by_name["Ann"][-3] == "50%"  # 1 win of 2 finished games
    assert by_name["Dan"][-3] == "0%"


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_quoted(client: Client) -> None:
    names = ["=HYPERLINK(1)", "+Ben", "-Cat", "@Dan"]
    hands = [{"maker": "+Ben", "trump": "S", "called": "H", "partner": "@Dan", "tricks": 3}]
    game = import_document(document("call-ace", names, hands))
    header, row = rows_of(client.get(reverse("game_hands_csv", args=[game.pk])))
    assert header[8:12] == ["'=HYPERLINK(1) points", "'+Ben points", "'-Cat points", "'@Dan points"]
    assert row[1:3] == ["'=HYPERLINK(1)", "'+Ben"]
    assert row[5] == "'@Dan"
    players = {r[0] for r in rows_of(client.get(reverse("player_list_csv")))[1:]}
    assert players == {"'=HYPERLINK(1)", "'+Ben", "'-Cat", "'@Dan"}


def test_numbers_stay_numbers_and_only_formula_starts_are_quoted() -> None:
    assert safe_cell(-2) == -2
    assert safe_cell("Ann-Marie") == "Ann-Marie"
    assert safe_cell("\tAnn") == "'\tAnn"


def test_the_pages_offer_the_csvs(client: Client) -> None:
    game = import_document(example())
    sheet = client.get(reverse("game_sheet", args=[game.pk])).content.decode()
    assert f'href="{reverse("game_hands_csv", args=[game.pk])}"' in sheet
    players = client.get(reverse("player_list")).content.decode()
    assert f'href="{reverse("player_list_csv")}"' in players
    assert Game.objects.count() == 1


# --- Hostile names: no piece of any cell is a formula, numbers stay numbers --------------

# Names a spreadsheet splitting on ; , | space or . would cut into a formula.
HOSTILE = ["b;=1+1", "x,@SUM(A1)", "c -2+3", 'd|+HYPERLINK("x")', "e.=cmd|' /C calc'!A0"]
DEFUSED = ["b;'=1+1", "x,'@SUM(A1)", "c '-2+3", 'd|\'+HYPERLINK("x")', "e.'=cmd|' /C calc'!A0"]
SEPARATORS = [",", ";", "\t", " ", "|", ".", ":", "\n", "\r"]
NUMBER = re.compile(r"-?\d+")


def formula_pieces(content: str) -> list[str]:
    """Every piece of the file, split on any separator a spreadsheet offers,
    that a spreadsheet would read as a formula: one starting with = + - @
    (a quote mark of the CSV's own aside) that is not a plain number."""
    found = []
    for separator in SEPARATORS:
        for piece in content.split(separator):
            piece = piece.lstrip('"')
            if piece.startswith(FORMULA_STARTS) and not NUMBER.fullmatch(piece.rstrip('"')):
                found.append(piece)
    return found


def hostile_game() -> Game:
    """Five hostile names; the second hand's renege costs its offender 2 points
    (offender-loses-2): a negative point."""
    hands = [
        {"maker": HOSTILE[2], "trump": "S", "called": "S", "partner": "maker", "tricks": 5},
        {
            "maker": HOSTILE[1],
            "trump": "H",
            "called": "S",
            "partner": HOSTILE[3],
            "tricks": 3,
            "renege": HOSTILE[2],
        },
    ]
    return import_document(document("call-ace", HOSTILE, hands, renege="offender-loses-2"))


def test_a_hostile_name_in_hands_csv_is_no_formula_however_the_file_is_split(
    client: Client,
) -> None:
    game = hostile_game()
    content = client.get(reverse("game_hands_csv", args=[game.pk])).content.decode()
    assert formula_pieces(content) == []
    header, first, second = list(csv.reader(io.StringIO(content)))
    assert header[8:13] == [f"{name} points" for name in DEFUSED]
    assert first[1:3] == [DEFUSED[0], DEFUSED[2]]
    assert second[1:8] == [DEFUSED[1], DEFUSED[1], "H", "S", DEFUSED[3], "3", DEFUSED[2]]
    # The rule applied names the players too, defused alike.
    assert f"{DEFUSED[2]} reneged" in second[18]


def test_a_hostile_name_in_players_csv_is_no_formula_however_the_file_is_split(
    client: Client,
) -> None:
    hostile_game()
    content = client.get(reverse("player_list_csv")).content.decode()
    assert formula_pieces(content) == []
    _, *rows = list(csv.reader(io.StringIO(content)))
    assert sorted(row[0] for row in rows) == sorted(DEFUSED)


def test_every_text_cell_is_quoted_and_points_even_negative_stay_numbers(
    client: Client,
) -> None:
    game = hostile_game()
    content = client.get(reverse("game_hands_csv", args=[game.pk])).content.decode()
    # Read as a program that takes quoted cells as text and bare ones as numbers.
    header, first, second = list(csv.reader(io.StringIO(content), quoting=csv.QUOTE_NONNUMERIC))
    assert all(isinstance(cell, str) for cell in header)
    # hand, dealer, maker, trump, called, partner, tricks, renege, then the points.
    assert second[:8] == [2, DEFUSED[1], DEFUSED[1], "H", "S", DEFUSED[3], 3, DEFUSED[2]]
    assert second[8:13] == [0, 1, -2, 1, 0]  # "c -2+3" reneged: -2, a number
    assert second[13:18] == [0, 1, 3, 1, 0]  # the running totals
    assert first[8:18] == [0, 0, 5, 0, 0, 0, 0, 5, 0, 0]
    assert all(isinstance(cell, str) for cell in first[18:] + second[18:])
    # As the file is written: the -2 bare beside quoted text.
    assert ',0,1,-2,1,0,0,1,3,1,0,"' in content.splitlines()[2]
    players = client.get(reverse("player_list_csv")).content.decode()
    _, *rows = list(csv.reader(io.StringIO(players), quoting=csv.QUOTE_NONNUMERIC))
    assert all(isinstance(row[0], str) and isinstance(row[1], float) for row in rows)


def test_a_plain_history_reads_back_unchanged() -> None:
    # Hyphens, apostrophes and spaces in ordinary names are left alone.
    assert safe_cell("Ann-Marie O'Neil") == "Ann-Marie O'Neil"
    assert safe_cell("Partnership made it: Ben with Dan took 3 tricks.") == (
        "Partnership made it: Ben with Dan took 3 tricks."
    )
    assert safe_cell("b;=1+1") == "b;'=1+1"
    assert safe_cell("a\n-2") == "a\n'-2"
    assert safe_cell(-2) == -2
