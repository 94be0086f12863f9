// Hosts Pyodide and the shoal engine in a module Web Worker, so the page stays responsive while Python boots and
// bots think. The page sends coarse JSON requests; every answer comes from shoal.bridge.handle (views, never states).
//
// Boot: restore the build's memory snapshot (Python with every engine already imported, see build_scripts/
// snapshot.mjs) when the build shipped one; if it is missing, from another build, or fails in any way, boot Python
// the plain way and say why in the console. Either way the same engine answers.
// Pyodide's loader is imported, not a static import: this module's body (which starts the snapshot's and the wasm's
// downloads) runs as soon as worker.js has arrived instead of after a second round trip for pyodide.mjs.
const pyodideLoader = import("./pyodide/pyodide.mjs");
pyodideLoader.catch(() => {}); // a failure is reported where the boot awaits it

// Where the boot's time goes: named moments in milliseconds since the epoch, so the page can put them on
// its own timeline (window.shoal.bootMarks()). Kept in memory, sent once with "ready"; nothing leaves the page.
const marks = [];
const mark = (name) => marks.push([name, performance.timeOrigin + performance.now()]);
mark("worker-started");

// The build's stamp: the page names the worker after it (its URL's ?v= is lost when the service worker serves it).
const stamp = self.name || new URL(import.meta.url).searchParams.get("v") || "";
const base = new URL("./pyodide/", import.meta.url).href;
const say = (stage, extra = {}) => postMessage({ progress: stage, ...extra });
const runtime = {
  indexURL: base,
  packageBaseUrl: base, // never the CDN default: everything comes from this site
  stdLibURL: base + "python_stdlib.zip",
  lockFileURL: base + "pyodide-lock.json?v=" + stamp,
};

// The restored snapshot's full size (its zero runs included), written here by the build (0: the build shipped none).
// Knowing it, the worker hands Pyodide a buffer of that size at once and fills it while the runtime starts: Pyodide
// needs the snapshot's size before it instantiates the wasm, but its bytes only after the runtime is up
// (restoreSnapshot), so reading ~30 MB overlaps fetching, compiling and instantiating the wasm instead of coming
// before them (the boot's marks show it).
const SNAPSHOT_BYTES = Number("{{SNAPSHOT_BYTES}}") || 0;

// The snapshot's bytes as a stream: unpacked by the service worker when it installed this build (web/sw.js), else
// fetched gzipped and unpacked on the way in.
async function snapshotStream() {
  const unpacked = await cachedSnapshot();
  mark(unpacked ? "snapshot-found-unpacked" : "snapshot-not-unpacked");
  if (unpacked) return unpacked.body;
  const response = await fetch(base + "snapshot.bin.gz?v=" + stamp);
  mark("snapshot-response");
  if (!response.ok) throw new Error(`no snapshot in this build (${response.status})`);
  return response.body.pipeThrough(new DecompressionStream("gzip"));
}

async function cachedSnapshot() {
  const cache = await buildCache;
  return (cache && (await cache.match(base + `snapshot-${stamp}.bin`).catch(() => null))) || null;
}

// Unpack the stream into `target`, which starts zeroed and must come out filled exactly. The build ships the snapshot
// without its zero runs (build_scripts/snapshot.mjs): a header (little-endian u32s: "SHZ1", the full length, the number
// of live runs, each run's offset and length) and then the runs' bytes, written straight to their offsets as they
// arrive. A snapshot of another length, or runs that do not fit, are another build's (or damaged): refused.
async function fill(target, stream) {
  const reader = stream.getReader();
  let head = new Uint8Array(0); // until the header is in
  let runs = null;
  let run = 0, at = 0, left = 0; // the run being written: its index, where the next byte goes, bytes still due
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let chunk = value;
    if (!runs) {
      const joined = new Uint8Array(head.length + chunk.length);
      joined.set(head);
      joined.set(chunk, head.length);
      head = joined;
      runs = readRuns(head, target.length);
      if (!runs) continue;
      chunk = head.subarray(12 + 4 * runs.length);
      [at, left] = [runs[0], runs[1]];
    }
    while (chunk.length) {
      if (run * 2 >= runs.length) throw new Error("the snapshot has more bytes than its runs");
      const n = Math.min(left, chunk.length);
      target.set(chunk.subarray(0, n), at);
      at += n;
      left -= n;
      chunk = chunk.subarray(n);
      if (!left && ++run * 2 < runs.length) [at, left] = [runs[run * 2], runs[run * 2 + 1]];
    }
  }
  if (!runs || run * 2 < runs.length) throw new Error("the snapshot ended early");
  mark("snapshot-bytes");
}

