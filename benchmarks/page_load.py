"""The table screen on a slow phone and network, as a person feels it: its first load on
emulated 4G (cold, then with the service worker warm), and Save's time to the new totals
with 80 ms of latency (issue 25's goals; docs/decisions.md, D50 and D52).

    .venv/bin/python -m benchmarks.page_load [--rounds 5] [--cpu 4]

Not part of `make bench` nor of the tests (timings are never asserted). Served as
`benchmarks.hand_taps` serves the app (production settings, gunicorn on the loopback,
a throwaway SQLite file, a five-player Call-Ace game 60 hands in), opened in Debian's
Chromium at 375x667 with its CPU slowed (CDP ``Emulation.setCPUThrottlingRate``).

- First load: Lighthouse's mobile network (150 ms round trip, 1.6 Mbit/s down,
  750 kbit/s up, CDP ``Network.emulateNetworkConditions``) in a new browser context
  (nothing cached), the Largest Contentful Paint from the navigation's start; then
  the same page opened again in that context once the service worker has installed
  and kept the static files (127.0.0.1 is a secure context, as https is).
- Save: 80 ms of round trip and no bandwidth limit; a whole hand tapped, then Save,
  timed from the click to the frame that shows the next hand's heading.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from typing import Any

from benchmarks.hand_taps import CHROMIUM, SCALE, TRICKS, table_served

# Lighthouse's "Slow 4G" (its mobile default), in CDP's units: bytes a second.
FOUR_G: dict[str, float] = {
    "latency": 150,
    "downloadThroughput": 1_600_000 / 8,
    "uploadThroughput": 750_000 / 8,
}
WIFI_80_MS: dict[str, float] = {"latency": 80, "downloadThroughput": -1, "uploadThroughput": -1}

# Kept from the page's first moment: the latest Largest Contentful Paint candidate.
WATCH_LCP = """
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__lcp = entry.startTime;
}).observe({ type: "largest-contentful-paint", buffered: true });
"""


def _lcp(page: Any) -> float:
    page.wait_for_function("() => window.__lcp !== undefined", timeout=30_000)
    page.wait_for_timeout(500)  # a later, larger candidate
    return float(page.evaluate("window.__lcp"))


# The click's time; then, once the heading names the next hand, the frame after.
SAVED = """(next) => {
  window.__saved = undefined;
  const heading = () => document.querySelector("h1");
  document.querySelector(".save-hand").addEventListener("click", (event) => {
    const start = event.timeStamp;
    const check = () => {
      const shown = heading() && heading().textContent.trim() === `Hand ${next}`;
      if (!shown) return requestAnimationFrame(check);
      requestAnimationFrame(() => setTimeout(() => (window.__saved = performance.now() - start)));
    };
    check();
  }, { capture: true, once: true });
}"""


def _context(browser: Any, port: int) -> Any:
    return browser.new_context(
        viewport={"width": 375, "height": 667},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=SCALE,
        base_url=f"http://127.0.0.1:{port}",
    )


def _slowed(context: Any, page: Any, cpu: float, network: dict[str, float]) -> Any:
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, **network})
    return cdp


def _wire(cdp: Any) -> dict[str, int]:
    """Bytes over the wire by URL (headers and compressed bodies), filled in as they land."""
    urls: dict[str, str] = {}
    sizes: dict[str, int] = {}
    cdp.on(
        "Network.requestWillBeSent",
        lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]),
    )
    cdp.on(
        "Network.loadingFinished",
        lambda e: sizes.__setitem__(urls.get(e["requestId"], "?"), int(e["encodedDataLength"])),
    )
    return sizes


def first_loads(
    browser: Any, port: int, path: str, cookie: str, cpu: float
) -> tuple[list[float], dict[str, int]]:
    """[cold LCP, warm LCP] in ms, one new context (an empty cache); and the first load's
    bytes over the wire by URL, up to its LCP."""
    context = _context(browser, port)
    context.add_cookies(
        [
            {"name": name, "value": value, "url": f"http://127.0.0.1:{port}"}
            for name, value in (part.split("=", 1) for part in cookie.split("; "))
        ]
    )
    context.add_init_script(WATCH_LCP)
    page = context.new_page()
    sizes = _wire(_slowed(context, page, cpu, FOUR_G))
    page.goto(path, wait_until="load")
    cold = _lcp(page)
    first = dict(sizes)
    # The worker installs (it precaches the app's static files) and takes the page.
    page.wait_for_function(
        "() => Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)",
        timeout=30_000,
    )
    page.wait_for_timeout(2000)
    page.goto(path, wait_until="load")
    warm = _lcp(page)
    context.close()
    return [cold, warm], first


def saves(
    browser: Any, port: int, path: str, key_path: str, cpu: float, rounds: int
) -> list[float]:
    """Save's time to the next hand's heading, a hand a round (each one recorded)."""
    context = _context(browser, port)
    page = context.new_page()
    page.goto(key_path)
    page.goto(path)
    _slowed(context, page, cpu, WIFI_80_MS)
    times: list[float] = []

    def chip(group: str, name: str) -> Any:
        field = page.get_by_role("group", name=group, exact=True)
        return field.get_by_role("radio", name=name, exact=True)

    for _ in range(rounds + 1):  # the first warms up, and is not counted
        number = int(page.locator("h1").inner_text().split()[-1])
        chip("Who made trump?", "Ben").click()
        chip("Trump", "Hearts").click()
        chip("Called ace", "Ace of spades").click()
        page.get_by_role("button", name="Save the call").click()
        page.locator(".table-hand[data-call-saved='yes']").wait_for()
        chip("Partner", "Dan").click()
        chip(TRICKS, "3").click()
        page.evaluate(SAVED, number + 1)
        page.get_by_role("button", name="Save hand").click()
        page.wait_for_function("() => window.__saved !== undefined", timeout=30_000)
        times.append(float(page.evaluate("window.__saved")))
        page.wait_for_timeout(300)
    context.close()
    return times[1:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.page_load", description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cpu", type=float, default=4.0, help="CPU slow-down (CDP)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with (
        table_served("bower-page-load-") as (port, path, key_path, cookie),
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        runs = [first_loads(browser, port, path, cookie, args.cpu) for _ in range(args.rounds)]
        saved = saves(browser, port, path, key_path, args.cpu, args.rounds)
        browser.close()
    cold = [times[0] for times, _ in runs]
    warm = [times[1] for times, _ in runs]
    sizes = runs[-1][1]
    print(f"First load over the wire: {sum(sizes.values()) / 1000:.1f} KB")
    for url, size in sorted(sizes.items(), key=lambda item: -item[1]):
        print(f"  {size / 1000:6.1f} KB  {url.split(str(port), 1)[-1]}")
    print(f"The table screen, CPU slowed {args.cpu:g}x, 375x667, {args.rounds} rounds (ms):")
    for name, values in (
        ("first load on 4G, LCP", cold),
        ("again, service worker warm", warm),
        ("Save to new totals at 80 ms", saved),
    ):
        print(f"  {name:28} median {statistics.median(values):6.0f}  max {max(values):6.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
