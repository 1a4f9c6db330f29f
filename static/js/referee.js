// The referee's one enhancement: copy (or share) a ruling's link in one tap.
// Without this file the link is still there to long-press and copy.
// Over plain http on the LAN the clipboard is missing (not a secure context):
// the button then puts the link in a selected field to copy by hand.
"use strict";

(() => {
  const canShare = typeof navigator.share === "function";
  const canCopy = Boolean(navigator.clipboard && window.isSecureContext);
  document.documentElement.classList.add("can-share");

  const label = canShare ? "Share link" : "Copy link";
  const relabel = (root) => {
    root.querySelectorAll(".share-copy").forEach((button) => {
      button.textContent = label;
    });
  };
  relabel(document);
  document.addEventListener("htmx:afterSwap", (event) => relabel(event.target));

  // The link, selected in a read-only field: one long-press and "Copy".
  const offerByHand = (button, url, status) => {
    let field = button.parentElement.querySelector(".share-field");
    if (!field) {
      field = document.createElement("input");
      field.type = "text";
      field.readOnly = true;
      field.className = "share-field";
      field.setAttribute("aria-label", "Link to this ruling");
      button.after(field);
    }
    field.value = url;
    field.focus();
    field.select();
    if (status) status.textContent = "Copy it from here.";
  };

  document.addEventListener("click", async (event) => {
    const button = event.target.closest(".share-copy");
    if (!button) return;
    const url = button.dataset.shareUrl;
    const status = button.parentElement.querySelector(".share-status");
    if (canShare) {
      try {
        await navigator.share({ title: document.title, url });
      } catch (error) {
        // Closing the share sheet is not a failure; anything else gets the field.
        if (!error || error.name !== "AbortError") offerByHand(button, url, status);
      }
    } else if (canCopy) {
      try {
        await navigator.clipboard.writeText(url);
        if (status) status.textContent = "Link copied.";
      } catch {
        offerByHand(button, url, status); // the phone said no to the clipboard
      }
    } else {
      offerByHand(button, url, status);
    }
  });
})();
