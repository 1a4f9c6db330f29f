"""The dates a game document may carry (docs/formats.md, "Game document (import and export)"): a
year from 1900 to 2999 once in UTC, and ``finished_at`` not before ``started_at``.

Every way in (the engine's reader, ``import_game``, the upload, the paste,
``restore`` of a game or of a euchre night) refuses anything else naming the
field, and stores nothing. The edges themselves are kept, and every page and
the backup show a game that carries them."""

from __future__ import annotations

import copy
import io
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from referee.engine.document import DocumentError, read_document
from scorekeeper.models import EuchreNight, Game, Hand, NightRound, Player, PrivateTable, Seat
from tests.documents import example, long_game
from tests.game_support import our_table
from tests.night_support import a_played_night

START = "2025-11-21T19:30:00+01:00"

# (the document's dates, the field named): each is refused on every way in.
BAD_DATES = [
    pytest.param({"started_at": "9999-12-31T23:59:59-14:00"}, "started_at", id="year 10000 in UTC"),
    pytest.param({"started_at": "0001-01-01T01:00:00+00:00"}, "started_at", id="year 1"),
    pytest.param({"started_at": "1899-12-31T23:59:59+00:00"}, "started_at", id="1899"),
    pytest.param({"started_at": "3000-01-01T00:00:00+00:00"}, "started_at", id="3000"),
    # Within the years as written; outside them once in UTC.
    pytest.param({"started_at": "2999-12-31T23:30:00-01:00"}, "started_at", id="offset to 3000"),
    pytest.param({"started_at": "1900-01-01T00:30:00+01:00"}, "started_at", id="offset to 1899"),
    pytest.param(
        {"started_at": START, "finished_at": "9999-12-31T23:59:59-14:00"},
        "finished_at",
        id="finished in year 10000",
    ),
    pytest.param(
        {"started_at": START, "finished_at": "2025-11-21T19:29:59+01:00"},
        "finished_at",
        id="finished before it started",
    ),
    pytest.param(
        {"started_at": START, "finished_at": "2025-11-21T19:45:00+02:00"},
        "finished_at",
        id="finished before it started in another offset",
    ),
    pytest.param(
        {"finished_at": "2025-11-21T22:05:00+01:00"}, "finished_at", id="finished, never started"
    ),
]

EDGES = {"started_at": "1900-01-01T00:00:00Z", "finished_at": "2999-12-31T23:59:59Z"}


def dated(dates: dict[str, str], data: dict[str, Any] | None = None) -> dict[str, Any]:
    return {**(data if data is not None else example()), **dates}


def stored() -> tuple[int, ...]:
    models = (PrivateTable, Game, Seat, Hand, Player, EuchreNight, NightRound)
    return tuple(m.objects.count() for m in models)


# --- the engine's reader: the one place the rule lives ------------------------------------


@pytest.mark.parametrize(("dates", "field"), BAD_DATES)
def test_the_reader_refuses_each_bad_date_naming_its_field(
    dates: dict[str, str], field: str
) -> None:
    with pytest.raises(DocumentError) as raised:
        read_document(dated(dates))
    assert raised.value.where == field


def test_the_reader_says_which_years_are_allowed() -> None:
    with pytest.raises(DocumentError, match=r"years 1900 to 2999 \(in UTC\)"):
        read_document(dated({"started_at": "9999-12-31T23:59:59-14:00"}))
    with pytest.raises(DocumentError, match="must not be before started_at"):
        read_document(dated({"started_at": START, "finished_at": "2025-11-21T18:00:00+01:00"}))


@pytest.mark.parametrize(
    ("started", "finished"),
    [
        ("1900-01-01T00:00:00Z", "2999-12-31T23:59:59Z"),
        # The same edges written in other offsets.
        ("1900-01-01T01:00:00+01:00", "2999-12-31T20:00:00-03:59"),
        # A game that ends the moment it starts.
        (START, START),
    ],
)
def test_the_reader_keeps_the_edges_of_the_years(started: str, finished: str) -> None:
    document = read_document(dated({"started_at": started, "finished_at": finished}))
    assert document.started_at == datetime.fromisoformat(started)
    assert document.finished_at == datetime.fromisoformat(finished)
    assert document.started_at.astimezone(UTC).year >= 1900
    assert document.finished_at.astimezone(UTC).year <= 2999


# --- every way in: the command, the upload, the paste, the restore ------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(("dates", "field"), BAD_DATES)
@pytest.mark.postgres
def test_import_game_refuses_each_bad_date_and_stores_nothing(
    tmp_path: Path, dates: dict[str, str], field: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(dated(dates)))
    before = stored()
    with pytest.raises(CommandError, match=rf"^{field}: .*\(nothing imported\)$"):
        call_command("import_game", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    assert stored() == before


@pytest.mark.django_db
@pytest.mark.parametrize(("dates", "field"), BAD_DATES)
@pytest.mark.postgres
def test_an_upload_with_a_bad_date_is_refused_beside_the_file_field(
    client: Client, dates: dict[str, str], field: str
) -> None:
    upload = SimpleUploadedFile("game.json", json.dumps(dated(dates)).encode())
    before = stored()
    response = client.post(reverse("game_import"), {"file": upload})
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert list(errors) == ["file"]
    assert errors["file"][0].lower().startswith(f"{field}: ")
    assert stored() == before


@pytest.mark.django_db
@pytest.mark.parametrize(("dates", "field"), BAD_DATES)
@pytest.mark.postgres
def test_a_paste_with_a_bad_date_is_refused_beside_the_paste_box(
    client: Client, dates: dict[str, str], field: str
) -> None:
    before = stored()
    response = client.post(reverse("game_import"), {"text": json.dumps(dated(dates))})
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert list(errors) == ["text"]
    assert errors["text"][0].lower().startswith(f"{field}: ")
    assert stored() == before


def backup() -> dict[str, Any]:
    out = io.StringIO()
    call_command("backup", stdout=out)
    data: dict[str, Any] = json.loads(out.getvalue())
    return data


def restore(data: dict[str, Any], tmp_path: Path) -> str:
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(data))
    out = io.StringIO()
    call_command("restore", str(path), stdout=out)
    return out.getvalue()


