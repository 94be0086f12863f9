"""How fast the search bots think, in CPython and in the shipped Pyodide under Node (and how a change moves it).

    python3 benchmarks/search_speed.py [--before REF] [--budget 150] [--decisions 3] [--games museum,brunch,aquarena]
                                       [--site DIR] [--no-pyodide]

Each game plays one match (seed 3; random moves, then the seat to act decides with ``hard`` capped at ``--budget``
iterations, ``--decisions`` times). Every ``Game.apply`` during those decisions is counted, so the figure is
*search plies per second*: the rate a bot walks positions, which with a fixed iteration budget is what its strength
costs in time. With ``--before REF`` the same iterations run on the package at that commit too, so the ratio is the
speed-up of the search's own paths (sampling, tree, rollouts, evaluation). CPython: CPU seconds
(``time.process_time``); Pyodide: a Node process per cell, its CPU seconds from ``getrusage`` minus those of a process
that only starts and imports (Pyodide has no process clock of its own, and on a shared machine the wall clock measures
the other jobs). Every side runs the same program on the package zipped from the working tree (or from the commit)
with ``benchmarks/plies.py``'s helpers.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import plies  # noqa: E402

PLAYERS = {"museum": 2, "brunch": 4, "aquarena": 3, "reef": 2}
DEFAULT_GAMES = "museum,brunch,aquarena"

PROGRAM = r"""
import base64, json, sys, time
if ZIP:
    open("/tmp/shoal_search_bench.zip", "wb").write(base64.b64decode(ZIP))
    sys.path.insert(0, "/tmp/shoal_search_bench.zip")
import shoal
from shoal.core import Rng
clock = time.process_time if sys.platform != "emscripten" else time.perf_counter
out = {}
for gid, players in CELLS:
    game = shoal.GAMES[gid]
    applied = [0]
    original = type(game).apply
    def counting(self, state, seat, action, _orig=original):
        applied[0] += 1
        return _orig(self, state, seat, action)
    m = shoal.new_match(gid, players, seed=3)
    rng = Rng(5, 1)
    spent, plies, done = 0.0, 0, 0
    while not m.is_over() and done < DECISIONS:
        seat = m.to_act()[0]
        legal = m.legal_actions(seat)
        if len(legal) > 1 and len(m.actions) >= 2:
            type(game).apply = counting
            applied[0] = 0
            t = clock()
            a = m.bot_action(seat, "hard", BUDGET)
            spent += clock() - t
            type(game).apply = original
            plies += applied[0]
            done += 1
        else:
            a = rng.choice(legal)
        m.play(seat, a)
    out[gid] = [spent, plies, done]
