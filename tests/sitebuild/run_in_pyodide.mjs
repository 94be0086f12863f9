// Run Python under the exact runtime the site ships (the built site's Pyodide, stdlib and shoal wheel) in Node.
//   node run_in_pyodide.mjs SITE_DIR < program.py              -> prints what the program prints
//   node run_in_pyodide.mjs SITE_DIR --snapshot < program.py   -> the same, in Python restored from the site's
//                                                                  memory snapshot (as the browser's worker does)
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const site = path.resolve(process.argv[2]);
const fromSnapshot = process.argv.includes("--snapshot");
const indexURL = path.join(site, "pyodide") + path.sep;
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const config = { indexURL, packageBaseUrl: indexURL, stdout: (s) => console.log(s), stderr: (s) => console.error(s) };
if (fromSnapshot) {
  config._loadSnapshot = withZeroRuns(zlib.gunzipSync(fs.readFileSync(path.join(indexURL, "snapshot.bin.gz"))));
}

// The shipped snapshot leaves its zero runs out (build_scripts/snapshot.mjs; web/worker.js puts them back the same
// way):
// "SHZ1", the full length, the number of live runs, each run's (offset, length), then the runs' bytes.
function withZeroRuns(packed) {
  const head = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (head.getUint32(0, true) !== 0x315a4853) throw new Error("not a snapshot without zero runs");
  const out = new Uint8Array(head.getUint32(4, true));
  const count = head.getUint32(8, true);
  let at = 12 + 8 * count;
  for (let i = 0; i < count; i++) {
    const offset = head.getUint32(12 + 8 * i, true), length = head.getUint32(16 + 8 * i, true);
    out.set(packed.subarray(at, at + length), offset);
    at += length;
  }
  if (at !== packed.length) throw new Error("the snapshot's runs do not add up to its bytes");
  return out;
}
const pyodide = await loadPyodide(config);
if (!fromSnapshot) await pyodide.loadPackage(["shoal"], { messageCallback: () => {} });
pyodide.runPython(fs.readFileSync(0, "utf8"));
