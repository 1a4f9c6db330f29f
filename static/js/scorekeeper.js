// The game flow's progressive enhancements. Every screen works without this file:
// forms post and redirect, "Preview" and "Update" buttons stand in for the live parts.
"use strict";

(() => {
  // A save that failed (bower.js shows why in the form's .save-status): Retry
  // sends the same form again, with the same token, so the hand is stored once.
  const submitters = new WeakMap();
  document.addEventListener("submit", (event) => {
    if (event.submitter) submitters.set(event.target, event.submitter);
  });
  document.addEventListener("click", (event) => {
    const retry = event.target instanceof Element && event.target.closest(".save-retry");
    if (!retry) return;
    const form = retry.closest("form");
    const status = retry.closest(".save-status");
    if (status) status.hidden = true;
    const button = submitters.get(form) || form.querySelector(".save-bar [type=submit]:not(.nojs-only)");
    if (button && button.isConnected) button.click();
    else form.requestSubmit();
  });

  document.addEventListener("htmx:beforeRequest", (event) => {
    const status = event.detail.elt instanceof HTMLFormElement && event.detail.elt.querySelector(".save-status");
    if (status) status.hidden = true;
  });

  // Redo after an Undo (table.html's .taken-back) is offered a few seconds, then
  // hidden: the table is as it was before. The next change draws it without it.
  const expire = (root) => {
    for (const offer of root.querySelectorAll(".taken-back")) setTimeout(() => (offer.hidden = true), 10000);
  };
  expire(document);
  document.addEventListener("htmx:load", (event) => expire(event.detail.elt));

  // A new screen swapped into <main>: start a screen reader (and the keyboard) there.
  document.addEventListener("htmx:afterSwap", (event) => {
    const target = event.detail.target;
    if (target && target.id === "main") {
      target.focus({ preventScroll: true });
    }
  });

  // New game: the first-dealer chips and the teams line show names as they are typed.
  document.addEventListener("input", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.id) return;
    const name = input.value.trim();
    for (const span of document.querySelectorAll(`[data-mirror="${CSS.escape(input.id)}"]`)) {
      span.textContent = name || span.dataset.empty || "";
    }
    // The deal for the number of players seated so far.
    const seats = input.closest(".seat-list");
    if (!seats) return;
    const names = [...seats.querySelectorAll("input")]
      .map((i) => i.value.trim().toLowerCase())
      .filter(Boolean);
    for (const row of document.querySelectorAll(".deal-info tr[data-players]")) {
      row.classList.toggle("is-current", row.dataset.players === String(names.length));
    }
    // Someone already seated is not offered again.
    const known = [...document.querySelectorAll('button[name="add_player"]')];
    for (const button of known) {
      button.hidden = names.includes(button.value.trim().toLowerCase());
    }
    const panel = document.querySelector(".known-players");
    if (panel) panel.hidden = known.every((button) => button.hidden);
  });
})();
