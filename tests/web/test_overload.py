"""An overloaded server answers its polls 503 at once, and keeps serving the
taps of a hand; a process runs the app for a few requests at a time, the others
waiting their turn, a phone slow to send its form never holding one, imports last
(scorekeeper/web/middleware.py, OverloadMiddleware; docs/decisions.md, D43, D55, D58)."""

from __future__ import annotations

import io
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.handlers.wsgi import LimitedStream
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory
from django.utils.log import log_response

from scorekeeper.web.middleware import (
    BUSY_MESSAGE,
    FORMS,
    IMPORTS,
    POLL_RETRY_AFTER_SECONDS,
    READS,
    RETRY_AFTER_SECONDS,
    OverloadMiddleware,
    Turns,
    overloaded_response,
)

POLLS = ["/games/7/state/", "/w/some-token/state/", "/nights/3/state/", "/nights/watch/x/state/"]


class Server:
    """One process's middleware, its requests answered by ``answer``; a
    request it lets through may start others meanwhile (``during``), as the
    threads of one process do (one inside another here, so no turns are taken:
    the turns are tested with real threads below)."""

    def __init__(self, limit: int) -> None:
        self.reached: list[str] = []
        self.during: list[HttpRequest] = []
        self.answers_during: list[HttpResponse] = []
        self.middleware = OverloadMiddleware(self.answer)
        self.middleware.limit = limit
        self.middleware.turns = None

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


def test_an_import_in_hand_does_not_put_the_polls_off(requests: RequestFactory) -> None:
    server = Server(limit=1)
    server.during = [requests.get("/games/7/state/")]  # arrives while the import is in hand
    server.middleware(requests.post("/games/import/", "text=x", content_type=FORM))
    assert [answer.status_code for answer in server.answers_during] == [204]


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
    assert server.middleware.in_progress == 0


def test_a_request_that_fails_is_no_longer_counted_in_hand(requests: RequestFactory) -> None:
    def fails(request: HttpRequest) -> HttpResponse:
        raise RuntimeError("a view's bug")

    middleware = OverloadMiddleware(fails)
    middleware.limit = 1
    with pytest.raises(RuntimeError):
        middleware(requests.get("/games/7/"))
    assert middleware.in_progress == 0


def test_with_no_limit_polls_are_never_put_off(requests: RequestFactory) -> None:
    server = Server(limit=0)
    server.during = [requests.get("/games/7/state/") for _ in range(50)]
    server.middleware(requests.post("/games/7/hand/finish/"))
    assert {r.status_code for r in server.answers_during} == {204}


def test_the_app_puts_off_polls_before_any_other_middleware() -> None:
    from django.conf import settings

    assert settings.MIDDLEWARE[0] == "scorekeeper.web.middleware.OverloadMiddleware"
    assert settings.BOWER_SHED_POLLS_AT > 0


# Every wait below has a deadline, so a broken gate fails rather than hangs.
WAIT = 10.0


class Held:
    """A process whose requests, once the app runs for them, wait to be let go."""

    def __init__(self, active: int, wait: float | None = None) -> None:
        self.middleware = OverloadMiddleware(self.answer)
        self.middleware.limit = 0
        self.middleware.turns = Turns(active)
        self.middleware.wait = wait
        self.running: list[str] = []
        self.arrived = threading.Condition()
        self.let_go: dict[str, threading.Event] = {}
        self.read_ahead: dict[str, bool] = {}  # by path: was the body read before the app

    def answer(self, request: HttpRequest) -> HttpResponse:
        self.read_ahead[request.path] = hasattr(request, "_body")
        with self.arrived:
            self.running.append(request.path)
            self.arrived.notify_all()
        assert self.let_go[request.path].wait(WAIT)
        return HttpResponse(request.body if request.method == "POST" else b"")

    def send(self, request: HttpRequest) -> Callable[[], HttpResponse]:
        """Sends ``request`` on a thread of its own; the function returns its answer."""
        self.let_go[request.path] = threading.Event()
        answers: list[HttpResponse] = []
        thread = threading.Thread(target=lambda: answers.append(self.middleware(request)))
        thread.start()

        def answer() -> HttpResponse:
            thread.join(WAIT)
            assert not thread.is_alive()
            return answers[0]

        return answer

    def wait_running(self, *paths: str) -> None:
        with self.arrived:
            assert self.arrived.wait_for(lambda: set(paths) <= set(self.running), WAIT)


