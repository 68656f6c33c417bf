// The app's service worker (written by `companion build-web`): it keeps a copy of every file of
// the site in the browser, so the app starts, and runs, with no network at all.
//
// - On a first visit the page waits until this worker controls it before loading anything big
//   (keep.js), so every file the app loads passes through here once and is kept as it passes;
//   once the app has started, the page asks for the rest ("keep-all": the files this browser
//   did not need yet), so nothing is downloaded twice. Of the two CanvasKit builds (Chromium's
//   own, the full one for other browsers) only the one this browser loaded is kept: the other
//   would add 2-3 MB to the first visit for nothing (a browser that picks the other one later,
//   after an update, downloads it then, as on a first visit).
// - Every request for the site's own files is answered from that copy; an address of a screen
//   (/match/3, /history ...) gets the page, which opens that screen; the engine's requests for
//   fallback-font slices get the one font the app ships for that script.
// - A new version (a new build put on the host) is installed in the background: the files whose
//   digest is unchanged are copied from the version kept, the others downloaded. It is used from
//   the next start; older copies are removed once it is active.
"use strict";

const VERSION = "__VERSION__";
const FILES = __FILES__;
const FALLBACKS = __FALLBACKS__;
const PREFIX = "companion-";
const CACHE = PREFIX + VERSION;
const LIST = "__files__.json";  // a version's digests, kept in its cache for the next version
const AT_ONCE = 6;  // downloads at a time while keeping files
const scope = new URL(self.registration.scope);

const address = (path) => new URL(path, scope).href;
// The two CanvasKit builds: a browser loads one of them (its script first, then its wasm).
const VARIANTS = [["canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm"],
                  ["canvaskit/chromium/canvaskit.js", "canvaskit/chromium/canvaskit.wasm"]];

// The files of the CanvasKit build this browser did not load (nothing if it loaded neither yet),
// as seen in `cache` or in the copies of an older version.
async function otherVariant(cache, copies) {
  const loaded = async (path) => {
    for (const kept of [cache, ...copies.map((copy) => copy.cache)]) {
      if (await kept.match(address(path))) return true;
    }
    return false;
  };
  const [full, chromium] = await Promise.all(VARIANTS.map((variant) => loaded(variant[0])));
  if (full === chromium) return new Set();
  return new Set(full ? VARIANTS[1] : VARIANTS[0]);
}

async function download(cache, path) {
  const response = await fetch(address(path), { cache: "no-cache" });
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  await cache.put(address(path), response.clone());
  return response;
}

async function keepAll(copies = []) {
  const cache = await caches.open(CACHE);
  const missing = [];
  const unused = await otherVariant(cache, copies);
  for (const path of Object.keys(FILES)) {
    if (unused.has(path) || await cache.match(address(path))) continue;
    missing.push(path);
  }
  const next = async () => {
    for (let path = missing.pop(); path !== undefined; path = missing.pop()) {
      const same = copies.find((copy) => copy.files[path] === FILES[path]);
      const kept = same && await same.cache.match(address(path));
      if (kept) await cache.put(address(path), kept);
      else await download(cache, path);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, next));
  await cache.put(address(LIST), new Response(JSON.stringify(FILES), { headers: { "content-type": "application/json" } }));
}

async function olderCopies() {
  const copies = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const list = await cache.match(address(LIST));
    if (list) copies.push({ cache, files: await list.json() });
  }
  return copies;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const copies = await olderCopies();
    if (copies.length) await keepAll(copies);  // an update: the whole new version before it is used
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "keep-all") event.waitUntil(keepAll());
});

function keptPath(request) {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
  const path = decodeURIComponent(url.pathname.slice(scope.pathname.length));
  const fallback = /^assets\/fonts\/([a-z]+)\//.exec(path);
  if (fallback && FALLBACKS[fallback[1]]) return FALLBACKS[fallback[1]];
  if (path in FILES) return path;
  if (path === "" || request.mode === "navigate") return "index.html";  // a screen's address
  return null;
}

self.addEventListener("fetch", (event) => {
  const path = keptPath(event.request);
  if (path === null) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    return (await cache.match(address(path))) || download(cache, path);
  })());
});
