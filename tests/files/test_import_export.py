"""Import and export of game documents (docs/formats.md, "Game document (import and export)"): the
management commands, the model layer and the web upload and download."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.models import Game, Hand, HandChange, Player, Seat
from tests.documents import example, import_document, long_game

pytestmark = pytest.mark.django_db


def run_import(data: Any, tmp_path: Path) -> tuple[int, list[str]]:
    """Import through the command as a file; the new game's id and stdout's lines."""
    path = tmp_path / "game.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    out = io.StringIO()
    call_command("import_game", str(path), stdout=out)
    lines = out.getvalue().splitlines()
    return int(lines[-1]), lines


def run_export(game_id: int) -> str:
    out = io.StringIO()
    call_command("export_game", str(game_id), stdout=out)
    return out.getvalue()


def nothing_stored() -> bool:
    return not any(m.objects.exists() for m in (Game, Seat, Hand, HandChange, Player))


# --- The contract's example -----------------------------------------------------------


def test_the_contract_example_imports_and_prints_the_new_id_last(tmp_path: Path) -> None:
    game_id, lines = run_import(example(), tmp_path)
    game = Game.objects.get(pk=game_id)
    assert [s.player.name for s in game.seat_list()] == ["Ann", "Ben", "Cat", "Dan", "Eve"]
    assert game.hands.count() == 5
    assert lines[-1] == str(game.pk)
    assert "5 hands" in lines[0]


def test_the_contract_example_exports_with_dealers_points_totals_and_no_winner_yet(
    tmp_path: Path,
) -> None:
    game_id, _ = run_import(example(), tmp_path)
    exported = json.loads(run_export(game_id))
    assert exported["format"] == "bower.game/1"
    assert exported["players"] == ["Ann", "Ben", "Cat", "Dan", "Eve"]
    assert [h["dealer"] for h in exported["hands"]] == ["Ann", "Ben", "Cat", "Dan", "Eve"]
    # docs/rules.md, Call-Ace 5 with five players.
    assert [h["points"] for h in exported["hands"]] == [
        {"Ann": 0, "Ben": 1, "Cat": 0, "Dan": 1, "Eve": 0},  # partnership makes it
        {"Ann": 0, "Ben": 0, "Cat": 5, "Dan": 0, "Eve": 0},  # alone march: n
        {"Ann": 0, "Ben": 0, "Cat": 0, "Dan": 0, "Eve": 0},  # thrown in
        {"Ann": 0, "Ben": 2, "Cat": 2, "Dan": 2, "Eve": 2},  # euchre: 2 to each defender
        {"Ann": 3, "Ben": 0, "Cat": 0, "Dan": 0, "Eve": 3},  # defender's renege: a march
    ]
    assert all(h["explanation"] for h in exported["hands"])
    assert exported["totals"] == {"Ann": 3, "Ben": 3, "Cat": 7, "Dan": 3, "Eve": 5}
    assert exported["finished"] is False
    assert exported["winners"] == []
    # The hands as they were written, export's additions aside.
    added = {"dealer", "points", "explanation"}
    assert [{k: v for k, v in h.items() if k not in added} for h in exported["hands"]] == (
        example()["hands"]
    )


@pytest.mark.postgres
def test_export_then_import_then_export_gives_the_same_document(tmp_path: Path) -> None:
    game_id, _ = run_import(long_game(60, target=25), tmp_path)
    first = run_export(game_id)
    (tmp_path / "first.json").write_text(first)
    Game.objects.filter(pk=game_id).delete()  # into a history without it: same id kept
    out = io.StringIO()
    call_command("import_game", str(tmp_path / "first.json"), stdout=out)
    second = run_export(int(out.getvalue().splitlines()[-1]))
    assert second == first
    assert json.loads(first)["finished"] is True


def test_an_exported_rotation_is_not_stored_as_deals_out_of_turn(tmp_path: Path) -> None:
    game_id, _ = run_import(example(), tmp_path)
    (tmp_path / "again.json").write_text(run_export(game_id))
    out = io.StringIO()
    call_command("import_game", str(tmp_path / "again.json"), "--copy", stdout=out)
    again = Game.objects.get(pk=int(out.getvalue().splitlines()[-1]))
    assert list(again.hands.values_list("dealer_override", flat=True)) == [None] * 5


@pytest.mark.postgres
def test_a_deal_out_of_turn_survives_the_round_trip(tmp_path: Path) -> None:
    data = example()
    data["hands"][1]["dealer"] = "Eve"  # Ben's deal, dealt by Eve: the rotation goes on from her
    game_id, _ = run_import(data, tmp_path)
    exported = json.loads(run_export(game_id))
    assert [h["dealer"] for h in exported["hands"]] == ["Ann", "Eve", "Ann", "Ben", "Cat"]
    game = Game.objects.get(pk=game_id)
    assert list(game.hands.values_list("dealer_override", flat=True)) == [
        None,
        4,
        None,
        None,
        None,
    ]


def test_a_finished_game_exports_its_winners_and_keeps_hands_after_the_end(
    tmp_path: Path,
) -> None:
    data = example()
    data["rules"]["target"] = 5
    game_id, lines = run_import(data, tmp_path)
    exported = json.loads(run_export(game_id))
    assert exported["finished"] is True
    assert exported["winners"] == ["Cat"]
    assert "finished" in lines[0]
    assert "not counted" in exported["hands"][3]["explanation"]
    assert exported["totals"]["Cat"] == 5


@pytest.mark.postgres
def test_import_reads_standard_input_with_a_dash() -> None:
    stdin = io.TextIOWrapper(io.BytesIO(json.dumps(example()).encode()), encoding="utf-8")
    out = io.StringIO()
    call_command("import_game", "-", stdin=stdin, stdout=out)
    assert Game.objects.filter(pk=int(out.getvalue().splitlines()[-1])).exists()


def test_import_accepts_a_byte_order_mark_and_suit_symbols(tmp_path: Path) -> None:
    data = example()
    data["hands"][0]["trump"] = "♥"
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(data, ensure_ascii=False).encode())
    out = io.StringIO()
    call_command("import_game", str(path), stdout=out)
    exported = json.loads(run_export(int(out.getvalue().splitlines()[-1])))
    assert exported["hands"][0]["trump"] == "H"


def test_import_ignores_what_export_adds(tmp_path: Path) -> None:
    data = example()
    data["hands"][0]["points"] = {"Ann": 99}
    data["hands"][0]["explanation"] = "made up"
    data |= {"totals": {"Ann": 99}, "finished": True, "winners": ["Ann"]}
    game_id, _ = run_import(data, tmp_path)
    assert json.loads(run_export(game_id))["totals"]["Ann"] == 3


def test_imported_hands_are_cached_and_logged_like_recorded_ones(tmp_path: Path) -> None:
    game_id, _ = run_import(example(), tmp_path)
    game = Game.objects.get(pk=game_id)
    hands = game.hand_list()
    assert [h.points for h in hands][4] == [3, 0, 0, 0, 3]
    assert [h.rule for h in hands][:3] == ["partnership-make", "alone-march", "thrown-in"]
    assert {s.player.name: s.total for s in game.seat_list()}["Cat"] == 7
    assert game.changes.filter(kind=HandChange.Kind.RECORDED).count() == 5
    assert game.version == 1


@pytest.mark.postgres
def test_import_finds_known_players_by_name_whatever_the_case(tmp_path: Path) -> None:
    run_import(example(), tmp_path)
    data = example()
    data["players"] = ["ann", "BEN", "Cat", "Dan", "Eve"]
    for hand in data["hands"]:
        for key in ("maker", "partner", "renege"):
            if hand.get(key) in ("Ann", "Ben"):
                hand[key] = {"Ann": "ann", "Ben": "BEN"}[hand[key]]
    data["first_dealer"] = "ann"
    game_id, _ = run_import(data, tmp_path)
    assert Player.objects.count() == 5
    assert json.loads(run_export(game_id))["players"][:2] == ["Ann", "Ben"]


def test_importing_a_long_game_scores_it_once_not_hand_by_hand() -> None:
    with CaptureQueriesContext(connection) as short:
        import_document(long_game(5))
    with CaptureQueriesContext(connection) as long:
        import_document(long_game(60))
    # Players exist after the first import: the second asks for them and creates none.
    assert len(long.captured_queries) <= len(short.captured_queries) + 4
    assert len(long.captured_queries) < 40


def test_export_of_a_game_that_does_not_exist_fails() -> None:
    with pytest.raises(CommandError, match="no game 404"):
        call_command("export_game", "404", stdout=io.StringIO())


# --- Bad documents: nothing stored, the hand and field named ------------------------------


def _set(path: str, value: Any) -> Any:
    """A change to the example: "hands.2.partner" = value (None deletes)."""

    def change(data: dict[str, Any]) -> dict[str, Any]:
        *parents, last = path.split(".")
        target: Any = data
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        key = int(last) if last.isdigit() else last
        if value is None:
            del target[key]
        else:
            target[key] = value
        return data

    return change


BAD_DOCUMENTS = [
    ("format", _set("format", "bower.game/2"), "format"),
    ("variant", _set("variant", "bid-euchre"), "variant"),
    ("rules", _set("rules.target", "ten"), "rules, target"),
    ("unknown rule", _set("rules.jokers", True), "rules, jokers"),
    ("players", _set("players", ["Ann", "Ben", "Cat"]), "players"),
    ("same name twice", _set("players.4", "ann"), "players"),
    ("first dealer", _set("first_dealer", "Zed"), "first_dealer"),
    ("hands not a list", _set("hands", {"maker": "Ann"}), "hands"),
    ("maker", _set("hands.0.maker", "Zed"), "hand 1, maker"),
    ("no maker", _set("hands.0.maker", None), "hand 1, maker"),
    ("trump", _set("hands.1.trump", "X"), "hand 2, trump"),
    ("called", _set("hands.0.called", "AS"), "hand 1, called"),
    ("partner", _set("hands.3.partner", "Zed"), "hand 4, partner"),
    ("partner is the maker", _set("hands.0.partner", "Ben"), "hand 1, partner"),
    ("tricks", _set("hands.4.tricks", 6), "hand 5, tricks"),
    ("tricks as text", _set("hands.4.tricks", "4"), "hand 5, tricks"),
    ("renege", _set("hands.4.renege", "Zed"), "hand 5, renege"),
    ("alone in call-ace", _set("hands.1.alone", True), "hand 2, alone"),
    ("unknown field", _set("hands.2.colour", "red"), "hand 3, colour"),
    ("revealed on trick", _set("hands.0.revealed_on_trick", 9), "hand 1, revealed_on_trick"),
    ("round", _set("hands.0.round", 3), "hand 1, round"),
    ("dealer", _set("hands.2.dealer", "Zed"), "hand 3, dealer"),
    ("hand not an object", _set("hands.2", "thrown in"), "hand 3, hand"),
]


@pytest.mark.parametrize(
    ("change", "where"),
    [pytest.param(change, where, id=name) for name, change, where in BAD_DOCUMENTS],
)
def test_a_bad_document_names_the_hand_and_field_and_stores_nothing(
    tmp_path: Path, change: Any, where: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(change(example())))
    with pytest.raises(CommandError) as raised:
        call_command("import_game", str(path), stdout=io.StringIO())
    assert f"{where}:" in str(raised.value)
    assert str(raised.value).endswith("(nothing imported)")
    assert nothing_stored()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(b"", "empty", id="empty"),
        pytest.param(b'{"format": "bower.game/1",', "not valid JSON", id="cut short"),
        pytest.param(b"\xff\xfe\x00{", "not text", id="not utf-8"),
        pytest.param(b"[1, 2, 3]", "JSON object", id="a list"),
        pytest.param(b"[" * 100_000 + b"]" * 100_000, "nested too deeply", id="too deep"),
    ],
)
def test_a_file_that_is_not_a_game_document_is_refused(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(CommandError, match=message):
        call_command("import_game", str(path), stdout=io.StringIO())
    assert nothing_stored()


def test_a_missing_file_is_refused() -> None:
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_game", "/nonexistent/game.json", stdout=io.StringIO())


# --- The web: download and upload ----------------------------------------------------------


def test_the_download_is_the_exported_document_as_an_attachment(client: Client) -> None:
    game = import_document(example())
    response = client.get(reverse("game_export", args=[game.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    day = game.created_at.date().isoformat()
    assert response["Content-Disposition"] == (
        f'attachment; filename="bower-{day}-call-ace-{game.pk}.json"'
    )
    assert response.content.decode() == run_export(game.pk)


def test_the_download_of_a_missing_game_is_not_found(client: Client) -> None:
    assert client.get(reverse("game_export", args=[404])).status_code == 404


def test_the_download_refuses_a_post(client: Client) -> None:
    game = import_document(example())
    assert client.post(reverse("game_export", args=[game.pk])).status_code == 405


def test_the_import_page_offers_a_file_and_a_paste_box(client: Client) -> None:
    response = client.get(reverse("game_import"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'enctype="multipart/form-data"' in html
    assert 'type="file"' in html
    assert "<textarea" in html


def test_uploading_a_file_imports_the_game_and_opens_its_table(client: Client) -> None:
    upload = SimpleUploadedFile("game.json", json.dumps(example()).encode(), "application/json")
    response = client.post(reverse("game_import"), {"file": upload})
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("game_table", args=[game.pk])
    assert response["Location"] == f"/games/{game.pk}/"
    assert game.hands.count() == 5


def test_pasting_a_document_imports_the_game_too(client: Client) -> None:
    response = client.post(reverse("game_import"), {"text": json.dumps(example())}, follow=False)
    assert response.status_code == 302
    assert Game.objects.count() == 1


def test_web_download_then_upload_then_download_round_trips(client: Client) -> None:
    game = import_document(long_game(30))
    first = client.get(reverse("game_export", args=[game.pk])).content
    game.delete()  # into a history without it: the same id, the same dates
    client.post(reverse("game_import"), {"file": SimpleUploadedFile("g.json", first)})
    again = Game.objects.get()
    assert client.get(reverse("game_export", args=[again.pk])).content == first


def test_a_bad_upload_says_which_hand_and_field_beside_the_file_field(client: Client) -> None:
    data = example()
    data["hands"][2] = {"maker": "Cat", "trump": "S", "called": "S", "partner": "Zed", "tricks": 3}
    upload = SimpleUploadedFile("bad.json", json.dumps(data).encode())
    response = client.post(reverse("game_import"), {"file": upload})
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert list(errors) == ["file"]
    assert errors["file"][0].startswith("Hand 3, partner: 'Zed' is not one of the players")
    html = response.content.decode()
    # The message sits in the file field's group, tied to the input for screen readers.
    assert 'id="id_file_error"' in html
    assert 'aria-invalid="true"' in html
    assert html.index("Hand 3, partner") < html.index("id_text")
    assert nothing_stored()


def test_a_bad_paste_is_shown_beside_the_paste_box_and_kept_for_correcting(
    client: Client,
) -> None:
    text = '{"format": "bower.game/1", "variant": "call-ace",'
    response = client.post(reverse("game_import"), {"text": text})
    assert response.status_code == 422
    assert list(response.context["form"].errors) == ["text"]
    assert "not valid JSON" in response.context["form"].errors["text"][0]
    assert "call-ace" in response.content.decode()  # the pasted text is still there
    assert nothing_stored()


@pytest.mark.postgres
def test_a_number_too_long_to_read_is_refused_beside_the_file_field(client: Client) -> None:
    # Python reads at most 4,300 digits of an integer; past that json.loads gives up.
    text = json.dumps(example())[:-1] + ', "target": ' + "7" * 5_000 + "}"
    upload = SimpleUploadedFile("long.json", text.encode())
    response = client.post(reverse("game_import"), {"file": upload})
    assert response.status_code == 422
    assert "a number in it is too long" in response.context["form"].errors["file"][0]
    assert nothing_stored()


def test_an_empty_import_form_asks_for_a_file_or_a_paste(client: Client) -> None:
    response = client.post(reverse("game_import"), {"text": "  "})
    assert response.status_code == 422
    assert "Choose a game file" in response.context["form"].errors["file"][0]


def test_a_file_and_a_paste_together_are_refused(client: Client) -> None:
    upload = SimpleUploadedFile("game.json", json.dumps(example()).encode())
    response = client.post(reverse("game_import"), {"file": upload, "text": json.dumps(example())})
    assert response.status_code == 422
    assert "not both" in response.context["form"].errors["text"][0]
    assert nothing_stored()


def test_a_file_too_big_to_be_a_game_is_refused(client: Client) -> None:
    upload = SimpleUploadedFile("huge.json", b" " * 1_000_001)
    response = client.post(reverse("game_import"), {"file": upload})
    assert response.status_code == 422
    assert "too big" in response.context["form"].errors["file"][0]
