"""Phones naming seasons at the same moment (docs/formats.md, "Seasons"): one
form sent many times names one season; overlapping seasons sent at once from
different forms store one. Each request answered, none a server error, on
SQLite and on PostgreSQL."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Season
from tests.race_support import at_once, statuses

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def test_ten_taps_of_one_season_form_name_one_season() -> None:
    form = {
        "token": str(uuid.uuid4()),
        "name": "Autumn",
        "starts": "2026-09-01",
        "ends": "2026-12-20",
    }
    outcomes = at_once(10, lambda i, client: client.post(reverse("season_list"), form))
    season = Season.objects.get()
    assert statuses(outcomes) == [302] * 10
    assert {o.location for o in outcomes} == {reverse("season_detail", args=[season.pk])}


def test_overlapping_seasons_sent_at_once_store_one() -> None:
    def name(i: int, client: Client) -> Any:
        form = {
            "token": str(uuid.uuid4()),
            "name": f"Season {i}",
            "starts": f"2026-09-{i + 1:02}",
            "ends": "2026-12-20",
        }
        return client.post(reverse("season_list"), form)

    outcomes = at_once(6, name)
    assert sorted(statuses(outcomes), key=str) == [302] + [422] * 5
    assert Season.objects.count() == 1
