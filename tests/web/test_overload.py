"""An overloaded server answers its polls 503 at once, and keeps serving the
taps of a hand (scorekeeper/web/middleware.py, OverloadMiddleware)."""

from __future__ import annotations

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory

from scorekeeper.web.middleware import POLL_RETRY_AFTER_SECONDS, OverloadMiddleware

POLLS = ["/games/7/state/", "/w/some-token/state/", "/nights/3/state/", "/nights/watch/x/state/"]


class Server:
    """One process's middleware, its requests answered by ``answer``; a
    request it lets through may start others meanwhile (``during``), as the
    threads of one process do."""

    def __init__(self, limit: int) -> None:
        self.reached: list[str] = []
        self.during: list[HttpRequest] = []
        self.answers_during: list[HttpResponse] = []
        self.middleware = OverloadMiddleware(self.answer)
        self.middleware.limit = limit

    def answer(self, request: HttpRequest) -> HttpResponse:
        self.reached.append(request.path)
        while self.during:
            self.answers_during.append(self.middleware(self.during.pop(0)))
        return HttpResponse(status=204 if request.path.endswith("/state/") else 200)


@pytest.fixture
def requests() -> RequestFactory:
    return RequestFactory()


@pytest.mark.parametrize("poll", POLLS)
def test_a_poll_while_the_process_has_its_limit_in_hand_is_answered_503_with_retry_after(
    requests: RequestFactory, poll: str
) -> None:
    server = Server(limit=1)
    server.during = [requests.get(poll)]  # arrives while the hand is in hand
    server.middleware(requests.post("/games/7/hand/finish/"))
    [shed] = server.answers_during
    assert shed.status_code == 503
    assert shed["Retry-After"] == str(POLL_RETRY_AFTER_SECONDS)
    assert shed.content == b""
    assert server.reached == ["/games/7/hand/finish/"]  # nothing behind it ran for the poll


def test_taps_of_a_hand_are_served_however_busy_the_process_is(requests: RequestFactory) -> None:
    server = Server(limit=1)
    server.during = [
        requests.post("/games/7/hand/finish/"),
        requests.get("/games/7/"),
        requests.post("/games/7/hand/start/"),
    ]
    server.middleware(requests.get("/games/8/"))
    assert [r.status_code for r in server.answers_during] == [200, 200, 200]
    assert server.reached == [
        "/games/8/",
        "/games/7/hand/finish/",
        "/games/7/",
        "/games/7/hand/start/",
    ]


def test_polls_are_answered_again_once_the_process_is_no_longer_busy(
    requests: RequestFactory,
) -> None:
    server = Server(limit=1)
    server.during = [requests.get("/games/7/state/")]
    server.middleware(requests.post("/games/7/hand/finish/"))
    assert server.answers_during[0].status_code == 503
    # The hand answered: nothing in hand, the next poll is served.
    assert server.middleware(requests.get("/games/7/state/")).status_code == 204
    assert server.middleware.in_hand == 0


def test_a_request_that_fails_is_no_longer_counted_in_hand(requests: RequestFactory) -> None:
    def fails(request: HttpRequest) -> HttpResponse:
        raise RuntimeError("a view's bug")

    middleware = OverloadMiddleware(fails)
    middleware.limit = 1
    with pytest.raises(RuntimeError):
        middleware(requests.get("/games/7/"))
    assert middleware.in_hand == 0


def test_with_no_limit_polls_are_never_put_off(requests: RequestFactory) -> None:
    server = Server(limit=0)
    server.during = [requests.get("/games/7/state/") for _ in range(50)]
    server.middleware(requests.post("/games/7/hand/finish/"))
    assert {r.status_code for r in server.answers_during} == {204}


def test_the_app_puts_off_polls_before_any_other_middleware() -> None:
    from django.conf import settings

    assert settings.MIDDLEWARE[0] == "scorekeeper.web.middleware.OverloadMiddleware"
    assert settings.BOWER_SHED_POLLS_AT > 0
