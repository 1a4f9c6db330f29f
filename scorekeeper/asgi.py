"""ASGI entry point: granian serves it (scripts/serve-app, run by `make serve` and
`HOST=0.0.0.0 make run`; docs/decisions.md, D72).

A request's whole body is read here, on the event loop, before the app is called, so
a client that sends slowly costs a socket, never a thread. The app is Django's WSGI
handler, run on two threads a process: Python runs one thread at a time, so more
would each finish later, and the second keeps a long request (an import) from holding
up every other. Requests wait for them in one line, forms (POST: a hand, a call)
before the rest, each kind in the order it came. One that waited
``MOST_WAIT_SECONDS``, as happens only when the box is truly full, is answered 503
"busy" unrun: granian tells no one that a phone gave up (at 10 s). A body said to
be larger than ``MOST_BYTES`` is refused 413 unread, a chunked one dropped past it.
"""

import asyncio
import io
import itertools
import os
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from django.core.handlers.wsgi import WSGIRequest
from django.core.wsgi import get_wsgi_application

from scorekeeper.web.middleware import busy_response

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

django_application = get_wsgi_application()

# Half of a phone's patience: a poll answered later than that is hardly news.
MOST_WAIT_SECONDS = 5.0
# Ten times Django's DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB): an import's file larger than
# that limit still reaches its page, which says "too big" beside the field.
MOST_BYTES = 25 * 1024 * 1024
TOO_BIG = b"This is more than Bower takes in one form.\n"

Message = dict[str, Any]
Answer = tuple[int, list[tuple[bytes, bytes]], bytes]
# The requests waiting for a thread: (not a form, ticket, the work).
LINE: queue.PriorityQueue[tuple[bool, int, Callable[[], object]]] = queue.PriorityQueue()
_tickets = itertools.count()


def _serve() -> None:
    while True:
        LINE.get()[-1]()


for _ in range(2):
    threading.Thread(target=_serve, name="bower-app", daemon=True).start()


async def application(scope: Message, receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return  # no websockets, no lifespan (granian: --no-ws, asginl)
    declared = dict(scope["headers"]).get(b"content-length", b"0")
    if not declared.isdigit() or int(declared) > MOST_BYTES:
        return await _send(send, (413, [(b"content-type", b"text/plain")], TOO_BIG))
    body = bytearray()
    # A GET's body, if any, means nothing (RFC 9110, 9.3.1): a poll awaits no message.
    while scope["method"] not in ("GET", "HEAD"):
        message = await receive()
        body += message.get("body", b"")
        if message["type"] == "http.disconnect" or len(body) > MOST_BYTES:
            return  # gone, or a chunked body past the bound: nothing to answer
        if not message.get("more_body"):
            break
    answer: Future[Answer] = Future()
    asked, arrived = environ(scope, bytes(body)), time.monotonic()
    LINE.put((scope["method"] != "POST", next(_tickets), lambda: _call(asked, arrived, answer)))
    await _send(send, await asyncio.wrap_future(answer))


def environ(scope: Message, body: bytes) -> dict[str, Any]:
    """What Django's WSGI handler reads of an ASGI request (PEP 3333's latin-1 strings)."""
    server = scope.get("server") or ("localhost", 80)
    found: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": scope.get("root_path", "").encode().decode("latin-1"),
        "PATH_INFO": scope["path"].encode().decode("latin-1"),
        "QUERY_STRING": scope["query_string"].decode("latin-1"),
        "SERVER_NAME": server[0],
        "SERVER_PORT": str(server[1]),
        "SERVER_PROTOCOL": f"HTTP/{scope['http_version']}",
        "REMOTE_ADDR": (scope.get("client") or ("",))[0],
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
    }
    for name, value in scope["headers"]:
        key = name.decode("latin-1").upper().replace("-", "_")
        if key != "CONTENT_LENGTH":
            key, text = key if key == "CONTENT_TYPE" else f"HTTP_{key}", value.decode("latin-1")
            joiner = "; " if key == "HTTP_COOKIE" else ","
            found[key] = f"{found[key]}{joiner}{text}" if key in found else text
    return found


def _call(environ: dict[str, Any], arrived: float, answer: Future[Answer]) -> None:
    """Django's answer to ``environ``, whole, into ``answer`` (on one of the threads);
    "busy" at once if it waited ``MOST_WAIT_SECONDS`` for its turn."""
    started: list[tuple[str, list[tuple[str, str]]]] = []
    written: list[bytes] = []
    try:
        if time.monotonic() - arrived > MOST_WAIT_SECONDS:
            busy = busy_response(WSGIRequest(environ))
            started.append((str(busy.status_code), list(busy.items())))
            written.append(busy.content)
        else:
            # Django writes nothing through start_response: its answer is the response.
            start = lambda *given: started.append(given[:2])  # noqa: E731
            response = django_application(environ, start)  # type: ignore[arg-type]
            try:
                written.extend(response)
            finally:
                response.close()  # Django's request_finished
        status, headers = started[-1]
        pairs = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers]
        answer.set_result((int(status[:3]), pairs, b"".join(written)))
    except BaseException as error:  # answered 500 by granian; the thread lives on
        answer.set_exception(error)


async def _send(send: Any, answer: Answer) -> None:
    status, headers, content = answer
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": content})
