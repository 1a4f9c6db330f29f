// Scoring goes on when the network drops (docs/decisions.md, D52). On the table screen,
// a hand saved while Bower cannot be reached (or while earlier hands still wait) goes
// into the phone's outbox (static/js/outbox_store.js, IndexedDB) instead of failing:
// the table shows it as waiting, with totals marked as not yet sent, and the next hand
// can be entered at once. Waiting hands can be undone or changed. They are sent in
// order when the network returns, on every page load, every few seconds while any
// wait, and through Background Sync where the browser has it (the service worker). If
// another phone recorded a hand there meanwhile, both are shown and the scorer
// chooses; nothing is dropped without a tap. The points shown for a waiting hand are
// the engine's, from the page's table of outcomes (static/js/hand.js): none is worked
// out here. Forms that can wait carry data-outbox (templates/scorekeeper/games/table.html).
"use strict";

(() => {
  const outbox = self.BowerOutbox;
  if (!outbox || !window.indexedDB) return; // no outbox: a save without network fails as it says

  const handForm = () => document.querySelector(".table-hand");
  const gameOf = (form) => (form.getAttribute("action") || "").replace(/hand\/[a-z-]+\/$/, "");
  const canWait = (form) => form instanceof HTMLFormElement && form.hasAttribute("data-outbox");
  // This page's CSRF token (fresher than the one kept with a hand): a form's, or htmx's header.
  const csrf = () => {
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (input) return input.value;
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch {
      return "";
    }
  };
  const plural = (n, one, many) => (n === 1 ? one : many);

  // The page's game as the server drew it: its hands, its totals (kept aside once).
  const handsOnPage = (form) => {
    if (!form.dataset.sentHand) form.dataset.sentHand = form.dataset.hand;
    return Number(form.dataset.sentHand) - 1;
  };

  let shown = null; // the entries of the page's game, as last drawn (null: not read yet)
  let undone = null; // the waiting hand last taken back, for Redo
  let afterSwap = null; // [message, kind] for the table drawn after sending

  const say = (text, kind = "success") => {
    const messages = document.getElementById("messages");
    if (!messages) return;
    const message = document.createElement("p");
    message.className = `message message-${kind}`;
    message.textContent = text;
    messages.replaceChildren(message);
  };

  // ---- Drawing the waiting hands on the table screen ----------------------------

  const element = (tag, className, text) => {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  };

  const button = (text, action, id, primary = false) => {
    const made = element("button", `btn btn-small${primary ? " btn-primary" : ""}`, text);
    made.type = "button";
    made.dataset.outboxAction = action;
    made.dataset.id = id;
    return made;
  };

  const pointsLine = (entry, players) => {
    const line = element("p", "recent-points");
    const scorers = entry.points.map((delta, seat) => [players[seat], delta]).filter(([, delta]) => delta);
    if (!scorers.length) line.append(element("span", "muted", "No score"));
    for (const [name, delta] of scorers) {
      line.append(element("span", `points-chip${delta < 0 ? " is-negative" : ""}`, `${name} ${delta > 0 ? "+" : ""}${delta}`), " ");
    }
    return line;
  };

  const conflictOf = (entry) => {
    const { answer } = entry;
    const item = element("li", "recent-hand outbox-choice");
    const mine = `Mine, on this phone: ${answer.mine}`;
    if (answer.theirs) {
      const { number, summary } = answer.theirs;
      item.append(
        element("p", "outbox-problem", `Hand ${number} was recorded on another phone meanwhile.`),
        element("p", "", `Theirs: ${summary}`),
        element("p", "", mine),
      );
      const actions = element("div", "recent-links");
      actions.append(
        button(`Keep theirs, add mine as hand ${answer.hands + 1}`, "later", entry.id, true),
        button(`Replace theirs with mine`, "replace", entry.id),
        button("Drop mine", "drop", entry.id),
      );
      item.append(actions);
    } else {
      item.append(
        element("p", "outbox-problem", `Hands were taken back on another phone meanwhile: the game now holds ${answer.hands}.`),
        element("p", "", mine),
      );
      const actions = element("div", "recent-links");
      actions.append(
        button(`Add mine as hand ${answer.hands + 1}`, "later", entry.id, true),
        button("Drop mine", "drop", entry.id),
      );
      item.append(actions);
    }
    return item;
  };

  const waitingOf = (entry, players, last) => {
    if (entry.state === "conflict") return conflictOf(entry);
    const item = element("li", "recent-hand is-waiting");
    const head = element("p", "recent-head");
    head.append(element("span", "recent-number", String(entry.number)), " ", element("span", "recent-summary", entry.summary));
    item.append(head, pointsLine(entry, players));
    if (entry.rule) item.append(element("p", "recent-rule", entry.rule));
    if (entry.state === "refused") {
      const list = element("ul", "errorlist");
      for (const [, message] of entry.problems || []) list.append(element("li", "", message));
      item.append(element("p", "outbox-problem", "Bower did not take this hand:"), list);
    }
    const actions = element("div", "recent-links");
    if (entry.state === "changing") {
      item.append(element("p", "muted", "Being changed in the form above."));
      actions.append(button("Keep it as it was", "keep", entry.id));
    } else {
      if (entry.fields.some(([name]) => name === "maker")) actions.append(button(`Change hand ${entry.number}`, "change", entry.id));
      if (entry.state === "refused") actions.append(button("Drop it", "drop", entry.id));
      else if (last) actions.append(button(`Undo hand ${entry.number}`, "undo", entry.id));
    }
    item.append(actions);
    return item;
  };

  const drawList = (form, entries) => {
    const live = document.getElementById("live");
    let section = document.getElementById("outbox");
    if (!entries.length && !undone) {
      if (section) section.remove();
      return;
    }
    if (!section) {
      section = element("section", "recent outbox");
      section.id = "outbox";
      section.setAttribute("aria-labelledby", "outbox-heading");
    }
    const heading = element("h2", "", "Waiting to be sent");
    heading.id = "outbox-heading";
    // A choice to make comes first on the screen (and skips the note); waiting hands go under the hand.
    const attention = entries.some((entry) => entry.state === "conflict" || entry.state === "refused");
    const note = element(
      "p",
      "muted",
      entries.length && !attention ? "Sent to Bower in order when it can be reached; Bower names the next dealer then." : "",
    );
    const list = element("ol", "recent-list");
    const players = window.bowerHand.players(form);
    entries.forEach((entry, index) => list.prepend(waitingOf(entry, players, index === entries.length - 1)));
    section.replaceChildren(heading, ...(note.textContent ? [note] : []), list);
    if (undone) {
      const offer = element("p", "taken-back");
      offer.append(`Hand ${undone.entry.number} taken back (it had not been sent). `, button("Redo", "redo", undone.entry.id));
      section.append(offer);
    }
    const anchor = attention ? live.querySelector(".table-head") : live.querySelector(".current") || live.querySelector(".scores");
    if (anchor && anchor.nextElementSibling !== section) anchor.after(section);
  };

  const drawTotals = (form, entries) => {
    const seats = window.bowerHand.players(form).length;
    const points = Array(seats).fill(0);
    for (const entry of entries) entry.points.forEach((delta, seat) => (points[seat] += delta));
    for (const row of document.querySelectorAll(".score-row[data-seat]")) {
      const total = row.querySelector(".score-total");
      if (!total.dataset.sent) total.dataset.sent = total.textContent.trim();
      const value = Number(total.dataset.sent) + points[Number(row.dataset.seat)];
      if (total.textContent !== String(value)) total.textContent = String(value);
      const meter = row.querySelector("meter");
      if (meter) meter.value = value;
    }
    const scores = document.querySelector(".scores");
    let line = scores && scores.querySelector(".unsent-line");
    if (scores && !line) {
      line = element("p", "unsent-line");
      scores.append(line);
    }
    if (line) {
      line.textContent = entries.length
        ? `Not yet sent: these totals count ${entries.length} ${plural(entries.length, "hand", "hands")} waiting on this phone.`
        : "";
      line.hidden = !entries.length;
    }
    scores && scores.classList.toggle("is-unsent", entries.length > 0);
    if (window.bowerHand) window.bowerHand.setWaiting(form, points, entries.length);
  };

  // What stays of the server's drawing while hands wait: not the dealer (Bower names
  // them once it has the hands), nor an undo of a hand recorded before them.
  const drawTable = (form, entries) => {
    const waiting = entries.length > 0;
    const live = document.getElementById("live");
    for (const hide of live.querySelectorAll(".deal-line, .last-hand, .taken-back:not(#outbox *)")) hide.hidden = waiting;
    for (const undo of live.querySelectorAll('.recent-hand form[action$="/hand/undo/"]')) undo.hidden = waiting;
    const title = live.querySelector(".table-head h1");
    const changing = entries.find((entry) => entry.state === "changing");
    const next = waiting ? entries[entries.length - 1].number + 1 : handsOnPage(form) + 1;
    if (title && !title.dataset.sent) title.dataset.sent = title.textContent;
    const text = changing ? `Changing hand ${changing.number}` : waiting ? `Hand ${next}` : title && title.dataset.sent;
    if (title && title.textContent !== text) title.textContent = text;
    if (!changing && form.dataset.hand !== String(next)) form.dataset.hand = String(next);
    // A hand being changed is in the form; the one that was there is not lost: it
    // was never started (the form holds one hand at a time).
    if (!changing) delete form.dataset.changing;
  };

  const draw = async () => {
    const count = await outbox.count();
    document.documentElement.classList.toggle("has-waiting", count > 0);
    document.dispatchEvent(new CustomEvent("bower:waiting", { detail: { count } }));
    const form = handForm();
    if (!form) return;
    const entries = await outbox.list(gameOf(form));
    if (!form.isConnected) return;
    handsOnPage(form); // read before data-hand is moved on
    shown = entries;
    drawTable(form, entries);
    drawTotals(form, entries);
    drawList(form, entries);
  };

  // ---- Keeping a hand ----------------------------------------------------------------

  const described = (form) => {
    if (form.matches(".table-hand")) return window.bowerHand.describe(form);
    // Thrown in (or a misdeal): no score, as the button says.
    const seats = window.bowerHand.players(handForm()).length;
    const words = form.querySelector("[type=submit]").textContent.trim();
    return { summary: words, points: Array(seats).fill(0), rule: "" };
  };

  // `token`: the one a failed request carried (it may have reached Bower: sent again,
  // it is recorded once); a hand kept straight away gets a new one. `busy`: Bower
  // answered "busy" (503): it is sent again after the seconds it asked for.
  const keep = async (form, token, busy = 0) => {
    const hand = handForm();
    if (!hand || form.dataset.keeping) return; // a double tap keeps the hand once
    const description = described(form);
    if (!description) return;
    form.dataset.keeping = "yes";
    try {
      await keepIt(form, hand, description, token, busy);
    } finally {
      delete form.dataset.keeping;
    }
  };

  const keepIt = async (form, hand, description, token, busy) => {
    handsOnPage(hand);
    const game = gameOf(form);
    const fields = [...new FormData(form)].filter(([name, value]) => typeof value === "string" && name !== "token");
    const entries = await outbox.list(game);
    const changing = hand.dataset.changing && entries.find((entry) => entry.id === hand.dataset.changing);
    let number;
    if (changing && form === hand) {
      number = changing.number;
      await outbox.put(game, changing.id, { ...description, fields, token: outbox.newToken(), state: "waiting" });
      delete hand.dataset.changing;
    } else {
      const after = entries.length ? entries[entries.length - 1].after + 1 : handsOnPage(hand);
      number = after + 1;
      const url = form.getAttribute("action");
      await outbox.add(game, { id: outbox.newToken(), url, fields, after, number, token: token || outbox.newToken(), ...description, state: "waiting" });
    }
    undone = null;
    const next = (await outbox.list(game)).reduce((last, entry) => Math.max(last, entry.number), 0) + 1;
    window.bowerHand.reset(hand, next, outbox.newToken());
    const kept = changing ? `Hand ${number} changed on this phone` : `Hand ${number} kept on this phone`;
    say(busy ? `Bower is busy: ${kept.toLowerCase()}, and sent in a moment.` : `${kept}: it is sent when Bower can be reached.`);
    await draw();
    // The next hand from the top, with the message, as after a hand Bower recorded.
    window.scrollTo({ top: 0 });
    askForSync();
    if (!navigator.onLine) return;
    if (busy) setTimeout(flush, busy * 1000);
    else flush();
  };

  // Save (or thrown in): into the outbox when offline or while hands wait, so hands
  // go to Bower in the order they were played.
  document.addEventListener("htmx:confirm", (event) => {
    const form = event.detail.elt;
    if (!canWait(form)) return;
    const submitter = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
    if (form.matches(".table-hand") && submitter && !submitter.matches(".save-hand")) return;
    const hand = handForm();
    if (shown !== null && navigator.onLine && !shown.length && !(hand && hand.dataset.changing)) return;
    event.preventDefault();
    if (shown !== null || !navigator.onLine) {
      keep(form, "");
      return;
    }
    // Not read yet (the page is just loaded): ask the outbox first.
    outbox.list(gameOf(form)).then((entries) => (entries.length ? keep(form, "") : event.detail.issueRequest(true)));
  });

  // Bower could not be reached (or did not answer in time): the hand waits here.
  // `busy`: Bower was overloaded (or its database busy) and stored nothing; the
  // hand goes again after the Retry-After it was answered with (D56).
  const failed = (event, busy = 0) => {
    const form = event.detail.elt;
    if (!canWait(form) || !form.isConnected) return;
    const token = form.elements.namedItem("token");
    keep(form, token ? token.value : "", busy);
  };
  document.addEventListener("htmx:sendError", (event) => failed(event));
  document.addEventListener("htmx:timeout", (event) => failed(event));
  document.addEventListener("htmx:responseError", (event) => {
    const { xhr } = event.detail;
    if (xhr.status === 503) failed(event, Math.max(1, Number(xhr.getResponseHeader("Retry-After")) || 2));
  });

  // ---- Sending --------------------------------------------------------------------

  let flushing = null;
  let again = false;
  const flush = () => {
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = (async () => {
      do {
        again = false;
        const form = handForm();
        const here = form && gameOf(form);
        const results = await outbox.sendAll(csrf());
        await afterSending(here, results[here]);
      } while (again);
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  };

  // The table as Bower now has it, with `message` once it is drawn.
  const refresh = (game, message, kind = "success") => {
    const form = handForm();
    if (!form || gameOf(form) !== game || !window.htmx) return;
    afterSwap = [message, kind];
    window.htmx.ajax("GET", game, { target: "#main", swap: "innerHTML" });
  };

  // Hands of this page's game reached Bower: the table as Bower now has it.
  const afterSending = async (game, result) => {
    await draw();
    const sent = result && result.sent ? `${result.sent} ${plural(result.sent, "hand", "hands")} sent to Bower and recorded. ` : "";
    // The queue stopped at a hand the scorer must look at: said where the eye goes first.
    const stopped = result && result.stopped;
    const problem =
      stopped === "conflict"
        ? "Another phone changed this game meanwhile: choose below what to keep."
        : stopped === "refused"
          ? "Bower did not take a hand kept on this phone: see below."
          : "";
    if (sent) refresh(game, `${sent}${problem}`.trim(), problem ? "error" : "success");
    else if (problem) say(problem, "error");
  };

  const askForSync = () => {
    if (!window.isSecureContext || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready
      .then((registration) => registration.sync && registration.sync.register("bower-outbox"))
      .catch(() => undefined); // no Background Sync: the page sends when it can
  };

  // ---- The scorer's choices -----------------------------------------------------------

  const entryOf = (id) => (shown || []).find((entry) => entry.id === id);

  const replaceTheirs = async (game, entry) => {
    const { edit } = entry.answer.theirs;
    const body = new URLSearchParams(Object.entries(edit.fields));
    body.set("csrfmiddlewaretoken", csrf());
    let status = 0;
    try {
      const response = await fetch(edit.url, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { "HX-Request": "true", "HX-Current-URL": location.href },
      });
      status = response.status;
    } catch {
      status = 0;
    }
    if (status === 200) {
      await outbox.drop(game, entry.id);
      refresh(game, `Hand ${entry.answer.theirs.number} is now the one from this phone.`);
    } else {
      // The game changed again (or the network went): sent again, it shows what stands now.
      await outbox.put(game, entry.id, { state: "waiting", answer: null });
      say(status ? `Bower did not take the change (error ${status}): look again below.` : "Could not reach Bower: the hand still waits on this phone.", "error");
    }
  };

  document.addEventListener("click", async (event) => {
    const target = event.target instanceof Element && event.target.closest("[data-outbox-action]");
    const form = handForm();
    if (!target || !form) return;
    const game = gameOf(form);
    const { outboxAction: action, id } = target.dataset;
    const entry = entryOf(id);
    if (action === "redo" && undone) {
      const { entry: again, at } = undone;
      undone = null;
      const entries = await outbox.list(game);
      if (entries.length === at) await outbox.add(game, again);
      else say("Hand not put back: other hands were kept since.", "error");
    } else if (!entry) {
      return;
    } else if (action === "undo") {
      const entries = await outbox.list(game);
      await outbox.drop(game, id);
      undone = { entry, at: entries.findIndex((kept) => kept.id === id) };
      setTimeout(() => {
        if (undone && undone.entry.id === id) {
          undone = null;
          draw();
        }
      }, 10000);
      say(`Hand ${entry.number} taken back: it was never sent.`);
    } else if (action === "change") {
      await outbox.put(game, id, { state: "changing" });
      form.dataset.changing = id;
      window.bowerHand.fill(form, entry.fields);
      window.scrollTo({ top: 0 });
    } else if (action === "keep") {
      await outbox.put(game, id, { state: "waiting" });
      delete form.dataset.changing;
      window.bowerHand.reset(form, Number(form.dataset.hand), outbox.newToken());
    } else if (action === "drop") {
      await outbox.drop(game, id);
      say(`Hand ${entry.number} from this phone dropped.`);
    } else if (action === "later") {
      const shift = entry.answer.hands - entry.after;
      await outbox.change(game, (entries) => {
        const at = entries.findIndex((kept) => kept.id === id);
        return entries.map((kept, index) =>
          index < at ? kept : { ...kept, after: kept.after + shift, number: kept.number + shift, state: index === at ? "waiting" : kept.state, answer: null },
        );
      });
    } else if (action === "replace") {
      await replaceTheirs(game, entry);
    }
    await draw();
    if (navigator.onLine && ["later", "drop", "replace", "keep"].includes(action)) flush();
  });

  // ---- When to send ---------------------------------------------------------------------

  document.addEventListener("htmx:afterSettle", () => {
    draw();
    if (afterSwap) {
      say(...afterSwap);
      afterSwap = null;
    }
  });
  document.addEventListener("htmx:historyRestore", () => draw());
  window.addEventListener("online", () => flush());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && navigator.onLine) flush();
  });
  // The phone may think it is online while the laptop is out of reach: try again now and then.
  setInterval(() => {
    if (navigator.onLine && shown && shown.some((entry) => entry.state === "waiting")) flush();
  }, 15000);
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("message", (event) => {
      const results = event.data && event.data.outbox;
      if (!results) return;
      const form = handForm();
      const here = form && gameOf(form);
      afterSending(here, results[here]);
    });
  }

  const begin = async () => {
    // A change left unfinished with the page: the hand stays as it was kept.
    for (const game of await outbox.games()) {
      await outbox.change(game, (entries) => entries.map((entry) => (entry.state === "changing" ? { ...entry, state: "waiting" } : entry)));
    }
    await draw();
    if (navigator.onLine) flush();
  };
  // Deferred, this runs before DOMContentLoaded: hand.js (deferred too) is there by then.
  if (document.readyState === "complete") begin();
  else document.addEventListener("DOMContentLoaded", begin);
})();
