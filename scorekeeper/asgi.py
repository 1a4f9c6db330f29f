"""ASGI entry point: granian serves it (scripts/serve-app, run by `make serve` and
`HOST=0.0.0.0 make run`; docs/decisions.md, D72).

A request's whole body is read here, on the event loop, before the app is called, so
a client that sends slowly costs a socket, never a thread. The app is Django's WSGI
handler (the sync app, as under any WSGI server), run on two threads a process, in the
order the requests came: Python runs one thread of a process at a time, so more
requests run together would each finish later, and the second thread keeps a long
request (an import of 1,000 hands takes a second) from holding up every other. Only a
request that waited ``MOST_WAIT_SECONDS`` for its turn, as happens only when the box
is truly full, is answered 503 "busy" at once: granian tells no one that a phone gave
up (at 10 s), so its work would be done for nobody while every later phone gave up
too. (Django's own ASGI handler reads the body first too, but its thread hops cost two
thirds of the throughput of a trivial view: D72.)

A body that says it is larger than ``MOST_BYTES`` is refused 413 unread, and a chunked
one is dropped once it passes that, so a flood cannot fill the memory.
"""

import asyncio
import io
import os
import sys
import time
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.core.handlers.wsgi import WSGIRequest
from django.core.wsgi import get_wsgi_application

from scorekeeper.web.middleware import busy_response

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

django_application = get_wsgi_application()


# The process's threads for the app.
APP_THREADS = ThreadPoolExecutor(2, thread_name_prefix="bower-app")
# Half of a phone's patience: a poll answered later than that is hardly news.
MOST_WAIT_SECONDS = 5.0

# Ten times Django's DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB): an import's file larger than
# that limit still reaches its page, which says "too big" beside the field.
MOST_BYTES = 25 * 1024 * 1024
TOO_BIG = b"This is more than Bower takes in one form.\n"

Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
Answer = tuple[int, list[tuple[bytes, bytes]], bytes]


async def application(scope: Message, receive: Receive, send: Send) -> None:
    if scope["type"] != "http":
        return  # no websockets, no lifespan (granian: --no-ws, asginl)
    declared = dict(scope["headers"]).get(b"content-length", b"0")
    if not declared.isdigit() or int(declared) > MOST_BYTES:
        return await _send(send, (413, [(b"content-type", b"text/plain")], TOO_BIG))
    body = bytearray()
    while True:
        message = await receive()
        body += message.get("body", b"")
        if message["type"] == "http.disconnect" or len(body) > MOST_BYTES:
            return  # gone, or a chunked body past the bound: nothing to answer
        if not message.get("more_body"):
            break
    asked = environ(scope, bytes(body))
    answer = await asyncio.get_running_loop().run_in_executor(
        APP_THREADS, _call, asked, time.monotonic()
    )
    await _send(send, answer)


def environ(scope: Message, body: bytes) -> dict[str, Any]:
    """The WSGI environ of an ASGI request (PEP 3333: strings of latin-1 bytes)."""
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
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    for name, value in scope["headers"]:
        key = name.decode("latin-1").upper().replace("-", "_")
        if key != "CONTENT_LENGTH":
            key = key if key == "CONTENT_TYPE" else f"HTTP_{key}"
            given = found.get(key)
            joiner = "; " if key == "HTTP_COOKIE" else ","
            text = value.decode("latin-1")
            found[key] = text if given is None else f"{given}{joiner}{text}"
    return found


def _call(environ: dict[str, Any], arrived: float) -> Answer:
    """Django's answer to ``environ``, whole, on one of the app's threads; "busy" at
    once if it waited ``MOST_WAIT_SECONDS`` for its turn."""
    if time.monotonic() - arrived > MOST_WAIT_SECONDS:
        busy = busy_response(WSGIRequest(environ))
        pairs = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in busy.items()]
        return busy.status_code, pairs, busy.content
    started: list[Answer] = []
    written: list[bytes] = []

    def start_response(
        status: str, headers: list[tuple[str, str]], exc_info: Any = None, /
    ) -> Callable[[bytes], object]:
        pairs = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers]
        started.append((int(status[:3]), pairs, b""))
        return written.append

    parts: Iterable[bytes] = django_application(environ, start_response)
    try:
        written.extend(parts)
    finally:
        parts.close()  # type: ignore[attr-defined]  # Django's request_finished
    status, headers, _ = started[-1]
    return status, headers, b"".join(written)


async def _send(send: Send, answer: Answer) -> None:
    status, headers, content = answer
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": content})
