"""Ratings on the players' pages and in /ratings.csv (docs/formats.md, "Ratings")."""

from __future__ import annotations

import csv
import io
import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from openskill.models import PlackettLuce

from scorekeeper.models import Game, Player, PrivateTable, Seat
from tests.documents import document, import_document

pytestmark = pytest.mark.django_db

FIVE = ["Ann", "Ben", "Cat", "Dan", "Eve"]
FOUR = ["Ann", "Ben", "Cat", "Dan"]


def march(maker: str, partner: str) -> dict[str, Any]:
    return {"maker": maker, "trump": "H", "called": "S", "partner": partner, "tricks": 5}


def lone_march(maker: str) -> dict[str, Any]:
    return {"maker": maker, "trump": "S", "alone": True, "tricks": 5}


@pytest.fixture
def history() -> list[Game]:
    """Three finished Call-Ace games and one standard one, finished a minute apart."""
    games = [
        import_document(document("call-ace", FIVE, [march("Ann", "Ben")] * 2, target=4)),
        import_document(document("call-ace", FIVE, [march("Ann", "Cat")] * 2, target=4)),
        import_document(document("call-ace", FIVE, [march("Dan", "Ann")] * 2, target=4)),
        import_document(document("standard", FOUR, [lone_march("Ben")] * 3, target=10)),
    ]
    base = games[0].created_at
    for minute, game in enumerate(games):
        Game.objects.filter(pk=game.pk).update(finished_at=base + timedelta(minutes=minute))
    return games


def expected_ratings() -> dict[tuple[str, str], tuple[float, float, int]]:
    """The history's ratings worked out with the openskill package directly."""
    model = PlackettLuce()
    call_ace = {name: model.rating() for name in FIVE}
    for winners in (("Ann", "Ben"), ("Ann", "Cat"), ("Dan", "Ann")):
        ranks = [1 if name in winners else 3 for name in FIVE]
        rated = model.rate([[call_ace[name]] for name in FIVE], ranks=ranks)
        call_ace = {name: team[0] for name, team in zip(FIVE, rated, strict=True)}
    games = {"Ann": 3, "Ben": 3, "Cat": 3, "Dan": 3, "Eve": 3}
    out = {(n, "call-ace"): (r.mu, r.sigma, games[n]) for n, r in call_ace.items()}
    a, b, c, d = (model.rating() for _ in FOUR)
    (ann, cat), (ben, dan) = model.rate([[a, c], [b, d]], ranks=[2, 1])
    for name, r in zip(FOUR, (ann, ben, cat, dan), strict=True):
        out[name, "standard"] = (r.mu, r.sigma, 1)
    return out


@pytest.mark.usefixtures("history")
def test_ratings_csv_matches_openskill_worked_out_directly(client: Client) -> None:
    response = client.get(reverse("ratings_csv"))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="bower-ratings.csv"' in response["Content-Disposition"]
    content = response.content.decode()
    header, *rows = list(csv.reader(io.StringIO(content), quoting=csv.QUOTE_NONNUMERIC))
    assert header == ["player", "variant", "games", "mu", "sigma", "rating"]
    expected = expected_ratings()
    assert len(rows) == len(expected) == 9
    for name, variant, games, mu, sigma, rating in rows:
        want_mu, want_sigma, want_games = expected[name, variant]
        assert games == want_games
        assert mu == round(want_mu, 4)
        assert sigma == round(want_sigma, 4)
        assert rating == round(want_mu - 3 * want_sigma, 2)
    # By variant, then rating highest first.
    assert [row[1] for row in rows] == ["call-ace"] * 5 + ["standard"] * 4
    for variant in ("call-ace", "standard"):
        ratings = [row[5] for row in rows if row[1] == variant]
        assert ratings == sorted(ratings, reverse=True)
    assert rows[0][0] == "Ann"  # won all three
    # mu and sigma with 4 decimals, the rating with 2, as numbers.
    line = next(line for line in content.splitlines() if line.startswith('"Eve"'))
    assert re.fullmatch(r'"Eve","call-ace",3,\d+\.\d{4},\d+\.\d{4},-?\d+\.\d{2}', line)


