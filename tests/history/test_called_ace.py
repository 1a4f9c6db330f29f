"""What the called ace tells (docs/formats.md, "What the called ace tells"):
each player's Call-Ace calls by how they went and by the suit called, as the
called partner, and the caller and called pairs, on their page and in
players.csv. The figures below are worked out by hand from one game."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.history.csv_files import CALL_COLUMNS
from scorekeeper.models import Player
from scorekeeper.models.called_aces import call_records, record_of
from tests.documents import document, import_document
from tests.game_support import our_table

pytestmark = pytest.mark.django_db

FIVE = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def call(maker: str, called: str, partner: str, tricks: int, trump: str = "H") -> dict[str, Any]:
    return {"maker": maker, "trump": trump, "called": called, "partner": partner, "tricks": tricks}


@pytest.fixture
def calls() -> None:
    import_document(
        document(
            "call-ace",
            FIVE,
            [
                call("Ann", "S", "Ben", 3),  # partner found, spades: made
                call("Ann", "S", "Ben", 5, trump="D"),  # partner found, spades: marched
                call("Ann", "H", "maker", 2, trump="C"),  # held the ace, hearts: euchred
                call("Ann", "D", "none", 4, trump="S"),  # not in play, diamonds: made
                call("Cat", "C", "Ann", 1),  # Cat called Ann: euchred
                {"thrown_in": True},
                call("Ben", "S", "Ann", 3),  # Ben called Ann: made
            ],
            target=10,
        )
    )
    # Standard euchre has no called ace: none of this counts.
    import_document(
        document("standard", FIVE[:4], [{"maker": "Ann", "trump": "H", "tricks": 5}] * 2)
    )


def ends(e: Any) -> tuple[int, int, int, int, int]:
    return (e.hands, e.made, e.marched, e.euchred, e.renege)


@pytest.mark.postgres
@pytest.mark.usefixtures("calls")
def test_each_call_is_counted_by_how_it_went_and_the_ace_called() -> None:
    players = list(Player.objects.all())
    records = call_records([our_table()], players)
    ann = records[Player.objects.get(name="Ann").pk]
    assert ann.calls == 4
    assert ends(ann.by_call["revealed"]) == (2, 1, 1, 0, 0)
    assert ends(ann.by_call["maker"]) == (1, 0, 0, 1, 0)
    assert ends(ann.by_call["none"]) == (1, 1, 0, 0, 0)
    assert [ends(ann.by_suit[s]) for s in "SHDC"] == [
        (2, 1, 1, 0, 0),
        (1, 0, 0, 1, 0),
        (1, 1, 0, 0, 0),
        (0, 0, 0, 0, 0),
    ]
    assert ends(ann.as_partner) == (2, 1, 0, 1, 0)
    # Best first: Ann called Ben (2 of 2), Ben called Ann (1 of 1), Cat called Ann (0 of 1).
    assert [(p.caller.name, p.called.name, p.ends.hands, p.ends.won) for p in ann.pairs] == [
        ("Ann", "Ben", 2, 2),
        ("Ben", "Ann", 1, 1),
        ("Cat", "Ann", 1, 0),
    ]
    ben = records[Player.objects.get(name="Ben").pk]
    assert ben.calls == 1
    assert ends(ben.as_partner) == (2, 1, 1, 0, 0)
    assert records[Player.objects.get(name="Eve").pk].calls == 0


@pytest.mark.usefixtures("calls")
def test_players_csv_ends_with_the_calls_columns(client: Client) -> None:
    content = client.get(reverse("player_list_csv")).content.decode()
    header, *rows = list(csv.reader(io.StringIO(content), quoting=csv.QUOTE_NONNUMERIC))
    assert header[17:] == list(CALL_COLUMNS)
    assert header[17:21] == [
        "called: partner found",
        "partner found: made",
        "partner found: marched",
        "partner found: euchred",
    ]
    ann = dict(zip(header, next(r for r in rows if r[0] == "Ann"), strict=True))
    assert [ann[f"called: {c}"] for c in ("partner found", "held the ace", "ace not in play")] == [
        2,
        1,
        1,
    ]
    assert (ann["held the ace: euchred"], ann["ace not in play: made"]) == (1, 1)
    assert [ann[f"called {s}"] for s in ("spades", "hearts", "diamonds", "clubs")] == [2, 1, 1, 0]
    assert (ann["spades: marched"], ann["hearts: euchred"]) == (1, 1)
    assert [ann["as called partner"], ann["as called partner: euchred"]] == [2, 1]
    assert [ann["best pair"], ann["best pair: hands"], ann["best pair: won"]] == [
        "Ann called Ben",
        2,
        2,
    ]
    eve = dict(zip(header, next(r for r in rows if r[0] == "Eve"), strict=True))
    assert eve["called: partner found"] == 0
    assert [eve["best pair"], eve["best pair: hands"], eve["best pair: won"]] == ["", 0, 0]


@pytest.mark.usefixtures("calls")
def test_a_players_page_shows_their_calls_and_pairs(client: Client) -> None:
    ann = Player.objects.get(name="Ann")
    page = client.get(reverse("player_detail", args=[ann.pk])).content.decode()
    assert "The called ace" in page
    assert "Their 4 calls, by how each went" in page
    assert "Called as partner 2 times</strong>: made it 1, marched 0, euchred 1." in page
    assert page.index(">Ben</a>: won 2 of 2 hands (100%)") < page.index(
        ">Cat</a> called Ann: won 0 of 1 hand (0%)"
    )
    eve = Player.objects.get(name="Eve")
    page = client.get(reverse("player_detail", args=[eve.pk])).content.decode()
    assert "The called ace" not in page  # no call made, never called


def test_a_player_who_only_played_standard_has_no_called_ace_section(client: Client) -> None:
    import_document(
        document("standard", FIVE[:4], [{"maker": "Ann", "trump": "H", "tricks": 5}] * 2)
    )
    ann = Player.objects.get(name="Ann")
    page = client.get(reverse("player_detail", args=[ann.pk])).content.decode()
    assert "The called ace" not in page


@pytest.mark.postgres
@pytest.mark.usefixtures("calls")
def test_a_players_page_counts_their_calls_as_the_players_csv_does() -> None:
    players = list(Player.objects.all())
    everyone = call_records([our_table()], players)
    for player in players:
        page, csv_row = record_of(player), everyone[player.pk]
        assert page.calls_shown() == csv_row.calls_shown(), player.name
        assert page.suits_shown() == csv_row.suits_shown(), player.name
        assert page.as_partner == csv_row.as_partner, player.name
        shown = [(p.caller.pk, p.called.pk, p.ends) for p in page.pairs]
        assert shown == [(p.caller.pk, p.called.pk, p.ends) for p in csv_row.pairs], player.name


@pytest.mark.postgres
@pytest.mark.usefixtures("calls")
def test_a_players_page_shows_a_new_call_and_a_new_name_at_once(client: Client) -> None:
    # The page's figures are kept between visits (docs/decisions.md, D74): a new
    # game and a rename must show on the next one.
    ann = Player.objects.get(name="Ann")
    page = client.get(reverse("player_detail", args=[ann.pk])).content.decode()
    assert "Their 4 calls, by how each went" in page
    import_document(document("call-ace", FIVE, [call("Ann", "C", "Ben", 3)], target=10))
    Player.objects.get(name="Ben").rename("Bert")
    page = client.get(reverse("player_detail", args=[ann.pk])).content.decode()
    assert "Their 5 calls, by how each went" in page
    assert ">Bert</a>: won 3 of 3 hands (100%)" in page
    assert ">Ben</a>" not in page
