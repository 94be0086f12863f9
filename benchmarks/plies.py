"""Plies per second in CPython and in the shipped Pyodide under Node. Writes a section of docs/benchmarks.md.

    python3 benchmarks/plies.py [--before REF] [--seconds 1.5] [--site DIR] [--no-pyodide] [--no-write]

A search bot is as strong as the positions per second the engine gives it, so this measures the paths a bot uses:

* ``match``: random full games through the public ``Match`` API (validation, cloning, the record);
* ``state``: random full games on a bare state (``Game.legal_actions`` + ``Game.apply`` on a clone), what a search
  playout does;
* ``view``: ``Match.view(seat)`` of the seat to act, at every ply of random games (what a bot is handed).

The working tree's package is zipped and imported by the same program in both runtimes. With ``--before REF`` the
package at that git commit (``git archive``) is measured too, side by side in one run, so the machine's load affects
both alike: the speed-up of a change. The time per cell is bounded (``--seconds``): the numbers are rates, not totals.
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import platform
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "sitebuild" / "run_in_pyodide.mjs"
CELLS = [("reef", 1), ("reef", 2), ("reef", 4), ("aquarena", 3), ("aquarena", 6)]
MODES = ("match", "state", "view")
PYODIDE_CELLS = [("reef", 1), ("reef", 2), ("aquarena", 3)]  # a fixed number of games each: CPU time, not wall
PYODIDE_MODES = ("match", "state")
BEGIN, END = "<!-- plies:begin -->", "<!-- plies:end -->"

PROGRAM = r"""
import base64, json, sys, time
if ZIP:
    open("/tmp/shoal_bench.zip", "wb").write(base64.b64decode(ZIP))
    sys.path.insert(0, "/tmp/shoal_bench.zip")
for name in [m for m in sys.modules if m == "shoal" or m.startswith("shoal.")]:
    del sys.modules[name]
import shoal
from shoal.core import Rng
# CPU time of this process where the platform keeps it apart (CPython), else the wall clock (Pyodide): on a machine
# shared with other jobs, CPU time is the steadier measure of what the engine itself costs.
clock = time.process_time if sys.platform != "emscripten" else time.perf_counter

def run(gid, players, mode, seconds):
    game = shoal.GAMES[gid]
    rng, games, plies = Rng(players, 11), 0, 0
    t0 = clock()
    while (games < FIXED) if FIXED else (clock() - t0 < seconds or games == 0):
        match = shoal.new_match(gid, players, seed=1000 + games)
        if mode == "state":
            state = match.state.clone()
            while not game.is_over(state):
                seat = rng.choice(game.to_act(state))
                action = rng.choice(game.legal_actions(state, seat))
                state = state.clone()
                game.apply(state, seat, action)
                plies += 1
        else:
            while not match.is_over():
                seat = rng.choice(match.to_act())
                if mode == "view":
                    match.view(seat)
                match.play(seat, rng.choice(match.legal_actions(seat)))
                plies += 1
        games += 1
    return plies if FIXED else plies / (clock() - t0)

out = {}
for gid, players in CELLS:
    for mode in MODES:
        out[f"{gid}/{players}/{mode}"] = run(gid, players, mode, SECONDS)
print("RESULT " + json.dumps(out))
"""


def package_zip(ref: str | None) -> bytes:
    """The ``shoal`` package as a zip: from git commit ``ref``, or from the working tree."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        if ref is None:
            for p in sorted((ROOT / "pysrc" / "shoal").rglob("*.py")):
                z.write(p, p.relative_to(ROOT / "pysrc").as_posix())
        else:
            tar = subprocess.run(
                ["git", "archive", "--format=zip", ref, "pysrc/shoal"], cwd=ROOT, capture_output=True, check=True
            ).stdout
            with zipfile.ZipFile(io.BytesIO(tar)) as src:
                for name in src.namelist():
                    if name.endswith(".py"):
                        z.writestr(name.removeprefix("pysrc/"), src.read(name))
    return buf.getvalue()


