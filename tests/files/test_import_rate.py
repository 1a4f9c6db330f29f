"""Imports cannot fill the disk or starve the scoring (issue 32; docs/decisions.md, D58):
one address imports at most BOWER_IMPORTS_PER_MINUTE games a minute (the next is
answered 429 with Retry-After and the wait beside the field, nothing read or stored),
and a table keeps at most BOWER_TABLE_MAX_HANDS hands (an import past it is refused
beside the field). The real server under a flood: tests/test_hostile_clients.py."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scorekeeper.files import views
from scorekeeper.models import Game, Hand, Player, PrivateTable, Seat
from scorekeeper.web import limits
from tests.documents import example
from tests.game_support import our_table

pytestmark = pytest.mark.django_db


def stored() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (PrivateTable, Game, Seat, Hand, Player))


@pytest.fixture
def two_a_minute(settings: Any) -> Iterator[None]:
    settings.BOWER_IMPORTS_PER_MINUTE = 2  # one every 30 s
    limits._rates.clear()  # a fresh count, as a process starts with
    yield
    limits._rates.clear()


def paste(client: Client, address: str = "127.0.0.1") -> Any:
    text = json.dumps(example())
    return client.post(reverse("game_import"), {"text": text, "copy": "on"}, REMOTE_ADDR=address)


@pytest.mark.usefixtures("two_a_minute")
def test_past_its_rate_an_address_is_told_to_wait_beside_the_paste_box(client: Client) -> None:
    our_table()
    assert paste(client).status_code == 302
    before = stored()
    refused = paste(client)
    assert refused.status_code == 429
    wait = int(refused["Retry-After"])
    assert 1 <= wait <= 30
    message = refused.context["form"].errors["text"][0]
    assert message.startswith("Bower takes one import every 30 seconds from one place (2 a minute)")
    assert f"try again in {wait} second" in message
    html = refused.content.decode()
    assert 'id="id_text_error"' in html
    assert "&quot;Dan&quot;" in html  # what was pasted is kept in the box for the next try
    assert stored() == before
    # Another phone, at another address, imports as usual meanwhile.
    assert paste(client, address="127.0.0.2").status_code == 302


@pytest.mark.usefixtures("two_a_minute")
def test_an_upload_past_the_rate_is_told_to_wait_beside_the_file_field(client: Client) -> None:
    our_table()
    paste(client)
    before = stored()
    upload = SimpleUploadedFile("game.json", json.dumps(example()).encode())
    refused = client.post(reverse("game_import"), {"file": upload, "copy": "on"})
    assert refused.status_code == 429
    assert "one import every 30 seconds" in refused.context["form"].errors["file"][0]
    assert stored() == before


def test_the_rate_spreads_imports_out_and_forgets_what_is_over() -> None:
    rate = limits.Rate(6)  # one every 10 s
    assert rate.wait("a", now=0) == 0
    assert rate.wait("a", now=3) == 7  # no burst: the next in 7 s
    assert rate.wait("b", now=3) == 0
    assert rate.wait("a", now=10) == 0
    assert rate.wait("a", now=100) == 0
    assert set(rate.seen) == {"a"}  # "b" forgotten: memory holds the last few seconds only
    assert limits.Rate(0).wait("a") == limits.Rate(0).wait("a") == 0  # no limit


def test_an_import_that_would_overfill_its_table_is_refused_beside_the_field(
    client: Client, settings: Any
) -> None:
    our_table()
    hands = len(example()["hands"])
    settings.BOWER_TABLE_MAX_HANDS = 2 * hands
    assert [paste(client).status_code, paste(client).status_code] == [302, 302]
    before = stored()
    refused = paste(client)
    assert refused.status_code == 422
    message = refused.context["form"].errors["text"][0]
    assert message.startswith(f"This table keeps at most {2 * hands:,} hands and has {2 * hands}")
    assert stored() == before


@pytest.mark.postgres
def test_the_operator_sees_each_tables_size_largest_first(client: Client, settings: Any) -> None:
    settings.BOWER_TABLE_MAX_HANDS = 100
    ours = our_table()
    empty = PrivateTable.objects.create(name="Club")
    paste(client)
    hands = len(example()["hands"])
    out = io.StringIO()
    call_command("tables", "--sizes", stdout=out)
    assert out.getvalue().splitlines() == [
        f"{ours.key_path}  {ours.name} (1 game, {hands} hands, {hands}% of 100)",
        f"{empty.key_path}  Club (0 games, 0 hands, 0% of 100)",
    ]


@pytest.fixture
def four_new_tables_an_hour(settings: Any) -> Iterator[None]:
    settings.BOWER_NEW_TABLES_PER_HOUR = 4  # one every 15 minutes
    limits._rates.clear()
    yield
    limits._rates.clear()


@pytest.mark.usefixtures("four_new_tables_an_hour")
def test_a_phone_with_no_table_makes_one_table_and_then_imports_into_it(client: Client) -> None:
    # Before, a client without the table cookie got a new table with each import, so
    # the hands a table keeps bounded nothing (16 imports made 15 tables).
    stranger = Client()
    # A document refused first (a newcomer's first try) does not use up the new table.
    bad = stranger.post(reverse("game_import"), {"text": "{}"}, REMOTE_ADDR="203.0.113.5")
    assert bad.status_code == 422
    assert paste(stranger, address="203.0.113.5").status_code == 302
    assert PrivateTable.objects.count() == 1
    assert paste(stranger, address="203.0.113.5").status_code == 302  # into its table
    assert PrivateTable.objects.count() == 1
    before = stored()
    refused = paste(Client(), address="203.0.113.5")  # no cookie: would be a new table
    assert refused.status_code == 429
    wait = int(refused["Retry-After"])
    assert 14 * 60 < wait <= 15 * 60
    message = refused.context["form"].errors["text"][0]
    assert message.startswith("This phone has no table yet, and an import from one place")
    assert "open your table's key link first, or try again in 15 minutes." in message
    assert stored() == before
    # Another address makes its own table meanwhile.
    assert paste(Client(), address="203.0.113.6").status_code == 302
    assert PrivateTable.objects.count() == 2


def test_while_a_game_is_being_stored_another_import_is_told_to_try_again(
    client: Client,
) -> None:
    """One import is stored at a time a process, so its other thread stays free for
    the tables' polls and saves (docs/decisions.md, D72): a second one meanwhile gets
    503 with Retry-After and a message beside the box, and stores nothing."""
    our_table()
    before = stored()
    views._storing.acquire()
    try:
        refused = paste(client)
    finally:
        views._storing.release()
    assert refused.status_code == 503
    assert refused["Retry-After"] == "5"
    message = refused.context["form"].errors["text"][0]
    assert message == "Bower is storing another game just now: try again in a few seconds."
    assert stored() == before
    assert paste(client).status_code == 302  # and the next one, once it is stored, is taken
