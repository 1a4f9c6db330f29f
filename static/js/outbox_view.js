// How the table screen draws a hand waiting in the phone's outbox, and the choice
// when another phone entered a different hand in its place (static/js/outbox.js
// uses it). No state and no rule: the points drawn are the ones the engine's table
// of outcomes gave the hand when it was saved.
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

  return { element, button, waitingOf, drawDeal };
})();
