// Shoal's service worker: after one visit the whole site (Pyodide included) is served from this cache, so the games
// open and play with no network at all. build.py writes the file list and the cache name below.
//
// A new build never replaces the old one under a running page: its worker precaches the new files, then waits. The
// page says "A new version is ready — reload"; only when the player agrees (or every old page is closed) does it
// take over and drop the old build's cache, so a game in progress is served by one build's files from start to end.
const STAMP = "{{STAMP}}";
const CACHE = "shoal-{{STAMP}}";
const FILES = "{{FILES}}"; // the site's every file: the build writes the list in place of this string

self.addEventListener("install", (event) => {
  // cache: "reload" skips the browser's HTTP cache, which may still hold the previous build's files for a while.
  event.waitUntil(caches.open(CACHE).then(async (cache) => {
    await cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" })));
    await unpackSnapshot(cache);
  }));
});

// Python's memory snapshot ships gzipped (5.5 MB; 14 MB of live bytes once gunzipped, its zero runs left out: 31 MB in
// memory); gunzipping it takes the Pyodide worker ~100 ms on the thread that boots Python. Installed once, it is kept
// gunzipped beside the rest of the build, under a name that holds the build's stamp (web/worker.js reads it; it is
// never on the network). Optional: without it the worker gunzips the shipped file itself.
async function unpackSnapshot(cache) {
  try {
    const packed = await cache.match("pyodide/snapshot.bin.gz");
    if (!packed) return;
    const bytes = await new Response(packed.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    await cache.put(`pyodide/snapshot-${STAMP}.bin`,
      new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch (err) {
    console.info(`Shoal: the snapshot stays packed in the cache: ${err && err.message ? err.message : err}`);
  }
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("shoal-")
        && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Cache first, ignoring query strings (deep links and ?v= stamps name the same files); the network only for misses.
// The query is cut off here rather than with match's ignoreSearch, which scans every entry of the cache (~300) for
// each of a boot's ~40 requests: an exact key is one lookup.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  url.search = "";
  url.hash = "";
  event.respondWith(caches.open(CACHE).then(async (cache) => (await cache.match(url.href)) || fetch(event.request)));
});