// The header's runs as [offset, length, offset, length, ...], or null while the header is still incomplete.
function readRuns(head, size) {
  if (head.length < 12) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (view.getUint32(0, true) !== 0x315a4853) throw new Error("the snapshot is not in this build's format"); // "SHZ1"
  const length = view.getUint32(4, true), count = view.getUint32(8, true);
  if (length !== size) {
    throw new Error(`the snapshot is ${length > size ? "larger" : "smaller"} than this build's (${size} bytes)`);
  }
  // runs are split by >= 1 KB of zeros
  if (count === 0 || count > size / 1024 + 1) throw new Error("the snapshot's runs do not fit this build's");
  if (head.length < 12 + 8 * count) return null;
  const runs = new Uint32Array(2 * count);
  let end = 0;
  for (let i = 0; i < 2 * count; i += 2) {
    runs[i] = view.getUint32(12 + 4 * i, true);
    runs[i + 1] = view.getUint32(16 + 4 * i, true);
    if (runs[i] < end || runs[i + 1] === 0 || runs[i] + runs[i + 1] > size) {
      throw new Error("the snapshot's runs do not fit this build's");
    }
    end = runs[i] + runs[i + 1];
  }
  return runs;
}

const never = () => new Promise(() => {});

async function fromSnapshot() {
  if (!SNAPSHOT_BYTES) throw new Error("no snapshot in this build");
  const bytes = new Uint8Array(SNAPSHOT_BYTES);
  const filled = snapshotStream().then((stream) => fill(bytes, stream));
  filled.catch(() => {}); // a failure is handled by the race below
  // Pyodide's fsInit hook runs before the runtime is declared up, and the snapshot is copied into its memory right
  // after: holding the hook until the bytes are in keeps that copy after the fill. If the fill fails, that runtime
  // never comes up (the hook never returns) and the race below gives up on it at once: the plain boot takes over.
  const { loadPyodide } = await pyodideLoader;
  const pyodide = await Promise.race([
    loadPyodide({ ...runtime, _loadSnapshot: bytes, fsInit: () => filled.catch(never) }),
    filled.then(never),
  ]);
  mark("pyodide-loaded");
  const made = pyodide.runPython("import shoal\ngetattr(shoal, '_snapshot_stamp', '')");
  if (made !== stamp) throw new Error(`the snapshot is of build ${made || "(unknown)"}, this is build ${stamp}`);
  // Everyone restores the same memory: reseed whatever random state it froze (the engine's own randomness is seeded
  // per match and never comes from here, but a stdlib generator might).
  pyodide.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
  return pyodide;
}

async function plainBoot() {
  const { loadPyodide } = await pyodideLoader;
  const pyodide = await loadPyodide(runtime);
  say("engine");
  const failures = [];
  await pyodide.loadPackage(["shoal"], { messageCallback: () => {}, errorCallback: (m) => failures.push(m) });
  if (failures.length) throw new Error("could not load the shoal engine: " + failures.join("; "));
  return pyodide;
}

// Where the runtime's big files come from. Installed (web/sw.js), this build's own cache is read directly: a file
// served through the service worker's fetch handler comes several times slower than from the cache itself (9.6 MB
// of wasm took ~250 ms that way). Only this build's cache (named by the stamp): another build's may hold other files
// under the same names. Nothing is created: a missing cache means "not installed", and the network answers.
const cacheName = "shoal-" + stamp;
const buildCache = (async () => {
  try {
    return stamp && self.caches && (await caches.has(cacheName)) ? await caches.open(cacheName) : null;
  } catch {
    return null; // no Cache Storage here (an opaque origin, a private window)
  }
})();
const networkFetch = self.fetch.bind(self);
async function cachedOrFetched(url) {
  const cache = await buildCache;
  const hit = cache && (await cache.match(url.split("?")[0]).catch(() => null));
  return hit || networkFetch(url);
}

// The wasm is compiled from the moment the worker starts, not once Pyodide has evaluated its 1.2 MB glue module and
// asks for it; Pyodide's own request for it is answered with nothing (it is never read: the instantiation below uses
// the module compiled here). If the early compile fails, the wasm is fetched and compiled again the ordinary way.
const wasmURL = base + "pyodide.asm.wasm";
const compiled = cachedOrFetched(wasmURL).then((response) => {
  if (!response.ok) throw new Error(`the wasm could not be fetched (${response.status})`);
  mark("wasm-compile");
  return WebAssembly.compileStreaming(response);
}).then((module) => { mark("wasm-compiled"); return module; });
compiled.catch(() => {});
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  let module;
  try {
    module = await compiled;
  } catch (err) {
    console.info(`Shoal: compiling the wasm again: ${err && err.message ? err.message : err}`);
    return instantiateStreaming(networkFetch(wasmURL), imports);
  }
  const instance = await WebAssembly.instantiate(module, imports);
  mark("wasm-instantiated");
  return { module, instance };
};
// While Pyodide boots, its dynamic linker wraps each of ~260 JavaScript functions in a one-function wasm module of its
// own, compiled on the spot (Emscripten's convertJsFunctionToWasm): ~30 distinct modules, one per signature, compiled
// ~260 times (measured: 30-40 ms of the boot's critical path). A module is immutable and depends only on its bytes, so
// while Python boots, a small module whose bytes were compiled already is that same module, instantiated anew.
const NativeModule = WebAssembly.Module;
const smallModules = new Map();
WebAssembly.Module = new Proxy(NativeModule, {
  construct(target, args, newTarget) {
    const bytes = args[0];
    if (!(bytes instanceof Uint8Array) || bytes.length > 256 || newTarget !== WebAssembly.Module) {
      return Reflect.construct(target, args, newTarget);
    }
    const key = bytes.join();
    let module = smallModules.get(key);
    if (!module) smallModules.set(key, (module = new NativeModule(bytes)));
    return module;
  },
});

