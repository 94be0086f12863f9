// Which of the standard library's modules the shipped site can ever import: the site ships only those, so a first
// visit downloads less.
//   node stdlib_keep.mjs SITE_DIR OUT.json
// SITE_DIR is a built site still holding the whole precompiled stdlib. Under that exact runtime in Node this boots
// Python the plain way (the page's fallback: loadPackage of the shoal wheel), imports every module of shoal, and plays
// every game through the bridge (new, moves, every bot level, undo, record, load, a position, lessons compiled,
// checked and answered, a replay step, refusals).
// What that imported is one half of the answer. The other half is static, because a path no run walks may import
// more: modulefinder follows every import statement (inside functions too) of everything imported, over the stdlib's
// own bytecode. The union, as whole top-level modules and packages, is written to OUT.json; build.py keeps those in
// python_stdlib.zip and drops the rest. A module the site imports but this misses would fail only in a browser, so the
// build then checks the trimmed zip by running the same plain boot and workload on it (--check).
//   node stdlib_keep.mjs SITE_DIR --check       -> exit 1 (and say which import failed) unless the site's zip suffices
import fs from "node:fs";
import path from "node:path";

const [siteArg, outArg] = process.argv.slice(2);
if (!siteArg || !outArg) {
  console.error("usage: node stdlib_keep.mjs SITE_DIR OUT.json | --check");
  process.exit(2);
}
const indexURL = path.join(path.resolve(siteArg), "pyodide") + path.sep;
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const py = await loadPyodide({ indexURL, packageBaseUrl: indexURL, stdout: () => {}, stderr: (s) => console.error(s) });
await py.loadPackage(["shoal"], { messageCallback: () => {} });

const lessons = path.join(path.dirname(new URL(import.meta.url).pathname), "..", "web", "lessons");
const lessonFiles = fs.readdirSync(lessons).filter((f) => f.endsWith(".json"));
py.globals.set("LESSONS", py.toPy(lessonFiles.map((f) => fs.readFileSync(path.join(lessons, f), "utf8"))));

// The workload: every path the page can take into Python, with the least work each (each bot level decides once, on
// a budget of two iterations). Refusals are part of it (an unknown command, a bad move, malformed JSON).
const WORKLOAD = `
import importlib, json, pkgutil, site, sys, zipfile  # and what build_scripts/snapshot.mjs imports
import shoal, shoal.bridge
from shoal.core import Rng

for info in pkgutil.walk_packages(shoal.__path__, "shoal."):
    if not info.name.endswith("__main__"):
        importlib.import_module(info.name)

def ask(**request):
    return json.loads(shoal.bridge.handle(json.dumps(request)))

ask(cmd="games")
ask(cmd="nonsense")
shoal.bridge.handle("{not json")
for gid, game in shoal.GAMES.items():
    for n in range(game.min_players, game.max_players + 1):
        match = shoal.new_match(gid, n, seed=n)
        rng = Rng(n, 5)
        while not match.is_over():
            seat = rng.choice(match.to_act())
            match.play(seat, rng.choice(match.legal_actions(seat)))
        match.outcome(), match.record()
    n = max(game.min_players, 2) if game.max_players > 1 else 1
    opened = ask(cmd="new", match="k", game=gid, players=n, seed=3, viewer=0, humans=[0])
    seat = (opened.get("to_act") or [0])[0]
    legal = ask(cmd="view", match="k", viewer=seat, humans=[seat])["view"].get("legal") or [None]
    ask(cmd="play", match="k", seat=seat, action=legal[0], viewer=seat, humans=[seat])
    ask(cmd="can_undo", match="k", seat=seat, humans=[seat])
    ask(cmd="undo", match="k", seat=seat, viewer=seat, humans=[seat])
    ask(cmd="play", match="k", seat=seat, action=legal[0], viewer=seat, humans=[seat],
        bots=[[s, "random"] for s in range(n) if s != seat])
    ask(cmd="play", match="k", seat=0, action={"no": "such move"}, viewer=0)
    for level in game.bots:
        due = ask(cmd="view", match="k", viewer=None).get("to_act") or [0]
        ask(cmd="bot", match="k", bot=level, seat=due[0], budget=2)
    ask(cmd="position", match="k")
    ask(cmd="lesson_conditions", game=gid)
    record = ask(cmd="record", match="k")
    ask(cmd="load", match="k2", record=record.get("record"), viewer=0)
    ask(cmd="replay_step", record=record.get("record"), upto=1)
    ask(cmd="analyse_start", record=record.get("record"), seats=[0], budget=2)
    ask(cmd="analyse_next", ms=10000)
    ask(cmd="analyse_stop")
    ask(cmd="analyse_move", record=record.get("record"), ply=1, action=legal[0], budget=2)
    ask(cmd="hint", match="k2", seat=(ask(cmd="view", match="k2", viewer=None).get("to_act") or [0])[0], budget=2)
    ask(cmd="close", match="k")
    ask(cmd="close", match="k2")
import warnings
warnings.formatwarning("a warning, formatted as the page's console shows one", UserWarning, "<shoal>", 1)
try:
    raise ValueError("an error with its traceback, as Pyodide reports one to JavaScript")
except ValueError:
    import traceback
    traceback.format_exc()
for text in LESSONS:
    lesson = json.loads(text)
    for step, at in enumerate(lesson["steps"]):
        if at.get("question"):
            ask(cmd="lesson_answer", lesson=lesson, step=step, action=None)
    ask(cmd="lesson_open", match="l", lesson=lesson, step=0, viewer=lesson.get("viewer", 0))
    ask(cmd="lesson_compile", lesson=lesson)
    broken = dict(lesson, steps=[dict(s, highlight=["nothing:here"]) for s in lesson["steps"]])
    ask(cmd="lesson_check", lesson=broken)
    ask(cmd="close", match="l")
`;

try {
  py.runPython(WORKLOAD);
} catch (err) {
  const what = outArg === "--check" ? "the trimmed stdlib does not hold what the site imports: " : "";
  console.error(what + String(err).split("\n").slice(-4).join(" "));
  process.exit(1);
}
if (outArg === "--check") process.exit(0);
// What that imported, and every stdlib module that shoal's own code names in an import statement (inside functions
// too: modulefinder reads the bytecode; with only site-packages on its path, a stdlib name is a "bad module" to it).
const keep = py.runPython(`
import json, sys
imported = sorted(m for m in sys.modules if m != "__main__")
import modulefinder, zipfile
site_packages = [p for p in sys.path if p.endswith("site-packages")]
finder = modulefinder.ModuleFinder(path=site_packages)
for name in imported:
    if name == "shoal" or name.startswith("shoal."):
        finder.import_hook(name)
named = [m for m in finder.badmodules if not m.startswith("shoal")]
zip_path = next(p for p in sys.path if p.endswith(".zip"))
in_zip = {n.split("/")[0].removesuffix(".pyc") for n in zipfile.ZipFile(zip_path).namelist()}
# encodings: a codec is looked up by its name at run time, which no import statement shows.
tops = {name.split(".")[0] for name in [*imported, *named, "encodings"]}
json.dumps(sorted(tops & in_zip))
`);
fs.writeFileSync(outArg, keep + "\n");
console.log(`stdlib: ${JSON.parse(keep).length} top-level modules and packages kept`);
