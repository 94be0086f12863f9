"""Seconds the post-game analysis takes for a whole game in headless Chromium, in the page's own worker, and how
often its progress moves (the target: at most 60 s a game, a progress answer at least once a second). A benchmark,
not a test.

    python3 benchmarks/chromium_analysis.py [--site DIST] [--rows museum,brunch,aquarena,reef,reef-solo]
                                            [--seed 1] [--seats 0,1] [--ms 250] [--budget N] [--no-cpython]
                                            [--out FILE.json] [--write] [--from-json FILE.json]

Each row's game is the calibration's first game of ``hard`` against ``random`` (``benchmarks/analysis.py``: seed 1,
``hard`` in seat 0; alone, ``hard``), played in CPython. The built site is served under a sub-path and opened in
Debian's Chromium (the flags of ``tests/conftest.py``), and the benchmark talks to the worker the page started
(``window.shoalBoot.worker``) as the page does: one ``analyse_start`` for one seat, then ``analyse_next`` slices of
``--ms`` milliseconds, the next asked as soon as an answer arrives, until it is over; the seats the page analyses
(one seat of a game with hidden hands, every seat of AQUA, which has no secrets between seats) or ``--seats``, in
turn, at the default budget (the page's) unless ``--budget``. For each seat: the wall seconds from
the start to the last answer, the CPU seconds Chromium's renderer used meanwhile (the worker thinks there; other jobs
on the machine stretch this far less than the wall clock), the longest wall gap between two answers in the page (what
the progress bar waits), and the longest slice by the worker's own clock. Meanwhile the same seats are analysed in
CPython in a thread of this process (its CPU seconds, unless ``--no-cpython``), and the two runtimes' decisions are
compared. Each row's whole game, the sum over its seats, is what the target is about.

``--write`` puts the section between ``<!-- chromium-analysis:begin -->`` and ``<!-- chromium-analysis:end -->`` of
docs/benchmarks.md; ``--out`` keeps the figures as JSON, ``--from-json`` writes the section from such a file.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "pysrc"), str(ROOT / "build_scripts"), str(ROOT / "tests"), str(ROOT / "benchmarks")]


import shoal  # noqa: E402
from chromium_bots import ASK, _renderer_cpu, put_section, worker_page  # noqa: E402
from shoal import analysis  # noqa: E402

_spec = importlib.util.spec_from_file_location("analysis_benchmark", ROOT / "benchmarks" / "analysis.py")
calibration = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(calibration)

TARGET_S, GAP_S = 60.0, 1.0
BEGIN, END = "<!-- chromium-analysis:begin -->", "<!-- chromium-analysis:end -->"

# Analyses one seat of a record in the page's worker as the page does: analyse_start, then analyse_next slices, each
# asked the moment the last answer arrives. Resolves with the wall time of every answer and the worker's own ms.
ANALYSE = """
async ({record, seat, budget, ms}) => {
  const askWorker = window.__benchAsk;
  const request = {cmd: "analyse_start", record, seats: [seat]};
  if (budget !== null) request.budget = budget;
  const t0 = performance.now();
  const started = await askWorker(request);
  if (started.answer.ok === false) return {error: started.answer.error};
  const answers = [{t: performance.now() - t0, ms: started.ms, progress: 0}];
  const decisions = [];
  let step;
  do {
    step = await askWorker({cmd: "analyse_next", ms});
    if (step.answer.ok === false) return {error: step.answer.error};
    decisions.push(...step.answer.decisions);
    answers.push({t: performance.now() - t0, ms: step.ms, progress: step.answer.progress});
  } while (!step.answer.over);
  return {total: started.answer.total, answers, decisions, summary: step.answer.summary};
}
"""


def record_for(row: str, seed: int) -> tuple[dict, list[str]]:
    """The calibration's game of ``hard`` (seat 0) against ``random``, or of ``hard`` alone: its record and seats."""
    game_id, players, options, _ = calibration.ROWS[row]
    seats = ["hard"] + ["random"] * (players - 1)
    return calibration.play(game_id, players, options, seats, seed), seats


def page_seats(record: dict, players: int) -> list[int]:
    """The seats the page analyses after a game played on this device (seat 0 the person's): every seat of a game
    without secrets between seats, else the person's own."""
    return list(range(players)) if not shoal.GAMES[record["game"]].private_views else [0]