class SlowBody(io.RawIOBase):
    """A form's body that is sent only once ``sent`` is set, as a slow phone sends it;
    ``reading`` is set once the server waits for it."""

    def __init__(self, body: bytes, sent: threading.Event) -> None:
        self.body = io.BytesIO(body)
        self.sent = sent
        self.reading = threading.Event()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        self.reading.set()
        assert self.sent.wait(WAIT)
        return self.body.readinto(buffer)


def test_past_its_active_requests_a_request_waits_its_turn_and_runs_once_one_ends(
    requests: RequestFactory,
) -> None:
    process = Held(active=2)
    first = process.send(requests.get("/games/1/"))
    form = "application/x-www-form-urlencoded"
    second = process.send(requests.post("/games/2/hand/finish/", "tricks=3", content_type=form))
    process.wait_running("/games/1/", "/games/2/hand/finish/")
    third = process.send(requests.get("/games/3/"))
    time.sleep(0.2)  # time enough for it to reach the app, were it let in
    assert process.running == ["/games/1/", "/games/2/hand/finish/"]
    assert process.middleware.in_progress == 3  # waiting, it counts as in hand
    process.let_go["/games/1/"].set()
    assert first().status_code == 200
    process.wait_running("/games/3/")
    process.let_go["/games/2/hand/finish/"].set()
    process.let_go["/games/3/"].set()
    assert second().content == b"tricks=3"
    assert third().status_code == 200
    assert process.middleware.in_progress == 0


def test_a_form_sent_slowly_holds_no_turn_while_it_arrives(requests: RequestFactory) -> None:
    process = Held(active=1)
    sent = threading.Event()
    slow = requests.post(
        "/games/1/hand/finish/", "tricks=3", content_type="application/x-www-form-urlencoded"
    )
    body = SlowBody(b"tricks=3", sent)
    slow.META["wsgi.input"] = LimitedStream(body, len(b"tricks=3"))
    slow._stream = slow.META["wsgi.input"]
    arriving = process.send(slow)
    assert body.reading.wait(WAIT)  # the server is waiting for the rest of the form
    other = process.send(requests.get("/games/2/"))
    process.wait_running("/games/2/")  # served while the form is still arriving
    assert process.running == ["/games/2/"]
    process.let_go["/games/2/"].set()
    assert other().status_code == 200
    sent.set()
    process.wait_running("/games/1/hand/finish/")
    process.let_go["/games/1/hand/finish/"].set()
    assert arriving().content == b"tricks=3"


def test_a_file_upload_is_read_ahead_and_waits_behind_pages_that_came_after_it(
    requests: RequestFactory,
) -> None:
    process = Held(active=1)
    busy = process.send(requests.get("/games/1/"))
    process.wait_running("/games/1/")
    upload = process.send(
        requests.post("/games/import/", {"file": SimpleUploadedFile("game.json", b"{}")})
    )
    time.sleep(0.1)  # the import waits in line before the page comes
    page = process.send(requests.get("/games/2/"))
    time.sleep(0.1)
    process.let_go["/games/1/"].set()
    process.wait_running("/games/2/")
    assert process.running == ["/games/1/", "/games/2/"]
    process.let_go["/games/2/"].set()
    process.let_go["/games/import/"].set()
    process.wait_running("/games/import/")
    assert upload().status_code == 200
    assert process.read_ahead["/games/import/"]  # in memory before the view
    assert [busy().status_code, page().status_code] == [200, 200]


def test_imports_never_hold_every_turn() -> None:
    turns = Turns(2)
    assert turns.take(line=IMPORTS, within=0)
    assert not turns.take(line=IMPORTS, within=0)  # a turn is free, but kept for a hand
    assert turns.take(line=FORMS, within=0)
    turns.give(line=FORMS)
    turns.give(line=IMPORTS)
    assert turns.take(line=IMPORTS, within=0)
    assert turns.take(line=READS, within=0)
    alone = Turns(1)  # one turn: an import may have it, in its turn
    assert alone.take(line=IMPORTS, within=0)


def test_the_app_takes_a_few_requests_at_a_time() -> None:
    from django.conf import settings

    active = settings.BOWER_ACTIVE_REQUESTS
    assert 0 < active < settings.BOWER_SHED_POLLS_AT
    turns = OverloadMiddleware(lambda request: HttpResponse(b"")).turns
    assert turns is not None
    taken = [turns.take(line=FORMS, within=0) for _ in range(active + 1)]
    assert taken == [True] * active + [False]
    turns.give(line=FORMS)
    assert turns.take(line=READS, within=0)  # the turn given back is taken again


FORM = "application/x-www-form-urlencoded"


