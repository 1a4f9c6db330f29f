// Live games: the table screen and the watch page ask for changes every few
// seconds (an htmx poll on .poller, 204 while nothing changed). Not while the
// page is hidden, which spares the phone's battery and the server; and at once
// when it comes back into view, so a phone taken out of a pocket is up to date.
"use strict";

(() => {
  const hidden = () => document.visibilityState === "hidden";
  const isPoller = (element) => Boolean(element && element.closest && element.closest(".poller"));
  // An overloaded server answers a poll 503 with Retry-After (scorekeeper/web/
  // middleware.py, OverloadMiddleware): ask again only after that long.
  let quietUntil = 0;

  document.addEventListener("htmx:beforeRequest", (event) => {
    if (isPoller(event.target) && (hidden() || Date.now() < quietUntil)) {
      event.preventDefault();
    }
  });

  document.addEventListener("htmx:responseError", (event) => {
    const { xhr, elt } = event.detail;
    if (xhr.status !== 503 || !isPoller(elt)) return;
    const seconds = Number.parseInt(xhr.getResponseHeader("Retry-After") || "", 10);
    quietUntil = Date.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 8) * 1000;
  });

  // A poll draws the live part of the page anew: what the reader opened (a
  // <details> with an id) stays open, and a choice not yet sent stays chosen.
  let kept = null;
  document.addEventListener("htmx:beforeSwap", (event) => {
    const live = event.detail.target;
    if (!live || live.id !== "live") return;
    kept = {
      open: [...live.querySelectorAll("details[open][id]")].map((details) => details.id),
      chosen: [...live.querySelectorAll("select[id]")].map((select) => [select.id, select.value]),
    };
  });
  document.addEventListener("htmx:afterSwap", () => {
    if (!kept) return;
    for (const id of kept.open) {
      const details = document.getElementById(id);
      if (details instanceof HTMLDetailsElement) details.open = true;
    }
    for (const [id, value] of kept.chosen) {
      const select = document.getElementById(id);
      if (select instanceof HTMLSelectElement && value) select.value = value;
    }
    kept = null;
  });

  document.addEventListener("visibilitychange", () => {
    if (hidden() || !window.htmx) return;
    document.querySelectorAll(".poller[hx-get]").forEach((poller) => {
      window.htmx.ajax("GET", poller.getAttribute("hx-get"), {
        source: poller,
        target: poller.getAttribute("hx-target") || "#live",
        swap: poller.getAttribute("hx-swap") || "outerHTML",
      });
    });
  });
})();
