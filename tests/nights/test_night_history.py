"""A euchre night in history (docs/rules.md, Euchre night,
docs/formats.md, "History out and back in"): the whole night in the backup and back, its hands in
the players' statistics (its tables not counted as games won or lost), its place on the player's
page and in the game lists, and player merges across nights."""

from __future__ import annotations

import copy
import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from scorekeeper.models import (
    EuchreNight,
    Game,
    Hand,
    NightPlayer,
    NightRound,
    Player,
    PlayerChangeRefused,
    PrivateTable,
    Seat,
)
from scorekeeper.models.night_boards import read_board
from tests.backup_support import backup, restore
from tests.conftest import joined_client
from tests.documents import document, import_document, long_game
from tests.game_support import TEST_TABLE_KEY, record, start_game, url
from tests.night_support import a_played_night, play_round, start_night
from tests.test_speed import counted_results, kept_results

pytestmark = pytest.mark.django_db


def counts() -> tuple[int, ...]:
    models = (PrivateTable, EuchreNight, NightPlayer, NightRound, Game, Seat, Hand, Player)
    return tuple(m.objects.count() for m in models)


def empty_the_database() -> None:
    for model in (EuchreNight, Game, Player, PrivateTable):
        model.objects.all().delete()
    assert sum(counts()) == 0


# --- the backup ----------------------------------------------------------------------


def test_a_nights_tables_are_in_its_rounds_not_among_the_games() -> None:
    import_document(long_game(12))
    night = a_played_night()
    (private_table,) = json.loads(backup())["tables"]
    assert len(private_table["games"]) == 1  # the ordinary game only
    (written,) = private_table["nights"]
    assert written["id"] == str(night.uid)
    assert written["rules"]["hands_per_round"] == 4
    assert [p["name"] for p in written["players"]][-1] == "Ivy"
    first, second = written["rounds"]
    assert second["sitting_out"] == list(night.rounds.get(number=2).sitting_out) != []
    assert [t["table"] for t in first["tables"]] == [1, 2]
    # Each table's game is scored as the round plays it: after 4 hands, no winner.
    game = first["tables"][0]["game"]
    assert game["finished"] is True
    assert game["winners"] == []
    assert len(game["hands"]) == 4
    assert second["tables"][0]["game"]["finished"] is False


@pytest.mark.postgres
def test_backup_restore_into_an_empty_database_backup_again_is_the_same_file(
    tmp_path: Path,
) -> None:
    import_document(long_game(12))
    night = a_played_night()
    standings = read_board(night).standings
    first = backup()
    stored = counts()
    empty_the_database()

    said = restore(first, tmp_path)

    assert "1 game added" in said
    assert "1 euchre night added, 0 already stored" in said
    assert counts() == stored
    assert backup() == first
    restored = EuchreNight.objects.get(uid=night.uid)
    assert read_board(restored).standings == standings
    tables = Game.objects.filter(night_round__night=restored)
    assert tables.count() == 4
    assert all(g.round_hands == 4 and g.is_night_table for g in tables)
    assert restored.entrants.get(number=9).player.name == "Ivy"


def test_a_restored_night_goes_on_where_it_stopped(tmp_path: Path) -> None:
    night = a_played_night()
    text = backup()
    empty_the_database()
    restore(text, tmp_path)
    restored = EuchreNight.objects.get(uid=night.uid)
    second = restored.rounds.get(number=2)
    play_round(second, 2)  # the round's last two hands, recorded as usual
    assert read_board(restored).over


def test_restoring_a_stored_night_skips_it(tmp_path: Path) -> None:
    a_played_night()
    text = backup()
    before = counts()
    said = restore(text, tmp_path, merge=True)
    assert "0 euchre nights added, 1 already stored" in said
    assert counts() == before


def test_a_backup_written_before_nights_still_restores(tmp_path: Path) -> None:
    import_document(long_game(12))
    data = json.loads(backup())
    del data["tables"][0]["nights"]
    empty_the_database()
    said = restore(json.dumps(data), tmp_path)
    assert "1 game added" in said
    assert "night" not in said


