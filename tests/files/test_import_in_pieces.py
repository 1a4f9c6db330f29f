"""A long import never holds the write lock a save needs for long (issue 43;
docs/decisions.md, D71): a 1,000-hand game is stored a piece of at most 100 hands
a transaction, the lock let go after each, and an import that fails half way
leaves nothing behind. How long a save at another table waits under a flood of
imports, on the real server: tests/test_hostile_clients.py (the figures,
``python -m tests.hostile_clients serve flood 24``). On SQLite and PostgreSQL."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from django.db import OperationalError, connections
from django.test import Client
from django.urls import reverse

from benchmarks.games import game_document
from scorekeeper.models import Game, Hand, HandChange, PrivateTable, Seat, game_hands
from tests.game_support import our_table

# Outside a test's transaction, as a request runs: each piece commits.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def stored() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (PrivateTable, Game, Seat, Hand, HandChange))


def paste(client: Client, hands: int) -> Any:
    text = json.dumps(game_document(hands))
    return client.post(reverse("game_import"), {"text": text, "copy": "on"})


def test_a_long_import_lets_go_of_the_write_lock_every_hundred_hands(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    our_table()
    database = connections["default"]
    commit = database.commit
    hands_at_each_commit: list[int] = []

    def counted_commit() -> None:
        # The hands this commit leaves stored (read just before, in its transaction).
        with database.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM scorekeeper_hand")
            hands_at_each_commit.append(cursor.fetchone()[0])
        commit()

    monkeypatch.setattr(database, "commit", counted_commit)
    assert paste(client, 1000).status_code == 302
    monkeypatch.undo()

    # Before, the game and its 1,000 hands were one transaction: the lock held throughout.
    stored_hands = [n for n in hands_at_each_commit if n]
    assert stored_hands[0] <= 100, hands_at_each_commit
    assert all(b - a <= 100 for a, b in itertools.pairwise(stored_hands)), stored_hands
    assert stored_hands[-1] == 1000
    game = Game.objects.get()
    assert [s.total for s in game.seat_list()] == list(game.score(game.hand_list()).totals)


def test_an_import_that_fails_half_way_leaves_nothing_and_says_busy(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    our_table()
    before = stored()
    store = game_hands.HandChange.objects.bulk_create
    pieces: list[int] = []

    def busy_at_the_fourth_piece(changes: list[HandChange]) -> list[HandChange]:
        pieces.append(len(changes))
        if len(pieces) == 4:
            raise OperationalError("database is locked")
        return store(changes)

    monkeypatch.setattr(game_hands.HandChange.objects, "bulk_create", busy_at_the_fourth_piece)
    answer = paste(client, 1000)
    monkeypatch.undo()

    assert answer.status_code == 503
    assert answer["Retry-After"]
    assert "busy" in answer.content.decode()
    assert pieces == [100, 100, 100, 100]
    assert stored() == before  # the three pieces stored are gone with their game
    assert paste(client, 1000).status_code == 302  # tried again, it is imported whole
    assert Hand.objects.count() == 1000
