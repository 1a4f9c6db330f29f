// Local-first (docs/decisions.md, D52): on the table screen every hand saved (and every
// misdeal) goes into the phone's outbox first (static/js/outbox_store.js, IndexedDB)
// and is sent from there by this page, its one sender: online at once, with nothing
// shown as waiting for a hand sent within a moment. Offline (or on a server error) it
// waits: the table shows it, with totals marked as not yet sent, the dealer after it
// (the engine's deal order, sent with the page), and the next hand can be entered at
// once. Waiting hands can be undone or changed. They are sent in order while a table
// screen of their game is open: when the network returns, on page load, and every few
// seconds while any wait. If another phone recorded a different hand there meanwhile,
// both are shown, neither counted, and the scorer chooses; nothing is dropped without a
// tap (the server draws that choice: views/hand_screen.py, conflict_of). Points and
// dealers are the engine's (the kind's table of outcomes and the page's deal order:
// static/js/hand.js); forms that go through the outbox carry data-outbox (games/table.html).
"use strict";

(() => {
  const outbox = self.BowerOutbox;
  if (!outbox || !window.indexedDB || !self.BowerOutboxView) return; // no outbox: a save without network fails as it says

  const handForm = () => document.querySelector(".table-hand");
  const gameOf = (form) => (form.getAttribute("action") || "").replace(/hand\/[a-z-]+\/$/, "");
  const canWait = (form) => form instanceof HTMLFormElement && form.hasAttribute("data-outbox");
  // This page's CSRF token (fresher than the one kept with a hand): the hand form's
  // (every sending and every choice is made from a table screen with one).
  const csrf = () => handForm().querySelector("input[name=csrfmiddlewaretoken]").value;
  const plural = (n, one, many) => (n === 1 ? one : many);

  // The page's game as the server drew it: its hands, its totals (kept aside once).
  const handsOnPage = (form) => {
    if (!form.dataset.sentHand) form.dataset.sentHand = form.dataset.hand;
    return Number(form.dataset.sentHand) - 1;
  };

  let shown = null; // the entries of the page's game, as last drawn (null: not read yet)
  let shownFor = null; // that game
  // Hands of the page's game that left the outbox as Bower recorded them (sent by this
  // page or another tab of it) and that the page does not show yet: counted as the
  // page's own (the next hand, the dealer, the totals) until the table drawn as Bower
  // has it shows them, so a table drawn in between does not go back a hand.
  let arrived = [];
  const takenBack = new Set(); // waiting hands the scorer took back: gone, not recorded
  const noteArrived = (form, entries) => {
    const game = gameOf(form);
    if (shownFor !== game) arrived = [];
    for (const entry of shownFor === game ? shown : []) {
      const recorded = entry.state === "waiting" && !takenBack.has(entry.id) && !entries.some((left) => left.id === entry.id);
      if (recorded && !arrived.some((known) => known.id === entry.id)) arrived.push(entry);
    }
    const onPage = handsOnPage(form);
    arrived = arrived.filter((entry) => entry.number > onPage);
    shown = entries;
    shownFor = game;
  };
  // The hands Bower has that the page counts: those it shows, and those arrived since.
  const handsCounted = (form) => arrived.reduce((last, entry) => Math.max(last, entry.number), handsOnPage(form));
  const waitingHere = () => Boolean(shown && shown.some((entry) => entry.state === "waiting"));
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

  // ---- Drawing the waiting hands on the table screen (with outbox_view.js) --------
  const { drawList, drawScores, drawDeal } = self.BowerOutboxView;

  // Neither a hand in conflict nor the other phone's it met counts until the scorer chooses.
  const inConflict = (entries) => entries.filter((entry) => entry.state === "conflict");
  const counted = (entries) => entries.filter((entry) => entry.state !== "conflict");
  // Only a hand the page's totals count (it is drawn after Bower answered).
  const theirPoints = (form, { answer }) => (answer && answer.number && answer.number <= handsOnPage(form) ? answer.points : []);

  const drawTotals = (form, entries, shownWaiting) => {
    const seats = window.bowerHand.players(form).length;
    const points = Array(seats).fill(0);
    for (const entry of [...arrived, ...counted(entries)]) entry.points.forEach((delta, seat) => (points[seat] += delta));
    for (const entry of inConflict(entries)) theirPoints(form, entry).forEach((delta, seat) => (points[seat] -= delta));
    const waiting = counted(entries).length;
    const choosing = inConflict(entries).length;
    const words = [];
    if (shownWaiting && waiting) words.push(`Not yet sent: these totals count ${waiting} ${plural(waiting, "hand", "hands")} waiting on this phone.`);
    if (choosing) words.push(`Hand ${entries.find((entry) => entry.state === "conflict").number} is not counted until you choose below.`);
    drawScores(points, words.join(" "));
    if (window.bowerHand) window.bowerHand.setWaiting(form, points, shownWaiting ? entries.length : 0);
  };

  // While hands wait: no Fix or Undo of the last recorded hand (they come after it).
  // (Hands arrived at Bower but not yet drawn come after the page's last hand too.)
  const drawTable = (form, entries) => {
    const waiting = entries.length > 0;
    const after = waiting || arrived.length > 0;
    const live = document.getElementById("live");
    // (A last hand's line with nothing in it, the table drawn with a call saved, stays hidden.)
    for (const hide of live.querySelectorAll(".last-hand, .taken-back:not(#outbox *)")) hide.hidden = after || !hide.firstChild;
    for (const undo of live.querySelectorAll('.recent-hand form[action$="/hand/undo/"]')) undo.hidden = after;
    // The dealer after the waiting hands (one in conflict is the deal Bower counts already).
    drawDeal(live, window.bowerHand.deals(form), arrived.length + counted(entries).length);
    const title = live.querySelector(".table-head h1");
    const changing = entries.find((entry) => entry.state === "changing");
    const next = waiting ? entries[entries.length - 1].number + 1 : handsCounted(form) + 1;
    if (title && !title.dataset.sent) title.dataset.sent = title.textContent;
    const text = changing ? `Changing hand ${changing.number}` : after ? `Hand ${next}` : title && title.dataset.sent;
    if (title && title.textContent !== text) title.textContent = text;
    if (!changing && form.dataset.hand !== String(next)) form.dataset.hand = String(next);
    // A hand being changed is in the form (the one there before was never started).
    if (!changing) delete form.dataset.changing;
    else if (form.dataset.changing !== String(changing.id)) {
      // The form drawn anew meanwhile (a poll's answer): the hand being changed goes back in.
      form.dataset.changing = String(changing.id);
      window.bowerHand.fill(form, changing.fields);
    }
  };

  // Hands sent at once: not shown as waiting (no flash) unless still here after QUIET ms.
  const QUIET = 2000;
  const quiet = new Map(); // entry id -> what is said once it is recorded
  const unquiet = (entries) => entries.filter((entry) => !quiet.has(entry.id));

  const draw = async () => {
    const all = [];
    for (const game of await outbox.games()) all.push(...(await outbox.list(game)));
    const count = unquiet(all).length;
    document.documentElement.classList.toggle("has-waiting", count > 0);
    document.dispatchEvent(new CustomEvent("bower:waiting", { detail: { count } }));
    const form = handForm();
    if (!form) return;
    const entries = await outbox.list(gameOf(form));
    if (!form.isConnected) return;
    noteArrived(form, entries); // (reads the page's hands before data-hand is moved on)
    const seen = unquiet(entries);
    drawTable(form, entries);
    drawTotals(form, entries, seen.length > 0);
    drawList(document.getElementById("live"), seen, window.bowerHand.players(form), undone);
  };

  // ---- Keeping a hand ----------------------------------------------------------------

  const described = (form) => {
    if (form.matches(".table-hand")) return window.bowerHand.describe(form);
    // Thrown in (or a misdeal): no score, as the button says.
    const seats = window.bowerHand.players(handForm()).length;
    const words = form.querySelector("[type=submit]").textContent.trim();
    return { summary: words, points: Array(seats).fill(0), rule: "" };
  };

  const keep = async (form) => {
    const hand = handForm();
    // A double tap keeps a hand once (the misdeal's button stays: a second tap within a second).
    const again = form !== hand && Date.now() - Number(form.dataset.keptAt || 0) < 1000;
    if (!hand || form.dataset.keeping || again) return;
    const description = described(form);
    if (!description) return;
    form.dataset.keeping = "yes";
    try {
      await keepIt(form, hand, description);
    } finally {
      delete form.dataset.keeping;
      form.dataset.keptAt = String(Date.now());
    }
  };

  const keptWords = (number, changed) => `Hand ${number} ${changed ? "changed" : "kept"} on this phone: it is sent when Bower can be reached.`;

  const keepIt = async (form, hand, description) => {
    handsOnPage(hand);
    const game = gameOf(form);
    const fields = [...new FormData(form)].filter(([name, value]) => typeof value === "string" && name !== "token");
    const entries = await outbox.list(game);
    if (gameOf(hand) === game) noteArrived(hand, entries); // a hand recorded since the last drawing
    const changing = hand.dataset.changing && entries.find((entry) => entry.id === hand.dataset.changing);
    // Sent at once, as if straight to Bower: online, nothing waiting before it.
    const atOnce = !changing && navigator.onLine && !entries.length;
    let number;
    let id = null;
    if (changing && form === hand) {
      number = changing.number;
      // A new token for the new content; the old ones are sent with it (`earlier`): one
      // may have recorded it though its answer was lost, and Bower names it this phone's.
      const earlier = [...(changing.earlier || []), changing.token];
      await outbox.put(game, changing.id, { ...description, fields, token: outbox.newToken(), earlier, state: "waiting" });
      delete hand.dataset.changing;
    } else {
      const after = entries.length ? entries[entries.length - 1].after + 1 : handsCounted(hand);
      number = after + 1;
      id = outbox.newToken();
      await outbox.add(game, { id, url: form.getAttribute("action"), fields, after, number, token: outbox.newToken(), ...description, state: "waiting" });
    }
    undone = null;
    if (atOnce) {
      // What Bower says when it records it (scorekeeper/games/views/hands.py).
      const recorded = form.dataset.recorded;
      quiet.set(id, recorded ? `Hand ${number}: ${recorded}` : `Hand ${number} recorded.`);
      setTimeout(() => stillHere(game, id, number), QUIET);
    }
    const next = (await outbox.list(game)).reduce((last, entry) => Math.max(last, entry.number), 0) + 1;
    window.bowerHand.reset(hand, next, outbox.newToken());
    if (!atOnce) say(keptWords(number, Boolean(changing)));
    await draw();
    // The next hand from the top, with the message, as after a hand Bower recorded.
    window.scrollTo({ top: 0 });
    if (navigator.onLine) flush();
  };

  // A hand sent at once that Bower has not recorded yet: shown as waiting from now on.
  const stillHere = async (game, id, number) => {
    if (!quiet.delete(id)) return;
    const entries = await outbox.list(game);
    if (!entries.some((entry) => entry.id === id && entry.state === "waiting")) return;
    say(keptWords(number, false));
    await draw();
  };

  // Save (or a misdeal): into the outbox, and sent from there (local-first).
  document.addEventListener("htmx:confirm", (event) => {
    const form = event.detail.elt;
    if (!canWait(form)) return;
    const submitter = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
    if (form.matches(".table-hand") && submitter && !submitter.matches(".save-hand")) return;
    event.preventDefault();
    keep(form);
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
        // A hand of this page's on its way, and until its answer has brought the table up
        // (live.js): no poll draws the table over the form meanwhile. (Nothing waiting, as
        // when the page comes back into view: the poll asked at once goes on.)
        const sending = form && waitingHere() ? form : null;
        if (sending) sending.dataset.sending = "yes";
        try {
          // Only this page's game: a hand goes when a table screen of its game is open.
          // Its answer the table around the form, as a follower's poll draws it (live.js).
          const keeping = (url) => (window.bowerLive && window.bowerLive.keeping(url, form)) || url;
          const result = here ? await outbox.send(here, csrf(), keeping) : null;
          await afterSending(here, result);
        } finally {
          if (sending) delete sending.dataset.sending;
        }
      } while (again);
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  };

  // The table as Bower has it, then `message`. `answer`: the last hand's (outbox_store.js),
  // used as it came: a live patch around the form, as a follower's poll draws it
  // (live.js), or the screen drawn whole (the game over: its result; names changed).
  // Without one, or with a choice to make, the table is asked for again.
  let refreshing = null; // { form, left }: the table a refresh was asked from
  const refresh = async (game, message, kind = "success", answer = null) => {
    const form = handForm();
    if (!form || gameOf(form) !== game || !window.htmx) return;
    // A tap already on its way (htmx marks its link or form: an Undo a poll drew):
    // the scorer went on, as below.
    const left = Boolean(document.querySelector("#main .htmx-request:not(.poller)"));
    const usable = answer && kind === "success" && !(await outbox.list(game)).length;
    if (usable && window.bowerLive.isPatch(answer.text)) {
      if (window.bowerLive.bringUp(form, answer.text)) {
        say(message, kind);
        await draw();
        return;
      }
    } else if (usable && !left) {
      afterSwap = [message, kind];
      if (answer.url) history.pushState({}, "", answer.url);
      const main = document.getElementById("main");
      // As htmx's own answer does: what was tapped for the next hand is kept (hand.js).
      window.htmx.trigger(main, "htmx:beforeSwap", { target: main, shouldSwap: true });
      window.htmx.swap(main, answer.text, { swapStyle: "innerHTML" });
      return;
    }
    afterSwap = [message, kind];
    refreshing = { form, left };
    const asked = Promise.resolve(window.htmx.ajax("GET", game, { target: "#main", swap: "innerHTML" }))
      .catch(() => undefined)
      .finally(() => {
        if (drawing === asked) drawing = null;
      });
    drawing = asked;
  };
  let drawing = null; // the table asked for whole after sending, until it is drawn

  // For hand.js: whether this phone's own hands are on their way (or the table they
  // bring up is being drawn), and, once they are not, whether any of `form`'s game
  // still wait on this phone. A call saved meanwhile follows them (its version).
  const busy = () => Boolean(flushing || drawing);
  const settled = async (form) => {
    while (flushing || drawing) await (flushing || drawing).catch(() => undefined);
    return !(await outbox.list(gameOf(form))).length;
  };
  window.bowerOutbox = { busy, settled };
  // The scorer goes on to another screen meanwhile ("Someone else dealt?"): it stays,
  // the refresh is not drawn over it (nor under it: its link would be gone).
  document.addEventListener("htmx:beforeRequest", (event) => {
    const elt = event.detail.elt;
    if (refreshing && elt instanceof Element && elt.closest("#main") && !elt.closest(".poller")) refreshing.left = true;
  });
  document.addEventListener("htmx:beforeSwap", (event) => {
    const from = refreshing;
    const config = event.detail.requestConfig;
    if (!from || !config || config.verb !== "get" || config.path !== gameOf(from.form)) return;
    refreshing = null;
    if (from.form.isConnected && !from.left) return;
    event.detail.shouldSwap = false;
    if (afterSwap) say(...afterSwap);
    afterSwap = null;
  });

  // Hands of this page's game reached Bower (or did not): the table as Bower now has it.
  const afterSending = async (game, result) => {
    const before = shown || [];
    const form = handForm();
    const entries = form && gameOf(form) === game ? await outbox.list(game) : [];
    const gone = before.filter((entry) => !entries.some((left) => left.id === entry.id));
    const sentAtOnce = gone.filter((entry) => quiet.has(entry.id));
    const words = sentAtOnce.map((entry) => quiet.get(entry.id));
    // Sent, or stopped at a choice to make: shown as it is from now on.
    for (const entry of [...gone, ...entries.filter((left) => left.state !== "waiting")]) quiet.delete(entry.id);
    const sent = result ? result.sent : 0;
    const stopped = result && result.stopped;
    // A choice that was not there before: the table is drawn again, with the other phone's hand.
    // (Told by the sender: a poll's redraw may have drawn it already.)
    const newConflict = stopped === "conflict" && Boolean(result.met) && entries.some((left) => left.id === result.met);
    if (stopped === "busy" && result.retryAfter) {
      for (const entry of entries.filter((kept) => quiet.has(kept.id))) {
        quiet.delete(entry.id);
        say(`Bower is busy: hand ${entry.number} kept on this phone, and sent in a moment.`);
      }
      setTimeout(flush, result.retryAfter * 1000);
    }
    if (!sent && !newConflict) {
      await draw();
      if (stopped === "refused") say("Bower did not take a hand kept on this phone: see below.", "error");
      return;
    }
    // The queue stopped at a hand the scorer must look at: said where the eye goes first.
    const conflict = entries.find((entry) => entry.state === "conflict");
    const own = conflict && conflict.answer.by === "this phone";
    const problem =
      stopped === "conflict"
        ? own
          ? `Hand ${conflict.answer.number} reached Bower from this phone before: choose below which to keep.`
          : "Another phone entered this hand too: choose below which to keep."
        : stopped === "refused"
          ? "Bower did not take a hand kept on this phone: see below."
          : "";
    let message = sent ? `${sent} ${plural(sent, "hand", "hands")} sent to Bower and recorded.` : "";
    if (sent && sent === sentAtOnce.length) message = words.join(" ");
    await refresh(game, `${message} ${problem}`.trim(), problem ? "error" : "success", result.answer);
  };

  // ---- The scorer's choices -----------------------------------------------------------

  const entryOf = (id) => (shown || []).find((entry) => entry.id === id);

  // "Keep mine": the conflict part's form, posting this phone's hand as the change of theirs.
  const replaceTheirs = async (game, entry, choice) => {
    const edit = choice.closest("form");
    const body = new URLSearchParams(new FormData(edit));
    body.set("csrfmiddlewaretoken", csrf());
    let status = 0;
    try {
      const response = await fetch(edit.getAttribute("action"), {
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
      refresh(game, `Hand ${entry.answer.number} is now the one from this phone.`);
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
    event.preventDefault(); // the conflict part's forms are the page's way: here, the outbox's
    const game = gameOf(form);
    const { outboxAction: action, id } = target.dataset;
    const entry = entryOf(id);
    if (action === "redo" && undone) {
      const { entry: again, at } = undone;
      undone = null;
      const entries = await outbox.list(game);
      takenBack.delete(again.id);
      if (entries.length === at) await outbox.add(game, again);
      else say("Hand not put back: other hands were kept since.", "error");
    } else if (!entry) {
      return;
    } else if (action === "undo") {
      const entries = await outbox.list(game);
      takenBack.add(id);
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
    } else if (action === "theirs") {
      await outbox.drop(game, id);
      const { number, by } = entry.answer;
      say(`Hand ${number} stays as ${by === "this phone" ? "Bower has it" : "the other phone entered it"}; this phone's copy is dropped.`);
    } else if (action === "later") {
      const shift = entry.answer.hands - entry.after;
      await outbox.change(game, (entries) => {
        const at = entries.findIndex((kept) => kept.id === id);
        return entries.map((kept, index) =>
          index < at ? kept : { ...kept, after: kept.after + shift, number: kept.number + shift, state: index === at ? "waiting" : kept.state, answer: null },
        );
      });
    } else if (action === "replace") {
      await replaceTheirs(game, entry, target);
    }
    await draw();
    if (navigator.onLine && ["later", "drop", "theirs", "replace", "keep"].includes(action)) flush();
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
    if (navigator.onLine && waitingHere()) flush();
  }, 15000);

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
