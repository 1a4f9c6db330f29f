"""A busy database answers 503 "try again in a moment", never a 500
(scorekeeper/web/middleware.py)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory, override_settings
from django.urls import path, reverse
from playwright.sync_api import Page, Route, expect

from scorekeeper.web.middleware import BUSY_MESSAGE, busy_response, database_is_busy
from tests.conftest import BrowserProblems
from tests.game_support import HTMX, start_game


class LockNotAvailable(Exception):
    """Stands in for psycopg's error, which carries PostgreSQL's SQLSTATE code."""

    sqlstate = "55P03"


def locked(request: HttpRequest) -> HttpResponse:
    raise OperationalError("database is locked")


def locked_on_postgresql(request: HttpRequest) -> HttpResponse:
    raise OperationalError("canceling statement") from LockNotAvailable()


def broken_schema(request: HttpRequest) -> HttpResponse:
    raise OperationalError("no such table: scorekeeper_game")


class LockedBeforeTheView:
    """A middleware whose own query meets a lock (as a session save could)."""

    def __init__(self, get_response: object) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        raise OperationalError("database is locked")


class BrokenBeforeTheView(LockedBeforeTheView):
    def __call__(self, request: HttpRequest) -> HttpResponse:
        raise OperationalError("no such table: django_session")


urlpatterns = [
    path("locked/", locked),
    path("locked-pg/", locked_on_postgresql),
    path("broken/", broken_schema),
]

pytestmark = pytest.mark.urls(__name__)


@pytest.mark.parametrize("address", ["/locked/", "/locked-pg/"])
def test_a_busy_database_answers_503_with_retry_after_and_a_page(address: str) -> None:
    response = Client().get(address)
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert "HX-Request" in response["Vary"]  # the page, or for htmx the message alone
    page = response.content.decode()
    assert page.startswith("<!doctype html>")
    assert BUSY_MESSAGE in page


def test_a_busy_form_answer_never_reloads_itself() -> None:
    """A page asked for with GET loads itself again; a form is sent again only by a tap
    (moved from the overload tests, issue 44)."""
    form = RequestFactory().post("/games/4/hand/enter/", {"tricks": "3"})
    answer = busy_response(form)
    assert answer.status_code == 503
    assert BUSY_MESSAGE in answer.text
    assert "refresh" not in answer.text
    assert "refresh" in busy_response(RequestFactory().get("/games/4/")).text


def test_a_busy_database_answers_an_htmx_tap_with_the_message_alone() -> None:
    response = Client().post("/locked/", **HTMX)
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert response.content.decode().strip() == (
        f'<p class="message message-error" role="alert">{BUSY_MESSAGE}</p>'
    )


def test_any_other_database_error_is_not_called_busy() -> None:
    with pytest.raises(OperationalError, match="no such table"):
        Client().get("/broken/")


@pytest.mark.parametrize(
    "message",
    [
        "database is locked",
        "database table is locked: scorekeeper_game",
        'could not obtain lock on row in relation "scorekeeper_game"',
        "canceling statement due to lock timeout",
        "could not serialize access due to concurrent update",
        "deadlock detected",
    ],
)
def test_each_way_a_database_says_busy_is_recognised(message: str) -> None:
    assert database_is_busy(OperationalError(message))


@pytest.mark.parametrize(
    "error",
    [
        OperationalError("unable to open database file"),
        OperationalError("disk I/O error"),
        RuntimeError("database is locked"),  # not from the database
    ],
)
def test_other_errors_are_not_busy(error: Exception) -> None:
    assert not database_is_busy(error)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@override_settings(ROOT_URLCONF="scorekeeper.urls")
def test_the_phone_shows_the_busy_message_when_the_server_answers_503(
    page: Page, browser_problems: BrowserProblems
) -> None:
    for expected in ("Response Status Error Code 503", "the server responded with a status of 503"):
        browser_problems.allow(expected)
    game = start_game(players=("Ann", "Ben", "Cat", "Dan"))
    busy = busy_response(RequestFactory().post("/", **HTMX))

    def answer_busy(route: Route) -> None:
        route.fulfill(status=503, headers={"Retry-After": "2"}, body=busy.content)

    page.goto(reverse("game_table", args=[game.pk]))
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 1")
    page.route("**/hand/dealer/", answer_busy)
    page.get_by_role("link", name="Someone else dealt?").tap()
    # Its own words, not "Bower could not do that (error 503)".
    expect(page.locator("#messages")).to_have_text(BUSY_MESSAGE)
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 1")

    # A misdeal put off waits on the phone (D56) and goes again 2 s later.
    page.route("**/hand/enter/*", answer_busy)
    page.get_by_role("button", name="Misdeal: no score").tap()
    expect(page.locator("#messages")).to_have_text(
        "Bower is busy: hand 1 kept on this phone, and sent in a moment."
    )
    page.unroute("**/hand/enter/*")
    expect(page.locator("#messages")).to_have_text("1 hand sent to Bower and recorded.")
    assert game.hands.count() == 1


@override_settings(
    ROOT_URLCONF="scorekeeper.urls",
    MIDDLEWARE=[*settings.MIDDLEWARE, f"{__name__}.LockedBeforeTheView"],
)
def test_a_busy_database_outside_any_view_answers_503_too() -> None:
    response = Client(raise_request_exception=False).get("/referee/")
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert BUSY_MESSAGE in response.content.decode()


@override_settings(
    ROOT_URLCONF="scorekeeper.urls",
    MIDDLEWARE=[*settings.MIDDLEWARE, f"{__name__}.BrokenBeforeTheView"],
)
def test_another_error_outside_any_view_gets_the_plain_500_page() -> None:
    response = Client(raise_request_exception=False).get("/referee/")
    assert response.status_code == 500
    assert "Traceback" not in response.content.decode()
