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

  const storedOn = () => {
    try {
      return localStorage.getItem(STORED) !== "off";
    } catch {
      return true; // storage refused: on, as during any game
    }
  };
  const remember = (on) => {
    try {
      localStorage.setItem(STORED, on ? "on" : "off");
    } catch {
      // Not remembered; the switch still works on this page.
    }
  };

  const wanted = () => armed && toggle.checked && document.visibilityState === "visible";

  const playVideo = () => {
    if (!video) {
      video = document.createElement("video");
      video.muted = true;
      video.loop = true;
      video.setAttribute("muted", "");
      video.setAttribute("playsinline", "");
      for (const [type, src] of [
        ["video/webm", panel.dataset.videoWebm],
        ["video/mp4", panel.dataset.videoMp4],
      ]) {
        if (!src) continue;
        const source = document.createElement("source");
        source.type = type;
        source.src = src;
        video.append(source);
      }
      // Like nosleep.js, the video is never put on the page: it only has to play.
    }
    return video.play().then(
      () => setState("video"),
      () => setState("waiting"), // not allowed before a tap: the next tap tries again
    );
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
        if (wanted()) {
          setState("wake-lock");
        } else {
          release(); // switched off while the request was on its way
        }
        return;
      } catch {
        // Refused (battery saver, a policy): fall back to the video.
      }
    }
    if (video && !video.paused) return;
    setState("waiting");
  };

  const release = () => {
    if (lock) {
      lock.release().catch(() => undefined);
      lock = null;
    }
    if (video) video.pause();
    setState("off");
  };

  // The fallback video may only start from a tap (or a key): every one tries,
  // until it plays.
  const onTap = () => {
    if (wanted() && root.dataset.awake === "waiting") playVideo();
  };
  document.addEventListener("click", onTap, true);
  document.addEventListener("keydown", onTap, true);

  toggle.addEventListener("change", () => {
    remember(toggle.checked);
    if (toggle.checked) {
      hold().then(onTap); // the switch's own tap can start the video
    } else {
      release();
    }
  });

  document.addEventListener("visibilitychange", () => {
    if (!wanted()) return;
    if (video && video.paused && root.dataset.awake === "video") {
      playVideo();
    } else {
      hold();
    }
  });

  const arm = () => {
    if (armed || !document.querySelector(GAME_SCREEN)) return;
    armed = true;
    toggle.checked = storedOn();
    panel.hidden = false;
    if (toggle.checked) {
      hold();
    } else {
      setState("off");
    }
  };
  arm();
  document.addEventListener("htmx:afterSettle", arm);
})();
