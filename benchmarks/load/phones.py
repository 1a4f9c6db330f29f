"""The phones of `make load`: one locust user (FastHttpUser, on gevent) per phone.

Run as a process of its own, in the phones' network namespace:
``python -m benchmarks.load.phones PLAN.json`` (benchmarks/load/plan.py). Locust
patches the standard library with gevent's on import, which the rest of the run
must not get. It measures the ceiling (the trivial view, many clients at once)
at every latency, then for each table count starts the phones of the tables
added and measures the mix (benchmarks/load/mix.py) at every latency. Each
result is one JSON line on standard output; progress goes to standard error.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import logging
import random
import re
import socket
import statistics
import sys
import time
from collections import Counter
from html.parser import HTMLParser
from http.cookiejar import Cookie, DefaultCookiePolicy
from typing import Any
from urllib.parse import urlencode, urlsplit

import gevent  # type: ignore[import-untyped]
import gevent.event  # type: ignore[import-untyped]
import gevent.lock  # type: ignore[import-untyped]

# Importing locust patches sockets, threads and time with gevent's (it must
# come before any socket is made: this process makes none before).
import locust
from locust import FastHttpUser, task
from locust.contrib.fasthttp import FastHttpSession
from locust.env import Environment

from benchmarks.load import cpu, mix
from benchmarks.load.network import Network
from benchmarks.load.plan import Plan, Result, Stats

# The poll's address in what the server sent: the version and the names it shows.
POLL_ADDRESS = re.compile(r"/state/\?version=(\d+)&amp;names=(\d+)")
HAND_NUMBER = re.compile(r"<h1>\s*Hand (\d+)")
FORM = "application/x-www-form-urlencoded"
HEALTH_PATH = "/healthz"
# Cookies a key link's answers set that are not the table's membership.
NOT_MEMBERSHIP = {"csrftoken", "messages", "sessionid"}


class Tally:
    """What the phones got while a window is open: each request's time by
    name, and each failure by kind."""

    def __init__(self) -> None:
        self.open = False
        self.times: dict[str, list[float]] = {}
        self.errors: Counter[str] = Counter()
        self.hands = 0

    def start(self) -> None:
        self.times, self.errors, self.hands = {}, Counter(), 0
        self.open = True

    def on_request(
        self, name: str, response_time: float, response: Any, exception: Any, **_: Any
    ) -> None:
        if not self.open:
            return
        if exception is None:
            self.times.setdefault(name, []).append(response_time)
        else:
            kind = failure_kind(response, exception)
            if not self.errors[kind]:
                say(f"first {kind}: {name}: {exception!r}"[:300])
            self.errors[kind] += 1


# A poll the server answered 503 "ask again later": not an error (the performance
# issue allows it), counted apart; the phone waits its Retry-After, as live.js does.
PUT_OFF = "poll put off"


def failure_kind(response: Any, exception: Any) -> str:
    """5xx, 503 (busy), a poll put off (503 to a poll: the server was overloaded,
    scorekeeper/web/middleware.py), reset, timeout, or the unexpected status or
    error's name."""
    status = getattr(response, "status_code", 0) or 0
    if status == 503 and str(exception).startswith(f"GET {mix.POLL}:"):
        return PUT_OFF
    if status == 503:
        return "503"
    if status >= 500:
        return "5xx"
    if status:
        return str(status)
    error = getattr(response, "error", None) or exception
    # geventhttpclient's "retries exceeded" wraps what went wrong (it tries once).
    error = getattr(error, "original", None) or error
    if isinstance(error, (TimeoutError, socket.timeout, gevent.Timeout)):
        return "timeout"
    if isinstance(error, (ConnectionResetError, BrokenPipeError)):
        return "reset"
    if isinstance(error, ConnectionRefusedError):
        return "refused"
    name = type(error).__name__
    return "reset" if "Closed" in name or "Disconnected" in name else name


TALLY = Tally()


class Run:
    """The plan, and the phones started so far (each takes the next seat)."""

    plan: Plan
    seats = itertools.count()
    ready = 0
    scheme = "http"
    origin = ""
    turn: Any = contextlib.nullcontext()  # one request at a time, when the plan says so
    memberships: dict[int, Any] = {}  # by table: the cookie its key link gave


