// Shoal's service worker: after one visit the whole site (Pyodide included) is served from this cache, so the games
// open and play with no network at all. build.py writes the file list and the cache name below.
//
// A new build never replaces the old one under a running page: its worker precaches the new files, then waits. The
// page says "A new version is ready — reload"; only when the player agrees (or every old page is closed) does it
// take over and drop the old build's cache, so a game in progress is served by one build's files from start to end.
const CACHE = "shoal-{{STAMP}}";
const FILES = {{FILES}};

self.addEventListener("install", (event) => {
  // cache: "reload" skips the browser's HTTP cache, which may still hold the previous build's files for a while.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" })))));
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("shoal-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Cache first, ignoring query strings (deep links and ?v= stamps name the same files); the network only for misses.
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || new URL(event.request.url).origin !== location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => (await cache.match(event.request, { ignoreSearch: true })) || fetch(event.request)),
  );
});
