"""The front door (scorekeeper/asgi.py; docs/decisions.md, D72): a request's body is
read before an app's thread is taken, so a client still sending costs no thread and
the other requests are answered meanwhile; a process runs its requests on two threads,
forms first when they wait, and one that waited too long for its turn is answered "busy"
without running; a body larger than the bound is refused unread or dropped.
In-process, through the ASGI application granian serves; the real server: `make floods`
(and tests/test_serve.py)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from django.core.signals import request_started

from scorekeeper.asgi import LINE, MOST_BYTES, TOO_BIG, application
from scorekeeper.web.middleware import BUSY_MESSAGE

Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]


def scope(method: str, path: str, headers: dict[str, str] | None = None) -> Message:
    given = {"host": "testserver"} | (headers or {})
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(name.encode(), value.encode()) for name, value in given.items()],
        "client": ("127.0.0.2", 40000),
        "server": ("testserver", 80),
    }


def arriving(*parts: bytes, wait: asyncio.Event | None = None) -> Receive:
    """A client's messages: its body's ``parts`` (the last only once ``wait`` is set),
    then nothing, as a client waiting for its answer sends nothing more."""
    left = list(parts)

    async def receive() -> Message:
        if not left:
            await asyncio.Event().wait()  # the client waits; the app stops asking
        if len(left) == 1 and wait is not None:
            await wait.wait()
        return {"type": "http.request", "body": left.pop(0), "more_body": len(left) > 0}

    return receive


async def answer(asked: Message, receive: Receive | None = None) -> tuple[int | None, bytes]:
    """The status (None: no answer at all) and body ``application`` sends."""
    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    await application(asked, receive or arriving(b""), send)
    status = next((m["status"] for m in sent if m["type"] == "http.response.start"), None)
    return status, b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


async def holding_both_threads(release: asyncio.Event) -> list[asyncio.Future[object]]:
    """Two requests in hand on both threads until ``release`` is set (taken at once)."""
    loop = asyncio.get_running_loop()
    held: list[asyncio.Future[object]] = []
    for ticket in (-2, -1):
        taken = threading.Event()
        done: asyncio.Future[object] = loop.create_future()

        def hold(taken: threading.Event = taken, done: asyncio.Future[object] = done) -> None:
            taken.set()
            asyncio.run_coroutine_threadsafe(release.wait(), loop).result()
            loop.call_soon_threadsafe(done.set_result, None)

        LINE.put((False, ticket, hold))
        await asyncio.to_thread(taken.wait)
        held.append(done)
    return held


def test_others_are_answered_while_a_form_is_still_arriving() -> None:
    started: list[str] = []

    def seen(sender: object, environ: dict[str, str], **kwargs: object) -> None:
        started.append(environ["PATH_INFO"])

    async def main() -> None:
        more = asyncio.Event()  # the rest of the body has not come yet
        form = scope("POST", "/games/new/", {"content-type": "application/x-www-form-urlencoded"})
        still = asyncio.create_task(answer(form, arriving(b"a=", b"b", wait=more)))
        others = [await answer(scope("GET", "/healthz")) for _ in range(3)]
        assert others == [(200, b"ok\n")] * 3
        # The form is still arriving: Django has not begun on it, no thread is held.
        assert started == ["/healthz"] * 3
        assert not still.done()
        more.set()
        status, _ = await still
        assert status == 403  # reached the app once whole (no CSRF cookie: refused there)
        assert started[-1] == "/games/new/"

    request_started.connect(seen)
    try:
        asyncio.run(main())
    finally:
        request_started.disconnect(seen)


def test_a_process_runs_its_requests_on_two_threads_whatever_their_number() -> None:
    """Python runs one thread of a process at a time: many requests run together would
    all finish late."""
    threads: set[int] = set()

    def seen(sender: object, **kwargs: object) -> None:
        threads.add(threading.get_ident())

    async def main() -> None:
        answers = await asyncio.gather(*(answer(scope("GET", "/healthz")) for _ in range(8)))
        assert [status for status, _ in answers] == [200] * 8

    request_started.connect(seen)
    try:
        asyncio.run(main())
    finally:
        request_started.disconnect(seen)
    assert 1 <= len(threads) <= 2
    assert threading.get_ident() not in threads  # not the event loop's


def test_a_request_that_waited_too_long_for_its_turn_is_answered_busy_and_never_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When the box is truly full a request that waited its turn past
    ``MOST_WAIT_SECONDS`` is answered "busy" at once (a hand waits in the phone's
    outbox, a poll asks again), not worked on after its phone gave up."""
    monkeypatch.setattr("scorekeeper.asgi.MOST_WAIT_SECONDS", 0.05)
    started: list[object] = []

    def seen(sender: object, **kwargs: object) -> None:
        started.append(sender)

    async def main() -> None:
        release = asyncio.Event()
        # Other requests have both turns, for longer than the wait allowed.
        held = await holding_both_threads(release)
        late = asyncio.create_task(answer(scope("POST", "/games/4/hand/enter/")))
        await asyncio.sleep(0.2)
        release.set()
        await asyncio.gather(*held)
        status, content = await late
        assert status == 503
        assert BUSY_MESSAGE.encode() in content
        assert await answer(scope("GET", "/healthz")) == (200, b"ok\n")  # in time: served

    request_started.connect(seen)
    try:
        asyncio.run(main())
    finally:
        request_started.disconnect(seen)
    assert len(started) == 1  # the one in time


@pytest.mark.parametrize("length", [str(MOST_BYTES + 1), "many"])
def test_a_body_said_to_be_too_big_is_refused_413_unread(length: str) -> None:
    async def never() -> Message:
        raise AssertionError("the body was read")

    asked = scope("POST", "/games/import/", {"content-length": length})
    assert asyncio.run(answer(asked, never)) == (413, TOO_BIG)


def test_a_chunked_body_past_the_bound_is_dropped_before_the_app() -> None:
    started: list[object] = []
    chunk = b"x" * (MOST_BYTES // 2 + 1)

    async def chunked() -> Message:
        return {"type": "http.request", "body": chunk, "more_body": True}

    def seen(sender: object, **kwargs: object) -> None:
        started.append(sender)

    request_started.connect(seen)
    try:
        assert asyncio.run(answer(scope("POST", "/games/import/"), chunked)) == (None, b"")
    finally:
        request_started.disconnect(seen)
    assert started == []


async def in_line(count: int) -> None:
    """Until ``count`` requests wait in the line."""
    while LINE.qsize() < count:
        await asyncio.sleep(0)


def test_when_requests_wait_a_form_runs_before_the_polls_that_came_first() -> None:
    """A hand saved when the box is full is not put behind every phone's poll: the
    polls are answered, later."""
    started: list[str] = []

    def seen(sender: object, environ: dict[str, str], **kwargs: object) -> None:
        started.append(f"{environ['REQUEST_METHOD']} {environ['PATH_INFO']}")

    async def main() -> None:
        release = asyncio.Event()
        held = await holding_both_threads(release)
        polls = [asyncio.create_task(answer(scope("GET", "/healthz"))) for _ in range(3)]
        await in_line(3)  # the polls are in the line first
        form = asyncio.create_task(answer(scope("POST", "/games/new/")))
        await in_line(4)
        release.set()
        await asyncio.gather(*held)
        assert (await form)[0] == 403  # ran (no CSRF cookie: refused there)
        assert [await poll for poll in polls] == [(200, b"ok\n")] * 3

    request_started.connect(seen)
    try:
        asyncio.run(main())
    finally:
        request_started.disconnect(seen)
    assert started == ["POST /games/new/"] + ["GET /healthz"] * 3
