"""Seconds a bot level takes per decision in headless Chromium, in the page's own worker (the target: ``hard`` takes
at most about 2 s a decision on a 2-core machine in headless Chromium). A benchmark, not a test.

    python3 benchmarks/chromium_bots.py [--site DIST] [--decisions 5] [--levels hard,normal,easy]
                                        [--games museum,brunch,aquarena,reef,reef-solo] [--out FILE.json]

The built site is served under a sub-path and opened in Debian's Chromium (the flags of ``tests/conftest.py``); the
benchmark then talks to the worker the page started (``window.shoalBoot.worker``, the one the page's engine uses)
with the page's own request format, so every decision runs exactly where a player's bot would think. For each game
and level one match (seed 7, the lobby's default seats) is played: the timed seat (the first to act) decides with
the level whenever it has two or more legal actions, every other decision is the random bot's. A decision's time is
the worker's own measure of the request (``ms``: Python choosing and playing the action, then building the answer's
view), so page and messaging overhead are left out; and the CPU seconds the page's renderer process spent meanwhile
(from ``/proc``, 10 ms ticks), which a machine shared with other jobs stretches far less than the wall clock. The load
average is printed with each result.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "pysrc"), str(ROOT / "build_scripts"), str(ROOT / "tests")]

from conftest import CHROMIUM, CHROMIUM_ARGS, SUB_PATH  # noqa: E402

import server  # noqa: E402

PLAYERS = {"museum": 2, "brunch": 4, "aquarena": 3, "reef": 2}
# Other tables to time: name -> (game, players, options). A solo AQUA decision searches its own budget.
SETUPS = {**{g: (g, n, {}) for g, n in PLAYERS.items()}, "reef-solo": ("reef", 1, {"variant": "advanced"})}

# Sends one request to the page's worker and resolves with its answer and the worker's own milliseconds. The page's
# engine keeps its handler; answers to this benchmark's ids (from 1e9 up) are taken before it sees them.
ASK = """
async (req) => {
  const w = window.shoalBoot.worker;
  if (!window.__benchHook) {
    const engine = w.onmessage;
    window.__benchWaiting = new Map();
    w.onmessage = (e) => {
      const done = e.data && window.__benchWaiting.get(e.data.id);
      if (done) { window.__benchWaiting.delete(e.data.id); done(e.data); } else if (engine) engine.call(w, e);
    };
    window.__benchHook = true;
    window.__benchId = 1e9;
  }
  const id = ++window.__benchId;
  const data = await new Promise((resolve) => {
    window.__benchWaiting.set(id, resolve);
    w.postMessage({ id, request: JSON.stringify(req) });
  });
  return { answer: JSON.parse(data.answer), ms: data.ms };
}
"""


def _renderer_cpu() -> float:
    """CPU seconds (user + system) used so far by the Chromium renderer processes started from this process: the
    page's worker thinks in its renderer, and CPU time, unlike the wall clock, is not stretched by other jobs."""
    parent: dict[int, int] = {}
    stats: dict[int, list[str]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry)
        parent[pid] = int(fields[1])
        stats[pid] = fields
    me, total = os.getpid(), 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid, fields in stats.items():
        up, seen = parent.get(pid), 0
        while up and up != me and seen < 20:
            up, seen = parent.get(up), seen + 1
        if up != me:
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"--type=renderer" not in f.read():
                    continue
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


