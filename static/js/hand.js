// The whole hand on the phone (docs/decisions.md, D50). The table screen's hand form
// (templates/scorekeeper/games/table.html) is shown a stage at a time: the maker, the
// call, the end of the hand. Its points and every check are looked up in the engine's
// table of outcomes (scorekeeper/games/outcomes.py): its kind's, fetched once from
// data-outcomes and kept, with this drawing's names and totals (#hand-outcomes). No
// scoring rule and no check is written here, and no tap asks Bower anything. "Save the
// call" tells the other phones and goes on at once; "Save hand" puts the whole hand in
// the phone's outbox (outbox.js), which sends it to hand_enter with `after` and its
// token: recorded once. Without this file the form is one page.
"use strict";

(() => {
  const STAGES = ["maker", "call", "play"];
  const parsed = new WeakMap(); // form -> its table of outcomes
  const tapped = new WeakMap(); // form -> names of the fields tapped on this phone
  // form -> each seat's points in the hands waiting in this phone's outbox (outbox.js):
  // the totals the preview adds to are the page's plus these.
  const waiting = new WeakMap();

  // The table of outcomes every game of this kind shares (data-outcomes, an address
  // that never changes for it): fetched once and kept on this phone (IndexedDB), so a
  // page opened again without the network still has it. Its address -> the table of outcomes.
  const kinds = new Map();
  const asked = new Set();
  let outcomeTablesStore = null;
  const keptOutcomeTables = () => {
    if (!outcomeTablesStore && window.idbKeyval && window.indexedDB) {
      outcomeTablesStore = window.idbKeyval.createStore("bower-outcomes", "tables");
    }
    return outcomeTablesStore;
  };
  // idb-keyval comes after this script (base.html): there once the page's scripts ran.
  const pageScripts = new Promise((resolve) => {
    if (window.idbKeyval || document.readyState === "complete") resolve();
    document.addEventListener("DOMContentLoaded", resolve, { once: true });
    window.addEventListener("load", resolve, { once: true });
  });
  // An address is the kind's, then its digest: /games/outcomes/<kind>/<digest>/.
  const kindOf = (address) => address.replace(/[^/]+\/$/, "");
  const fetchKind = async (address) => {
    if (asked.has(address)) return;
    asked.add(address);
    let outcomeTable = null;
    try {
      // Asked at once (the page preloads it; the browser and the worker keep it for good).
      const response = await fetch(address, { credentials: "same-origin" });
      if (response.ok) outcomeTable = await response.json();
    } catch (error) {
      outcomeTable = null; // no network: the copy kept on this phone
    }
    try {
      await pageScripts;
      const store = keptOutcomeTables();
      if (outcomeTable && store) {
        // Written once: an address (its digest) always answers the same table of outcomes.
        const kept = await window.idbKeyval.keys(store);
        if (!kept.includes(address)) {
          await window.idbKeyval.set(address, outcomeTable, store);
          // The kind's table as an older Bower drew it (another digest) is not asked for again.
          const older = kept.filter((key) => typeof key === "string" && kindOf(key) === kindOf(address));
          if (older.length) await window.idbKeyval.delMany(older, store);
        }
      } else if (store) outcomeTable = await window.idbKeyval.get(address, store);
    } catch (error) {
      // No IndexedDB here (private mode, storage full): kept for this page only.
    }
    if (!outcomeTable) {
      asked.delete(address);
      return;
    }
    kinds.set(address, outcomeTable);
    for (const form of document.querySelectorAll(".table-hand")) {
      if (form.dataset.outcomes === address) render(form);
    }
  };

  // This drawing's part: the names, totals, the deal order and the points a penalty
  // stopped at 0 (scorekeeper/games/outcomes.py, drawing_outcomes).
  const drawing = (form) => {
    if (!parsed.has(form)) {
      const data = form.querySelector("#hand-outcomes");
      parsed.set(form, data ? JSON.parse(data.textContent) : null);
    }
    return parsed.get(form);
  };

  // The whole table of outcomes: the kind's and the drawing's; null until the kind's is here.
  const outcomes = (form) => {
    const kind = kinds.get(form.dataset.outcomes);
    const drawn = drawing(form);
    if (!kind || !drawn) {
      if (form.dataset.outcomes) fetchKind(form.dataset.outcomes);
      return null;
    }
    return { ...kind, ...drawn };
  };

  // A chip's value ("" when none is tapped); null when the form has no such field.
  const valueOf = (form, name) => {
    const field = form.elements.namedItem(name);
    return field ? field.value : null;
  };

  const group = (form, name) => form.querySelector(`#id_${name}_group`);

  // What a chosen chip shows (a card's "A♠", not also its name for a screen reader).
  const chipText = (form, name) => {
    const input = form.querySelector(`input[name="${name}"]:checked`);
    const label = input && input.closest(".chip");
    if (!label) return "";
    const shown = label.cloneNode(true);
    for (const hidden of shown.querySelectorAll(".visually-hidden")) hidden.remove();
    return shown.textContent.replace(/\s+/g, " ").trim();
  };

  const check = (form, name, value) => {
    for (const input of form.querySelectorAll(`input[name="${name}"]`)) {
      input.checked = input.value === value;
    }
  };

  // ---- The engine's words, with the names put in ----------------------------------

  // Names in a sentence, as the engine joins them: "Ann", "Ann and Ben", "Ann, Ben and Cat".
  const joinNames = (names) =>
    names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;

  // An explanation or message in parts (docs/formats.md, "The table screen's hand
  // outcomes"): a string is words, a number a seat's name, a list of numbers those
  // seats' names. A message that names nobody may come as plain words.
  const said = (parts, players) => {
    if (typeof parts === "string") return parts;
    return parts
      .map((part) => {
        if (typeof part === "number") return players[part];
        if (Array.isArray(part)) return joinNames(part.map((seat) => players[seat]));
        return part;
      })
      .join("");
  };

  // ---- The engine's messages beside the fields they name ------------------------

  const clearProblems = (form) => {
    for (const list of form.querySelectorAll(".js-problems")) list.remove();
    for (const field of form.querySelectorAll(".has-js-problems")) field.classList.remove("has-js-problems", "has-errors");
  };

  const showProblems = (form, problems, stage, players) => {
    for (const [name, message] of problems) {
      const where = (name && group(form, name)) || stage;
      let list = where.querySelector(":scope > .js-problems");
      if (!list) {
        list = document.createElement("ul");
        list.className = "errorlist js-problems";
        const legend = where.querySelector(":scope > legend");
        if (legend) legend.after(list);
        else where.prepend(list);
        where.classList.add("has-js-problems", "has-errors");
      }
      const item = document.createElement("li");
      // A sentence, as the forms show it: begun with a capital, a name too ("zoë sits out").
      const text = said(message, players);
      item.textContent = text.charAt(0).toUpperCase() + text.slice(1);
      list.append(item);
    }
  };

  // ---- What the taps so far come to -------------------------------------------

  const callKey = (form) =>
    ["trump", "called", "alone", "round"].map((name) => valueOf(form, name) || "").join("|");

  const callComplete = (form) => {
    const called = valueOf(form, "called");
    return Boolean(valueOf(form, "maker") && valueOf(form, "trump") && (called === null || called));
  };

  const alone = (form) => valueOf(form, "alone") === "yes" || valueOf(form, "called") === "alone";

  // The side the maker ended on, as the table of outcomes names it.
  const sideOf = (form, outcomeTable) => {
    if (alone(form)) return outcomeTable.sides.alone;
    return outcomeTable.sides.other || valueOf(form, "partner") || "";
  };

  const outcomeOf = (form, outcomeTable) => {
    const maker = valueOf(form, "maker");
    const tricks = valueOf(form, "tricks");
    const renege = valueOf(form, "renege") || "";
    const bySide = maker ? outcomeTable.index[maker] : null;
    const byTricks = bySide && bySide[sideOf(form, outcomeTable)];
    const byRenege = byTricks && tricks !== "" && byTricks[Number(tricks)];
    if (!byRenege) return null;
    const index = byRenege[renege === "" ? 0 : Number(renege) + 1];
    if (index === undefined) return null;
    // From these totals, where a penalty stopped at 0 (the drawing says which).
    const adjusted = outcomeTable.adjusted && outcomeTable.adjusted[index];
    return adjusted ? [adjusted, ...outcomeTable.results[index].slice(1)] : outcomeTable.results[index];
  };

  // ---- Drawing the stage --------------------------------------------------------

  const showChoices = (form, outcomeTable) => {
    // The partner chips are the sides the table of outcomes lists for this maker: never the maker.
    const maker = valueOf(form, "maker");
    const sides = (maker && outcomeTable.index[maker]) || {};
    for (const input of form.querySelectorAll('input[name="partner"]')) {
      const offered = input.value in sides;
      input.closest(".chip").hidden = !offered;
      if (!offered && input.checked) input.checked = false;
    }
    const partner = group(form, "partner");
    if (partner) partner.hidden = alone(form);
    // The trick of a reveal is noted only for a partner who was revealed.
    const reveal = form.querySelector(".reveal-fields");
    if (reveal) {
      const revealed = !alone(form) && /^\d+$/.test(valueOf(form, "partner") || "");
      reveal.hidden = !revealed;
      if (!revealed) check(form, "revealed_on_trick", "");
    }
  };

  // The call as the chips show it: the stage line's, and the start of a kept hand's summary.
  const callParts = (form) => {
    const parts = [chipText(form, "maker"), chipText(form, "trump")];
    if (valueOf(form, "called") !== "alone") parts.push(chipText(form, "called"));
    if (alone(form)) parts.push("alone");
    return parts.filter(Boolean);
  };

  const drawSummary = (form) => {
    const text = callParts(form).join(" · ");
    for (const summary of form.querySelectorAll(".stage-summary")) {
      if (summary.textContent !== text) summary.textContent = text;
    }
  };

  const WAIT = "The points show here once the hand is complete.";
  const NO_RENEGER = "Tap who reneged, or close Renege.";
  const drawPreview = (form, outcomeTable, entry) => {
    const preview = form.querySelector("#preview");
    const points = preview.querySelector(".preview-points");
    const rule = preview.querySelector(".rule-line");
    // Renege open and no one tapped: the hand is not whole yet (a tap meant for a
    // reneger must never save the hand without its renege).
    const noReneger = Boolean(form.querySelector(".renege-fields[open]")) && !valueOf(form, "renege");
    const scored = Boolean(entry && entry[0]) && !noReneger;
    const wait = preview.querySelector(".preview-wait");
    wait.hidden = scored;
    wait.textContent = noReneger && entry && entry[0] ? NO_RENEGER : WAIT;
    points.hidden = !scored;
    rule.hidden = !scored;
    form.querySelector(".save-hand").disabled = !scored;
    if (!scored) return;
    const [deltas, explanation, citation, link] = entry;
    const chips = [];
    deltas.forEach((delta, seat) => {
      if (!delta) return;
      const chip = document.createElement("li");
      chip.className = delta < 0 ? "points-chip is-negative" : "points-chip";
      const strong = document.createElement("strong");
      strong.textContent = delta > 0 ? `+${delta}` : String(delta);
      const total = document.createElement("span");
      total.className = "preview-total";
      total.textContent = `→ ${outcomeTable.totals[seat] + ((waiting.get(form) || [])[seat] || 0) + delta}`;
      chip.append(`${outcomeTable.players[seat]} `, strong, " ", total);
      chips.push(chip);
    });
    points.replaceChildren(...chips);
    // The rulebook's section, linked as every screen cites it ("Call-Ace rules 5").
    const where = document.createElement("span");
    where.className = "muted";
    const cite = document.createElement("a");
    cite.className = "rule-cite";
    cite.href = link;
    cite.textContent = citation;
    where.append("(", cite, ")");
    rule.replaceChildren(`${said(explanation, outcomeTable.players)} `, where);
  };

  const render = (form) => {
    const stage = form.dataset.stage;
    const page = document.documentElement;
    if (page.dataset.handStage !== stage) page.dataset.handStage = stage;
    drawSummary(form);
    const outcomeTable = outcomes(form);
    if (!outcomeTable) return;
    // Ready to take a hand: its kind's table of outcomes is here.
    if (!form.dataset.ready) form.dataset.ready = "yes";
    clearProblems(form);
    showChoices(form, outcomeTable);
    const refused = callComplete(form) ? outcomeTable.calls[callKey(form)] : null;
    const saveCall = form.querySelector(".save-call");
    saveCall.disabled = !callComplete(form) || Boolean(refused);
    let entry = null;
    if (refused) {
      showProblems(form, refused, form.querySelector(`.stage-${stage}`), outcomeTable.players);
    } else {
      entry = outcomeOf(form, outcomeTable);
      if (entry && entry[0] === null) showProblems(form, entry[1], form.querySelector(".stage-play"), outcomeTable.players);
    }
    drawPreview(form, outcomeTable, entry);
  };

  const goTo = (form, stage) => {
    if (!STAGES.includes(stage) || form.dataset.stage === stage) return;
    form.dataset.stage = stage;
    render(form);
    // A screen reader (and the keyboard) goes on where the new stage starts: once
    // it is painted (focus asks for the layout, which the paint has worked out).
    const shown = form.querySelector(`.stage-${stage}`);
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (shown && shown.isConnected && form.dataset.stage === stage) shown.focus({ preventScroll: true });
      }),
    );
  };

  // ---- Taps ---------------------------------------------------------------------

  // The input a tap is changing: its click comes before its change.
  let changing = null;
  document.addEventListener("pointerdown", (event) => {
    const input = event.target;
    changing = input instanceof HTMLInputElement && !input.checked ? input : null;
  }, true);

  // Renege opened or closed: Save waits for the reneger while it is open.
  document.addEventListener(
    "toggle",
    (event) => {
      const form = event.target instanceof Element && event.target.matches(".renege-fields") && event.target.closest(".table-hand");
      if (form) render(form);
    },
    true,
  );

  document.addEventListener("change", (event) => {
    const input = event.target;
    const form = input instanceof HTMLInputElement && input.closest(".table-hand");
    if (!form) return;
    if (!tapped.has(form)) tapped.set(form, new Set());
    tapped.get(form).add(input.name);
    if (input.name === "renege") form.dataset.renege = input.value;
    render(form);
  });

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const form = target && target.closest(".table-hand");
    if (!form) return;
    if (target.matches('input[name="maker"]') && form.dataset.stage === "maker") {
      // The change that follows draws the stage (a maker tapped again has none).
      if (changing === target) form.dataset.stage = "call";
      else goTo(form, "call");
    } else if (target.closest(".stage-go")) {
      goTo(form, target.closest(".stage-go").dataset.go);
    } else if (target.closest(".stage-back")) {
      goTo(form, STAGES[Math.max(0, STAGES.indexOf(form.dataset.stage) - 1)]);
    } else if (target.matches('input[name="renege"]') && target.value === form.dataset.renege) {
      // The renege tapped again is taken back (the phone shows no "No renege" chip).
      // A click comes before the change it makes: the data still holds the one before.
      check(form, "renege", "");
      form.dataset.renege = "";
      render(form);
    } else if (target.closest(".save-call")) {
      event.preventDefault();
      goTo(form, "play");
      if (form.dataset.waiting) {
        // Hands wait on this phone (outbox.js): Bower would take the call for the wrong
        // hand. The call goes with the hand, after them (offline, the bar says so already).
        if (navigator.onLine) callNote(form, HANDS_WAIT);
      } else if (!navigator.onLine) {
        // Offline: the bar says Save keeps the hand on this phone; the call goes with it.
      } else if (window.bowerOutbox && window.bowerOutbox.busy()) {
        // The hand before is still on its way (outbox.js): the call follows it, with the
        // game as Bower has it then (sent now, it would be refused as out of date).
        callAfterOwnHands(form);
      } else {
        // Sent once the end of the hand is painted: the tap is answered first.
        form.dataset.callSending = "yes";
        requestAnimationFrame(() => setTimeout(() => sendCall(form)));
      }
    } else if (target.closest(".save-hand") && form.dataset.callSending) {
      // The call on its way changes the game's version: Save follows it.
      event.preventDefault();
      form.dataset.saveWaiting = "yes";
    }
  });

  // ---- A form drawn again (a poll, an answer): what was tapped here stays -----------

  const capture = (form) => ({
    hand: form.dataset.hand,
    stage: form.dataset.stage,
    values: [...(tapped.get(form) || [])].map((name) => [name, valueOf(form, name)]),
    saveWaiting: form.dataset.saveWaiting,
    callWaiting: form.dataset.callWaiting,
  });

  const restore = (form, kept) => {
    if (!kept || kept.hand !== form.dataset.hand || !kept.values.length) return;
    if (kept.callWaiting) form.dataset.callWaiting = "yes";
    for (const [name, value] of kept.values) check(form, name, value);
    tapped.set(form, new Set(kept.values.map(([name]) => name)));
    // No further than the taps allow (another phone may have cancelled the call).
    const allowed = callComplete(form) ? 2 : valueOf(form, "maker") ? 1 : 0;
    form.dataset.stage = STAGES[Math.min(STAGES.indexOf(kept.stage), allowed)];
  };

  const start = (kept) => {
    for (const form of document.querySelectorAll(".table-hand:not([data-started])")) {
      form.dataset.started = "yes";
      restore(form, kept);
      form.dataset.renege = valueOf(form, "renege") || "";
      render(form);
    }
  };

  let kept = null;
  document.addEventListener("htmx:beforeSwap", (event) => {
    const form = document.querySelector(".table-hand");
    // (An answer not swapped in, as a poll's that keeps the form, draws no form.)
    if (form && event.detail.shouldSwap && event.detail.target && event.detail.target.contains(form)) kept = capture(form);
  });
  document.addEventListener("htmx:afterSwap", () => {
    start(kept);
    kept = null;
    // Another screen: no hand is entered on it.
    if (!document.querySelector(".table-hand")) delete document.documentElement.dataset.handStage;
  });

  // A page put back from htmx's history: its forms are drawn afresh (what was tapped
  // on them is in the snapshot; the marks of this script are not to be trusted).
  document.addEventListener("htmx:historyRestore", () => {
    for (const form of document.querySelectorAll(".table-hand[data-started]")) {
      delete form.dataset.started;
      delete form.dataset.ready;
    }
    start(null);
    if (!document.querySelector(".table-hand")) delete document.documentElement.dataset.handStage;
  });

  const swapIn = (form, html) => {
    const main = document.getElementById("main");
    const held = capture(form);
    kept = held; // restored by htmx:afterSwap, below
    window.htmx.swap(main, html, { swapStyle: "innerHTML" });
    start(held);
    const next = document.querySelector(".table-hand");
    if (held.saveWaiting && next && next.dataset.hand === held.hand) {
      next.querySelector(".save-hand").click();
    }
  };

  const HANDS_WAIT = "Hands wait on this phone: the other phones see this hand once they are sent.";
  const callNote = (form, text) => {
    const note = form.querySelector(".call-note");
    note.textContent = text;
    note.hidden = !text;
  };

  // "Save the call": the other phones see it at their next poll. The hand goes on
  // here meanwhile; without the network, it is saved whole at the end. Bower answers
  // the call saved as a poll would, around this form (live.js; docs/formats.md, "Save
  // the call"), where the page says its names; else the table drawn anew.
  const sendCall = async (form) => {
    form.dataset.callSending = "yes";
    callNote(form, "");
    let html = null;
    let busy = false; // Bower overloaded: nothing stored
    const live = window.bowerLive;
    const address = (live && live.keeping(form.dataset.saveCall, form)) || form.dataset.saveCall;
    try {
      // Sent as a form is (urlencoded), so the server reads it ahead and gives it a
      // form's turn (docs/decisions.md, D56).
      const response = await fetch(address, {
        method: "POST",
        body: new URLSearchParams(new FormData(form, form.querySelector(".save-call"))),
        headers: { "HX-Request": "true", "HX-Current-URL": location.href },
        credentials: "same-origin",
      });
      if ([200, 409, 422].includes(response.status)) html = await response.text();
      busy = response.status === 503;
    } catch (error) {
      html = null;
    }
    delete form.dataset.callSending;
    // A page that cannot take the call saved (the scorer went on) is brought up by its next poll.
    const patched = html !== null && Boolean(live) && live.isPatch(html);
    if (patched && form.isConnected) live.apply(html, form);
    else if (html !== null && form.isConnected && window.htmx) {
      swapIn(form, html);
      return;
    }
    if (!form.isConnected) return;
    if (!patched) {
      const why = busy ? "Bower is busy" : "no connection";
      callNote(form, `The other phones were not told the call (${why}): go on, the hand is saved whole at the end.`);
    }
    if (form.dataset.saveWaiting) {
      delete form.dataset.saveWaiting;
      form.querySelector(".save-hand").click();
    }
  };

  // A call saved while this phone's hand before is on its way: sent once that hand's
  // answer has brought the table up (the form may be drawn anew meanwhile: the mark
  // goes with it). Save tapped meanwhile takes the call with the hand (reset).
  const callAfterOwnHands = async (form) => {
    form.dataset.callWaiting = "yes";
    const clear = await window.bowerOutbox.settled(form);
    const waiting = document.querySelector(".table-hand[data-call-waiting]");
    if (!waiting) return;
    delete waiting.dataset.callWaiting;
    if (!clear) callNote(waiting, HANDS_WAIT);
    else sendCall(waiting);
  };

  // ---- For the outbox (static/js/outbox.js): a hand saved on this phone ------------

  // What the form holds, as the outbox keeps it: null while the engine gives it no points.
  const describe = (form) => {
    const outcomeTable = outcomes(form);
    const entry = outcomeTable && outcomeOf(form, outcomeTable);
    if (!entry || entry[0] === null) return null;
    const parts = callParts(form);
    if (!alone(form) && valueOf(form, "partner")) parts.push(`partner: ${chipText(form, "partner")}`);
    const tricks = valueOf(form, "tricks");
    parts.push(`${tricks} ${tricks === "1" ? "trick" : "tricks"}`);
    if (valueOf(form, "renege")) parts.push(`renege: ${chipText(form, "renege")}`);
    const [points, explanation, citation] = entry;
    return { summary: parts.join(" · "), points, rule: `${said(explanation, outcomeTable.players)} (${citation})` };
  };

  // No chip tapped: a field with a chip for "none" ("With a partner", no renege) has it.
  const clearChips = (form) => {
    for (const input of form.querySelectorAll("input[type=radio]")) input.checked = input.value === "";
  };

  // The form cleared for the next hand (its number, a new token), as a page drawn for
  // it is: its defaults, no message of the hand before; a call saved before belongs
  // to the hand just kept.
  const reset = (form, hand, token) => {
    clearChips(form);
    clearProblems(form);
    callNote(form, "");
    const status = form.querySelector(".save-status");
    if (status) status.hidden = true;
    tapped.delete(form);
    form.dataset.hand = String(hand);
    form.dataset.stage = "maker";
    form.dataset.renege = "";
    form.dataset.callSaved = "";
    delete form.dataset.callWaiting;
    form.elements.namedItem("token").value = token;
    for (const open of form.querySelectorAll("details[open]")) open.open = false;
    showCall(form, false);
    render(form);
  };

  // The call saved, or none, everywhere the table shows it: the card's line and "In
  // play", the maker's tag, Cancel the call (or Misdeal). Save clears it at once: the
  // call belongs to the hand just kept, whatever Bower answers and whenever.
  const showCall = (form, saved) => {
    const live = form.closest("#live") || document;
    for (const part of live.querySelectorAll(".saved-call, .in-play, .call-only, .scoreboard .tag-maker")) part.hidden = !saved;
    for (const part of live.querySelectorAll(".no-call")) part.hidden = saved;
    for (const row of live.querySelectorAll(".score-row:has(.tag-maker)")) row.classList.toggle("is-maker", saved);
    const board = live.querySelector(".scoreboard");
    if (board) board.classList.toggle("is-compact", saved && Boolean(board.querySelector(".tag-maker")));
    const heading = live.querySelector("#hand-heading");
    if (heading) heading.textContent = saved ? "In play" : "The next hand";
  };

  // A kept hand back in the form to be changed: its chips, at the end of the hand.
  const fill = (form, fields) => {
    clearChips(form);
    const names = new Set();
    for (const [name, value] of fields) {
      if (!form.querySelector(`input[type=radio][name="${name}"]`)) continue;
      check(form, name, value);
      names.add(name);
    }
    tapped.set(form, names);
    form.dataset.renege = valueOf(form, "renege") || "";
    form.dataset.stage = callComplete(form) ? "play" : "maker";
    render(form);
  };

  // A poll's answer that keeps this form (live.js): the other parts of the table are
  // drawn anew around it; the form goes on to the hand Bower names, with its "after",
  // version, token and this drawing's part of the table of outcomes. On the same hand
  // what was tapped here stays, and a chip not tapped shows the call saved, as a form
  // drawn anew would; on another hand it starts afresh, as a form drawn for it does.
  const moveOn = (form, update) => {
    form.querySelector("#hand-outcomes").textContent = update.drawing;
    parsed.delete(form);
    form.elements.namedItem("version").value = update.version;
    form.elements.namedItem("after").value = update.after;
    // The hands the page counts (outbox.js) as a form drawn anew says them.
    delete form.dataset.sentHand;
    if (form.dataset.hand !== update.hand) reset(form, Number(update.hand), update.token);
    else form.elements.namedItem("token").value = update.token;
    form.dataset.callSaved = update.callSaved;
    // Shown as the answer says (a reset hides them: they belong to the hand before).
    showCall(form, Boolean(update.callSaved));
    const mine = tapped.get(form) || new Set();
    for (const [name, value] of Object.entries(update.call)) {
      if (!mine.has(name)) check(form, name, value);
    }
    form.dataset.renege = valueOf(form, "renege") || "";
    // No further than the chips allow (another phone may have cancelled the call).
    const allowed = callComplete(form) ? 2 : valueOf(form, "maker") ? 1 : 0;
    const stage = STAGES[Math.min(STAGES.indexOf(form.dataset.stage), allowed)];
    if (stage !== form.dataset.stage) goTo(form, stage);
    else render(form);
  };

  const setWaiting = (form, points, count) => {
    waiting.set(form, points);
    if (count) form.dataset.waiting = "yes";
    else delete form.dataset.waiting;
    render(form);
  };

  // The players by seat, from this drawing's part of the table of outcomes.
  const players = (form) => (drawing(form) || { players: [] }).players;

  // Who deals and leads the next hand, then after each further hand (the engine's
  // order, outcomes.py's deal_order), from the same table.
  const deals = (form) => (drawing(form) || { deals: [] }).deals || [];

  window.bowerHand = { describe, reset, fill, setWaiting, players, deals, moveOn };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => start(null));
  else start(null);
})();
