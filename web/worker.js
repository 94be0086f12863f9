// Hosts Pyodide and the shoal engine in a module Web Worker, so the page stays responsive while Python boots and
// bots think. The page sends coarse JSON requests; every answer comes from shoal.bridge.handle (views, never states).
//
// Boot: restore the build's memory snapshot (Python with every engine already imported, see build_scripts/
// snapshot.mjs) when the build shipped one; if it is missing, from another build, or fails in any way, boot Python
// the plain way and say why in the console. Either way the same engine answers.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const stamp = new URL(import.meta.url).searchParams.get("v") || "";
const base = new URL("./pyodide/", import.meta.url).href;
const say = (stage, extra = {}) => postMessage({ progress: stage, ...extra });
const runtime = {
  indexURL: base,
  packageBaseUrl: base, // never the CDN default: everything comes from this site
  stdLibURL: base + "python_stdlib.zip",
  lockFileURL: base + "pyodide-lock.json?v=" + stamp,
};

async function fromSnapshot() {
  const response = await fetch(base + "snapshot.bin.gz?v=" + stamp);
  if (!response.ok) throw new Error(`no snapshot in this build (${response.status})`);
  const bytes = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  const pyodide = await loadPyodide({ ...runtime, _loadSnapshot: new Uint8Array(bytes) });
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
