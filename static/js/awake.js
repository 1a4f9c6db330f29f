// Keep the phone's screen on during a game, so the scoreboard is there when a
// hand ends. The Screen Wake Lock API where the browser has it; where it is
// missing (a phone on the LAN over plain http is not a secure context), a tiny
// muted looping video, as the nosleep.js package does, started by the first tap.
// The "Keep screen on" switch (base.html) turns it off, remembered on the phone.
//
// A page opts in with an element matching GAME_SCREEN: the table screen has
// .table-screen, any other game screen can carry data-keep-awake. Once a game
// screen has been shown, the page stays awake until it is left (htmx swaps the
// game's other screens into the same page).
"use strict";

(() => {
  const GAME_SCREEN = ".table-screen, [data-keep-awake]";
  const STORED = "bower.keepScreenOn";
  const panel = document.getElementById("keep-awake");
  const toggle = document.getElementById("keep-awake-switch");
  if (!panel || !toggle) return;

  let armed = false;
  let lock = null;
  let video = null;
  const root = document.documentElement;
  // For the tests and the curious: "wake-lock", "video", "waiting" (for a tap) or "off".
  const setState = (state) => {
    root.dataset.awake = state;
  };
  // Storage refused: on, as during any game, and the switch works on this page only.
  const stored = (on) => {
    try {
      if (on === undefined) return localStorage.getItem(STORED) !== "off";
      localStorage.setItem(STORED, on ? "on" : "off");
    } catch {
      return true;
    }
  };

  const wanted = () => armed && toggle.checked && document.visibilityState === "visible";

  const playVideo = () => {
    if (!video) {
      // Like nosleep.js, the video is never put on the page: it only has to play.
      video = document.createElement("video");
      video.muted = true;
      video.loop = true;
      video.setAttribute("muted", "");
      video.setAttribute("playsinline", "");
      video.innerHTML = `<source type="video/webm" src="${panel.dataset.videoWebm}"><source type="video/mp4" src="${panel.dataset.videoMp4}">`;
    }
    return video.play().then(
      () => setState("video"),
      () => setState("waiting"), // not allowed before a tap: the next tap tries again
    );
  };

  const release = () => {
    if (lock) lock.release().catch(() => undefined);
    lock = null;
    if (video) video.pause();
    setState("off");
  };

  const hold = async () => {
    if (!wanted()) return;
    if (navigator.wakeLock && typeof navigator.wakeLock.request === "function") {
      if (lock && !lock.released) return;
      try {
        lock = await navigator.wakeLock.request("screen");
        // The browser lets go when the page is hidden; visibilitychange takes it again.
        lock.addEventListener("release", () => {
          lock = null;
        });
        if (wanted()) setState("wake-lock");
        else release(); // switched off while the request was on its way
        return;
      } catch {
        // Refused (battery saver, a policy): fall back to the video.
      }
    }
    if (!video || video.paused) setState("waiting");
  };

  // The fallback video may only start from a tap (or a key): every one tries, until it plays.
  const onTap = () => {
    if (wanted() && root.dataset.awake === "waiting") playVideo();
  };
  document.addEventListener("click", onTap, true);
  document.addEventListener("keydown", onTap, true);

  toggle.addEventListener("change", () => {
    stored(toggle.checked);
    if (toggle.checked) hold().then(onTap); // the switch's own tap can start the video
    else release();
  });

  document.addEventListener("visibilitychange", () => {
    if (!wanted()) return;
    if (video && video.paused && root.dataset.awake === "video") playVideo();
    else hold();
  });

  const arm = () => {
    if (armed || !document.querySelector(GAME_SCREEN)) return;
    armed = true;
    toggle.checked = stored();
    panel.hidden = false;
    if (toggle.checked) hold();
    else setState("off");
  };
  arm();
  document.addEventListener("htmx:afterSettle", arm);
})();
