"""Slow connections do not freeze the scoring (docs/decisions.md, D18): the real server,
started as `HOST=0.0.0.0 make run` and as `make serve` start it, still answers an
ordinary request within 2 s while 50 connections trickle their headers, 50 trickle
a form's body and 50 read a large answer a byte a second (tests/slow_clients.py).

The rest of the room keeps polling meanwhile (a cheap request every 0.25 s), as the
phones at the other tables do. The old set-up (two synchronous workers) answered
nothing: its workers were held. Slow: `make floods` runs it, not `make test`.

Bounded: 150 connections to 127.0.0.1, each request waits at most 5 s, and the
server is stopped at the end whatever happens."""

from __future__ import annotations

from pathlib import Path

from tests.serve_support import (
    floods,
    lan_environment,
    needs_the_server,
    production_environment,
    started,
)
from tests.slow_clients import KINDS, measure

# What a phone at the table would still call answered; the old set-up (two
# synchronous workers) answered nothing within 30 s.
WITHIN_SECONDS = 2.0
# Seconds between the rest of the room's requests: 4 phones at each of a few tables.
ROOM_EVERY = 0.25

pytestmark = [needs_the_server, floods]


def assert_answered_despite_slow_clients(port: int) -> None:
    measured = measure(port, per_kind=50, settle=2.0, probes=2, timeout=5.0, room_every=ROOM_EVERY)
    assert list(measured.slowest) == list(KINDS), measured.report()
    for name in KINDS:
        assert measured.tallies[name].opened == 50, measured.report()
        assert measured.statuses[name] == [200, 200], measured.report()
        assert measured.slowest[name] < WITHIN_SECONDS, measured.report()
    # The readers did get their answer started: they were holding a real reply.
    assert measured.tallies["slow reader"].answered > 0, measured.report()


def test_the_server_for_phones_answers_within_two_seconds_despite_150_slow_connections(
    tmp_path: Path,
) -> None:
    with started("run", lan_environment(tmp_path), tmp_path / "server.log") as port:
        assert_answered_despite_slow_clients(port)


def test_the_production_server_answers_within_two_seconds_despite_150_slow_connections(
    tmp_path: Path,
) -> None:
    log = tmp_path / "server.log"
    with started("serve", production_environment(tmp_path), log) as port:
        assert_answered_despite_slow_clients(port)
    # The access log is kept, as gunicorn kept it (docs/hosting.md: "Production").
    assert '"GET / HTTP/1.1" 200' in log.read_text()