def program(zipped: bytes | None, seconds: float, cells=None, modes=None, fixed: int = 0) -> str:
    return (
        f"ZIP = {base64.b64encode(zipped).decode()!r}\nSECONDS = {seconds}\n"
        f"CELLS = {CELLS if cells is None else cells!r}\nMODES = {MODES if modes is None else modes!r}\n"
        f"FIXED = {fixed}\n" + PROGRAM
    )


def _node(text: str, site: Path) -> tuple[str, float]:
    """Run ``text`` in the shipped Pyodide under Node: its output and the CPU seconds Node spent (user + system)."""
    import resource

    with tempfile.TemporaryFile("w+") as src:  # a file, not a pipe: Node reads stdin in one go
        src.write(text)
        src.seek(0)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(
            ["node", str(RUNNER), str(site)], stdin=src, capture_output=True, text=True, check=True, timeout=3600
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done.stdout, cpu


def measure_pyodide_cpu(zipped: bytes, site: Path, cells, modes, games: int) -> dict[str, float]:
    """Plies per CPU second in Pyodide under Node: a fixed number of games per cell, each cell in its own Node
    process, minus the CPU of a process that only starts up and imports (the wall clock means little on a machine
    shared with other jobs; Pyodide has no process clock of its own)."""
    _, base = _node(program(zipped, 0, cells=[], modes=[], fixed=1), site)
    out = {}
    for cell in cells:
        for mode in modes:
            text, cpu = _node(program(zipped, 0, cells=[cell], modes=[mode], fixed=games), site)
            line = next(x for x in text.splitlines() if x.startswith("RESULT "))
            plies = json.loads(line[len("RESULT ") :])[f"{cell[0]}/{cell[1]}/{mode}"]
            out[f"{cell[0]}/{cell[1]}/{mode}"] = plies / max(cpu - base, 1e-6)
    return out


def measure(zipped: bytes, seconds: float, runtime: str, site: Path | None) -> dict[str, float]:
    if runtime == "cpython":
        with tempfile.TemporaryDirectory() as tmp:
            text = program(zipped, seconds).replace("/tmp/shoal_bench.zip", f"{tmp}/shoal.zip")
            done = subprocess.run(
                [sys.executable, "-"], input=text, capture_output=True, text=True, check=True, cwd=tmp
            )
    else:
        with tempfile.TemporaryFile("w+") as src:  # a file, not a pipe: Node reads stdin in one go
            src.write(program(zipped, seconds))
            src.seek(0)
            done = subprocess.run(
                ["node", str(RUNNER), str(site)], stdin=src, capture_output=True, text=True, check=True, timeout=1800
            )
    line = next(x for x in done.stdout.splitlines() if x.startswith("RESULT "))
    return json.loads(line[len("RESULT ") :])


def write_section(text: str) -> None:
    doc = ROOT / "docs" / "benchmarks.md"
    old = doc.read_text()
    if BEGIN in old:
        new = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: text, old, flags=re.S)
    else:
        new = old.rstrip("\n") + "\n\n" + text + "\n"
    doc.write_text(new)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", help="a git commit to measure beside the working tree (a change's speed-up)")
    ap.add_argument("--seconds", type=float, default=1.5, help="seconds per cell")
    ap.add_argument("--site", type=Path, help="a built site (its Pyodide runs the program); built if missing")
    ap.add_argument("--games", type=int, default=30, help="games per Pyodide cell (timed in CPU seconds)")
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument("--no-write", action="store_true", help="print, do not touch docs/benchmarks.md")
    args = ap.parse_args()
    labels = ("before", "now") if args.before else ("now",)
    sources = {"now": package_zip(None), **({"before": package_zip(args.before)} if args.before else {})}
    runtimes = ["cpython"] + ([] if args.no_pyodide else ["pyodide"])
    site = args.site
    tmp = None
    if "pyodide" in runtimes and site is None:
        tmp = tempfile.TemporaryDirectory()
        site = Path(tmp.name) / "site"
        subprocess.run(
            [sys.executable, str(ROOT / "build_scripts" / "build.py"), "--out", str(site)],
            check=True,
            capture_output=True,
        )
    results: dict[tuple[str, str], dict[str, float]] = {}
    for label in labels * 2:  # interleaved twice; the better of two runs is kept
        got = measure(sources[label], args.seconds, "cpython", None)
        prev = results.get(("cpython", label), {})
        results[("cpython", label)] = {k: max(v, prev.get(k, 0.0)) for k, v in got.items()}
        print("cpython", label, {k: round(v) for k, v in got.items()}, flush=True)
    if "pyodide" in runtimes:
        for label in labels:
            got = measure_pyodide_cpu(sources[label], site, PYODIDE_CELLS, PYODIDE_MODES, args.games)
            results[("pyodide", label)] = got
            print("pyodide", label, {k: round(v) for k, v in got.items()}, flush=True)
    compared = f' beside commit `{args.before}` ("before"), interleaved' if args.before else ""
    flags = (f" --before {args.before}" if args.before else "") + (" --no-pyodide" if args.no_pyodide else "")
    pyodide_at = "" if args.no_pyodide else f"; Pyodide's Python under Node {_node_version()}"
    pyodide_how = (
        ""
        if args.no_pyodide
        else (
            f" Pyodide: {args.games} games per cell in a Node process of their own, divided by that process's CPU "
            "seconds (from `getrusage`) minus those of a process that only starts and imports — Pyodide has no "
            "process clock, and on a machine shared with other jobs the wall clock measures the other jobs."
        )
    )
    heads = [f"{r} before | {r} now | ×" if args.before else r for r in runtimes]
    lines = [
        BEGIN,
        "## (d) Plies per second in the engine (reef and aquarena)",
        "",
        f"Written by `python3 benchmarks/plies.py{flags}` ({platform.machine()}, CPython {platform.python_version()}"
        f"{pyodide_at}). A search bot is as strong as the positions per second the engine gives it, so this times the "
        f"paths a bot uses{compared}. Each CPython cell is the better of two {args.seconds:g} s runs of CPU time "
        f"(`time.process_time`).{pyodide_how} `match`: "
        "random games through `Match.play`; `state`: random games on a bare state (`legal_actions` + `apply` on a "
        "clone, as a search playout does); `view`: `Match.view` of the seat to act at every ply, plus the ply.",
        "",
        "| game | players | path | " + " | ".join(heads) + " |",
        "|---|---|---|" + ("---|---|---|" if args.before else "---|") * len(runtimes),
    ]
    for gid, players in CELLS:
        for mode in MODES:
            key = f"{gid}/{players}/{mode}"
            cells = []
            for r in runtimes:
                if key not in results[(r, "now")]:
                    cells.append("— | — | —" if args.before else "—")
                    continue
                a = results[(r, "now")][key]
                if args.before:
                    b = results[(r, "before")][key]
                    cells.append(f"{b:,.0f} | {a:,.0f} | {a / b:.2f}")
                else:
                    cells.append(f"{a:,.0f}")
            lines.append(f"| {gid} | {players} | {mode} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "Plies per CPU second; a ply is one action of any seat, on the same seeds and random choices in "
        "every run. What keeps AQUA's paths fast: legal placements come from a fit table per tile (one bit mask "
        "of rotations per edge colour); each frontier cell's edge colours are kept in a table as tiles are "
        "laid (`Board.edges`) instead of read from six neighbours every turn; action dicts are built with each "
        "cell's coordinates computed once; Large Animal anchors are rejected before sorting, and a new Small "
        "Animal with no free neighbour is skipped (no shape fits it).",
        END,
    ]
    text = "\n".join(lines)
    print(text)
    if not args.no_write:
        write_section(text)
    if tmp is not None:
        tmp.cleanup()


def _node_version() -> str:
    try:
        return subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:  # pragma: no cover
        return "?"


if __name__ == "__main__":
    main()