def test_ratings_csv_shows_only_this_phones_tables(client: Client) -> None:
    other = PrivateTable.objects.create(name="Elsewhere", key="another-tables-key-0123456789abc")
    from referee.engine.document import read_document

    data = document("call-ace", ["Zed", "Yan", "Xia", "Wes"], [march("Zed", "Yan")] * 2, target=4)
    Game.from_document(read_document(data), private_table=other)
    import_document(document("call-ace", FIVE, [march("Ann", "Ben")] * 2, target=4))
    rows = list(csv.reader(io.StringIO(client.get(reverse("ratings_csv")).content.decode())))
    assert sorted(row[0] for row in rows[1:]) == FIVE
    assert table_names(client) == FIVE


def table_names(client: Client) -> list[str]:
    page = client.get(reverse("player_list")).content.decode()
    return re.findall(r'class="row-link" href="/players/\d+/">([^<]+)</a>', page)


@pytest.mark.usefixtures("history")
def test_the_players_list_shows_the_most_played_variants_rating_with_its_games(
    client: Client,
) -> None:
    page = client.get(reverse("player_list")).content.decode()
    assert 'Rating <span class="rating-variant">Call-Ace Euchre</span>' in page
    expected = expected_ratings()
    mu, sigma, _ = expected["Ann", "call-ace"]
    assert f'{mu - 3 * sigma:.1f} <span class="rated-games">3 games, provisional</span>' in page
    page = client.get(reverse("player_list"), {"variant": "standard"}).content.decode()
    assert 'Rating <span class="rating-variant">Standard euchre</span>' in page
    mu, sigma, _ = expected["Ben", "standard"]
    assert f'{mu - 3 * sigma:.1f} <span class="rated-games">1 game, provisional</span>' in page
    # Eve never played standard.
    eve_row = page[page.index(">Eve</a>") :].split("</tr>")[0]
    assert '<span class="muted">none</span>' in eve_row


@pytest.mark.usefixtures("history")
def test_the_players_list_sorts_by_rating_best_first(client: Client) -> None:
    expected = expected_ratings()
    order = sorted(
        FIVE, key=lambda n: -(expected[n, "call-ace"][0] - 3 * expected[n, "call-ace"][1])
    )
    assert table_names(client) == sorted(FIVE)
    response = client.get(reverse("player_list"), {"order": "rating"})
    names = re.findall(
        r'class="row-link" href="/players/\d+/">([^<]+)</a>', response.content.decode()
    )
    assert names == order
    assert names[0] == "Ann"
    # Standard: Ben and Dan won; Eve has no standard rating and comes last.
    response = client.get(reverse("player_list"), {"order": "rating", "variant": "standard"})
    names = re.findall(
        r'class="row-link" href="/players/\d+/">([^<]+)</a>', response.content.decode()
    )
    assert set(names[:2]) == {"Ben", "Dan"}
    assert names[-1] == "Eve"


@pytest.mark.parametrize(
    "query",
    [{"variant": "poker"}, {"order": "best"}, {"variant": "x" * 5000}, {"variant": "\x00"}],
)
@pytest.mark.usefixtures("history")
def test_a_bad_choice_on_the_players_list_is_named_beside_its_field(
    client: Client, query: dict[str, str]
) -> None:
    response = client.get(reverse("player_list"), query)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Select a valid choice" in page
    assert 'class="errorlist' in page
    assert "3 games" in page  # the list is still shown, the bad value left out