print("RESULT " + json.dumps(out))
"""


def program(zipped: bytes | None, cells, budget: int, decisions: int) -> str:
    import base64

    zip_text = repr(base64.b64encode(zipped).decode()) if zipped else "None"
    return f"ZIP = {zip_text}\nCELLS = {cells!r}\nBUDGET = {budget}\nDECISIONS = {decisions}\n" + PROGRAM


def run_cpython(text: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            [sys.executable, "-"],
            input=text.replace("/tmp/shoal_search_bench.zip", f"{tmp}/shoal.zip"),
            capture_output=True,
            text=True,
            check=True,
            cwd=tmp,
        )
    line = next(x for x in done.stdout.splitlines() if x.startswith("RESULT "))
    return json.loads(line[len("RESULT ") :])


def run_pyodide(text: str, site: Path, zipped: bytes) -> dict:
    """Per cell: [CPU seconds of the Node process minus a start-and-import process, plies, decisions]."""
    _, base = plies._node(program(zipped, [], 1, 0), site)
    out, cpu = plies._node(text, site)
    line = next(x for x in out.splitlines() if x.startswith("RESULT "))
    got = json.loads(line[len("RESULT ") :])
    if len(got) == 1:  # one cell per process: its CPU seconds are the process's, less start-up
        gid = next(iter(got))
        got[gid][0] = max(cpu - base, 1e-6)
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", help="a git commit to measure beside the working tree (a change's speed-up)")
    ap.add_argument("--budget", type=int, default=150, help="iterations per decision (hard, capped)")
    ap.add_argument("--decisions", type=int, default=3)
    ap.add_argument("--games", default=DEFAULT_GAMES)
    ap.add_argument("--site", type=Path, help="a built site whose Pyodide runs the program")
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument("--write", action="store_true", help="write the section of docs/benchmarks.md")
    ap.add_argument("--note", default="", help="a paragraph written under the table")
    args = ap.parse_args()
    cells = [(g, PLAYERS[g]) for g in args.games.split(",")]
    labels = ("before", "now") if args.before else ("now",)
    sources = {"now": plies.package_zip(None), **({"before": plies.package_zip(args.before)} if args.before else {})}
    rows: dict[str, dict[str, list]] = {}
    for label in labels * 2:  # interleaved twice; the faster run is kept
        got = run_cpython(program(sources[label], cells, args.budget, args.decisions))
        for gid, (sec, n, d) in got.items():
            key = f"cpython/{label}/{gid}"
            if key not in rows or sec < rows[key][0]:
                rows[key] = [sec, n, d]
        print(
            label,
            {g: f"{v[1] / v[0]:,.0f} plies/s, {v[0] / max(v[2], 1):.3f} s/decision" for g, v in got.items()},
            flush=True,
        )
    if not args.no_pyodide and args.site:
        for label in labels:
            for cell in cells:
                got = run_pyodide(
                    program(sources[label], [cell], args.budget, args.decisions), args.site, sources[label]
                )
                sec, n, d = got[cell[0]]
                rows[f"pyodide/{label}/{cell[0]}"] = [sec, n, d]
                print(
                    "pyodide", label, cell[0], f"{n / sec:,.0f} plies/s, {sec / max(d, 1):.3f} s/decision", flush=True
                )
    print("RESULTS " + json.dumps(rows))
    if args.write:
        write_section(rows, cells, args)


BEGIN, END = "<!-- search-speed:begin -->", "<!-- search-speed:end -->"


def write_section(rows: dict[str, list], cells, args: argparse.Namespace) -> None:
    import os
    import platform
    import re

    runtimes = [r for r in ("cpython", "pyodide") if any(k.startswith(r + "/") for k in rows)]
    head = " | ".join(f"{r} before | {r} now | ×" if args.before else f"{r} | s/decision" for r in runtimes)
    compared = (
        f' Beside the working tree, the package at commit `{args.before}` ("before") decides the same '
        "positions with the same iterations, interleaved, so the ratio is a change's speed-up."
        if args.before
        else ""
    )
    flags = f" --before {args.before}" if args.before else ""
    flags += f" --budget {args.budget} --decisions {args.decisions}"
    flags += "" if args.games == DEFAULT_GAMES else f" --games {args.games}"
    flags += " --site DIST" if "pyodide" in runtimes else ""
    lines = [
        BEGIN,
        "## (d2) Search plies per second (the `hard` level's own paths)",
        "",
        f"Written by `python3 benchmarks/search_speed.py{flags}` ({platform.machine()}, CPython "
        f"{platform.python_version()}{'; Pyodide under Node' if 'pyodide' in runtimes else ''}; load average "
        f"{os.getloadavg()[0]:.0f} on {os.cpu_count()} cores). Each game: "
        f"the seat to act decides with `hard` capped at {args.budget} iterations, {args.decisions} decisions of one "
        "match (seed 3); a ply is one `Game.apply` inside the search (sampling, tree and rollouts), so plies/s is the "
        "rate the bot walks positions, and s/decision what that budget costs. CPU seconds: `time.process_time` in "
        f"CPython, `getrusage` of the Node process less a start-and-import process in Pyodide.{compared}",
        "",
        f"| game | players | {head} |",
        "|---|---|" + ("---|---|---|" if args.before else "---|---|") * len(runtimes),
    ]
    for gid, players in cells:
        cols = []
        for r in runtimes:
            b, a = rows.get(f"{r}/before/{gid}"), rows.get(f"{r}/now/{gid}")
            if not a or (args.before and not b):
                cols.append("— | — | —" if args.before else "— | —")
                continue
            pa = a[1] / a[0]
            cols.append(
                f"{b[1] / b[0]:,.0f} | {pa:,.0f} | {pa / (b[1] / b[0]):.2f}"
                if args.before
                else f"{pa:,.0f} | {a[0] / max(a[2], 1):.3f}"
            )
        lines.append(f"| {gid} | {players} | " + " | ".join(cols) + " |")
    lines += ["", args.note.strip() if args.note else "", END]
    text = "\n".join(lines)
    doc = ROOT / "docs" / "benchmarks.md"
    old = doc.read_text()
    if BEGIN in old:
        new = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: text, old, flags=re.S)
    elif plies.END in old:
        new = old.replace(plies.END, plies.END + "\n\n" + text, 1)
    else:
        new = old.rstrip("\n") + "\n\n" + text + "\n"
    doc.write_text(new)
    print(text)


if __name__ == "__main__":
    main()
