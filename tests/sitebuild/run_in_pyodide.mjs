// Run Python under the exact runtime the site ships (the built site's Pyodide, stdlib and shoal wheel) in Node.
//   node run_in_pyodide.mjs SITE_DIR < program.py   -> prints what the program prints
import fs from "node:fs";
import path from "node:path";

const site = path.resolve(process.argv[2]);
const indexURL = path.join(site, "pyodide") + path.sep;
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
await pyodide.loadPackage(["shoal"], { messageCallback: () => {} });
pyodide.runPython(fs.readFileSync(0, "utf8"));
