"""What only PostgreSQL can show: the pass really runs on it, and its own
locks and limits are answered in words, never with a 500."""

import threading
import uuid

import pytest
from django.db import connection, connections, transaction

from scorekeeper.models import Game, Hand
from scorekeeper.web.middleware import BUSY_MESSAGE
from tests.game_support import our_table, start_game, url
from tests.race_support import phone

pytestmark = pytest.mark.postgres_only


@pytest.mark.django_db
def test_the_postgresql_pass_really_talks_to_postgresql() -> None:
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        (version,) = cursor.fetchone()
    assert version.startswith("PostgreSQL")


@pytest.mark.django_db(transaction=True)
def test_a_hand_that_waits_too_long_for_a_locked_game_answers_busy_and_stores_nothing() -> None:
    """A real lock, not a stand-in: another transaction holds the game's row
    past PostgreSQL's lock_timeout, and the phone is told to try again (503)."""
    game = start_game()
    locked, release = threading.Event(), threading.Event()

    def hold_the_game() -> None:
        try:
            with transaction.atomic():
                Game.objects.select_for_update().get(pk=game.pk)
                locked.set()
                release.wait(10)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold_the_game)
    holder.start()
    try:
        assert locked.wait(10)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '200ms'")
        response = phone(our_table()).post(
            url("hand_enter", game),
            {"thrown_in": "yes", "after": game.hands_played, "token": str(uuid.uuid4())},
        )
    finally:
        release.set()
        holder.join(10)
        with connection.cursor() as cursor:
            cursor.execute("RESET lock_timeout")
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert BUSY_MESSAGE in response.content.decode()
    assert not Hand.objects.filter(game=game).exists()
