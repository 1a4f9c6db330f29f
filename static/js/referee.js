// The referee's one enhancement: copy (or share) a ruling's link in one tap.
// Without this file the link is still there to long-press and copy.
"use strict";

(() => {
  const canShare = typeof navigator.share === "function";
  const canCopy = Boolean(navigator.clipboard && window.isSecureContext);
  if (!canShare && !canCopy) return;
  document.documentElement.classList.add("can-share");

  const label = canShare ? "Share link" : "Copy link";
  const relabel = (root) => {
    root.querySelectorAll(".share-copy").forEach((button) => {
      button.textContent = label;
    });
  };
  relabel(document);
  document.addEventListener("htmx:afterSwap", (event) => relabel(event.target));

  document.addEventListener("click", async (event) => {
    const button = event.target.closest(".share-copy");
    if (!button) return;
    const url = button.dataset.shareUrl;
    const status = button.parentElement.querySelector(".share-status");
    try {
      if (canShare) {
        await navigator.share({ title: document.title, url });
      } else {
        await navigator.clipboard.writeText(url);
        if (status) status.textContent = "Link copied.";
      }
    } catch (error) {
      // Closing the share sheet is not a failure; anything else is worth saying.
      if (error && error.name !== "AbortError" && status) {
        status.textContent = "Could not copy: press and hold the link instead.";
      }
    }
  });
})();
