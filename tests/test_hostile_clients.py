"""One client cannot freeze or starve the other tables (issue 32; docs/decisions.md,
D58): the real server, started as `HOST=0.0.0.0 make run` and as `make serve` start
it, answers the other tables' polls, pages and saves (a new game started), hardly any of
them "busy", while one address trickles 150 forms' bodies a byte a second,
and then while it pastes and uploads a 1,000-hand game on 24 connections at once, from
one address and then from 24.

The hostile client is 127.0.0.1, the other tables 127.0.0.2 (an address of the
loopback of their own, as another phone on the Wi-Fi has); only 127.0.0.1 is asked.
Before, the trickling bodies put every poll off (503) and then held every thread
(nothing answered in 10 s), and the imports put every other table's poll, page and
save off. Bounded: each phase is a few seconds, each request waits at most 10 s, and
the server is stopped at the end whatever happens. The figures at 60, 150 and 300
connections: `python -m tests.hostile_clients` (docs/decisions.md, D58)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.hostile_clients import Measured, measure, the_others
from tests.serve_support import (
    lan_environment,
    needs_the_server,
    production_environment,
    started,
)

# Answered, not timed: a phone gives up on a request at 10 s, and before, nothing
# was answered by then. How fast (within 2 s at 60, 150 and 300 connections, D58) is
# measured by `python -m tests.hostile_clients`, never asserted: a test machine busy
# with other tests is slower than a club's server.
ANSWERED_WITHIN = 9.5
KINDS = ("poll", "page", "save")
# What each kind is answered when served: a poll of a watch link nobody has is a 404.
SERVED = {"poll": {404}, "page": {200}, "save": {302}}

pytestmark = [needs_the_server, pytest.mark.under_load]


def assert_the_others_were_served(measured: Measured) -> None:
    """Every request answered while the phone still waits; polls and pages served,
    half at most put off ("busy", 503 with Retry-After, after a second's wait for a
    turn, as on any overloaded process, D56), and saves answered (one put off waits in
    the phone's outbox and is sent again), on a machine busy with other tests too.
    Before, every poll (and most saves) were put off, or nothing was answered at all."""
    for kind in KINDS:
        statuses = measured.statuses(kind)
        assert statuses, measured.report()
        assert measured.slowest(kind) < ANSWERED_WITHIN, measured.report()
        assert set(statuses) <= SERVED[kind] | {503}, measured.report()
        if kind == "save":
            # A form waits a turn behind the flood's forms (D56): on a CI machine busy
            # with other tests, 2 of 5 and once 2 of 2 were put off, the slowest after
            # 8.1 s. Answered is what is asserted; a save put off is sent again.
            continue
        # Half at most, and one of however few a slow machine got to ask (3 pages once).
        # Before, every poll was put off.
        assert statuses[503] <= max(1, statuses.total() // 2), measured.report()


def assert_one_client_cannot_freeze_or_starve_the_others(port: int) -> None:
    for _ in range(3):  # every process has drawn each screen once, as on a server up a while
        the_others(port, 30)
    trickled = measure(port, trickling=150, settle=2.0, seconds=3.0)
    assert trickled.tally.opened == 150, trickled.report()
    assert_the_others_were_served(trickled)
    flooded = measure(port, pasting=8, uploading=16, settle=1.5, seconds=3.0)
    assert_the_others_were_served(flooded)
    # The flood was held to its rate, one import every 10 s a process: not stored again
    # and again, the rest told to wait (429), or put off behind every other request
    # (503: on a slow machine busy with other tests, every import after the first two
    # waited its second for a turn before the rate was asked, one CI run).
    assert flooded.hostile[302] <= 2 * 2, flooded.report()
    assert flooded.hostile[429] + flooded.hostile[503] > 0, flooded.report()
    # From 24 addresses, each within its own rate, the imports that run are stored in
    # pieces (D70): the other tables' saves are answered meanwhile. The times are
    # printed, never asserted (python -m tests.hostile_clients serve flood 24).
    many = measure(port, pasting=8, uploading=16, settle=1.5, seconds=3.0, addresses=24)
    print(many.report())
    assert_the_others_were_served(many)


def test_the_server_for_phones_keeps_serving_the_other_tables(tmp_path: Path) -> None:
    with started("run", lan_environment(tmp_path), tmp_path / "server.log") as port:
        assert_one_client_cannot_freeze_or_starve_the_others(port)


def test_the_production_server_keeps_serving_the_other_tables(tmp_path: Path) -> None:
    with started("serve", production_environment(tmp_path), tmp_path / "server.log") as port:
        assert_one_client_cannot_freeze_or_starve_the_others(port)


@pytest.mark.postgres_only
@pytest.mark.django_db  # so that the PostgreSQL pass of make test keeps it
def test_on_postgresql_the_production_server_keeps_serving_the_other_tables(
    tmp_path: Path,
) -> None:
    environ = production_environment(tmp_path) | {"DATABASE_URL": os.environ["DATABASE_URL"]}
    with started("serve", environ, tmp_path / "server.log") as port:
        assert_one_client_cannot_freeze_or_starve_the_others(port)