def test_a_waiting_form_takes_the_next_turn_before_pages_that_came_first(
    requests: RequestFactory,
) -> None:
    process = Held(active=1)
    busy = process.send(requests.get("/games/1/"))
    process.wait_running("/games/1/")
    page = process.send(requests.get("/games/2/"))
    poll = process.send(requests.get("/games/3/state/"))
    time.sleep(0.1)  # both wait in line before the form comes
    form = process.send(requests.post("/games/4/hand/enter/", "tricks=3", content_type=FORM))
    time.sleep(0.1)
    process.let_go["/games/1/"].set()
    process.wait_running("/games/4/hand/enter/")
    assert process.running == ["/games/1/", "/games/4/hand/enter/"]
    for path in ("/games/4/hand/enter/", "/games/2/", "/games/3/state/"):
        process.let_go[path].set()
    assert form().content == b"tricks=3"
    assert [page().status_code, poll().status_code] == [200, 200]
    # The pages then had their turns in the order they came.
    assert process.running[2:] == ["/games/2/", "/games/3/state/"]
    assert busy().status_code == 200


def test_a_request_that_waits_too_long_for_a_turn_is_answered_busy_and_never_runs(
    requests: RequestFactory,
) -> None:
    process = Held(active=1, wait=0.3)
    busy = process.send(requests.get("/games/1/"))
    process.wait_running("/games/1/")
    page = process.send(requests.get("/games/2/"))
    fragment = process.send(requests.get("/games/2/sheet/", headers={"HX-Request": "true"}))
    poll = process.send(requests.get("/games/3/state/"))
    hand = process.send(
        requests.post(
            "/games/4/hand/enter/", "tricks=3", content_type=FORM, headers={"HX-Request": "true"}
        )
    )
    put_off = [page(), fragment(), poll(), hand()]
    assert [answer.status_code for answer in put_off] == [503, 503, 503, 503]
    # The page asks again by itself; htmx shows the message (a hand goes to the
    # phone's outbox); the phone polls later.
    assert BUSY_MESSAGE in put_off[0].text
    assert f'<meta http-equiv="refresh" content="{RETRY_AFTER_SECONDS}">' in put_off[0].text
    for answer in (put_off[0], put_off[1], put_off[3]):
        assert answer["Retry-After"] == str(RETRY_AFTER_SECONDS)
    assert BUSY_MESSAGE in put_off[1].text
    assert "<html" not in put_off[1].text
    assert put_off[3].text == put_off[1].text
    assert put_off[2]["Retry-After"] == str(POLL_RETRY_AFTER_SECONDS)
    assert put_off[2].content == b""
    assert process.running == ["/games/1/"]  # none of them reached the app
    process.let_go["/games/1/"].set()
    assert busy().status_code == 200
    assert process.middleware.in_progress == 0
    # The turns put off were given up: the process's one turn is free again.
    later = process.send(requests.get("/games/5/"))
    process.wait_running("/games/5/")
    process.let_go["/games/5/"].set()
    assert later().status_code == 200


def test_a_busy_form_answer_never_reloads_itself(requests: RequestFactory) -> None:
    from scorekeeper.web.middleware import busy_response

    answer = busy_response(requests.post("/games/4/hand/enter/", "tricks=3", content_type=FORM))
    assert answer.status_code == 503
    assert BUSY_MESSAGE in answer.text
    assert "refresh" not in answer.text


def test_a_request_waits_a_second_at_most_for_a_turn(settings: Any) -> None:
    from scorekeeper import settings as production

    assert production.BOWER_TURN_WAIT_MS == 1000
    settings.BOWER_TURN_WAIT_MS = production.BOWER_TURN_WAIT_MS
    assert OverloadMiddleware(lambda request: HttpResponse(b"")).wait == 1.0
    settings.BOWER_TURN_WAIT_MS = 0  # as long as it takes
    assert OverloadMiddleware(lambda request: HttpResponse(b"")).wait is None


@pytest.mark.parametrize("path", ["/games/7/state/", "/games/7/"])
def test_a_put_off_answer_is_not_logged_as_a_server_error(
    requests: RequestFactory, path: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Django logs every 5xx as an error, one line each under a lock every thread of
    the process shares; an overloaded process putting off hundreds of polls a second
    had its threads queue to write them (D68). A put-off answer is meant, and the
    access log still lists it; any other 503 is still logged."""
    request = requests.get(path)
    with caplog.at_level(logging.INFO, logger="django.request"):
        for response in (overloaded_response(request), HttpResponse(status=503)):
            log_response("%s: %s", response.reason_phrase, path, response=response, request=request)
    assert [r.getMessage() for r in caplog.records] == [f"Service Unavailable: {path}"]
