"""Hostile clients cannot freeze or starve the other tables (docs/decisions.md, D72):
the real server, started as `HOST=0.0.0.0 make run` and as `make serve` start it,
answers the other tables' polls, pages and saves (a new game started) in time while
40 addresses each trickle 16 forms' bodies a byte a second beside 300 idle
connections, and then while one address pastes and uploads a 1,000-hand game on 24
connections at once.

The hostile addresses are 127.0.1.1 to 127.0.1.40, the importer 127.0.0.1, the other
tables 127.0.0.2 (addresses of the loopback of their own, as the phones on a hall's
Wi-Fi have). Before, a body still arriving held a thread: 16 bodies from each of 8
addresses held every table's polls and saves 11.4-11.7 s, and from 38 addresses a poll
timed out at 30 s. Bounded: each phase is a few seconds, each request waits at most
10 s, and the server is stopped at the end whatever happens. Slow: `make floods` runs
it, not `make test`. The figures: `python -m tests.hostile_clients`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.hostile_clients import Measured, measure, the_others
from tests.serve_support import (
    floods,
    lan_environment,
    needs_the_server,
    production_environment,
    started,
)

# Before, the others waited 11.4 s and more. Within 2 s is the aim, measured by
# `python -m tests.hostile_clients` (0.5-0.8 s on this 2-core machine at a load of
# 30-40, D72); the test allows what a machine busy with other work adds (a save once
# took 2.3 s there), never what a held thread took.
ANSWERED_WITHIN = 5.0
KINDS = ("poll", "page", "save")
# What each kind is answered when served: a poll of a watch link nobody has is a 404.
SERVED = {"poll": {404}, "page": {200}, "save": {302}}

pytestmark = [needs_the_server, floods]


def assert_the_others_were_served(measured: Measured) -> None:
    """Every request of the other tables answered as served, none "busy", in time."""
    for kind in KINDS:
        statuses = measured.statuses(kind)
        assert statuses, measured.report()
        assert set(statuses) == SERVED[kind], measured.report()
        assert measured.slowest(kind) < ANSWERED_WITHIN, measured.report()


def assert_hostile_clients_cannot_freeze_or_starve_the_others(port: int) -> None:
    for _ in range(3):  # every process has drawn each screen once, as on a server up a while
        the_others(port, 30)
    trickled = measure(port, addresses=40, trickling=16, idling=300, settle=3.0, seconds=4.0)
    assert trickled.tally.opened == 40 * 16 + 300, trickled.report()
    assert_the_others_were_served(trickled)
    flooded = measure(port, pasting=8, uploading=16, settle=1.5, seconds=3.0)
    assert_the_others_were_served(flooded)
    # The flood was held to its rate, one import every 10 s an address a process: not
    # stored again and again, the rest told to wait (429).
    assert flooded.hostile[302] <= 2 * 2, flooded.report()
    assert flooded.hostile[429] > 0, flooded.report()
    # From 24 addresses, each within its own rate, the imports that run are stored in
    # pieces (D71): the other tables' saves are answered meanwhile.
    many = measure(port, pasting=8, uploading=16, settle=1.5, seconds=3.0, importing_from=24)
    assert_the_others_were_served(many)


def test_the_server_for_phones_keeps_serving_the_other_tables(tmp_path: Path) -> None:
    with started("run", lan_environment(tmp_path), tmp_path / "server.log") as port:
        assert_hostile_clients_cannot_freeze_or_starve_the_others(port)


def test_the_production_server_keeps_serving_the_other_tables(tmp_path: Path) -> None:
    with started("serve", production_environment(tmp_path), tmp_path / "server.log") as port:
        assert_hostile_clients_cannot_freeze_or_starve_the_others(port)


@pytest.mark.postgres_only
def test_on_postgresql_the_production_server_keeps_serving_the_other_tables(
    tmp_path: Path,
) -> None:
    environ = production_environment(tmp_path) | {"DATABASE_URL": os.environ["DATABASE_URL"]}
    with started("serve", environ, tmp_path / "server.log") as port:
        assert_hostile_clients_cannot_freeze_or_starve_the_others(port)