class FormFields(HTMLParser):
    """What a browser sends for a form: its hidden fields, the chips checked."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}
        self.action: str | None = None  # the first form that posts: its action

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        if tag == "form" and (given.get("method") or "").lower() == "post":
            if self.action is None:
                self.action = given.get("action") or ""
            return
        if tag != "input":
            return
        name, kind = given.get("name"), given.get("type", "text")
        if not name:
            return
        if kind == "hidden" or (kind in ("radio", "checkbox") and "checked" in given):
            self.fields[name] = given.get("value") or ""


def form_fields(page: str) -> dict[str, str]:
    parser = FormFields()
    parser.feed(page)
    return parser.fields


class OverHttps(DefaultCookiePolicy):
    """A phone behind the README's https proxy speaks https: its Secure
    cookies (the table's, the CSRF token's) go back with every request."""

    def return_ok_secure(self, cookie: Cookie, request: Any) -> bool:
        return True


class Phone(FastHttpUser):
    """A phone on its table's screen (benchmarks/load/mix.py). The first phone
    of each table is its scorer."""

    network_timeout = mix.TIMEOUT
    connection_timeout = mix.TIMEOUT
    concurrency = 1  # one request at a time, as one screen sends them

    def on_start(self) -> None:
        # A phone that failed to start is replaced by the runner: its seat goes round.
        seat = next(Run.seats) % (len(Run.plan["tables"]) * mix.PHONES_PER_TABLE)
        table = Run.plan["tables"][seat // mix.PHONES_PER_TABLE]
        self.scorer = seat % mix.PHONES_PER_TABLE == 0
        self.players = table["players"]
        self.key_path = table["key_path"]
        self.member = False  # whether its key link (or its table's first phone's) let it in
        self.table_path = f"/games/{table['game']}/"
        self.version = self.names = self.hand = 0
        self.here = self.table_path  # the address the browser shows
        self.location = ""  # where the last answer redirected to
        self.retry_after = 0.0  # the last answer's Retry-After, in seconds
        proxy = {"X-Forwarded-Proto": "https"} if Run.plan["behind_tls_proxy"] else {}
        self.sent = {"Accept-Language": "en-US", **proxy}
        if Run.plan["behind_tls_proxy"]:
            self.client.cookiejar.set_policy(OverHttps())
        number = seat // mix.PHONES_PER_TABLE
        given = Run.memberships.setdefault(number, gevent.event.AsyncResult())
        if self.scorer:
            given.set(self.join(self.key_path))
        else:
            # The table's other phones take the membership its key link gave the
            # first (its cookies, as if each had scanned the same QR code).
            try:
                membership = given.get(timeout=mix.READY_WITHIN)
            except gevent.Timeout:
                membership = []  # the first phone is still joining: join alone
            for cookie in membership:
                self.client.cookiejar.set_cookie(cookie)
            self.member = bool(membership) or bool(self.join(self.key_path))
        if self.member:  # else it scans the key link again at its first poll
            self.open_table()
        Run.ready += 1

    @task
    def sit_at_the_table(self) -> None:
        """Poll every 4 s; the scorer also makes trump and ends a hand every minute."""
        pace = Run.plan["pace"]
        now = time.monotonic()
        next_poll = now + random.uniform(0, mix.POLL_EVERY) * pace
        # The seeded game is mid-hand: the scorer ends it first, at a moment
        # of the minute of its own (the tables' hands spread evenly over time).
        start = random.uniform(0, mix.HAND_EVERY) if Run.plan["stagger"] else 0.0
        next_end = now + start * pace if self.scorer else float("inf")
        next_call = float("inf")
        while True:
            upcoming = min(next_poll, next_call, next_end)
            gevent.sleep(max(0.0, upcoming - time.monotonic()))
            if upcoming == next_call:
                self.make_trump()
                next_end, next_call = next_call + mix.HAND_OVER_AFTER * pace, float("inf")
                next_poll = time.monotonic() + mix.POLL_EVERY * pace  # a new poller
            elif upcoming == next_end:
                self.end_the_hand()
                next_call = next_end + (mix.HAND_EVERY - mix.HAND_OVER_AFTER) * pace
                next_end = float("inf")
                next_poll = time.monotonic() + mix.POLL_EVERY * pace
            elif self.poll():
                next_poll = time.monotonic() + mix.POLL_EVERY * pace  # swapped in anew
            elif self.retry_after:
                # Put off (503, Retry-After): live.js asks again only after that long.
                next_poll = time.monotonic() + max(self.retry_after, mix.POLL_EVERY) * pace
            else:
                # htmx's timer goes on; a tick while the poll was out is dropped.
                while next_poll <= time.monotonic():
                    next_poll += mix.POLL_EVERY * pace

    # -- what the phone asks -------------------------------------------------------------

    def join(self, key_path: str) -> list[Cookie]:
        """Open the table's key link, as scanned from its QR code; where it
        leads to a page with a Join button, tap it. The cookies it gave (the
        membership; not the CSRF token's or the messages'), once it led to the
        games; none when a step failed."""
        before = {cookie.name for cookie in self.client.cookiejar}
        # A scanned link is opened "directly": said over https, not over plain http.
        scanned = {"Sec-Fetch-Site": "none"} if Run.plan["behind_tls_proxy"] else {}
        answered = self._send("GET", key_path, mix.JOIN, expect=(302,), extra=scanned)
        leads_to = urlsplit(self.location).path
        if answered is not None and leads_to and not leads_to.startswith("/games/"):
            page = self._send("GET", leads_to, mix.JOIN, expect=(200,))
            parser = FormFields()
            parser.feed(page or "")
            answered = None
            if page is not None and parser.action is not None:
                self.here = leads_to
                action = urlsplit(parser.action).path or leads_to
                answered = self._send("POST", action, mix.JOIN, expect=(302,), form=parser.fields)
        given = [
            cookie
            for cookie in self.client.cookiejar
            if cookie.name not in before and cookie.name not in NOT_MEMBERSHIP
        ]
        self.member = answered is not None and bool(given)
        return given if self.member else []

    def open_table(self) -> None:
        """The table screen, the whole page (the browser's navigation)."""
        self.here = self.table_path
        page = self._send("GET", self.table_path, mix.TABLE_SCREEN, expect=(200,))
        if page is not None:
            self._shown(page)

    def poll(self) -> bool:
        """The poller's request; True when the live part came back (swapped in).
        A hand recorded on another phone: open the table screen again."""
        if not self.member:
            # Its key link failed (a server too busy): scan the QR code again.
            self.join(self.key_path)
            self.open_table()
            return True
        path = f"{self.table_path}state/?version={self.version}&names={self.names}"
        page = self._send("GET", path, mix.POLL, expect=(200, 204), htmx="live")
        if not page:
            return False
        hand = self.hand
        self._shown(page)
        if self.hand != hand and not self.scorer:
            self.open_table()
        return True

    def make_trump(self) -> None:
        """A maker's chip opens "Trump is made"; trump and the called suit
        tapped, the call is saved and the table comes back."""
        maker = str(random.randrange(self.players))
        opened = self._open_form(f"hand/start/?maker={maker}", mix.OPEN_CALL)
        if opened is None:
            return
        gevent.sleep(mix.CALL_SAVED_AFTER * Run.plan["pace"])
        fields = {**opened, "maker": maker, "trump": "H", "called": "S"}
        self._save("hand/start/", fields, mix.CALL)

    def end_the_hand(self) -> None:
        """A tricks chip opens "Hand over"; the partner tapped previews the
        points (the form posts itself on a change), Save records the hand."""
        opened = self._open_form("hand/finish/?tricks=3", mix.OPEN_HAND_OVER)
        if opened is None:
            return
        pace = Run.plan["pace"]
        gevent.sleep(mix.PARTNER_TAPPED_AFTER * pace)
        fields = {**opened, "partner": "maker"}
        address = f"{self.table_path}hand/finish/"
        preview = {**fields, "preview": "1"}
        if self._send("POST", address, mix.PREVIEW, expect=(200,), form=preview) is None:
            self.open_table()
            return
        gevent.sleep(mix.SAVED_AFTER * pace)
        if self._save("hand/finish/", {**fields, "save": "1"}, mix.RECORD) and TALLY.open:
            TALLY.hands += 1

    def _open_form(self, action: str, name: str) -> dict[str, str] | None:
        page = self._send("GET", self.table_path + action, name, expect=(200,), htmx="main")
        if page is None:
            self.open_table()
            return None
        self.here = self.table_path + action
        return form_fields(page)

    def _save(self, action: str, fields: dict[str, str], name: str) -> bool:
        """Post a hand form; the table comes back in its place (or, out of
        step, the phone opens the table again, as a person would)."""
        address = self.table_path + action
        page = self._send("POST", address, name, expect=(200,), form=fields, htmx="main")
        self.here = self.table_path
        if page is None:
            self.open_table()
            return False
        self._shown(page)
        return True

    def _shown(self, page: str) -> None:
        """Note what the screen now shows: the poll's version and names, the hand."""
        if found := POLL_ADDRESS.search(page):
            self.version, self.names = int(found[1]), int(found[2])
        if found := HAND_NUMBER.search(page):
            self.hand = int(found[1])

    def _send(
        self,
        method: str,
        path: str,
        name: str,
        *,
        expect: tuple[int, ...],
        htmx: str = "",
        form: dict[str, str] | None = None,
        extra: dict[str, str] | None = None,
    ) -> str | None:
        """One request as the phone's browser sends it; its text ("" for 204),
        or None when it failed (counted by kind in the tally). A redirect's
        address is kept in ``location``."""
        headers = self.sent | (extra or {})
        if htmx:
            # What htmx adds to a request (hx-get / hx-post on the table screen).
            headers |= {
                "HX-Request": "true",
                "HX-Current-URL": Run.origin + self.here,
                "HX-Target": htmx,
            }
        with Run.turn:
            return self._sent(method, path, name, expect, headers, form)

    def _sent(
        self,
        method: str,
        path: str,
        name: str,
        expect: tuple[int, ...],
        headers: dict[str, str],
        form: dict[str, str] | None,
    ) -> str | None:
        body = None
        if form is not None:
            headers |= {
                "Content-Type": FORM,
                "Origin": Run.origin,
                "Referer": Run.origin + self.here,
            }
            body = urlencode(form)
        with self.client.request(
            method,
            path,
            name=name,
            data=body,
            headers=headers,
            catch_response=True,
            allow_redirects=False,
        ) as response:
            self.location = (response.headers or {}).get("Location", "")
            self.retry_after = _seconds((response.headers or {}).get("Retry-After", ""))
            if response.status_code == 404 and path.startswith(self.table_path):
                self.member = False  # not (or no longer) one of the table's phones
            if response.status_code in expect:
                response.success()
                return "" if response.status_code == 204 else (response.text or "")
            response.failure(f"{method} {name}: {response.status_code}")
            return None


def _seconds(header: str) -> float:
    """A Retry-After header's seconds (0 when there is none)."""
    try:
        return max(0.0, float(header))
    except ValueError:
        return 0.0


# -- the run ------------------------------------------------------------------------


def percentiles(times: list[float]) -> Stats:
    if not times:
        return {"count": 0, "p50": 0.0, "p95": 0.0, "p99": 0.0}
    if len(times) == 1:
        return {"count": 1, "p50": times[0], "p95": times[0], "p99": times[0]}
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    return {"count": len(times), "p50": cuts[49], "p95": cuts[94], "p99": cuts[98]}


class LoopLag:
    """How late the phones' event loop wakes a greenlet that sleeps 50 ms: a
    generator short of CPU shows here before it shows in the server's figures."""

    TICK = 0.05

    def __init__(self) -> None:
        self.lags: list[float] = []
        gevent.spawn(self._watch)

    def _watch(self) -> None:
        while True:
            asleep = time.monotonic()
            gevent.sleep(self.TICK)
            self.lags.append((time.monotonic() - asleep - self.TICK) * 1000)

    def p99(self, since: int) -> float:
        return percentiles(self.lags[since:])["p99"]


def measure(
    kind: str, tables: int, latency: float, seconds: float, lag: LoopLag, ready: float
) -> Result:
    """Open the tally for ``seconds``; the figures of that window."""
    plan = Run.plan
    server_before = cpu.tree_cpu(plan["server_pid"])
    db_before = cpu.tree_cpu(plan["db_pid"]) if plan["db_pid"] else {}
    wire_before = cpu.tree_cpu(plan["wire_pid"]) if plan["wire_pid"] else {}
    own_before = cpu.own_cpu()
    lag_from = len(lag.lags)
    began = time.monotonic()
    TALLY.start()
    gevent.sleep(seconds)
    TALLY.open = False
    elapsed = time.monotonic() - began
    server_after = cpu.tree_cpu(plan["server_pid"])
    db_after = cpu.tree_cpu(plan["db_pid"]) if plan["db_pid"] else {}
    wire_after = cpu.tree_cpu(plan["wire_pid"]) if plan["wire_pid"] else {}
    answered = sum(len(times) for times in TALLY.times.values())
    names = Counter(_command(pid) for pid in server_after)
    return {
        "kind": kind,
        "tables": tables,
        "latency": latency,
        "seconds": elapsed,
        "per_second": answered / elapsed,
        "stats": {name: percentiles(times) for name, times in TALLY.times.items()},
        "errors": dict(TALLY.errors),
        "hands": TALLY.hands,
        "server_cpu": 100 * cpu.used_between(server_before, server_after) / elapsed,
        "db_cpu": 100 * cpu.used_between(db_before, db_after) / elapsed,
        "wire_cpu": 100 * cpu.used_between(wire_before, wire_after) / elapsed,
        "generator_cpu": 100 * (cpu.own_cpu() - own_before) / elapsed,
        "loop_lag_p99": lag.p99(lag_from),
        "load": cpu.load_average(),
        "ready_seconds": ready,
        "ready_phones": Run.ready,
        "server_processes": ", ".join(f"{n} x{c}" for n, c in sorted(names.items())),
    }


def _command(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/comm") as comm:
            return comm.read().strip()
    except OSError:
        return "?"


def ceiling(environment: Environment, clients: int, seconds: float) -> None:
    """``clients`` clients asking the trivial view back to back for ``seconds``
    (the caller opens the tally after the first second)."""
    deadline = time.monotonic() + seconds
    sent = {"X-Forwarded-Proto": "https"} if Run.plan["behind_tls_proxy"] else {}

    def client() -> None:
        session = FastHttpSession(
            base_url=Run.plan["base"],
            request_event=environment.events.request,
            user=None,
            network_timeout=mix.TIMEOUT,
            connection_timeout=mix.TIMEOUT,
            concurrency=1,
        )
        while time.monotonic() < deadline:
            with session.request(
                "GET", HEALTH_PATH, name=mix.CEILING, headers=sent, catch_response=True
            ) as response:
                if response.status_code == 200:
                    response.success()
                else:
                    response.failure(f"ceiling: {response.status_code}")

    workers = [gevent.spawn(client) for _ in range(clients)]
    gevent.joinall(workers, timeout=seconds + mix.TIMEOUT + 5)
    gevent.killall(workers)


def wait_for_server(seconds: float = 90) -> None:
    session = FastHttpSession(
        base_url=Run.plan["base"],
        request_event=locust.events.request,
        user=None,
        network_timeout=2,
        connection_timeout=2,
    )
    sent = {"X-Forwarded-Proto": "https"} if Run.plan["behind_tls_proxy"] else {}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if session.request("GET", HEALTH_PATH, headers=sent).status_code == 200:
            return
        gevent.sleep(0.3)
    raise SystemExit(f"the server did not answer {HEALTH_PATH} within {seconds:.0f} s")


def say(text: str) -> None:
    print(f"  {time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)


def emit(result: Result) -> None:
    print(json.dumps(result), flush=True)


def main(path: str) -> None:
    # Its warning that a spawn rate over 100 a second "may cause issues": the
    # phones only join and open their table then, and the run waits for them.
    logging.getLogger("locust.runners").setLevel(logging.ERROR)
    # The phones stand for other devices: their figures should be the server's
    # answers, not their own wait for the CPU.
    cpu.go_first()
    with open(path) as file:
        plan: Plan = json.load(file)
    Run.plan = plan
    if plan["live_test_server"]:
        Run.turn = gevent.lock.BoundedSemaphore(1)
    split = urlsplit(plan["base"])
    Run.scheme = "https" if plan["behind_tls_proxy"] else "http"
    Run.origin = f"{Run.scheme}://{split.netloc}"
    network = Network(
        split.hostname or "",
        plan["server_namespace"],
        plan["phones_namespace"],
        plan["wire_control"],
        plan["wire_pid"],
    )
    Phone.host = plan["base"]
    environment = Environment(user_classes=[Phone], host=plan["base"])
    environment.events.request.add_listener(TALLY.on_request)  # type: ignore[no-untyped-call]
    runner = environment.create_local_runner()
    lag = LoopLag()
    wait_for_server()
    for latency in plan["latencies"]:
        network.set_latency(latency)
        say(f"ceiling at {latency:g} ms: {plan['ceiling_clients']} clients on {HEALTH_PATH}")
        measuring = gevent.spawn(
            ceiling, environment, plan["ceiling_clients"], plan["ceiling_seconds"] + 2
        )
        gevent.sleep(2)  # connections made, the server's processes warm
        emit(measure("ceiling", 0, latency, plan["ceiling_seconds"], lag, 0.0))
        measuring.join()
    for tables in plan["steps"]:
        network.set_latency(plan["latencies"][0])
        phones = tables * mix.PHONES_PER_TABLE
        say(f"{tables} tables: starting {phones - Run.ready} more phones")
        began = time.monotonic()
        runner.start(phones, spawn_rate=plan["spawn_rate"])
        limit = began + mix.READY_WITHIN
        while Run.ready < phones and time.monotonic() < limit:
            gevent.sleep(0.2)
        ready = time.monotonic() - began
        if Run.ready < phones:
            say(f"only {Run.ready} of {phones} phones opened their table in {mix.READY_WITHIN} s")
        for latency in plan["latencies"]:
            network.set_latency(latency)
            say(f"{tables} tables at {latency:g} ms: {plan['seconds']:g} s")
            gevent.sleep(plan["warmup"])
            emit(measure("step", tables, latency, plan["seconds"], lag, ready))
    runner.quit()


if __name__ == "__main__":
    main(sys.argv[1])
