// The phone's outbox of hands (docs/decisions.md, D52): hands saved while Bower could
// not be reached wait here, in IndexedDB (through the vendored idb-keyval), and are
// sent in order, one at a time, with `after` and their token (docs/formats.md,
// "Recording a hand, once"). It draws nothing: the table page (static/js/outbox.js)
// sends with it. It holds no scoring rule: the points it keeps
// for a hand are the ones the engine's table of outcomes showed when it was saved.
"use strict";

self.BowerOutbox = (() => {
  const store = self.idbKeyval.createStore("bower-outbox", "games");

  // One game's waiting hands, in the order they go: its table screen's path is the key.
  // An entry: { id, url, fields: [[name, value], ...], after, token, number, summary,
  //   points: [by seat], state: "waiting" | "changing" | "conflict" | "refused",
  //   answer (a 409's: { html: the conflict part, number, hands, by, points }),
//   problems ([[field, message], ...]),
  //   earlier (its tokens before it was changed on this phone) }.
  const list = async (game) => (await self.idbKeyval.get(game, store)) || [];
  const games = () => self.idbKeyval.keys(store);
  // Read, change and write back in one IndexedDB transaction (two tabs cannot interleave).
  const change = (game, changed) => self.idbKeyval.update(game, (old) => changed(old || []), store);

  const add = (game, entry) => change(game, (entries) => [...entries, entry]);
  const drop = (game, id) => change(game, (entries) => entries.filter((entry) => entry.id !== id));
  const put = (game, id, fields) =>
    change(game, (entries) => entries.map((entry) => (entry.id === id ? { ...entry, ...fields } : entry)));

  // A random token (crypto.randomUUID exists only in a secure context; a phone on the
  // LAN over plain http has getRandomValues).
  const newToken = () => {
    const bytes = self.crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };

  // One sender at a time on this phone (its tabs) where the
  // browser has Web Locks; elsewhere two senders are still safe: a hand sent twice
  // with its token is recorded once.
  const exclusively = (work) =>
    self.navigator.locks ? self.navigator.locks.request("bower-outbox", work) : work();

  // Send one game's waiting hands in order, each the form the page posts, answered as
  // the page is (docs/formats.md, "Recording a hand, once"). Stops at the first that is
  // not recorded: "offline" (no answer: it stays waiting), "busy" (the server failed:
  // it stays waiting), or the state it was put in ("conflict": the server's conflict
  // part kept with it; "refused": the messages of its form); `met`: the hand that met
  // another there just now; `answer`: the last recorded one's ({ text: the table, or a
  // live patch; url: the screen's address, HX-Push-Url, when it moved }). `csrf`: the
  // page's own token, fresher than the hand's; `address`: where to post a hand's `url`.
  const send = (game, csrf, address = (url) => url) =>
    exclusively(async () => {
      let sent = 0;
      let answer = null;
      for (;;) {
        const [next] = await list(game);
        if (!next) return { sent, stopped: null, answer };
        if (next.state !== "waiting") return { sent, stopped: next.state };
        const body = new URLSearchParams(next.fields);
        body.set("after", String(next.after));
        body.set("token", next.token);
        // Its tokens before it was changed here: one may have recorded it (an answer lost).
        for (const token of next.earlier || []) body.append("earlier", token);
        if (csrf) body.set("csrfmiddlewaretoken", csrf);
        let response;
        try {
          response = await fetch(address(next.url), { method: "POST", body, credentials: "same-origin", headers: { "HX-Request": "true", "HX-Current-URL": location.href } });
        } catch {
          return { sent, stopped: "offline" };
        }
        const page = [409, 422].includes(response.status) ? new DOMParser().parseFromString(await response.text(), "text/html") : null;
        const part = page && page.querySelector(".hand-conflict");
        if (response.ok && response.headers.get("Bower-Hand")) {
          answer = { text: await response.text(), url: response.headers.get("HX-Push-Url") };
          await drop(game, next.id);
          sent += 1;
        } else if (response.status === 409 && part) {
          const { number, hands, by, points } = part.dataset;
          const answer = { html: part.outerHTML, number: Number(number), hands: Number(hands), by, points: points ? points.split(",").map(Number) : [] };
          await put(game, next.id, { state: "conflict", answer });
          return { sent, stopped: "conflict", met: next.id };
        } else if (response.status >= 500 || response.status === 429 || response.status === 408) {
          // Sent again after the seconds Bower asked for, or at the next try.
          const retryAfter = response.status === 503 ? Math.max(1, Number(response.headers.get("Retry-After")) || 2) : 0;
          return { sent, stopped: "busy", retryAfter };
        } else {
          // The form's messages, each once (the Save bar's list names their fields, and the
          // screen's own above it; else each field's); or a page that is gone, a table this
          // phone no longer has.
          const said = (where) => (page ? [...page.querySelectorAll(where)].map((item) => [null, item.textContent]) : []);
          const listed = said(".form-errors:not(.hand-conflict) li, .save-errors li");
          const problems = listed.length ? listed : said(".errorlist li");
          await put(game, next.id, { state: "refused", problems: problems.length ? problems : [[null, `Bower refused this hand (error ${response.status}).`]] });
          return { sent, stopped: "refused" };
        }
      }
    });

  return { list, games, add, drop, put, change, newToken, send };
})();
