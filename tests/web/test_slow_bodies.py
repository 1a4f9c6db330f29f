"""A form whose body is still arriving counts for nothing (issue 32; docs/decisions.md,
D58): it is not in hand, so polls are not put off for it; a body that does not
arrive within BOWER_BODY_WAIT_MS is answered 408 without reaching the app; and one
address sending many bodies at once is held to BOWER_BODIES_PER_ADDRESS of them,
the others' forms going through. The real server: tests/test_hostile_clients.py."""

from __future__ import annotations

import io
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.core.handlers.wsgi import LimitedStream
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory

from scorekeeper.web.arrivals import TOO_MANY, TOO_SLOW
from scorekeeper.web.middleware import OverloadMiddleware
from tests.web.test_overload import WAIT, SlowBody

FORM = "application/x-www-form-urlencoded"


def slow_form(
    requests: RequestFactory, path: str = "/games/1/hand/finish/", address: str = "127.0.0.1"
) -> tuple[HttpRequest, SlowBody, threading.Event]:
    """A form whose body arrives only once the event returned is set."""
    sent = threading.Event()
    request = requests.post(path, "tricks=3", content_type=FORM, REMOTE_ADDR=address)
    body = SlowBody(b"tricks=3", sent)
    request.META["wsgi.input"] = LimitedStream(body, len(b"tricks=3"))  # type: ignore[arg-type]
    request._stream = request.META["wsgi.input"]
    return request, body, sent


def in_thread(middleware: OverloadMiddleware, request: HttpRequest) -> Callable[[], HttpResponse]:
    answers: list[HttpResponse] = []
    thread = threading.Thread(target=lambda: answers.append(middleware(request)), daemon=True)
    thread.start()

    def answer() -> HttpResponse:
        thread.join(WAIT)
        assert not thread.is_alive()
        return answers[0]

    return answer


@pytest.fixture
def requests() -> RequestFactory:
    return RequestFactory()


def test_forms_still_arriving_do_not_put_the_polls_off(requests: RequestFactory) -> None:
    reached: list[str] = []

    def app(request: HttpRequest) -> HttpResponse:
        reached.append(request.path)
        return HttpResponse(request.body if request.method == "POST" else b"")

    middleware = OverloadMiddleware(app)
    middleware.limit = 2
    arriving = [slow_form(requests, f"/games/{n}/hand/finish/") for n in range(3)]
    answers = [in_thread(middleware, request) for request, _, _ in arriving]
    for _, body, _ in arriving:
        assert body.reading.wait(WAIT)  # the server waits for the rest of each form
    poll = middleware(requests.get("/games/9/state/"))
    assert poll.status_code == 200  # not 503: nothing is in hand yet
    assert middleware.in_progress == 0
    for _, _, sent in arriving:
        sent.set()
    assert [answer().content for answer in answers] == [b"tricks=3"] * 3
    assert middleware.in_progress == 0


class Trickle(io.RawIOBase):
    """A form's body that comes a byte every 20 ms and never ends, as a hostile
    client sends it; ``stop`` ends it (the client gives up)."""

    def __init__(self) -> None:
        self.stop = threading.Event()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.stop.wait(0.02):
            return 0
        buffer[0:1] = b"a"
        return 1


def test_a_body_still_trickling_at_its_deadline_is_answered_408_and_never_reaches_the_app(
    requests: RequestFactory, settings: Any
) -> None:
    settings.BOWER_BODY_WAIT_MS = 300
    reached: list[str] = []

    def app(request: HttpRequest) -> HttpResponse:
        reached.append(request.path)
        return HttpResponse()

    middleware = OverloadMiddleware(app)
    request = requests.post("/games/1/hand/finish/", "", content_type=FORM)
    body = Trickle()
    request.META["CONTENT_LENGTH"] = "100000"
    request.META["wsgi.input"] = LimitedStream(body, 100_000)  # type: ignore[arg-type]
    try:
        answer = in_thread(middleware, request)()
    finally:
        body.stop.set()
    assert answer.status_code == 408
    assert answer.text.strip() == TOO_SLOW
    assert reached == []
    assert middleware.in_progress == 0


def test_one_address_sending_many_forms_at_once_gets_its_share_and_others_get_through(
    requests: RequestFactory, settings: Any
) -> None:
    settings.BOWER_BODIES_PER_ADDRESS = 2
    middleware = OverloadMiddleware(lambda request: HttpResponse(request.body))
    slow = [slow_form(requests, f"/games/{n}/hand/finish/", "10.0.0.1") for n in range(2)]
    answers = [in_thread(middleware, request) for request, _, _ in slow]
    for _, body, _ in slow:
        assert body.reading.wait(WAIT)
    third = middleware(
        requests.post(
            "/games/3/hand/finish/", "tricks=2", content_type=FORM, REMOTE_ADDR="10.0.0.1"
        )
    )
    assert third.status_code == 429
    assert third["Retry-After"]
    assert third.text.strip() == TOO_MANY
    other = requests.post(
        "/games/4/hand/finish/", "tricks=4", content_type=FORM, REMOTE_ADDR="10.0.0.2"
    )
    assert middleware(other).content == b"tricks=4"
    for _, _, sent in slow:
        sent.set()
    assert [answer().content for answer in answers] == [b"tricks=3"] * 2
    # Once they have arrived, that address sends again as usual.
    again = requests.post(
        "/games/5/hand/finish/", "tricks=1", content_type=FORM, REMOTE_ADDR="10.0.0.1"
    )
    assert middleware(again).content == b"tricks=1"