def _round(data: dict[str, Any], number: int) -> Any:
    return data["tables"][0]["nights"][0]["rounds"][number - 1]


def _stranger_at_table(private_table: dict[str, Any]) -> None:
    """Someone who is not a player of the night takes a seat (every hand too)."""
    name = private_table["game"]["players"][3]
    private_table["game"] = json.loads(
        json.dumps(private_table["game"]).replace(f'"{name}"', '"Zed"')
    )


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["tables"][0].update(nights={}), "private table 1, nights"),
        (lambda d: d["tables"][0]["nights"][0].update(id=None), "private table 1, night 1, id"),
        (
            lambda d: d["tables"][0]["nights"][0].update(variant="whist"),
            "private table 1, night 1, variant",
        ),
        (
            lambda d: d["tables"][0]["nights"][0]["rules"].update(hands_per_round=40),
            "private table 1, night 1, rules, hands_per_round",
        ),
        (
            lambda d: d["tables"][0]["nights"][0].update(rounds_planned=1),
            "private table 1, night 1, rounds",
        ),
        (
            lambda d: d["tables"][0]["nights"][0]["players"][8].update(name="ann"),
            "private table 1, night 1, player 9, name",
        ),
        (
            lambda d: d["tables"][0]["nights"][0].update(
                players=d["tables"][0]["nights"][0]["players"][:7]
            ),
            "private table 1, night 1, players",
        ),
        (
            lambda d: _round(d, 2).update(sitting_out=[42]),
            "private table 1, night 1, round 2, sitting_out",
        ),
        (
            lambda d: _round(d, 2).update(sitting_out=[_round(d, 2)["sitting_out"][0], 1]),
            "private table 1, night 1, round 2, tables",
        ),
        (
            lambda d: _round(d, 1)["tables"][1].update(table=3),
            "private table 1, night 1, round 1, table 2",
        ),
        (
            lambda d: _round(d, 1)["tables"][0]["game"]["hands"][2].update(tricks=9),
            "private table 1, night 1, round 1, table 1, game, hand 3",
        ),
        (
            lambda d: _stranger_at_table(_round(d, 1)["tables"][0]),
            "private table 1, night 1, round 1, table 1, game, players",
        ),
    ],
)
def test_a_bad_night_changes_nothing_and_names_the_place(
    tmp_path: Path, change: Any, where: str
) -> None:
    a_played_night()
    good = json.loads(backup())
    empty_the_database()
    data = copy.deepcopy(good)
    change(data)
    with pytest.raises(CommandError, match=rf"^{where}\b.*\(nothing restored\)$"):
        restore(json.dumps(data), tmp_path)
    assert sum(counts()) == 0


def test_a_big_nights_backup_stays_small_and_restores(tmp_path: Path) -> None:
    # The night: 16 players, 6 rounds of 8 hands at 4 tables.
    names = [f"Player {n}" for n in range(1, 17)]
    night = start_night(names, rounds=6, hands=8)
    for number in range(1, 7):
        if number > 1:
            night.seat_next_round(version=night.version)
        play_round(night.rounds.get(number=number), 8)
    standings = read_board(night).standings
    text = backup()
    # 192 hands: a few hundred kilobytes at most (about 1.5 kB a hand, indented).
    assert len(text.encode()) < 400_000
    empty_the_database()
    restore(text, tmp_path)
    assert read_board(EuchreNight.objects.get()).standings == standings
    assert backup() == text


# --- statistics ----------------------------------------------------------------------

BEN_WINS = document(
    "standard",
    ["Ben", "Cat", "Dan", "Eve"],
    [{"maker": "Ben", "trump": "S", "tricks": 5, "alone": True}] * 3,
)


