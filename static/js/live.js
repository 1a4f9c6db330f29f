// Live games: the table screen and the watch page ask for changes every few
// seconds (an htmx poll on .poller, 204 while nothing changed). Not while the
// page is hidden, which spares the phone's battery and the server; and at once
// when it comes back into view, so a phone taken out of a pocket is up to date.
"use strict";

(() => {
  const hidden = () => document.visibilityState === "hidden";
  const isPoller = (element) => Boolean(element && element.closest && element.closest(".poller"));
  // This phone's own hand (outbox.js) or call (hand.js) on its way to Bower: its answer
  // brings the table up to date around the form. A poll's live part drawn meanwhile
  // would take the form from under it, and with it a Save waiting for the call.
  const OWN = ".table-hand[data-sending], .table-hand[data-call-sending]";
  const ownOnItsWay = () => Boolean(document.querySelector(`#live :is(${OWN})`));

  document.addEventListener("htmx:beforeRequest", (event) => {
    if (isPoller(event.target) && (hidden() || ownOnItsWay())) {
      event.preventDefault();
    }
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

  // A live patch (docs/formats.md, "Polls"): each part in the place of the one with
  // its id, swapped by htmx itself (its links work; nothing out of band), and `form`
  // moved on (hand.js). False, with nothing changed, where the page has no place for
  // one of them (another screen, the form gone). A poll's, and this phone's own save's
  // (outbox.js) and call's (hand.js): one way to draw it.
  const PATCH = '<div id="live-patch"';
  const isPatch = (text) => text.startsWith(PATCH);
  const apply = (text, form) => {
    const live = document.getElementById("live");
    const template = document.createElement("template");
    template.innerHTML = text;
    const answer = template.content.firstElementChild;
    const parts = [...answer.children].filter((part) => part.id && part.tagName !== "SCRIPT");
    const places = parts.map((part) => document.getElementById(part.id));
    if (!form || !live || !live.contains(form) || places.some((place) => !place || !live.contains(place))) return false;
    // What a poll's answer draws anew goes: the offer to redo an undone hand.
    for (const offer of live.querySelectorAll(":scope > .taken-back")) offer.remove();
    parts.forEach((part, index) => window.htmx.swap(places[index], part.outerHTML, { swapStyle: "outerHTML" }));
    if (answer.dataset.title) document.title = answer.dataset.title; // the tab's, as the page draws it
    window.bowerHand.moveOn(form, {
      ...answer.dataset,
      drawing: answer.querySelector("#hand-drawing").textContent,
      call: JSON.parse(answer.querySelector("#hand-call").textContent),
    });
    return true;
  };

  // An address of this table's that answers a live patch for `form` (its hand, and
  // the names the page shows, from its poller): "" where there is none.
  const keeping = (address, form) => {
    const poller = document.querySelector("#live .poller[hx-get]");
    const names = poller && new URL(poller.getAttribute("hx-get"), location.href).searchParams.get("names");
    if (!names || !address) return "";
    const url = new URL(address, location.href);
    url.searchParams.set("form", form.dataset.hand);
    url.searchParams.set("names", names);
    return url.pathname + url.search;
  };

  // After this phone's own hand reached Bower (outbox.js): the table brought up to
  // date around the form by its answer (`text`, a live patch). False where that
  // cannot be (the form busy): then the page is drawn whole.
  const OWN_BUSY = ["changing", "keeping", "callSending", "saveWaiting"];
  const bringUp = (form, text) => {
    if (!form.isConnected) return true; // the scorer went on to another screen meanwhile
    if (!window.bowerHand || OWN_BUSY.some((name) => form.dataset[name])) return false;
    return apply(text, form);
  };
  window.bowerLive = { isPatch, apply, keeping, bringUp };

  // A poll's answer for a kept form; a page where it cannot go asks for the whole live part.
  const patch = (event, text) => {
    event.detail.shouldSwap = false;
    const live = event.detail.target;
    if (live.isConnected && apply(text, keptForm())) return;
    const poller = live.isConnected && live.querySelector(".poller");
    if (!poller) return;
    whole = true;
    setTimeout(() => window.htmx.ajax("GET", poller.getAttribute("hx-get"), { source: poller, target: "#live", swap: "outerHTML" }));
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
    // So too a waiting hand being changed in the form (outbox.js): drawn anew, the form
    // would lose the change and its taps, and Save would keep them as a new hand. And
    // this phone's own hand or call on its way (asked before it went).
    // A poll is any GET of a /state/ address: the poller's, or one asked for by a script
    // (htmx lower-cases the verb).
    const config = event.detail.requestConfig;
    const polled = Boolean(config && config.verb === "get" && config.path.includes("/state/"));
    if (polled && live.querySelector(`.htmx-request:not(.poller), .table-hand[data-changing], ${OWN}`)) {
      event.detail.shouldSwap = false;
      return;
    }
    const text = event.detail.serverResponse || "";
    if (isPatch(text)) {
      patch(event, text);
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
