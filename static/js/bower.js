// Bower's progressive enhancements. Every page works without this file.
"use strict";

(() => {
  const say = (text, event) => {
    // A form with a .save-status says it there, beside its Save button (the top
    // of the page may be far away; scorekeeper.js offers Retry); others at the top.
    const sent = event && event.detail && event.detail.elt;
    const status = sent instanceof HTMLFormElement && sent.querySelector(".save-status");
    if (status) {
      status.querySelector(".save-problem").textContent = text;
      status.hidden = false;
      return;
    }
    const messages = document.getElementById("messages");
    if (!messages) return;
    const message = document.createElement("p");
    message.className = "message message-error";
    message.textContent = text;
    messages.replaceChildren(message);
  };

  // On table Wi-Fi a tap can fail to reach the laptop, or its answer can get lost:
  // say so instead of doing nothing. Tapping again is safe: every form carries a
  // token, so a hand sent twice is recorded once.
  // A form that can wait on the phone (outbox.js) is kept there instead; a poll
  // (live.js) was nobody's tap: the banner says the phone is offline.
  // Whether this phone can keep a hand (outbox.js loaded, IndexedDB there).
  const outboxReady = () => Boolean(window.BowerOutbox && window.indexedDB);
  const waits = (event) => {
    const elt = event.detail.elt;
    return elt instanceof Element && Boolean(elt.closest(".poller") || (outboxReady() && elt.closest("[data-outbox]")));
  };
  const again = " Check the Wi-Fi and try again: a hand is never recorded twice.";
  for (const [name, text] of [["sendError", "Could not reach Bower: nothing was saved."], ["timeout", "Bower did not answer in time."]]) {
    document.addEventListener(`htmx:${name}`, (event) => waits(event) || say(text + again, event));
  }
  // An answer htmx does not swap in (base.html's htmx config): a server error, a
  // page that is gone, a form from an expired session.
  document.addEventListener("htmx:responseError", (event) => {
    const { status, responseText } = event.detail.xhr;
    // A busy scorebook (scorekeeper/web/middleware.py): a poll is asked again at its
    // next turn, a hand waits in the phone's outbox (outbox.js says so); any other
    // tap is told in the answer's own words that nothing was saved.
    if (status === 503) {
      if (waits(event)) return;
      const busy = new DOMParser().parseFromString(responseText, "text/html").querySelector("[role=alert]");
      if (busy) return say(busy.textContent, event);
    }
    say(`Bower could not do that (error ${status}). Reload the page and try again.`, event);
  });
  // Back and forward restore a screen from htmx's snapshot of it, parsed again. A
  // style attribute in it breaks the CSP (style-src 'self'): a console error each.
  // Nothing of Bower's sets one, but a style written and cleared through the CSSOM
  // leaves style="" behind (a screenshot tool hides the caret of every input so):
  // an empty one does nothing, so it goes before the snapshot is taken. (base.html's
  // htmx-config does not settle style attributes either.)
  // The snapshot keeps each chip as it is now, not as the page first drew it: Back
  // shows a form as it was left, beside the points drawn for it (a fix saved, then
  // Back: the 5 tricks tapped beside the march they score, not the 4 first drawn).
  document.addEventListener("htmx:beforeHistorySave", (event) => {
    const snapshot = event.detail.historyElt;
    for (const element of snapshot.querySelectorAll("[style]")) {
      if (!element.getAttribute("style").trim()) element.removeAttribute("style");
    }
    for (const input of snapshot.querySelectorAll("input[type=radio], input[type=checkbox]")) {
      if (input.hasAttribute("checked") !== input.checked) input.toggleAttribute("checked", input.checked);
    }
  });

  // Offline (the phone lost the Wi-Fi, or this page is a copy the service worker
  // kept): say so plainly, and what a tap does now: on the table screen a hand is
  // kept on the phone (outbox.js), elsewhere nothing can be saved. Hands waiting in
  // the phone's outbox are counted here, online or not (outbox.js tells).
  const banner = document.getElementById("offline-banner");
  let isOffline = false;
  let waiting = 0;
  const drawBanner = () => {
    if (!banner) return;
    const hands = waiting === 1 ? "1 hand waits" : `${waiting} hands wait`;
    const keeps = outboxReady() && Boolean(document.querySelector("[data-outbox]"));
    let text = "";
    // One line over the table (the table says they are not yet sent).
    if (isOffline && waiting) text = `Offline: ${hands} on this phone`;
    else if (isOffline && keeps) text = "Offline: a hand saved now waits on this phone until the connection is back";
    else if (isOffline) text = "Offline: nothing can be saved until the connection is back";
    else if (waiting) text = `${hands} on this phone to be sent to Bower`;
    if (banner.textContent !== text) banner.textContent = text;
    document.documentElement.classList.toggle("is-offline", isOffline);
  };
  const showOffline = (offline) => {
    isOffline = offline;
    drawBanner();
  };
  document.addEventListener("bower:waiting", (event) => {
    waiting = event.detail.count;
    drawBanner();
  });
  document.addEventListener("htmx:afterSettle", drawBanner);
  const keptCopy = document.body.hasAttribute("data-offline-copy");
  showOffline(keptCopy || !navigator.onLine);
  window.addEventListener("offline", () => showOffline(true));
  window.addEventListener("online", () => showOffline(false));
  // A kept copy on a phone whose Wi-Fi never dropped (the laptop was away): the
  // first answer from Bower means the connection is back.
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.successful && navigator.onLine) showOffline(false);
  });

  // The service worker (templates/pwa/sw.js) only runs in a secure context:
  // on a phone reaching the laptop over plain http it is simply not there.
  const workerUrl = document.currentScript && document.currentScript.dataset.serviceWorker;
  if (workerUrl && window.isSecureContext && "serviceWorker" in navigator) {
    navigator.serviceWorker.register(workerUrl, { scope: "/" }).catch(() => {
      // Refused (private mode, storage full): the app works as before, just not offline.
    });
    // Keep the screen as it looks now, for reading (and on the table screen, scoring)
    // without network; the worker decides which screens it keeps.
    // With it, every script and style sheet the page loaded (the worker keeps them all,
    // DEBUG's too, whether or not it answered for them).
    // The table screen's table of outcomes too (hand.js fetched it; data-outcomes).
    const assets = () => [
      ...[...document.querySelectorAll("script[src], link[rel=stylesheet][href]")].map((element) => element.src || element.href),
      ...[...document.querySelectorAll("[data-outcomes]")].map((element) => element.dataset.outcomes).filter(Boolean),
    ];
    const keepPage = () => {
      if (location.search) return;
      navigator.serviceWorker.ready.then((registration) => {
        if (registration.active) registration.active.postMessage({ keep: location.pathname, assets: assets() });
      });
    };
    // A page the worker answered is kept already; one loaded before it was not.
    if (!navigator.serviceWorker.controller && !keptCopy) keepPage();
    // A new screen; and the table screen each time another phone's change is drawn.
    document.addEventListener("htmx:afterSettle", (event) => {
      const target = event.detail.target;
      if ((target && target.id === "main") || document.querySelector(".table-screen")) keepPage();
    });
  }
})();
