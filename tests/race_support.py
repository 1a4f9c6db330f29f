"""Requests that arrive at the same moment, each on its own database connection.

A race needs a database that more than one connection can write: the test database
is one (on SQLite a file, WAL, IMMEDIATE transactions, as `make run` has it;
scorekeeper/settings_test.py). The racing tests are marked
``django_db(transaction=True)``: committed, and flushed after.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.test import Client

from scorekeeper.models import PrivateTable
from tests.game_support import our_table


@dataclass
class Outcome:
    """One racing request: its answer, or the error a view raised (a 500)."""

    status: int | None = None
    location: str = ""
    error: BaseException | None = None
    seconds: float = 0.0
    # The phone that sent it, with the cookies the answer set.
    client: Client | None = None


def phone(private_table: PrivateTable) -> Client:
    """A phone that has opened ``table``'s key link, as its players do: scanned
    or typed, so the browser says it was opened directly and it joins at once."""
    client = Client()
    assert client.get(private_table.key_path, headers={"Sec-Fetch-Site": "none"}).status_code in (
        200,
        302,
    )
    return client


def at_once(
    count: int, request: Callable[[int, Client], Any], *, joined: bool = True
) -> list[Outcome]:
    """Run ``request(i, client)`` in ``count`` threads released together; each
    thread has its own client (a phone that joined the tests' own table, or
    with ``joined=False`` a phone with no table yet) and database connection."""
    private_table = (
        our_table() if joined else None
    )  # made once, before the threads: they only join it
    barrier = threading.Barrier(count)
    outcomes = [Outcome() for _ in range(count)]

    def run(i: int) -> None:
        try:
            client = phone(private_table) if private_table is not None else Client()
            outcomes[i].client = client
            barrier.wait()
            started = time.perf_counter()
            response = request(i, client)
            outcomes[i].seconds = time.perf_counter() - started
            outcomes[i].status = response.status_code
            outcomes[i].location = response.get("Location", "") or response.get("HX-Location", "")
        except BaseException as error:  # a view's exception is the 500 we look for
            outcomes[i].error = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return outcomes


def statuses(outcomes: list[Outcome]) -> list[int | str]:
    """Each request's status, or the error it raised (for an assertion's message)."""
    return [o.status if o.error is None else repr(o.error) for o in outcomes]
