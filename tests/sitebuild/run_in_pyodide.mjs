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
if (fromSnapshot) config._loadSnapshot = zlib.gunzipSync(fs.readFileSync(path.join(indexURL, "snapshot.bin.gz")));
const pyodide = await loadPyodide(config);
if (!fromSnapshot) await pyodide.loadPackage(["shoal"], { messageCallback: () => {} });
pyodide.runPython(fs.readFileSync(0, "utf8"));