@contextmanager
def worker_page(site: Path | None):
    """The lobby of a built site (built into a temporary folder when none is given), served under a sub-path and
    opened in Debian's Chromium with the tests' flags, once the worker's Python is up: the page ``ASK`` talks to."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        if site is None:
            site = Path(tmp) / "site"
            subprocess.run(
                [sys.executable, str(ROOT / "build_scripts" / "build.py"), "--out", str(site)],
                check=True,
                capture_output=True,
            )
        srv, url = server.serve_in_thread(site, SUB_PATH)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                page = browser.new_page()
                page.goto(f"{url}index.html")
                page.wait_for_function("() => document.body.dataset.status === 'lobby'", timeout=180_000)
                page.evaluate(ASK, {"cmd": "games"})  # waits until Python is up
                yield page
                browser.close()
        finally:
            srv.shutdown()


def play(page, game: str, level: str, decisions: int, seed: int) -> list[tuple[float, float]]:
    """(wall, CPU) seconds of ``decisions`` decisions of ``level`` (seat to act first), the other seats random."""
    name = f"bench-{game}-{level}"
    game_id, players, options = SETUPS[game]
    got = page.evaluate(
        ASK,
        {
            "cmd": "new",
            "game": game_id,
            "players": players,
            "seed": seed,
            "viewer": 0,
            "options": options,
            "match": name,
        },
    )
    answer = got["answer"]
    assert answer.get("ok", True) is not False, answer
    timed_seat = None
    times: list[tuple[float, float]] = []
    while not answer["over"] and len(times) < decisions:
        seat = answer["to_act"][0]
        if timed_seat is None:
            timed_seat = seat
        look = page.evaluate(ASK, {"cmd": "view", "viewer": seat, "match": name})["answer"]
        legal = look["view"]["legal"]
        bot = level if seat == timed_seat and len(legal) > 1 else "random"
        cpu = _renderer_cpu()
        got = page.evaluate(ASK, {"cmd": "bot", "seat": seat, "bot": bot, "viewer": seat, "match": name})
        cpu = _renderer_cpu() - cpu
        answer = got["answer"]
        assert answer.get("ok", True) is not False, answer
        if bot == level:
            times.append((got["ms"] / 1000, cpu))
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="a built site (built into a temporary folder if missing)")
    ap.add_argument("--decisions", type=int, default=5)
    ap.add_argument("--levels", default="hard,normal,easy")
    ap.add_argument("--games", default="museum,brunch,aquarena,reef")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, help="also write the results as JSON")
    ap.add_argument("--write", action="store_true", help="write the section of docs/benchmarks.md")
    ap.add_argument("--note", default="", help="a paragraph written under the table")
    ap.add_argument("--from-json", type=Path, help="write the section from a saved --out file, measuring nothing")
    args = ap.parse_args()
    if args.from_json:
        write_section(json.loads(args.from_json.read_text()), args)
        return 0
    results: dict[str, dict] = {}
    load_before = os.getloadavg()
    start = time.time()
    with worker_page(args.site) as page:
        for game in args.games.split(","):
            for level in args.levels.split(","):
                got = play(page, game, level, args.decisions, args.seed)
                key = f"{game}/{level}"
                wall, cpu = [w for w, _ in got], [c for _, c in got]
                results[key] = {
                    "n": len(got),
                    "wall_mean": statistics.fmean(wall),
                    "wall_max": max(wall),
                    "cpu_mean": statistics.fmean(cpu),
                    "cpu_max": max(cpu),
                    "wall": [round(t, 3) for t in wall],
                    "cpu": [round(t, 2) for t in cpu],
                }
                r = results[key]
                print(
                    f"{key}: CPU mean {r['cpu_mean']:.2f} s, max {r['cpu_max']:.2f} s; wall mean "
                    f"{r['wall_mean']:.2f} s, max {r['wall_max']:.2f} s over {r['n']} decisions "
                    f"(load {os.getloadavg()[0]:.1f})",
                    flush=True,
                )
    summary = {
        "results": results,
        "load_before": load_before,
        "load_after": os.getloadavg(),
        "minutes": (time.time() - start) / 60,
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
    print(
        f"load average before {load_before[0]:.1f}, after {summary['load_after'][0]:.1f}; {summary['minutes']:.1f} min"
    )
    if args.out:
        args.out.write_text(json.dumps(summary, indent=1))
    if args.write:
        write_section(summary, args)
    return 0


BEGIN, END = "<!-- chromium-bots:begin -->", "<!-- chromium-bots:end -->"


def put_section(text: str, begin: str, end: str, after: tuple[str, ...]) -> None:
    """``text`` in docs/benchmarks.md in place of the section between ``begin`` and ``end``; a new section goes after
    the first of the ``after`` marks the file has (or at its end)."""
    import re

    doc = ROOT / "docs" / "benchmarks.md"
    old = doc.read_text()
    if begin in old:
        new = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: text, old, flags=re.S)
    else:
        anchor = next((mark for mark in after if mark in old), None)
        new = old.replace(anchor, anchor + "\n\n" + text, 1) if anchor else old.rstrip() + "\n\n" + text + "\n"
    doc.write_text(new)


def write_section(summary: dict, args: argparse.Namespace) -> None:
    """The section of docs/benchmarks.md between this benchmark's markers (added after the plies sections)."""

    lines = [
        BEGIN,
        "## (g) Seconds a bot level takes per decision in headless Chromium (target: hard ≤ about 2 s)",
        "",
        f"Written by `python3 benchmarks/chromium_bots.py --decisions {args.decisions}` (Debian's "
        f"Chromium, headless, {os.cpu_count()} cores; load average {summary['load_before'][0]:.0f} before, "
        f"{summary['load_after'][0]:.0f} after). Each level decides for the first seat to act in one match "
        f"(seed {args.seed}) whenever it has a choice, in the worker the page started; the other seats play the "
        "random bot. CPU: seconds the page's renderer process used during the request (the worker thread thinks "
        "there; the machine's other jobs stretch this far less than the wall clock). Wall: the worker's own "
        "measure of the request (Python choosing, playing and building the answer's view).",
        "",
        "| game | level | decisions | CPU s mean | CPU s max | wall s mean | wall s max |",
        "|---|---|---|---|---|---|---|",
    ]
    for key, r in summary["results"].items():
        game, level = key.split("/")
        lines.append(
            f"| {game} | {level} | {r['n']} | {r['cpu_mean']:.2f} | {r['cpu_max']:.2f} | "
            f"{r['wall_mean']:.2f} | {r['wall_max']:.2f} |"
        )
    if args.note:
        lines += ["", args.note.strip()]
    lines.append(END)
    text = "\n".join(lines)
    put_section(text, BEGIN, END, after=("<!-- search-speed:end -->", "<!-- plies:end -->"))
    print(text)


if __name__ == "__main__":
    sys.exit(main())