// While Pyodide boots, its fetches (the wasm, the standard library, the lock file) read this build's cache first.
self.fetch = (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : null;
  if (url === wasmURL) {
    return Promise.resolve(new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } }));
  }
  if (url && url.startsWith(base) && !(init && (init.integrity || init.method))) return cachedOrFetched(url);
  return networkFetch(input, init);
};

let warmupModule = null;
const ready = (async () => {
  say("runtime");
  let boot = "snapshot";
  let pyodide;
  try {
    pyodide = await fromSnapshot();
  } catch (err) {
    boot = "plain";
    console.info(`Shoal: booting Python without the snapshot: ${err && err.message ? err.message : err}`);
    pyodide = await plainBoot();
  }
  self.fetch = networkFetch; // booted: nothing else of Pyodide's comes from here
  WebAssembly.Module = NativeModule;
  const handle = pyodide.pyimport("shoal.bridge").handle; // throws if the engine is not there
  warmupModule = () => pyodide.pyimport("shoal.warmup");
  globalThis.shoalWasmBytes = () => pyodide._module.HEAP8.buffer.byteLength; // for the memory benchmark
  mark("ready");
  for (const r of performance.getEntriesByType("resource")) {
    const name = r.name.split("/").pop().split("?")[0];
    marks.push([`fetch ${name}`, performance.timeOrigin + r.startTime],
      [`fetched ${name}`, performance.timeOrigin + r.responseEnd]);
  }
  say("ready", { boot, marks });
  return handle;
})();

ready.catch((err) => postMessage({ fatal: String(err && err.message ? err.message : err) }));

// Once the page has painted its first board, it asks the worker to warm up: the worker plays the same kind
// of click on a scratch match of the game just opened (shoal.warmup), so that V8 compiles, and settles its optimised
// code for, the paths a click takes while the player looks at the board, instead of inside their first clicks. One
// bridge request a step, each its own task; any request that arrives ends the warm-up, so a request waits at most for
// the one step under way (tasks run in the order they were queued) and the player's own clicks never compete with it.
// A player quicker than the first paint has already moved when the page asks: then there is no warm-up at all.
let opened = null; // the first `new` or `load` request answered: the game the warm-up plays
let played = false; // a person has moved (a `play` or `undo` came): too late to warm up, their clicks have begun
let warming = null; // the warm-up's steps (a Python iterator), while it lasts
const warmup = { started: false, steps: 0, endedBy: null }; // what happened, for the tests (globalThis.shoalWarmup)
globalThis.shoalWarmup = () => ({ ...warmup });

function stopWarming(reason) {
  if (!warming) return;
  warmup.endedBy = reason;
  try { warming.return(); } catch { /* the iterator closes its scratch match in a finally */ }
  warming.destroy();
  warming = null;
}

function warmStep() {
  if (!warming) return;
  let more = false;
  try {
    more = !warming.next().done;
    warmup.steps += 1;
  } catch (err) {
    console.info(`Shoal: warm-up stopped: ${err && err.message ? err.message : err}`);
  }
  if (more) setTimeout(warmStep, 0);
  else stopWarming(warmup.endedBy || "done");
}

async function startWarming() {
  await ready;
  if (warmup.started || !opened || played || !warmupModule) return;
  warmup.started = true;
  warming = warmupModule().steps(opened);
  setTimeout(warmStep, 0);
}

onmessage = async ({ data }) => {
  if (data.warm) { startWarming(); return; }
  stopWarming("request");
  const { id, request } = data;
  if (/^\{"cmd":"(play|undo)"/.test(request)) played = true;
  try {
    const handle = await ready;
    const t0 = performance.now();
    const answer = handle(request);
    postMessage({ id, answer, ms: performance.now() - t0 }); // ms: Python's share, for the latency figures
    if (!opened && /^\{"cmd":"(new|load)"/.test(request) && answer.startsWith('{"ok": true')) opened = request;
  } catch (err) {
    postMessage({ id, answer: JSON.stringify({ ok: false, error: String(err && err.message ? err.message : err) }) });
  }
};
