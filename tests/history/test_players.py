"""Players' records and statistics, on a known set of games."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Player, Seat
from tests.documents import document, import_document
from tests.game_support import our_table

pytestmark = pytest.mark.django_db

FIVE = ["Ann", "Ben", "Cat", "Dan", "Eve"]
FOUR = ["Ann", "Ben", "Cat", "Dan"]

FIGURES = (
    "games",
    "finished",
    "wins",
    "shared_wins",
    "hands_made",
    "makes",
    "marches",
    "euchred",
    "decided_by_renege",
    "alone_calls",
    "alone_not_in_play",
    "partnered",
    "reneges",
)


@pytest.fixture
def games() -> None:
    """Four games whose every figure is worked out by hand below."""
    # A. Call-Ace, five, to 5: Ben and Dan make it; Cat, holding the called ace,
    # marches alone for 5 and wins.
    import_document(
        document(
            "call-ace",
            FIVE,
            [
                {"maker": "Ben", "trump": "H", "called": "S", "partner": "Dan", "tricks": 3},
                {"maker": "Cat", "trump": "S", "called": "S", "partner": "maker", "tricks": 5},
            ],
            target=5,
        )
    )
    # B. Call-Ace, four, to 4: Ann and Ben march twice (2 each) and share the win;
    # a hand recorded after the end counts for nobody.
    march = {"maker": "Ann", "trump": "H", "called": "D", "partner": "Ben", "tricks": 5}
    import_document(
        document(
            "call-ace",
            FOUR,
            [
                march,
                march,
                {"maker": "Cat", "trump": "C", "called": "H", "partner": "Dan", "tricks": 3},
            ],
            target=4,
        )
    )
    # C. Standard, in progress: Ann (with Cat) makes it; Ben alone is euchred;
    # Dan (with Ben) makes trump and Ann reneges: the hand ends on the renege.
    import_document(
        document(
            "standard",
            FOUR,
            [
                {"maker": "Ann", "trump": "H", "tricks": 3},
                {"maker": "Ben", "trump": "S", "alone": True, "tricks": 2},
                {"maker": "Dan", "trump": "D", "tricks": 3, "renege": "Ann"},
            ],
        )
    )
    # D. Call-Your-Partner, in progress: Eve alone makes it; Ann's called card is
    # buried and she is euchred alone; a hand thrown in.
    import_document(
        document(
            "call-your-partner",
            FIVE,
            [
                {"maker": "Eve", "trump": "C", "alone": True, "tricks": 4},
                {"maker": "Ann", "trump": "H", "called": "AS", "partner": "none", "tricks": 1},
                {"thrown_in": True},
            ],
        )
    )


# name: games, finished, wins, shared, made trump, makes, marches, euchred,
# ended by renege, alone by choice, alone not in play, partner, reneges
EXPECTED = {
    "Ann": (4, 2, 1, 1, 4, 1, 2, 1, 0, 0, 1, 0, 1),
    "Ben": (4, 2, 1, 1, 2, 1, 0, 1, 0, 1, 0, 3, 0),
    "Cat": (4, 2, 1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0),
    "Dan": (4, 2, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0),
    "Eve": (2, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0),
}


def figures(record: Any) -> tuple[int, ...]:
    get = record.get if isinstance(record, dict) else lambda f: getattr(record, f)
    return tuple(get(f) for f in FIGURES)


@pytest.mark.usefixtures("games")
def test_each_players_record_is_counted_from_the_games() -> None:
    records = {p.name: figures(p) for p in Player.objects.with_records()}
    assert records == EXPECTED


@pytest.mark.usefixtures("games")
def test_a_record_by_variant_splits_the_same_figures() -> None:
    ann = Player.objects.get(name="Ann")
    by_variant = Seat.objects.filter(player=ann).records_by_variant()
    rows = {row["variant"]: figures(row) for row in by_variant}
    assert rows == {
        "call-ace": (2, 2, 1, 1, 2, 0, 2, 0, 0, 0, 0, 0, 0),
        "call-your-partner": (1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0),
        "standard": (1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1),
    }
    totals = tuple(sum(column) for column in zip(*rows.values(), strict=True))
    assert totals == EXPECTED["Ann"]


@pytest.mark.postgres
def test_a_player_without_games_has_a_record_of_zeros() -> None:
    Player.objects.create(name="Zoe", private_table=our_table())
    assert figures(Player.objects.with_records().get()) == (0,) * len(FIGURES)


@pytest.mark.usefixtures("games")
def test_the_player_list_shows_games_wins_shared_wins_and_win_rate(client: Client) -> None:
    response = client.get(reverse("player_list"))
    assert response.status_code == 200
    html = response.content.decode()
    assert [p.name for p in response.context["players"]] == FIVE
    ann = Player.objects.get(name="Ann")
    assert f'href="{reverse("player_detail", args=[ann.pk])}"' in html
    # Ann: 4 games, 1 win (shared), 1 of 2 finished games won.
    assert (
        '<td class="num">4</td>\n            <td class="num">1 <span class="shared">(1 shared)'
        '</span></td>\n            <td class="num">50%</td>'
    ) in html


@pytest.mark.usefixtures("games")
@pytest.mark.postgres
def test_the_player_list_sorts_by_wins_or_games(client: Client) -> None:
    by_games = client.get(reverse("player_list"), {"order": "games"}).context["players"]
    assert [p.name for p in by_games][-1] == "Eve"
    by_wins = client.get(reverse("player_list"), {"order": "wins"}).context["players"]
    assert [p.name for p in by_wins] == ["Ann", "Ben", "Cat", "Dan", "Eve"]
    bad = client.get(reverse("player_list"), {"order": "shoe-size"})
    assert "order" in bad.context["form"].errors
    assert [p.name for p in bad.context["players"]] == FIVE


@pytest.mark.usefixtures("games")
def test_a_players_page_shows_their_record(client: Client) -> None:
    ben = Player.objects.get(name="Ben")
    response = client.get(reverse("player_detail", args=[ben.pk]))
    assert response.status_code == 200
    assert figures(response.context["player"]) == EXPECTED["Ben"]
    html = response.content.decode()
    assert "<h1>Ben</h1>" in html
    assert "1 of those wins shared" in html
    partnered = '<th scope="row">Hands as the maker\'s partner</th><td class="num">3</td>'
    assert partnered in html
    assert "Of the 2 hands: alone by choice 1" in html
    assert "Made trump 2 times</strong>:" in html
    assert "Won the hand (made it or marched) 1 time of 2 (50%)" in html
    assert '<meter class="bar" min="0" max="2" value="1">' in html


@pytest.mark.usefixtures("games")
def test_a_players_page_breaks_the_record_down_by_variant(client: Client) -> None:
    ann = Player.objects.get(name="Ann")
    response = client.get(reverse("player_detail", args=[ann.pk]))
    html = response.content.decode()
    for label in ("Call-Ace Euchre", "Call-Your-Partner Euchre", "Standard euchre"):
        assert label in html
    assert f'href="/games/?variant=call-ace&amp;player={ann.pk}"' in html


@pytest.mark.usefixtures("games")
def test_a_players_page_lists_their_recent_games_newest_first(client: Client) -> None:
    eve = Player.objects.get(name="Eve")
    response = client.get(reverse("player_detail", args=[eve.pk]))
    assert [g.variant for g in response.context["recent"]] == ["call-your-partner", "call-ace"]
    html = response.content.decode()
    assert "Won by Cat" in html
    assert f'href="/games/?player={eve.pk}"' in html


@pytest.mark.usefixtures("games")
def test_a_hand_ended_by_a_renege_is_shown_apart(client: Client) -> None:
    dan = Player.objects.get(name="Dan")
    html = client.get(reverse("player_detail", args=[dan.pk])).content.decode()
    assert '<tr><th scope="row">Ended by a renege</th><td class="num">1</td></tr>' in html


def test_a_player_who_does_not_exist_is_not_found(client: Client) -> None:
    assert client.get(reverse("player_detail", args=[404])).status_code == 404


def test_nobody_yet_says_so(client: Client) -> None:
    assert "Nobody has played yet" in client.get(reverse("player_list")).content.decode()


def _play(games: int) -> None:
    for number in range(games):
        names = [f"P{(number + i) % 9}" for i in range(4)]
        hands = [
            {"maker": names[number % 4], "trump": "H", "tricks": 3 + number % 3},
            {"maker": names[(number + 1) % 4], "trump": "S", "alone": True, "tricks": 2},
        ]
        import_document(document("standard", names, hands))
