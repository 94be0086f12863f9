// Hosts Pyodide and the shoal engine in a module Web Worker, so the page stays responsive while Python boots and
// bots think. The page sends coarse JSON requests; every answer comes from shoal.bridge.handle (views, never states).
//
// Boot: restore the build's memory snapshot (Python with every engine already imported, see build_scripts/
// snapshot.mjs) when the build shipped one; if it is missing, from another build, or fails in any way, boot Python
// the plain way and say why in the console. Either way the same engine answers.
import { loadPyodide } from "./pyodide/pyodide.mjs";

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

// Where the snapshot comes from: unpacked by the service worker when it installed this build (web/sw.js), else
// fetched gzipped and unpacked here. Resolves once it is known to exist, with `bytes` still a promise: unpacking
// (~30 MB) overlaps Pyodide's own start (its module script, the wasm and stdlib downloads), since the runtime awaits
// the snapshot only just before it instantiates the wasm.
async function findSnapshot() {
  const unpacked = await cachedSnapshot();
  if (unpacked) return { bytes: unpacked.arrayBuffer() };
  const response = await fetch(base + "snapshot.bin.gz?v=" + stamp);
  if (!response.ok) throw new Error(`no snapshot in this build (${response.status})`);
  return { bytes: new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer() };
}

async function cachedSnapshot() {
  try {
    return stamp && self.caches ? (await caches.match(base + `snapshot-${stamp}.bin`)) || null : null;
  } catch {
    return null; // no Cache Storage here (an opaque origin, a private window): the packed file will do
  }
}

async function fromSnapshot() {
  const { bytes } = await findSnapshot();
  bytes.catch(() => {}); // a failure is reported where loadPyodide awaits it
  const pyodide = await loadPyodide({ ...runtime, _loadSnapshot: bytes });
  const made = pyodide.runPython("import shoal\ngetattr(shoal, '_snapshot_stamp', '')");
  if (made !== stamp) throw new Error(`the snapshot is of build ${made || "(unknown)"}, this is build ${stamp}`);
  // Everyone restores the same memory: reseed whatever random state it froze (the engine's own randomness is seeded
  // per match and never comes from here, but a stdlib generator might).
  pyodide.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
  return pyodide;
}

async function plainBoot() {
  const pyodide = await loadPyodide(runtime);
  say("engine");
  const failures = [];
  await pyodide.loadPackage(["shoal"], { messageCallback: () => {}, errorCallback: (m) => failures.push(m) });
  if (failures.length) throw new Error("could not load the shoal engine: " + failures.join("; "));
  return pyodide;
}

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
  const handle = pyodide.pyimport("shoal.bridge").handle; // throws if the engine is not there
  globalThis.shoalWasmBytes = () => pyodide._module.HEAP8.buffer.byteLength; // for the memory benchmark
  say("ready", { boot });
  return handle;
})();

ready.catch((err) => postMessage({ fatal: String(err && err.message ? err.message : err) }));

onmessage = async ({ data }) => {
  const { id, request } = data;
  try {
    const handle = await ready;
    const t0 = performance.now();
    const answer = handle(request);
    postMessage({ id, answer, ms: performance.now() - t0 }); // ms: Python's share, for the latency figures
  } catch (err) {
    postMessage({ id, answer: JSON.stringify({ ok: false, error: String(err && err.message ? err.message : err) }) });
  }
};
