"""A long imported game costs milliseconds of the database's write lock: the
engine scores the document once before the lock, and the hands go in with their
figures cached, in bulk (docs/decisions.md, D38). A document of more hands than a game holds
is refused, and another table keeps recording while a big import runs."""

from __future__ import annotations

import json
import threading
import time
import uuid
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import OperationalError, connections
from django.test import Client
from django.urls import reverse

from referee.engine.document import MAX_HANDS, read_document
from scorekeeper.models import Game, Hand, HandChange, Player, PrivateTable, Seat
from scorekeeper.models import game_documents as game_models
from tests.documents import long_game
from tests.game_support import our_table, start_game, url
from tests.race_support import phone

CACHED = ("dealer", "points", "totals", "rule", "section", "explanation", "after_end")


def nothing_imported() -> bool:
    return not (Game.objects.exists() or Hand.objects.exists() or Player.objects.exists())


def report(capsys: pytest.CaptureFixture[str], line: str) -> None:
    """A figure the test measures but does not judge: printed past the capture."""
    with capsys.disabled():
        print(f"\n  [import] {line}")


@pytest.mark.django_db
@pytest.mark.postgres
def test_a_thousand_hand_import_caches_what_a_recompute_would(
    capsys: pytest.CaptureFixture[str],
) -> None:
    document = read_document(long_game(MAX_HANDS, target=99))
    started = time.perf_counter()
    game = Game.from_document(document, private_table=our_table())
    report(capsys, f"{MAX_HANDS} hands imported in {time.perf_counter() - started:.3f} s")

    cached = list(Hand.objects.filter(game=game).order_by("number").values_list(*CACHED))
    totals = list(Seat.objects.filter(game=game).order_by("position").values_list("total", "won"))
    scored = document.score()
    game.recompute()  # scores every hand again, hand by hand, and writes what differs
    assert list(Hand.objects.filter(game=game).order_by("number").values_list(*CACHED)) == cached
    assert [total for total, _ in totals] == list(scored.totals)
    assert [seat for seat, (_, won) in enumerate(totals) if won] == list(scored.winners)
    assert len(cached) == MAX_HANDS
    assert HandChange.objects.filter(game=game).count() == MAX_HANDS
    game.refresh_from_db()
    assert game.is_finished == scored.finished


@pytest.mark.django_db
@pytest.mark.postgres
def test_an_import_names_players_as_the_scorebook_spells_them_even_if_one_appeared_meanwhile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    prepare = game_models.prepare_import

    def prepare_then_another_phone_adds_ann(document: Any, **where: Any) -> Any:
        prepared = prepare(document, **where)
        Player.objects.create(
            name="ANN", private_table=our_table()
        )  # scored as "Ann"; stored as "ANN"
        return prepared

    monkeypatch.setattr(game_models, "prepare_import", prepare_then_another_phone_adds_ann)
    game = Game.from_document(read_document(long_game(12)), private_table=our_table())
    assert game.setup.players[0] == "ANN"
    first = Hand.objects.get(game=game, number=1)  # Ann made it with a partner
    assert "ANN" in first.explanation
    assert "Ann" not in first.explanation
    summary = HandChange.objects.get(game=game, hand_number=1).summary
    assert summary.startswith("ANN ")


@pytest.mark.django_db
def test_a_document_of_more_hands_than_a_game_holds_is_refused_beside_the_field(
    client: Client,
) -> None:
    text = json.dumps(long_game(MAX_HANDS + 1))
    response = client.post(reverse("game_import"), {"text": text})
    assert response.status_code == 422
    errors = response.context["form"].errors["text"]
    assert errors == [
        f"Hands: {MAX_HANDS + 1} hands is more than one game holds (at most {MAX_HANDS})"
    ]
    assert nothing_imported()


@pytest.mark.django_db
def test_a_megabyte_of_thrown_in_hands_is_refused_at_once(
    client: Client, capsys: pytest.CaptureFixture[str]
) -> None:
    # The document: 52,000 thrown-in hands in under 1 MB ran until the
    # worker was killed, and held every other table's hand meanwhile.
    data = long_game(0)
    data["hands"] = [{"thrown_in": True}] * 52_000
    text = json.dumps(data, separators=(",", ":"))
    assert len(text.encode()) < 1_000_000
    started = time.perf_counter()
    response = client.post(reverse("game_import"), {"text": text})
    report(capsys, f"52,000 thrown-in hands refused in {time.perf_counter() - started:.3f} s")
    assert response.status_code == 422
    assert "at most 1000" in response.context["form"].errors["text"][0]
    assert nothing_imported()


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_another_table_records_hands_while_a_thousand_hand_import_runs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    elsewhere = PrivateTable.objects.create(name="Elsewhere")
    other = start_game(players=("Vic", "Wes", "Xan", "Yul", "Zoe"), private_table=elsewhere)
    text = json.dumps(long_game(MAX_HANDS, target=99))
    importing = threading.Event()
    imported: dict[str, Any] = {}

    def run_import() -> None:
        try:
            importing.set()
            started = time.perf_counter()
            response = phone(our_table()).post(reverse("game_import"), {"text": text})
            imported["status"] = response.status_code
            imported["seconds"] = time.perf_counter() - started
        finally:
            importing.clear()
            connections.close_all()

    thread = threading.Thread(target=run_import)
    thread.start()
    client = phone(elsewhere)
    recorded: list[tuple[int, float]] = []
    importing.wait(10)
    while importing.is_set() or not recorded:
        other.refresh_from_db()
        fields = {"thrown_in": "yes", "after": other.hands_played, "token": str(uuid.uuid4())}
        started = time.perf_counter()
        response = client.post(url("hand_enter", other), fields)
        recorded.append((response.status_code, time.perf_counter() - started))
    thread.join(60)
    connections.close_all()

    slowest = max(seconds for _, seconds in recorded)
    report(
        capsys,
        f"{MAX_HANDS}-hand import took {imported['seconds']:.3f} s; meanwhile another table "
        f"recorded {len(recorded)} hands, the slowest in {slowest:.3f} s",
    )
    assert imported["status"] == 302
    assert Game.objects.exclude(pk=other.pk).get().private_table == our_table()
    assert [status for status, _ in recorded] == [303] * len(recorded)
    assert Hand.objects.filter(game=other).count() == len(recorded)
    # Generous: a hand waits for the import's short transaction, never for its parsing.
    assert slowest < 5


@pytest.mark.django_db
def test_the_import_command_says_busy_and_that_nothing_was_imported(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    def locked(cls: type[Game], document: Any, **where: Any) -> Game:
        raise OperationalError("database is locked")

    monkeypatch.setattr(Game, "from_document", classmethod(locked))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(long_game(3)))
    with pytest.raises(CommandError, match=r"busy: try again in a moment\. \(nothing imported\)"):
        call_command("import_game", str(path), table_key=our_table().key)
