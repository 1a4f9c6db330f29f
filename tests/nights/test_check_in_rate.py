"""Check-in cannot be flooded (issue 43; docs/decisions.md, D71): one address checks in
at most BOWER_CHECK_INS_PER_MINUTE players a minute and a night at most
BOWER_NIGHT_CHECK_INS_PER_MINUTE from everywhere, spread out; one sooner is answered
429 with Retry-After and the wait above the form, and stores nothing. Before, one
address checked 193 invented players into a night in 12 s, up to its 200 seats, and
the real walk-in was turned away. On SQLite and PostgreSQL."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import EuchreNight, NightPlayer
from scorekeeper.web import limits
from tests.nights.test_night_check_in import check_in_night

pytestmark = pytest.mark.django_db


class Clock:
    """The rates' clock, standing still until moved on: the test's requests all come at
    one moment, however slow the machine."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[Clock]:
    stopped = Clock()
    monkeypatch.setattr(limits, "time", stopped)
    limits._rates.clear()  # counted afresh, as a process starts
    yield stopped
    limits._rates.clear()


@pytest.fixture
def as_served(settings: Any, clock: Clock) -> Clock:
    """The rates a server has (settings.py)."""
    settings.BOWER_CHECK_INS_PER_MINUTE = 6
    settings.BOWER_NIGHT_CHECK_INS_PER_MINUTE = 60
    return clock


def check_in(night: EuchreNight, name: str, address: str) -> Any:
    url = reverse("night_check_in", args=[night.check_in_link])
    return Client().post(url, {"name": name}, REMOTE_ADDR=address)


def test_a_flood_of_invented_players_from_one_address_is_stopped_and_the_walk_in_gets_in(
    as_served: Clock,
) -> None:
    night = check_in_night()
    before = NightPlayer.objects.count()
    answers = Counter(
        check_in(night, f"Invented {n}", "203.0.113.9").status_code for n in range(50)
    )
    assert answers == {302: 1, 429: 49}
    assert NightPlayer.objects.count() == before + 1
    refused = check_in(night, "Invented 51", "203.0.113.9")
    assert 1 <= int(refused["Retry-After"]) <= 10
    page = refused.content.decode()
    assert "Many check-ins at once from here: try again in" in page
    assert 'value="Invented 51"' in page  # the name typed is kept for the next try
    # The real walk-in, at another address a little later, gets in.
    as_served.now += 60
    night.refresh_from_db()
    walk_in = check_in(night, "Walk In", "198.51.100.7")
    assert walk_in.status_code == 302
    assert night.entrants.filter(player__name="Walk In").exists()


@pytest.mark.usefixtures("clock")
def test_players_on_the_list_check_in_from_one_address_without_waiting(
    as_served: Clock,
) -> None:
    """A hall's phones may all reach Bower from one address: only a new name is held
    to the rate, never a player the night already lists."""
    listed = tuple(f"Player {n}" for n in range(12))
    night = check_in_night(players=listed)
    answers = Counter(check_in(night, name, "203.0.113.9").status_code for name in listed)
    assert answers == {302: 12}
    assert night.entrants.filter(checked_in_at__isnull=False).count() == 12


def test_a_night_checks_in_at_most_its_rate_from_every_address(settings: Any) -> None:
    settings.BOWER_NIGHT_CHECK_INS_PER_MINUTE = 2  # one every 30 s
    night = check_in_night()
    addresses = [f"198.51.100.{n}" for n in range(1, 6)]
    statuses = [
        check_in(night, f"P{n}", address).status_code for n, address in enumerate(addresses)
    ]
    assert statuses == [302, 429, 429, 429, 429]
    # Another night is not held up by this one's rate.
    other = check_in_night()
    assert check_in(other, "Ann", addresses[1]).status_code == 302


def test_the_rate_gives_back_what_another_refused() -> None:
    rate = limits.Rate(6)
    assert rate.wait("a", now=0) == 0
    rate.give_back("a")
    assert rate.wait("a", now=1) == 0