def test_a_nights_hands_count_in_the_statistics_but_its_tables_are_not_games() -> None:
    a_played_night()
    import_document(copy.deepcopy(BEN_WINS))  # three lone marches: Ben's side wins
    ben = Player.objects.with_records().get(name="Ben")
    # One game, won; the two rounds Ben sat at a night's table are not games.
    assert (ben.games, ben.finished, ben.wins) == (1, 1, 1)  # type: ignore[attr-defined]
    assert ben.night_tables == 2  # type: ignore[attr-defined]
    # The hands count wherever they were played: 3 in the game, 1 a round at the night.
    assert ben.hands_made == 5  # type: ignore[attr-defined]
    assert ben.marches == 4  # type: ignore[attr-defined]
    assert ben.alone_calls == 4  # type: ignore[attr-defined]
    by_variant = list(Seat.objects.filter(player=ben).records_by_variant())
    assert [(row["variant"], row["games"], row["wins"]) for row in by_variant] == [
        ("standard", 1, 1)
    ]


def test_players_of_a_night_alone_are_listed_with_no_games(client: Client) -> None:
    a_played_night()
    players = client.get(reverse("player_list")).context["players"]
    gus = next(p for p in players if p.name == "Gus")
    assert (gus.games, gus.night_tables) == (0, 2)
    assert len(players) == 9


def test_players_csv_counts_the_nights_and_their_rounds(client: Client) -> None:
    a_played_night()
    import_document(copy.deepcopy(BEN_WINS))
    header, *rows = list(csv.reader(io.StringIO(client.get("/players.csv").content.decode())))
    ben = dict(zip(header, next(r for r in rows if r[0] == "Ben"), strict=True))
    cat = dict(zip(header, next(r for r in rows if r[0] == "Cat"), strict=True))
    assert (ben["games"], ben["win rate"], ben["euchre nights"]) == ("1", "100%", "1")
    assert ben["rounds at a night's table"] == "2"
    assert cat["rounds at a night's table"] == "1"  # Cat sat out round 2


# --- the player's page ---------------------------------------------------------------


def page_text(response: Any) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def test_a_players_page_lists_their_nights_with_place_points_and_prizes(client: Client) -> None:
    night = a_played_night()
    ben = Player.objects.get(name="Ben")
    response = client.get(reverse("player_detail", args=[ben.pk]))
    said = page_text(response)
    assert night.title in said
    # Level with Hal on 12 points, first of the nine: one prize a person, so
    # the high score only (Hal and Ben lead the side prizes too).
    assert "so far =1st of 9, 12 points" in said
    assert "won most points" in said
    assert "most lone hands made" not in said
    assert "2 rounds at a night's table" in said
    assert reverse("night_standings", args=[night.pk]) in response.content.decode()
    # The night's tables are not among the recent games.
    assert response.context["recent"] == []
    gus = Player.objects.get(name="Gus")
    assert "so far =8th of 9, 0 points" in page_text(
        client.get(reverse("player_detail", args=[gus.pk]))
    )


def test_a_players_page_lists_their_latest_ten_nights_and_says_so(client: Client) -> None:
    for seed in range(12):
        start_night(seed=seed)
    ben = Player.objects.get(name="Ben")
    response = client.get(reverse("player_detail", args=[ben.pk]))
    assert len(response.context["nights"]) == 10
    assert "The latest 10 of 12 nights." in page_text(response)


# --- the game lists -------------------------------------------------------------------


@pytest.mark.postgres
def test_the_game_list_shows_a_night_once_not_its_tables(client: Client) -> None:
    night = a_played_night()
    import_document(copy.deepcopy(BEN_WINS))
    response = client.get(reverse("game_list"))
    html = response.content.decode()
    assert html.count('class="game-card euchre-night-card"') == 1
    assert "1 game and 1 euchre night" in page_text(response)
    assert reverse("night_detail", args=[night.pk]) in html
    assert "9 players · 2 of 2 rounds" in page_text(response)
    # Filtered by a player of the night who sat at neither of its first tables.
    gus = Player.objects.get(name="Gus")
    assert gus.seats.filter(game__night_round__number=1, game__night_table=1).count() == 0
    filtered = client.get(reverse("game_list"), {"player": gus.pk}).content.decode()
    assert filtered.count("euchre-night-card") == 1
    assert filtered.count('<article class="game-card') == 1