def empty_the_database() -> None:
    for model in (EuchreNight, Game, Player, PrivateTable):
        model.objects.all().delete()
    assert sum(stored()) == 0


@pytest.mark.django_db
@pytest.mark.parametrize(("dates", "field"), BAD_DATES)
@pytest.mark.postgres
def test_restore_refuses_a_game_with_a_bad_date_and_stores_nothing(
    tmp_path: Path, dates: dict[str, str], field: str
) -> None:
    good = dated({}, json.loads(json.dumps(example())))
    data = {
        "format": "bower.backup/1",
        "tables": [
            {"name": "Home", "key": "Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv", "games": [good]},
            {
                "name": "Club",
                "key": "Bx2Yz4Wv6Ut8Sr0Qp2On4Ml6Kj8Ih0Gf",
                "games": [good | {"id": None}, dated(dates)],
            },
        ],
    }
    with pytest.raises(
        CommandError, match=rf"^private table 2, game 2, {field}: .*\(nothing restored\)$"
    ):
        restore(data, tmp_path)
    assert sum(stored()) == 0


def _night(data: dict[str, Any]) -> Any:
    return data["tables"][0]["nights"][0]


NIGHT_PLACES = [
    pytest.param(lambda d: _night(d), "night 1, created_at", id="the night"),
    pytest.param(lambda d: _night(d)["rounds"][1], "night 1, round 2, created_at", id="a round"),
    pytest.param(
        lambda d: _night(d)["rounds"][0]["tables"][1]["game"],
        "night 1, round 1, table 2, game, started_at",
        id="a table's game",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("place", "where"), NIGHT_PLACES)
@pytest.mark.parametrize(
    "moment", ["9999-12-31T23:59:59-14:00", "0001-01-01T01:00:00+00:00", "1899-12-31T23:00:00Z"]
)
@pytest.mark.postgres
def test_restore_refuses_a_night_with_a_bad_date_and_stores_nothing(
    tmp_path: Path, place: Any, where: str, moment: str
) -> None:
    a_played_night()
    data = copy.deepcopy(backup())
    empty_the_database()
    target = place(data)
    target["started_at" if "game" in where else "created_at"] = moment
    with pytest.raises(CommandError, match=rf"^private table 1, {where}: .*\(nothing restored\)$"):
        restore(data, tmp_path)
    assert sum(stored()) == 0


@pytest.mark.django_db
@pytest.mark.postgres
def test_a_nights_table_that_ends_before_it_starts_is_refused(tmp_path: Path) -> None:
    a_played_night()
    data = copy.deepcopy(backup())
    empty_the_database()
    game = _night(data)["rounds"][0]["tables"][0]["game"]
    game["finished_at"] = "1950-01-01T00:00:00Z"
    with pytest.raises(CommandError, match="round 1, table 1, game, finished_at: must not be"):
        restore(data, tmp_path)
    assert sum(stored()) == 0


# --- the edges are kept, and shown everywhere ---------------------------------------------


@pytest.mark.django_db
@pytest.mark.postgres
def test_games_at_the_edges_of_the_years_are_kept_and_every_page_shows_them(
    client: Client, tmp_path: Path
) -> None:
    finished = dated(EDGES, long_game(60, target=25))
    on = dated({"started_at": "2999-12-31T23:59:59Z"}, long_game(6))
    old = dated({"started_at": "1900-01-01T00:00:00Z"}, example())
    our_table()  # the only table, the phone's: import_game puts the games there
    ids = []
    for n, data in enumerate([finished, on, old]):
        path = tmp_path / f"game{n}.json"
        path.write_text(json.dumps(data))
        out = io.StringIO()
        call_command("import_game", str(path), stdout=out, stderr=io.StringIO())
        ids.append(int(out.getvalue().splitlines()[-1]))
    kept = Game.objects.get(pk=ids[0])
    assert kept.created_at == datetime(1900, 1, 1, tzinfo=UTC)
    assert kept.finished_at == datetime(2999, 12, 31, 23, 59, 59, tzinfo=UTC)
    for game_id in ids:
        game = Game.objects.get(pk=game_id)
        for address in (
            reverse("game_table", args=[game_id]),
            reverse("game_sheet", args=[game_id]),
            reverse("game_export", args=[game_id]),
            reverse("game_hands_csv", args=[game_id]),
            reverse("game_night", args=[game.game_night]),
        ):
            assert client.get(address).status_code == 200, address
    for address in ("/", reverse("game_list"), reverse("player_list"), "/players.csv"):
        assert client.get(address).status_code == 200, address
    # The backup holds them, and gives them back as they were.
    first = backup()
    empty_the_database()
    restore(first, tmp_path)
    assert backup() == first
