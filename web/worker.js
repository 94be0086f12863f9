// Hosts Pyodide and the shoal engine in a module Web Worker, so the page stays responsive while Python boots and
// bots think. The page sends coarse JSON requests; every answer comes from shoal.bridge.handle (views, never states).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const stamp = new URL(import.meta.url).searchParams.get("v") || "";
const base = new URL("./pyodide/", import.meta.url).href;
const say = (stage) => postMessage({ progress: stage });

const ready = (async () => {
  say("runtime");
  const pyodide = await loadPyodide({
    indexURL: base,
    packageBaseUrl: base, // never the CDN default: everything comes from this site
    stdLibURL: base + "python_stdlib.zip",
    lockFileURL: base + "pyodide-lock.json?v=" + stamp,
  });
  say("engine");
  const failures = [];
  await pyodide.loadPackage(["shoal"], { messageCallback: () => {}, errorCallback: (m) => failures.push(m) });
  if (failures.length) throw new Error("could not load the shoal engine: " + failures.join("; "));
  const handle = pyodide.pyimport("shoal.bridge").handle; // throws if the wheel did not install
  say("ready");
  return handle;
})();

ready.catch((err) => postMessage({ fatal: String(err && err.message ? err.message : err) }));

onmessage = async ({ data }) => {
  const { id, request } = data;
  try {
    const handle = await ready;
    postMessage({ id, answer: handle(request) });
  } catch (err) {
    postMessage({ id, answer: JSON.stringify({ ok: false, error: String(err && err.message ? err.message : err) }) });
  }
};