@pytest.mark.postgres
def test_the_game_night_page_shows_the_night_once(client: Client) -> None:
    a_played_night()
    import_document(copy.deepcopy(BEN_WINS))
    (game,) = Game.objects.filter(night_round__isnull=True)
    response = client.get(reverse("game_night", args=[game.game_night]))
    assert "1 game and 1 euchre night that night" in page_text(response)
    assert response.content.decode().count("euchre-night-card") == 1


# --- merging players -----------------------------------------------------------------


def test_merging_moves_a_players_nights(client: Client) -> None:
    night = a_played_night()
    standings = read_board(night).standings
    ivy = Player.objects.get(name="Ivy")
    zoe = Player.for_name("Zoe", private_table=ivy.private_table)
    response = client.post(
        reverse("player_merge", args=[ivy.pk]), {"into": zoe.pk, "confirm": "True"}
    )
    assert response.status_code == 302
    assert night.entrants.get(number=9).player == zoe
    assert [r.name for r in read_board(night).standings.rows] == [
        "Zoe" if r.name == "Ivy" else r.name for r in standings.rows
    ]


@pytest.mark.postgres
def test_merging_two_players_of_one_night_is_refused(client: Client) -> None:
    night = a_played_night()
    ivy, cat = Player.objects.get(name="Ivy"), Player.objects.get(name="Cat")
    # Cat sat out round 2, Ivy missed round 1: they never sat at one table.
    assert not Seat.objects.filter(player=cat, game__seats__player=ivy).exists()
    response = client.post(
        reverse("player_merge", args=[ivy.pk]), {"into": cat.pk, "confirm": "True"}
    )
    assert response.status_code == 422
    assert "Ivy and Cat both played 1 euchre night" in page_text(response)
    assert night.entrants.get(number=9).player == ivy
    with pytest.raises(PlayerChangeRefused):
        ivy.merge_into(cat)


# --- the operator's admin ------------------------------------------------------------


@pytest.mark.postgres
def test_the_operator_looks_into_a_night_in_the_admin(admin_client: Client) -> None:
    night = a_played_night()
    listed = admin_client.get("/admin/scorekeeper/euchrenight/")
    assert listed.status_code == 200
    assert night.title in listed.content.decode()
    page = admin_client.get(f"/admin/scorekeeper/euchrenight/{night.pk}/change/")
    assert page.status_code == 200
    assert "Ivy" in page.content.decode()
    assert admin_client.get("/admin/scorekeeper/euchrenight/add/").status_code == 403


@pytest.mark.postgres
def test_the_operator_deleting_a_night_or_a_game_leaves_each_players_results_counted(
    admin_client: Client,
) -> None:
    night = a_played_night()
    game = start_game(players=("Ann", "Ben", "Cat", "Dan", "Eve"), target=1)
    record(game, maker="Ann", trump="H", called="S", partner="Cat", tricks=3)
    assert kept_results()["Ann"][:3] == (1, 1, 1)
    response = admin_client.post(
        f"/admin/scorekeeper/euchrenight/{night.pk}/delete/", {"post": "yes"}
    )
    assert response.status_code == 302
    assert kept_results() == counted_results()
    assert kept_results()["Ann"] == (1, 1, 1, 1, 0)  # level with Cat on 1: shared
    response = admin_client.post(
        "/admin/scorekeeper/game/",
        {"action": "delete_selected", "_selected_action": [game.pk], "post": "yes"},
    )
    assert response.status_code == 302
    assert kept_results() == counted_results()
    assert kept_results()["Ann"] == (0, 0, 0, 0, 0)


def test_the_operators_new_name_for_a_player_shows_on_the_table(admin_client: Client) -> None:
    game = start_game()
    phone = joined_client(TEST_TABLE_KEY)  # one of the table's phones (the operator is not)
    assert "Dan" in phone.get(url("game_table", game)).content.decode()
    dan = Player.objects.get(name="Dan")
    response = admin_client.post(
        f"/admin/scorekeeper/player/{dan.pk}/change/",
        {"name": "Danny", "private_table": dan.private_table_id},
    )
    assert response.status_code == 302
    assert "Danny" in phone.get(url("game_table", game)).content.decode()
