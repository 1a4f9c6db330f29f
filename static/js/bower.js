// Bower's progressive enhancements. Every page works without this file.
"use strict";

(() => {
  // On table Wi-Fi a tap can fail to reach the laptop: say so instead of doing nothing.
  document.addEventListener("htmx:sendError", () => {
    const messages = document.getElementById("messages");
    if (!messages) return;
    const message = document.createElement("p");
    message.className = "message message-error";
    message.textContent = "Could not reach Bower. Check the Wi-Fi and try again.";
    messages.replaceChildren(message);
  });
})();
