// Make a memory snapshot of the shipped Python with every engine already imported and warmed, so a browser restores
// it instead of booting CPython and importing ~250 modules (docs/benchmarks.md has the numbers).
//   node snapshot.mjs SITE_DIR STAMP OUT.bin.gz
// The runtime is the built site's own (its pyodide files, precompiled stdlib and shoal wheel), so the snapshot is of
// exactly the Python the site ships. Pyodide's snapshot options are private (_makeSnapshot): the version is pinned
// and every build and test run goes through this path, and the page falls back to a plain boot if it ever fails.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const [siteArg, stamp, outArg] = process.argv.slice(2);
if (!siteArg || !stamp || !outArg) {
  console.error("usage: node snapshot.mjs SITE_DIR STAMP OUT.bin.gz");
  process.exit(2);
}
const indexURL = path.join(path.resolve(siteArg), "pyodide") + path.sep;
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const lock = JSON.parse(fs.readFileSync(indexURL + "pyodide-lock.json", "utf8"));
const py = await loadPyodide({
  indexURL, packageBaseUrl: indexURL, _makeSnapshot: true, stdout: () => {}, stderr: (s) => console.error(s),
});

// loadPackage cannot run before a snapshot (an upstream limitation: "Unexpected hiwire entry"), so the wheel is
// unpacked with Python's zipfile. Files written now live in the JS-side file system, which a snapshot does not keep:
// every module of the package is imported here, so nothing of shoal is ever imported from disk after a restore.
py.FS.writeFile("/tmp/shoal.whl", fs.readFileSync(path.join(indexURL, lock.packages.shoal.file_name)));
const modules = py.runPython(`
import importlib, json, pkgutil, site, sys, zipfile
zipfile.ZipFile("/tmp/shoal.whl").extractall(site.getsitepackages()[0])
import shoal, shoal.bridge
skipped = []
for info in pkgutil.walk_packages(shoal.__path__, "shoal."):
    if info.name.endswith("__main__"):
        continue  # the command line, never run in a browser
    try:
        importlib.import_module(info.name)
    except ImportError as e:  # e.g. a terminal-only module: it cannot load in the browser either
        skipped.append(f"{info.name} ({e})")
if skipped:
    print("not in the snapshot: " + "; ".join(skipped), file=sys.stderr)
# Warm the paths a first request takes: every game's setup, views and legal moves, through the bridge itself.
shoal.bridge.handle(json.dumps({"cmd": "games"}))
for gid, game in shoal.GAMES.items():
    shoal.bridge.handle(json.dumps({"cmd": "new", "match": "warm", "game": gid, "players": game.min_players,
                                    "seed": 1, "viewer": 0}))
shoal.bridge.handle(json.dumps({"cmd": "close", "match": "warm"}))
shoal._snapshot_stamp = ${JSON.stringify(stamp)}  # the worker refuses a snapshot of another build
sorted(m for m in sys.modules if m == "shoal" or m.startswith("shoal."))
`).toJs();
const snapshot = py.makeMemorySnapshot();
const packed = withoutZeroRuns(snapshot);
fs.writeFileSync(outArg, zlib.gzipSync(packed, { level: 9 }));
const mb = (bytes) => (bytes.length / 1e6).toFixed(1);
console.log(`snapshot: ${mb(snapshot)} MB, ${mb(packed)} MB without its zero runs, ${modules.length} shoal modules ` +
  "imported");

// More than half of Python's memory is zero pages. They are left out of the shipped file, so the page unpacks only the
// live bytes into a buffer that starts zeroed (web/worker.js reads this format; so does tests/sitebuild/
// run_in_pyodide.mjs). Little-endian u32s: "SHZ1", the snapshot's full length, the number of live runs, then each
// run's (offset, length) in increasing order, then the runs' bytes one after another.
function withoutZeroRuns(bytes, minZeros = 1024) {
  const runs = [];
  let start = 0;
  for (let at = 0; at < bytes.length;) {
    if (bytes[at] !== 0) { at++; continue; }
    let end = at;
    while (end < bytes.length && bytes[end] === 0) end++;
    if (end - at >= minZeros) {
      if (at > start) runs.push([start, at - start]);
      start = end;
    }
    at = end;
  }
  if (start < bytes.length) runs.push([start, bytes.length - start]);
  const live = runs.reduce((n, [, length]) => n + length, 0);
  const out = new Uint8Array(12 + 8 * runs.length + live);
  const head = new DataView(out.buffer);
  out.set([0x53, 0x48, 0x5a, 0x31]); // "SHZ1"
  head.setUint32(4, bytes.length, true);
  head.setUint32(8, runs.length, true);
  let at = 12 + 8 * runs.length;
  runs.forEach(([offset, length], i) => {
    head.setUint32(12 + 8 * i, offset, true);
    head.setUint32(16 + 8 * i, length, true);
    out.set(bytes.subarray(offset, offset + length), at);
    at += length;
  });
  return out;
}
