/* lawdesk service worker, written by `lawdesk publish`: precaches the whole site on the first
   visit, then answers every request from that cache, so the site works in airplane mode. A new
   build has a new VERSION: its worker caches the new files and deletes the old cache. */
"use strict";
const VERSION = {{ version|tojson }};
const FILES = {{ files|tojson }};
const CACHE = "lawdesk-" + VERSION;
const PARALLEL = 6; // requests at a time while precaching (a slow phone, a shared uplink)
const MATCH = { ignoreSearch: true, ignoreVary: true }; // search libraries add query strings

async function precache() {
  const cache = await caches.open(CACHE);
  const queue = FILES.slice();
  async function worker() {
    while (queue.length) {
      const file = queue.shift();
      const response = await fetch(new Request(file, { cache: "no-cache" }));
      if (!response.ok) throw new Error("precache: " + file + " answered " + response.status);
      await cache.put(file, response);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith("lawdesk-") && k !== CACHE).map((k) => caches.delete(k))
        )
      )
      .then(() => self.clients.claim())
  );
});

function candidates(url) {
  // a page is cached under its folder URL: /sk-2017/27/ for /sk-2017/27 and .../index.html
  const path = url.pathname;
  if (path.endsWith("/index.html")) return [path.slice(0, -"index.html".length)];
  if (!path.endsWith("/") && !path.split("/").pop().includes(".")) return [path + "/"];
  return [];
}

async function answer(request) {
  const cache = await caches.open(CACHE);
  let hit = await cache.match(request, MATCH);
  for (const other of candidates(new URL(request.url))) hit = hit || (await cache.match(other, MATCH));
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (err) {
    const missing = request.mode === "navigate" && (await cache.match("404.html", MATCH));
    if (missing) return missing;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (request.method !== "GET" || url.origin !== scope.origin) return;
  if (url.pathname.startsWith("/api/") || !url.pathname.startsWith(scope.pathname)) return;
  event.respondWith(answer(request));
});