@pytest.mark.usefixtures("history")
def test_a_players_page_shows_each_variants_rating_and_its_chart(client: Client) -> None:
    ann = Player.objects.get(name="Ann")
    page = client.get(reverse("player_detail", args=[ann.pk])).content.decode()
    expected = expected_ratings()
    section = page[page.index('id="ratings"') : page.index('id="as-maker"')]
    for variant, label in (("call-ace", "Call-Ace Euchre"), ("standard", "Standard euchre")):
        mu, sigma, games = expected["Ann", variant]
        # Their first games: the rating is provisional, and says so.
        rating = f'{mu - 3 * sigma:.1f}<br><span class="muted">provisional</span>'
        cells = rf'<td class="num">{rating}</td><td class="num">{games}</td>'
        assert f">{label}</th>{cells}" in section
        # mu and sigma only in the details, under the words of what a rating means.
        assert f"{label}: mu {mu:.4f}, sigma {sigma:.4f}, rating {mu - 3 * sigma:.2f}" in section
        assert section.index("everyone starts at 0") < section.index("<details")
    assert "How their latest rated games moved it" in section
    assert 'aria-labelledby="rating-chart-title rating-chart-summary"' in section
    # One line a variant: the start at 0 and one point a game.
    lines = re.findall(r'<polyline class="chart-line" points="([^"]+)"', section)
    assert [len(points.split()) for points in lines] == [4, 2]
    mu, sigma, _ = expected["Ann", "call-ace"]
    assert f"Call-Ace Euchre: {mu - 3 * sigma:.1f} after 3 games" in section
    assert "Standard euchre: " in section


@pytest.mark.postgres
def test_a_player_with_no_finished_game_has_no_rating_yet(client: Client) -> None:
    import_document(document("call-ace", FIVE, [march("Ann", "Ben")], target=10))
    ann = Player.objects.get(name="Ann")
    page = client.get(reverse("player_detail", args=[ann.pk])).content.decode()
    assert "No finished game of theirs to rate yet." in page
    assert "rating-chart" not in page
    assert '<span class="muted">none</span>' in client.get(reverse("player_list")).content.decode()
    assert client.get(reverse("ratings_csv")).content.decode() == (
        '"player","variant","games","mu","sigma","rating"\r\n'
    )


def test_a_long_history_draws_at_most_a_hundred_and_twenty_odd_points_a_line(
    client: Client,
) -> None:
    # One game imported, then 129 more written straight to the database, Ann winning
    # each (as tests/history/test_ratings_flat.py does): a rating is worked out from
    # the seats alone.
    import_document(document("call-ace", FIVE, [march("Ann", "Ben")] * 2, target=4))
    table = PrivateTable.objects.get()
    players = [Player.objects.get(name=name) for name in FIVE]
    start = timezone.now() - timedelta(days=200)
    games = Game.objects.bulk_create(
        Game(
            private_table=table,
            variant="call-ace",
            created_at=start + timedelta(hours=n),
            finished_at=start + timedelta(hours=n, minutes=40),
            played_on=True,
        )
        for n in range(129)
    )
    Seat.objects.bulk_create(
        Seat(
            game=game,
            player=player,
            position=position,
            total=4 if position else 10,
            won=not position,
            finished=True,
        )
        for game in games
        for position, player in enumerate(players)
    )
    Player.objects.filter(private_table=table).recount_results()
    ann = Player.objects.get(name="Ann")
    page = client.get(reverse("player_detail", args=[ann.pk])).content.decode()
    (points,) = re.findall(r'<polyline class="chart-line" points="([^"]+)"', page)
    assert 60 < len(points.split()) <= 122
    assert "Call-Ace Euchre: " in page
    assert "after 130 games" in page


def test_a_games_result_shows_how_it_moved_each_players_rating(client: Client) -> None:
    first = import_document(document("call-ace", FIVE, [march("Ann", "Ben")] * 2, target=4))
    second = import_document(document("call-ace", FIVE, [march("Cat", "Dan")] * 2, target=4))
    Game.objects.filter(pk=second.pk).update(finished_at=first.finished_at + timedelta(minutes=5))
    model = PlackettLuce()
    start = [[model.rating()] for _ in FIVE]
    after_first = model.rate(start, ranks=[1, 1, 3, 3, 3])
    after_second = model.rate(after_first, ranks=[3, 3, 1, 1, 3])
    page = client.get(reverse("game_result", args=[second.pk])).content.decode()
    section = page[page.index('id="rated-heading"') :]
    for name, (was,), (now,) in zip(FIVE, after_first, after_second, strict=True):
        change = now.ordinal() - was.ordinal()
        sign = "+" if round(change, 1) >= 0 else ""
        shown = f'{now.ordinal():.1f} <span class="rating-change">({sign}{change:.1f})</span>'
        assert f'<span class="score-name">{name}</span>: {shown}' in section, name
    assert "provisional" in section
    assert "everyone starts at 0" in section
