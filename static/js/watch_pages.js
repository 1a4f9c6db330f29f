// The watch page of a big euchre night (templates/scorekeeper/nights/live_watch.html):
// when the standings or the round's tables are more than one screenful, show
// their pages in turn, one every few seconds, so a TV shows everything without
// scrolling. Without this script every page stays shown, one under the other.
// Only a landscape screen puts pages aside (static/css/night_live.css): a phone
// scrolls through them all. The poll swaps the live part in anew; the turn carries on.
"use strict";

(() => {
  const EVERY = 8000; // milliseconds a page stays on screen
  let turn = 0;

  const show = () => {
    document.querySelectorAll("[data-watch-pages]").forEach((box) => {
      const pages = box.querySelectorAll(":scope > .watch-page");
      const shown = turn % Math.max(pages.length, 1);
      box.classList.toggle("is-turning", pages.length > 1);
      pages.forEach((page, index) => {
        page.classList.toggle("is-resting", pages.length > 1 && index !== shown);
      });
    });
  };

  document.addEventListener("htmx:afterSettle", show);
  document.addEventListener("DOMContentLoaded", show);
  window.setInterval(() => {
    turn += 1;
    show();
  }, EVERY);
  show();
})();
