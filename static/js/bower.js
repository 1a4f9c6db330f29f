// Bower's progressive enhancements. Every page works without this file.
"use strict";

(() => {
  const say = (text) => {
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
  document.addEventListener("htmx:sendError", () => {
    say("Could not reach Bower. Check the Wi-Fi and tap again: a hand is never recorded twice.");
  });
  document.addEventListener("htmx:timeout", () => {
    say("Bower did not answer in time. Check the Wi-Fi and tap again: a hand is never recorded twice.");
  });
  // An answer htmx does not swap in (base.html's htmx config): a server error, a
  // page that is gone, a form from an expired session.
  document.addEventListener("htmx:responseError", (event) => {
    const { status, responseText } = event.detail.xhr;
    if (status === 503) {
      // A busy scorebook (scorekeeper/middleware.py): nothing was saved, its own words say so.
      const page = new DOMParser().parseFromString(responseText, "text/html");
      const busy = page.querySelector("[role=alert]");
      if (busy) return say(busy.textContent);
    }
    say(`Bower could not do that (error ${status}). Reload the page and try again.`);
  });
})();