def in_page(page, record: dict, seat: int, budget: int | None, ms: int) -> dict:
    cpu = _renderer_cpu()
    got = page.evaluate(ANALYSE, {"record": record, "seat": seat, "budget": budget, "ms": ms})
    cpu = _renderer_cpu() - cpu
    if "error" in got:
        raise SystemExit(f"the worker refused the analysis: {got['error']}")
    times = [a["t"] / 1000 for a in got["answers"]]
    return {
        "decisions": got["total"],
        "wall": times[-1],
        "cpu": cpu,
        "gap_max": max(b - a for a, b in zip(times, times[1:], strict=False)) if len(times) > 1 else 0.0,
        "slice_max": max(a["ms"] for a in got["answers"][1:]) / 1000 if len(times) > 1 else 0.0,
        "answers": len(times) - 1,
        "result": {"decisions": got["decisions"], "summary": got["summary"]},
    }


def in_cpython(record: dict, seat: int, budget: int | None) -> tuple[float, dict]:
    """The same analysis in CPython: its CPU seconds (this thread's own, so it runs beside the browser's) and result."""
    start = time.thread_time()
    result = analysis.analyse(record, seats=[seat], budget=budget)
    return time.thread_time() - start, {"decisions": result["decisions"], "summary": result["summary"]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="a built site (built into a temporary folder if missing)")
    ap.add_argument("--rows", default=",".join(calibration.ROWS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seats", help="the seats to analyse, e.g. 0 or 0,1 (default: the seats the page analyses)")
    ap.add_argument("--ms", type=int, default=250, help="the slice each analyse_next asks for (the page's: 250)")
    ap.add_argument("--budget", type=int, help="playouts a decision (default: the page's default budget)")
    ap.add_argument("--no-cpython", action="store_true", help="leave out the same analysis in CPython")
    ap.add_argument("--out", type=Path, help="also write the results as JSON")
    ap.add_argument("--write", action="store_true", help="write the section of docs/benchmarks.md")
    ap.add_argument("--from-json", type=Path, help="write the section from a saved --out file, measuring nothing")
    args = ap.parse_args()
    if args.from_json:
        write_section(json.loads(args.from_json.read_text()))
        return 0
    results: list[dict] = []
    load_before = os.getloadavg()
    start = time.time()

    def summary() -> dict:
        return {
            "results": results,
            "ms": args.ms,
            "budget": args.budget,
            "seed": args.seed,
            "seats": args.seats,
            "load_before": load_before,
            "load_after": os.getloadavg(),
            "minutes": (time.time() - start) / 60,
            "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        }

    with worker_page(args.site) as page:
        page.evaluate(f"() => {{ window.__benchAsk = {ASK}; }}")  # the page's request format, kept for ANALYSE
        # CPython analyses the same seats in a thread meanwhile: the page's worker thinks in another process
        cpython = ThreadPoolExecutor(1)
        for row in args.rows.split(","):
            record, seats = record_for(row, args.seed)
            asked = [int(x) for x in args.seats.split(",")] if args.seats else page_seats(record, len(seats))
            asked = [seat for seat in asked if seat < len(seats)]
            here_of = {} if args.no_cpython else {s: cpython.submit(in_cpython, record, s, args.budget) for s in asked}
            for seat in asked:
                bot = seats[seat]
                r = {"row": row, "seed": args.seed, "seat": seat, "bot": bot, "load": os.getloadavg()[0]}
                r.update(in_page(page, record, seat, args.budget, args.ms))
                r["budget"] = r["result"]["summary"]["budget"]
                if seat in here_of:
                    r["cpython_cpu"], here = here_of[seat].result()
                    r["same"] = here == r["result"]
                    if not r["same"] and args.out:
                        mismatch = args.out.with_suffix(f".{row}-{seat}.mismatch.json")
                        mismatch.write_text(json.dumps({"chromium": r["result"], "cpython": here}, indent=1))
                del r["result"]
                results.append(r)
                if args.out:  # kept as it goes: a run cut short still has its seats
                    args.out.write_text(json.dumps(summary(), indent=1))
                print(
                    f"{row} seat {seat} ({bot}): {r['decisions']} decisions, Chromium {r['wall']:.1f} s wall, "
                    f"{r['cpu']:.1f} s CPU, longest gap {r['gap_max']:.2f} s, longest slice "
                    f"{r['slice_max']:.2f} s; CPython {r.get('cpython_cpu', float('nan')):.1f} s CPU, same: "
                    f"{r.get('same')} (load {os.getloadavg()[0]:.1f})",
                    flush=True,
                )
    if args.out:
        args.out.write_text(json.dumps(summary(), indent=1))
    if args.write:
        write_section(summary())
    return 0


def write_section(summary: dict) -> None:
    """The section of docs/benchmarks.md between this benchmark's markers (after the bots' seconds in Chromium)."""
    command = "python3 benchmarks/chromium_analysis.py --write"
    if summary["budget"] is not None:
        command += f" --budget {summary['budget']}"
    if summary.get("seats"):
        command += f" --seats {summary['seats']}"
    lines = [
        BEGIN,
        f"## (g2) Seconds to analyse a whole game in headless Chromium (target: ≤ {TARGET_S:.0f} s a game, "
        f"progress at least every {GAP_S:.0f} s)",
        "",
        f"Written by `{command}` on {summary['when']} (Debian's Chromium, headless, {os.cpu_count()} cores "
        f"shared with other jobs: load average {summary['load_before'][0]:.0f} before, "
        f"{summary['load_after'][0]:.0f} after). Each row's game is the calibration's first game of `hard` (seat 0) "
        f"against `random` (seed {summary['seed']}; alone, `hard`), each seat the page analyses (seat 0 of a game "
        "with hidden hands, every seat of AQUA) analysed whole in the page's worker as the page asks "
        f"(`analyse_start`, then `analyse_next` slices of {summary['ms']} ms) at the default "
        "budget. Wall: from the start to the last answer, in the page. CPU: what Chromium's renderer used meanwhile "
        "(the worker thinks there; a loaded machine stretches it far less than the wall clock). Longest gap: the "
        "longest wall time between two answers, which is how long the progress bar can stand still; longest slice: "
        "the same by the worker's own clock. CPython: the same seat's analysis in CPU seconds, and whether the two "
        "runtimes gave the same decisions to the byte.",
        "",
        "| game | seat | bot | budget | decisions | Chromium wall | Chromium CPU | longest gap | longest slice | "
        "CPython CPU | CPU ÷ CPython | same |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in summary["results"]:
        cp = r.get("cpython_cpu")
        lines.append(
            f"| {r['row']} | {r['seat']} | {r['bot']} | {r['budget']} | {r['decisions']} | {r['wall']:.1f} s | "
            f"{r['cpu']:.1f} s | {r['gap_max']:.2f} s | {r['slice_max']:.2f} s | "
            + (f"{cp:.1f} s | {r['cpu'] / max(cp, 1e-9):.2f}× | {'yes' if r['same'] else 'NO'} |" if cp else "| | |")
        )
    games: dict[str, dict] = {}
    for r in summary["results"]:
        g = games.setdefault(r["row"], {"row": r["row"], "seats": 0, "cpu": 0.0, "wall": 0.0})
        g["seats"] += 1
        g["cpu"] += r["cpu"]
        g["wall"] += r["wall"]
    lines += [
        "",
        "The whole game the page analyses (the sum over its seats): "
        + ", ".join(
            f"{g['row']} {g['cpu']:.1f} CPU s ({g['wall']:.1f} s wall, {g['seats']} seat{'s' * (g['seats'] > 1)})"
            for g in games.values()
        )
        + ".",
    ]
    over = [g for g in games.values() if g["cpu"] > TARGET_S]
    slow = [r for r in summary["results"] if r["gap_max"] > GAP_S]
    worst = max(games.values(), key=lambda g: g["cpu"])
    lines += [
        "",
        f"Longest game: {worst['row']}, {worst['cpu']:.1f} CPU seconds ({worst['wall']:.1f} s wall). "
        + (
            f"Over the {TARGET_S:.0f} s target in CPU seconds: "
            + ", ".join(f"{g['row']} ({g['cpu'] / TARGET_S:.2f}×)" for g in over)
            + ". "
            if over
            else f"Every game within {TARGET_S:.0f} CPU seconds. "
        )
        + (
            "Progress stood still longer than a second: "
            + ", ".join(f"{r['row']} seat {r['seat']} ({r['gap_max']:.2f} s)" for r in slow)
            + "."
            if slow
            else "Every gap between two progress answers under a second."
        ),
        END,
    ]
    text = "\n".join(lines)
    put_section(text, BEGIN, END, after=("<!-- chromium-bots:end -->",))
    print(text)


if __name__ == "__main__":
    sys.exit(main())
