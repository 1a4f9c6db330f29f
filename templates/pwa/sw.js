{% autoescape off %}// Bower's service worker, served by scorekeeper/views/pwa.py from /sw.js for the whole site.
// - Static files and the tables of outcomes: from the cache at once (the app opens without waiting for the
//   Wi-Fi), refreshed from the network behind the scenes.
// - Pages: from the network. A game's table screen and the other screens a phone
//   has seen (KEPT) are kept; when the network is down they are shown from the
//   cache, marked so bower.js shows the offline banner.
// - Anything but GET goes to the network untouched. This worker sends nothing: a hand
//   saved without network waits in the phone's outbox (static/js/outbox_store.js) and
//   the table screen of its game sends it (static/js/outbox.js).
"use strict";

const VERSION = "{{ version }}";
const STATIC_CACHE = `bower-static-${VERSION}`;
// Kept pages point at this version's static files: they go with it.
const PAGE_CACHE = `bower-pages-${VERSION}`;
const SHELL = {{ shell_json }};
const STATIC_PREFIX = {{ static_prefix_json }};
const OFFLINE_PAGE = {{ offline_page_json }};
// A kind of table's table of outcomes (the table screen's data-outcomes): its address
// never changes for what it answers, so it is kept as a static file is.
const OUTCOMES_PREFIX = {{ outcomes_prefix_json }};
const kept = (url) => url.pathname.startsWith(STATIC_PREFIX) || url.pathname.startsWith(OUTCOMES_PREFIX);
// The screens kept for reading offline: the table screens, and the lists, sheets,
// results, players, nights and rules a phone has seen. Nothing that changes
// anything on a GET (a key link joins a table) and no download.
const KEPT = /^\/(games\/(\d+\/(sheet\/|result\/)?)?|players\/(\d+\/)?|nights\/(\d+\/(standings\/|rounds\/\d+\/)?)?|referee\/[a-z0-9/-]*)?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(STATIC_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const current = [STATIC_CACHE, PAGE_CACHE];
      for (const name of await caches.keys()) {
        if (name.startsWith("bower-") && !current.includes(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// A screen changed without a page load (htmx swapped it in, or the first visit
// came before this worker): bower.js asks for a fresh copy to keep, and names every
// script and style sheet the page loaded (DEBUG's django-htmx.js among them), so the
// kept copy opens offline with all of them.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  const work = [];
  if (Array.isArray(data.assets)) work.push(keepAssets(data.assets));
  const path = data.keep;
  if (typeof path === "string" && KEPT.test(path)) {
    work.push(
      fetch(path, { credentials: "same-origin" })
        .then((response) => keepPage(path, response))
        .catch(() => undefined), // offline: the copy already kept stays
    );
  }
  event.waitUntil(Promise.all(work));
});

// The site's own static files a page loaded, each fetched once into the cache.
async function keepAssets(urls) {
  const cache = await caches.open(STATIC_CACHE);
  for (const href of urls.slice(0, 40)) {
    const url = new URL(String(href), self.location.href);
    if (url.origin !== self.location.origin || !kept(url)) continue;
    if (await cache.match(url.href, { ignoreVary: true })) continue;
    try {
      const response = await fetch(url.href);
      if (response.status === 200) await cache.put(url.href, response);
    } catch {
      // Offline now: it is kept the next time the page asks for it.
    }
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event, url));
  } else if (kept(url)) {
    event.respondWith(staticFile(event, request));
  }
});

// The screens of one evening are plenty: older copies make room (a put goes last).
const KEPT_PAGES = 40;

async function keepPage(path, response) {
  if (response.status !== 200 || response.type !== "basic") return;
  const cache = await caches.open(PAGE_CACHE);
  await cache.put(path, response);
  const kept = await cache.keys();
  for (const old of kept.slice(0, -KEPT_PAGES)) await cache.delete(old);
}

async function page(event, url) {
  try {
    const response = await fetch(event.request);
    if (KEPT.test(url.pathname) && !url.search) {
      event.waitUntil(keepPage(url.pathname, response.clone()).catch(() => undefined));
    }
    return response;
  } catch {
    const copy = await caches.match(url.pathname, { cacheName: PAGE_CACHE, ignoreVary: true });
    return copy ? markedCopy(copy) : offlinePage();
  }
}

// The kept copy, with a mark on <body> that bower.js reads: this is not the
// game as it stands now, and nothing can be saved from it.
async function markedCopy(response) {
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(html.replace("<body", "<body data-offline-copy"), { status: 200, headers });
}

function offlinePage() {
  return new Response(OFFLINE_PAGE, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

async function staticFile(event, request) {
  const cache = await caches.open(STATIC_CACHE);
  const cached = await cache.match(request, { ignoreVary: true });
  const fresh = fetch(request).then((response) => {
    // A 206 (a video asks for a byte range) cannot be cached; the whole file can.
    if (response.status === 200) {
      event.waitUntil(cache.put(request, response.clone()).catch(() => undefined));
    }
    return response;
  });
  if (cached) {
    event.waitUntil(fresh.catch(() => undefined));
    return cached;
  }
  return fresh;
}
{% endautoescape %}
