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

  // The table screen's hand form is kept through a poll (docs/formats.md, "Polls"):
  // the poll says the hand it is for, and Bower answers every other part of the live
  // part and what moves the form on (hand.js), not the form again. Not while the form
  // is busy with this phone's own hands (outbox.js): then the live part is drawn anew.
  const BUSY = ["waiting", "changing", "keeping", "callSending", "saveWaiting"];
  const keptForm = () => {
    const form = document.querySelector("#live .table-hand[data-started]");
    if (!form || !window.bowerHand || BUSY.some((name) => form.dataset[name])) return null;
    // A hand saved here moved the form on before Bower drew it (outbox.js's sentHand).
    const { sentHand, hand } = form.dataset;
    return sentHand && sentHand !== hand ? null : form;
  };
  let whole = false; // the next poll asks for the whole live part
  document.addEventListener("htmx:configRequest", (event) => {
    if (!isPoller(event.detail.elt)) return;
    const form = keptForm();
    if (form && !whole) event.detail.parameters.form = form.dataset.hand;
    whole = false;
  });

  // A poll's answer for a kept form: each part in the place of the one with its id,
  // swapped by htmx itself (its links work; nothing out of band). A page without one
  // of them (another screen, a form busy meanwhile) asks for the whole live part.
  const patch = (event, answer) => {
    event.detail.shouldSwap = false;
    const form = keptForm();
    const live = event.detail.target;
    const parts = [...answer.children].filter((part) => part.id && part.tagName !== "SCRIPT");
    const places = parts.map((part) => document.getElementById(part.id));
    if (!form || !live.isConnected || !live.contains(form) || places.some((place) => !place || !live.contains(place))) {
      const poller = live.isConnected && live.querySelector(".poller");
      if (!poller) return;
      whole = true;
      setTimeout(() => window.htmx.ajax("GET", poller.getAttribute("hx-get"), { source: poller, target: "#live", swap: "outerHTML" }));
      return;
    }
    // What a poll's answer draws anew goes: the offer to redo an undone hand.
    for (const offer of live.querySelectorAll(":scope > .taken-back")) offer.remove();
    parts.forEach((part, index) => window.htmx.swap(places[index], part.outerHTML, { swapStyle: "outerHTML" }));
    window.bowerHand.moveOn(form, {
      ...answer.dataset,
      drawing: answer.querySelector("#hand-drawing").textContent,
      call: JSON.parse(answer.querySelector("#hand-call").textContent),
    });
  };

  // A poll draws the live part of the page anew: what the reader opened (a
  // <details> with an id) stays open, and a choice not yet sent stays chosen.
  // Heard first (capture): the other scripts see whether the answer is swapped in.
  let kept = null;
  document.addEventListener("htmx:beforeSwap", (event) => {
    const live = event.detail.target;
    if (!live || live.id !== "live" || !event.detail.shouldSwap) return;
    // A tap in the live part on its way (htmx marks its link or form): the answer would
    // take that element from the page, and its own answer could not find the page's
    // messages. The poll asks again in a few seconds (its version is unchanged).
    if (isPoller(event.detail.elt) && live.querySelector(".htmx-request:not(.poller)")) {
      event.detail.shouldSwap = false;
      return;
    }
    const text = event.detail.serverResponse || "";
    if (text.startsWith('<div id="live-patch"')) {
      const template = document.createElement("template");
      template.innerHTML = text;
      patch(event, template.content.firstElementChild);
      return;
    }
    kept = {
      open: [...live.querySelectorAll("details[open][id]")].map((details) => details.id),
      chosen: [...live.querySelectorAll("select[id]")].map((select) => [select.id, select.value]),
    };
  }, true);
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
