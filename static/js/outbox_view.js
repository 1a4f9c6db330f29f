// How the table screen draws the phone's outbox (static/js/outbox.js keeps it and
// says what to draw): the hands waiting, a conflict (the server's part, kept with its
// hand), the totals moved on by them with their ahead marks, and the dealer after
// them. No state and no rule: the points drawn are the ones the engine's table of
// outcomes gave a hand when it was saved, or the server's.
"use strict";

self.BowerOutboxView = (() => {
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

  // Another hand stands where this one goes: the server's conflict part (views/hands.py),
  // its choices done here (outbox.js, data-outbox-action). Neither counts meanwhile.
  const conflictOf = (entry) => {
    const item = element("li", "recent-hand outbox-choice");
    const part = document.createElement("template");
    part.innerHTML = entry.answer.html;
    item.append(part.content);
    for (const choice of item.querySelectorAll("[data-outbox-action]")) choice.dataset.id = entry.id;
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

  // The waiting hands under the hand (a choice to make first on the screen), and the
  // offer to redo the one last taken back (`undone`).
  const drawList = (live, entries, players, undone) => {
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

  // The "ahead" marks and the screen reader's line for the totals shown (as
  // screens.py's ahead_line words them while a game is on).
  const markAhead = (rows, totals) => {
    const top = Math.max(0, ...totals);
    const leaders = rows.filter((row, index) => top > 0 && totals[index] === top);
    const word = leaders.length === 1 ? "ahead" : "level";
    for (const row of rows) {
      const leads = leaders.includes(row);
      row.classList.toggle("is-ahead", leads);
      let tag = row.querySelector(".tag-ahead");
      if (leads && !tag) {
        tag = element("span", "tag tag-ahead");
        const deals = row.querySelector(".tag-deal");
        if (deals) deals.before(tag, " ");
        else row.querySelector(".score-name").append(" ", tag);
      }
      if (tag && !leads) tag.remove();
      else if (tag) tag.textContent = word;
    }
    const line = document.querySelector(".scores .ahead-line");
    if (!line) return;
    const meter = rows.length && rows[0].querySelector("meter");
    const of = meter ? ` of ${meter.getAttribute("max")}` : "";
    const names = leaders.map((row) => row.querySelector(".score-name").firstChild.textContent.trim());
    const listed = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
    if (!leaders.length) line.textContent = meter ? `No points yet: first to ${meter.getAttribute("max")} wins.` : "No points yet.";
    else if (leaders.length === 1) line.textContent = `${listed} ahead with ${top}${of}.`;
    else if (leaders.length === rows.length) line.textContent = `Everyone level at ${top}${of}.`;
    else line.textContent = `${listed} level at the top with ${top}${of}.`;
  };

  // The totals drawn by Bower moved by `points` (by seat), with the ahead marks for
  // them, and `words` saying why they are not Bower's yet ("" for none).
  const drawScores = (points, words) => {
    const rows = [...document.querySelectorAll(".score-row[data-seat]")];
    const shownTotals = rows.map((row) => {
      const total = row.querySelector(".score-total");
      if (!total.dataset.sent) total.dataset.sent = total.textContent.trim();
      const value = Number(total.dataset.sent) + points[Number(row.dataset.seat)];
      if (total.textContent !== String(value)) total.textContent = String(value);
      const meter = row.querySelector("meter");
      if (meter) meter.value = value;
      return value;
    });
    markAhead(rows, shownTotals);
    const scores = document.querySelector(".scores");
    let line = scores && scores.querySelector(".unsent-line");
    if (scores && !line) {
      line = element("p", "unsent-line");
      scores.append(line);
    }
    if (line) {
      line.textContent = words;
      line.hidden = !words;
    }
    if (scores) scores.classList.toggle("is-unsent", Boolean(words));
  };

  // Who deals the next hand: the engine's deal order (sent with the page, `order`)
  // moved on by the `waiting` hands on this phone; the scoreboard's tag goes with it.
  const drawDeal = (live, order, waiting) => {
    const line = live.querySelector(".deal-line");
    if (!line || !order.length) return;
    const next = order[waiting % order.length];
    const dealer = line.querySelector(".deal-dealer");
    const leader = line.querySelector(".deal-leader");
    if (dealer && dealer.textContent !== next.deals) dealer.textContent = next.deals;
    if (leader && leader.textContent !== next.leads) leader.textContent = next.leads;
    const outOfTurn = line.querySelector(".deal-out-of-turn");
    if (outOfTurn) outOfTurn.hidden = waiting > 0;
    for (const row of live.querySelectorAll(".score-row[data-seat]")) {
      const tag = row.querySelector(".tag-deal");
      const deals = Number(row.dataset.seat) === next.row;
      if (tag) tag.hidden = !deals;
      else if (deals) row.querySelector(".score-name").append(" ", element("span", "tag tag-deal", "deals"));
    }
  };

  return { drawList, drawScores, drawDeal };
})();
