"""``/healthz``: a load balancer's health check, and `make load`'s ceiling."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext


@pytest.mark.django_db
def test_the_health_check_answers_ok_without_asking_the_database(stranger: Client) -> None:
    with CaptureQueriesContext(connection) as queries:
        response = stranger.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok\n"
    assert "no-cache" in response["Cache-Control"]
    assert len(queries) == 0


@pytest.mark.django_db
def test_the_health_check_changes_nothing_so_takes_no_post(stranger: Client) -> None:
    assert stranger.post("/healthz").status_code == 405
