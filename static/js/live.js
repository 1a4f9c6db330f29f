// Live games: the table screen and the watch page ask for changes every few
// seconds (an htmx poll on .poller, 204 while nothing changed). Not while the
// page is hidden, which spares the phone's battery and the server; and at once
// when it comes back into view, so a phone taken out of a pocket is up to date.
"use strict";

(() => {
  const hidden = () => document.visibilityState === "hidden";

  document.addEventListener("htmx:beforeRequest", (event) => {
    if (hidden() && event.target.closest && event.target.closest(".poller")) {
      event.preventDefault();
    }
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
