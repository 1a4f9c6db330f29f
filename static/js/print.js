// The score card's Print button: shown only when this script runs (without it,
// the page says to use the browser's Print), and it opens the print dialog.
"use strict";

(() => {
  document.querySelectorAll("[data-print]").forEach((button) => {
    button.hidden = false;
    button.addEventListener("click", () => window.print());
  });
})();
