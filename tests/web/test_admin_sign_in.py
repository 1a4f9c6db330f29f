"""The admin's sign-in has a brake (docs/decisions.md, D23): five wrong passwords in a row
for one name from one address pause that name there for 15 minutes, right password
or not; other names and other addresses sign in as usual. django-axes counts them in
the database, so every app process sees the same count (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.db.models import F
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db

SIGN_IN = "/admin/login/?next=/admin/"
PASSWORD = "pw-long-enough-1"
HOME = "192.0.2.10"  # the operator's connection
ELSEWHERE = "192.0.2.77"


@pytest.fixture
def operator(django_user_model: Any) -> Any:
    return django_user_model.objects.create_superuser("op", "op@example.com", PASSWORD)


def sign_in(
    client: Client, password: str, username: str = "op", address: str = HOME, **headers: str
) -> Any:
    return client.post(
        SIGN_IN, {"username": username, "password": password}, REMOTE_ADDR=address, **headers
    )


def signed_in(response: Any) -> bool:
    return response.status_code == 302 and response["Location"] == "/admin/"


def is_refused_as_wrong(response: Any) -> bool:
    return response.status_code == 200 and "Please enter the correct" in response.content.decode()


def is_paused(response: Any) -> bool:
    return response.status_code == 429 and "Sign-in paused" in response.content.decode()


def test_four_wrong_passwords_are_answered_as_wrong_and_the_right_one_still_signs_in(
    stranger: Client, operator: Any
) -> None:
    for _ in range(4):
        assert is_refused_as_wrong(sign_in(stranger, "wrong"))
    assert signed_in(sign_in(stranger, PASSWORD))


def test_the_fifth_wrong_password_pauses_the_sign_in_even_for_the_right_password(
    stranger: Client, operator: Any
) -> None:
    for _ in range(4):
        assert is_refused_as_wrong(sign_in(stranger, "wrong"))
    paused = sign_in(stranger, "wrong")
    assert is_paused(paused)
    page = paused.content.decode()
    assert "5 in a row for this name from this address" in page
    assert "paused for 15 minutes, even with the right password" in page
    assert paused["Retry-After"] == str(15 * 60)

    right = sign_in(stranger, PASSWORD)
    assert is_paused(right)
    assert stranger.get("/admin/").status_code == 302  # still not signed in


@pytest.mark.postgres
def test_thirty_wrong_passwords_in_a_row_are_not_all_answered_alike(
    stranger: Client, operator: Any
) -> None:
    statuses = [sign_in(stranger, f"guess-{n}").status_code for n in range(30)]
    assert statuses == [200] * 4 + [429] * 26


@pytest.mark.postgres
def test_after_the_cool_off_the_right_password_signs_in(stranger: Client, operator: Any) -> None:
    for _ in range(5):
        sign_in(stranger, "wrong")
    assert is_paused(sign_in(stranger, PASSWORD))
    # Sixteen minutes later.
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=16))
    assert signed_in(sign_in(stranger, PASSWORD))


@pytest.mark.postgres
def test_a_right_password_before_the_limit_starts_the_count_afresh(
    stranger: Client, operator: Any
) -> None:
    for _ in range(4):
        sign_in(stranger, "wrong")
    assert signed_in(sign_in(stranger, PASSWORD))
    stranger.post("/admin/logout/")
    for _ in range(4):
        assert is_refused_as_wrong(sign_in(stranger, "wrong"))
    assert signed_in(sign_in(stranger, PASSWORD))


def test_a_paused_name_still_signs_in_from_another_address(stranger: Client, operator: Any) -> None:
    for _ in range(5):
        sign_in(stranger, "wrong")
    assert signed_in(sign_in(Client(), PASSWORD, address=ELSEWHERE))


def test_another_name_still_signs_in_from_the_paused_address(
    stranger: Client, operator: Any, django_user_model: Any
) -> None:
    django_user_model.objects.create_superuser("second", "second@example.com", PASSWORD)
    for _ in range(5):
        sign_in(stranger, "wrong")
    assert signed_in(sign_in(Client(), PASSWORD, username="second"))


def test_without_a_proxy_a_forged_forwarded_address_does_not_dodge_the_brake(
    stranger: Client, operator: Any
) -> None:
    for n in range(5):
        sign_in(stranger, "wrong", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")
    assert is_paused(sign_in(stranger, PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.99"))


@override_settings(BOWER_PROXY_COUNT=1)
def test_behind_a_proxy_each_client_is_told_apart_by_the_proxys_forwarded_address(
    stranger: Client, operator: Any
) -> None:
    proxy = "10.0.0.2"
    # The client may write its own X-Forwarded-For; the proxy adds the address it saw.
    guesser = {"HTTP_X_FORWARDED_FOR": "198.51.100.1, 203.0.113.5"}
    for _ in range(5):
        sign_in(stranger, "wrong", address=proxy, **guesser)
    assert is_paused(sign_in(stranger, PASSWORD, address=proxy, **guesser))
    operator_behind_proxy = {"HTTP_X_FORWARDED_FOR": "203.0.113.6"}
    assert signed_in(sign_in(Client(), PASSWORD, address=proxy, **operator_behind_proxy))
    assert AccessAttempt.objects.get().ip_address == "203.0.113.5"


@override_settings(BOWER_PROXY_COUNT=1)
@pytest.mark.postgres
def test_behind_a_proxy_a_forwarded_address_that_is_not_one_counts_as_the_proxy(
    stranger: Client, operator: Any
) -> None:
    sign_in(stranger, "wrong", address="10.0.0.2", HTTP_X_FORWARDED_FOR="not-an-address")
    assert AccessAttempt.objects.get().ip_address == "10.0.0.2"
