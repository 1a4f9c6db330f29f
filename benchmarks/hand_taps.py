"""The hand on the table screen, tapped on a slow phone: each tap's time to paint, and the
table screen's bytes on the wire (docs/decisions.md, D50).

    .venv/bin/python -m benchmarks.hand_taps [--rounds 5] [--cpu 4] [--bytes-only] [--work]

Not part of `make bench` (it needs Chromium) nor of the tests (timings are never
asserted). Served as `make bench` serves the app (production settings, gunicorn on the
loopback, a throwaway SQLite file): a five-player Call-Ace game 60 hands in, opened in
Debian's Chromium at 375x667 with its CPU slowed down (CDP
``Emulation.setCPUThrottlingRate``). Each round taps a hand's chips on the table as a
scorer does (the maker, trump, the called ace, Save the call, the partner, the tricks,
Renege, who reneged) and, for every tap, measures from the click's event time to the
frame after the next paint (a ``requestAnimationFrame`` after the click, then a task:
what the screen shows by then is the tap's answer), and the Event Timing API's
latency of the tap (its interaction's longest event, as INP counts it; reported from
16 ms only). The round ends by cancelling the call, so every round starts from the same
table. On a busy machine both include the waits for a core: ``--work`` reports instead
each tap's main-thread work from a Chromium trace (its tasks' thread time, pointerdown
to the first paint after the click), which the machine's load does not inflate.

The bytes: the table screen's HTML as a phone asks for it (gzip and brotli accepted),
and with the CSS and JavaScript it loads (whitenoise's brotli copies) and the kind's table
of outcomes it preloads (``data-outcomes``): the first load.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import itertools
import json
import re
import statistics
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
SCALE = 2  # a phone's pixels per CSS pixel
TRICKS = "Tricks for the maker's side"

# Before each tap: note the click's time, then the time after the next frame.
WATCH = """() => {
  window.__taps = [];
  window.__events = [];
  window.__clicks = [];
  document.addEventListener("click", (event) => {
    const start = event.timeStamp;
    window.__clicks.push(start);
    requestAnimationFrame(() => setTimeout(() => {
      window.__taps.push(performance.now() - start);
    }));
  }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) {
        window.__events.push([entry.interactionId, entry.name, entry.startTime, entry.duration]);
      }
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: false });
}"""


def _get(port: int, path: str, cookie: str, encoding: str) -> tuple[int, bytes, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers={"Cookie": cookie, "Accept-Encoding": encoding})
        answer = connection.getresponse()
        return answer.status, answer.read(), answer.getheader("Content-Encoding") or "identity"
    finally:
        connection.close()


def wire_bytes(port: int, path: str, cookie: str) -> None:
    """The table screen's HTML, then with its stylesheets, scripts and the kind's table
    of outcomes, as sent."""
    status, html, encoding = _get(port, path, cookie, "gzip, br")
    assert status == 200, status
    _, plain, _ = _get(port, path, cookie, "identity")
    total = len(html)
    lines = [f"  table screen HTML: {len(html):,} B {encoding} ({len(plain):,} B plain)"]
    # The drawing's part of the outcomes (names, totals, deals), in the HTML.
    drawing = re.search(
        rb'<script id="hand-outcomes" type="application/json">(.*?)</script>', plain
    )
    if drawing:
        lines.append(f"    of which this drawing's outcomes: {len(drawing.group(1)):,} B plain")
    # The stylesheets and scripts, and the kind's table of outcomes the page preloads.
    assets = re.findall(rb'(?:href|src)="(/static/[^"]+\.(?:css|js)|/games/outcomes/[^"]+)"', plain)
    for asset in dict.fromkeys(assets):
        _, body, coding = _get(port, asset.decode(), cookie, "gzip, br")
        total += len(body)
        lines.append(f"  {asset.decode()}: {len(body):,} B {coding}")
    print("Bytes on the wire (first load of the table screen):")
    print("\n".join(lines))
    print(f"  total: {total:,} B")


def main_thread_work(trace: bytes) -> float:
    """The renderer's main-thread time (its tasks' thread time, so a busy machine's
    waits do not count) from the tap's pointerdown to the first paint after its click."""
    events = json.loads(trace)["traceEvents"]
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("name") == "thread_name" and e["args"]["name"] == "CrRendererMain"
    }
    timed = [e for e in events if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X"]

    def dispatched(kind: str) -> dict[str, Any]:
        return next(
            e
            for e in timed
            if e["name"] == "EventDispatch" and e["args"].get("data", {}).get("type") == kind
        )

    start = dispatched("pointerdown")["ts"]
    click = dispatched("click")
    clicked = click["ts"] + click["dur"]
    end = min(e["ts"] + e["dur"] for e in timed if e["name"] == "Paint" and e["ts"] > clicked)
    tasks = [e for e in timed if e["name"] == "ThreadControllerImpl::RunTask"]
    return float(sum(e.get("tdur", 0) for e in tasks if start <= e["ts"] <= end)) / 1000


class Round:
    """One hand's taps on the page, each timed (``work``: traced instead)."""

    def __init__(self, browser: Any, page: Any, *, work: bool) -> None:
        self.browser, self.page, self.work = browser, page, work
        self.names: list[str] = []
        self.works: list[float] = []

    def chip(self, group: str, name: str) -> Any:
        field = self.page.get_by_role("group", name=group, exact=True)
        return field.get_by_role("radio", name=name, exact=True)

    def tap(self, name: str, target: Any) -> None:
        target.wait_for()
        if self.work:
            self.browser.start_tracing(page=self.page, categories=["devtools.timeline", "toplevel"])
        target.click()
        self.names.append(name)
        self.page.wait_for_function("(n) => window.__taps.length >= n", arg=len(self.names))
        if self.work:
            self.page.wait_for_timeout(100)
            self.works.append(main_thread_work(self.browser.stop_tracing()))

    def play(self) -> None:
        """A scorer's hand: the maker, trump, the ace, Save the call, the partner (later
        in the hand, when the ace is played), the tricks, a renege."""
        page = self.page
        self.tap("maker", self.chip("Who made trump?", "Ben"))
        self.tap("trump", self.chip("Trump", "Hearts"))
        self.tap("called ace", self.chip("Called ace", "Ace of spades"))
        self.tap(
            "Save the call (the phone goes on)", page.get_by_role("button", name="Save the call")
        )
        page.locator(".table-hand[data-call-saved='yes']").wait_for()
        page.wait_for_timeout(500)
        self.tap("partner", self.chip("Partner", "Dan"))
        self.tap("tricks (the points shown)", self.chip(TRICKS, "3"))
        self.tap("Renege (opens)", page.locator("summary", has_text="Renege"))
        self.tap("who reneged (the points again)", self.chip("Renege", "Ann"))
        page.wait_for_timeout(300)

    def cancel(self) -> None:
        """The call cancelled: the next round starts from the same table."""
        page = self.page
        page.get_by_role("button", name="Back").click()
        page.get_by_role("button", name="Back").click()
        page.get_by_role("button", name="Cancel the call").click()
        page.locator(".table-hand[data-call-saved='']").wait_for()


def tap_rounds(
    port: int, path: str, key_path: str, *, rounds: int, cpu: float, work: bool = False
) -> None:
    from playwright.sync_api import sync_playwright

    taps: dict[str, list[float]] = {}
    events: dict[str, list[float]] = {}
    works: dict[str, list[float]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        context = browser.new_context(
            viewport={"width": 375, "height": 667},
            is_mobile=True,
            has_touch=True,
            device_scale_factor=SCALE,
            base_url=f"http://127.0.0.1:{port}",
        )
        page = context.new_page()
        page.goto(key_path)
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        for _ in range(rounds + 1):  # the first round warms up, and is not counted
            page.goto(path)
            page.evaluate(WATCH)
            hand = Round(browser, page, work=work)
            hand.play()
            measured = page.evaluate("window.__taps")
            latency = _by_interaction(
                page.evaluate("window.__events"), page.evaluate("window.__clicks")
            )
            for name, ms, late, traced in itertools.zip_longest(
                hand.names, measured, latency, hand.works
            ):
                taps.setdefault(name, []).append(ms)
                events.setdefault(name, []).append(late)
                works.setdefault(name, []).append(traced)
            hand.cancel()
        browser.close()
    if work:
        _report_work(works, cpu=cpu, rounds=rounds)
    else:
        _report_taps(taps, events, cpu=cpu, rounds=rounds)


def _report_work(works: dict[str, list[float]], *, cpu: float, rounds: int) -> None:
    print(f"Main-thread work per tap (CPU {cpu:g}x, thread time, {rounds} rounds, ms):")
    for name, values in works.items():
        counted = values[1:]
        print(f"  {name:36} median {statistics.median(counted):5.1f}  max {max(counted):5.1f}")


def _report_taps(
    taps: dict[str, list[float]], events: dict[str, list[float]], *, cpu: float, rounds: int
) -> None:
    print(f"Tap to paint, CPU slowed {cpu:g}x, 375x667, {rounds} rounds (ms):")
    print(f"  {'tap':36} {'next frame: median':>18} {'max':>6}   event timing: median, max")
    for name, values in taps.items():
        counted = values[1:]
        timed = events[name][1:]
        print(
            f"  {name:36} {statistics.median(counted):18.1f} {max(counted):6.1f}"
            f"   {_shown(statistics.median(timed)):>5} {_shown(max(timed)):>5}"
        )


def _shown(ms: float) -> str:
    """Event Timing reports an interaction from 16 ms only."""
    return "<16" if ms < 16 else f"{ms:.0f}"


def _by_interaction(seen: list[list[Any]], clicks: list[float]) -> list[float]:
    """Each tap's Event Timing latency (its interaction's longest event, as INP counts
    it), found by its click's time; 0 for a tap the API did not report (under 16 ms)."""
    latency: list[float] = []
    for clicked in clicks:
        ids = {e[0] for e in seen if e[1] == "click" and abs(e[2] - clicked) < 1}
        latency.append(max((e[3] for e in seen if e[0] in ids), default=0.0))
    return latency


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.hand_taps", description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cpu", type=float, default=4.0, help="CPU slow-down (CDP)")
    parser.add_argument("--bytes-only", action="store_true")
    parser.add_argument(
        "--work",
        action="store_true",
        help="each tap's main-thread work from a trace (thread time) instead of its time",
    )
    args = parser.parse_args(argv)
    with table_served("bower-hand-taps-") as (port, path, key_path, cookie):
        wire_bytes(port, path, cookie)
        if not args.bytes_only:
            tap_rounds(port, path, key_path, rounds=args.rounds, cpu=args.cpu, work=args.work)
    return 0


@contextlib.contextmanager
def table_served(prefix: str) -> Iterator[tuple[int, str, str, str]]:
    """A database of its own (in a folder named ``prefix``...) with the bench's table
    and a game 60 hands in, served by gunicorn: its port, the game's table screen,
    the table's key link and the Cookie header of a phone that opened it."""
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        from benchmarks.__main__ import start_django

        start_django(folder)
        from benchmarks.bench_load import gunicorn
        from benchmarks.games import bench_table, game_in_play

        path = f"/games/{game_in_play(60)}/"
        key_path = bench_table().key_path
        with gunicorn() as port:
            yield port, path, key_path, cookie_of_table(port, key_path)


def cookie_of_table(port: int, key_path: str) -> str:
    """The Cookie header of a phone that opened the table's key link."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", key_path, headers={"Sec-Fetch-Site": "none"})
        answer = connection.getresponse()
        answer.read()
        cookies = [
            value.split(";", 1)[0]
            for name, value in answer.getheaders()
            if name.lower() == "set-cookie"
        ]
    finally:
        connection.close()
    return "; ".join(cookies)


if __name__ == "__main__":
    sys.exit(main())
