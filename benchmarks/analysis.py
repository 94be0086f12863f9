"""Calibration and cost of the post-game analysis (``shoal.analysis``), written into docs/analysis.md.

    python3 benchmarks/analysis.py [--games 50] [--hard-games 4] [--jobs 2] [--budget N]
                                   [--rows museum,brunch,aquarena,reef,reef-solo] [--site DIST] [--out docs/analysis.md]
                                   [--raw FILE] [--records FILE]

Each row plays ``--games`` games of ``hard`` against ``random`` and as many of ``hard`` against ``easy`` (seats
rotated, game *i* on seed *i* + 1, every bot with the page's own generator, ``Match.bot_action``), and
``--hard-games`` of ``hard`` against ``hard``; alone (``reef-solo``), ``hard``, ``random`` and ``easy`` each play
their own games. Every seat's decisions are then analysed with the analysis's default budget (or ``--budget``), and
the table gives, for each bot in each pairing, its decisions, its mean loss and the share of its decisions marked
inaccuracy, mistake and blunder; the calibration asks the ``random`` seat's mean loss to be at least 3× ``hard``'s
and ``hard``'s blunders to be rare. Cost: CPU seconds (``time.process_time``: a busy machine does not inflate them)
to analyse a whole game, every seat and one seat, and the longest single step between two progress reports. With
``--site`` (a built ``dist/``) the first hard-against-random game of each row is analysed again, one seat, in the
shipped Pyodide runtime under Node (wall seconds inside Python, on this machine as loaded as it is), beside CPython.
The section between ``<!-- analysis:begin -->`` and ``<!-- analysis:end -->`` is rewritten after every row, so a run
cut short keeps what it measured; ``--games 2`` is a quick development run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

import shoal  # noqa: E402
from shoal import analysis  # noqa: E402
from shoal.bots.analysis import MARKS, budget_for  # noqa: E402

# row: (game, players, options); a row of one player compares levels playing alone
ROWS = {
    "museum": ("museum", 2, None),
    "brunch": ("brunch", 3, None),
    "aquarena": ("aquarena", 2, None),
    "reef": ("reef", 2, {"variant": "core"}),
    "reef-solo": ("reef", 1, {"variant": "core"}),
}
BEGIN, END = "<!-- analysis:begin -->", "<!-- analysis:end -->"


def play(game_id: str, players: int, options: dict | None, seats: list[str], seed: int) -> dict:
    """One game, each seat played by its bot through ``Match.bot_action`` (the page's bot generator); its record."""
    match = shoal.new_match(game_id, players, seed=seed, options=options)
    while not match.is_over():
        for seat in match.to_act():
            if seat in match.to_act():
                match.play(seat, match.bot_action(seat, seats[seat]))
    return match.record()


def game_task(args: tuple) -> dict:
    """Play one game and analyse every seat, timing each decision (CPU seconds) and each step between two progress
    reports (the page's slices are cut at those steps)."""
    row, pair, seats, seed, budget, record = args
    game_id, players, options = ROWS[row]
    if record is None:
        record = play(game_id, players, options, seats, seed)
    session = analysis.Session(record, budget=budget)
    decisions, longest = [], 0.0
    start = last = time.process_time()
    while not session.over:
        done = session.advance(lambda: True)  # one step
        now = time.process_time()
        longest = max(longest, now - last)
        for d in done:
            decisions.append({"seat": d["seat"], "bot": seats[d["seat"]], "loss": d["loss"], "mark": d["mark"],
                              "gap": d["gap"], "error": d["error"], "sec": now - start})
            start = now
        last = now
    outcome = shoal.replay(record).outcome()
    return {"row": row, "pair": pair, "seed": seed, "seats": seats, "scores": outcome["scores"],
            "decisions": decisions, "longest_step": longest, "record": record}


def tasks_for(row: str, args: argparse.Namespace, budget: int | None, records: dict) -> list[tuple]:
    """Every game of the row: (row, pairing, seats, seed, budget, its record if one was kept, else None)."""
    players = ROWS[row][1]
    easy = args.games if args.easy_games is None else args.easy_games
    out = []
    if players == 1:
        solo = args.games if args.solo_games is None else args.solo_games
        for bot, n in (("hard", solo), ("random", solo), ("easy", min(solo, easy))):
            out += [(row, bot, [bot], i + 1, budget) for i in range(n)]
    else:
        for pair, other, n in (("hard-random", "random", args.games), ("hard-easy", "easy", easy),
                               ("hard-hard", "hard", args.hard_games)):
            for i in range(n):
                seats = ["hard"] + [other] * (players - 1)
                k = i % players
                out.append((row, pair, seats[k:] + seats[:k], i + 1, budget))
    return [(*task, records.get((task[0], task[1], task[3]))) for task in out]


def run_row(row: str, args: argparse.Namespace, budget: int | None, records: dict) -> list[dict]:
    tasks = tasks_for(row, args, budget, records)
    jobs = args.jobs
    results = []
    if jobs <= 1:
        for task in tasks:
            results.append(game_task(task))
            print(f"\r  {row}: {len(results)}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
    else:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for result in pool.imap(game_task, tasks):
                results.append(result)
                print(f"\r  {row}: {len(results)}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return results


def row_budget(row: str, args: argparse.Namespace) -> int | None:
    """The budget a row's decisions get: ``--budget``, the game's default times ``--scale``, or the default."""
    if args.budget is not None or args.scale == 1.0:
        return args.budget
    game_id, players, _ = ROWS[row]
    return max(1, round(budget_for(shoal.GAMES[game_id], players) * args.scale))


def stats(decisions: list[dict]) -> dict:
    n = len(decisions)
    out = {"decisions": n, "mean_loss": statistics.fmean(d["loss"] for d in decisions) if n else 0.0}
    for name in MARKS:
        out[name] = sum(1 for d in decisions if d["mark"] == name) / n if n else 0.0
    return out


def summarise(row: str, results: list[dict]) -> dict:
    """Per pairing and bot: decisions, mean loss, mark rates; per pairing the random (or easy) to hard loss ratio;
    and the costs of a whole game."""
    pairs: dict[str, dict] = {}
    for pair in dict.fromkeys(r["pair"] for r in results):
        games = [r for r in results if r["pair"] == pair]
        bots = {}
        for bot in dict.fromkeys(b for r in games for b in r["seats"]):
            bots[bot] = stats([d for r in games for d in r["decisions"] if d["bot"] == bot])
        pairs[pair] = {"games": len(games), "bots": bots}
    whole = [sum(d["sec"] for d in r["decisions"]) for r in results]
    one = [sum(d["sec"] for d in r["decisions"] if d["seat"] == 0) for r in results]
    return {"row": row, "pairs": pairs, "whole_mean": statistics.fmean(whole), "whole_max": max(whole),
            "seat_mean": statistics.fmean(one), "seat_max": max(one),
            "decision_max": max((d["sec"] for r in results for d in r["decisions"]), default=0.0),
            "step_max": max(r["longest_step"] for r in results),
            "hard_marked": _hard_marks(results)}


def _hard_marks(results: list[dict]) -> dict:
    """hard against hard: marks per game (how few marks a game between two strong players shows)."""
    games = [r for r in results if r["pair"] == "hard-hard"]
    if not games:
        return {}
    marks = [sum(1 for d in r["decisions"] if d["mark"]) for r in games]
    decisions = [len(r["decisions"]) for r in games]
    return {"games": len(games), "marks_mean": statistics.fmean(marks), "decisions_mean": statistics.fmean(decisions),
            "blunders": sum(1 for r in games for d in r["decisions"] if d["mark"] == "blunder")}


SITE_PROGRAM = """
import json, time
import shoal
from shoal import analysis
out = {}
for key, record in CASES:
    session = analysis.Session(record, seats=[0], budget=BUDGET)
    start = last = time.perf_counter()
    longest = 0.0
    while not session.over:
        session.advance(lambda: True)
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
    out[key] = {"sec": time.perf_counter() - start, "step_max": longest, "decisions": session.total,
                "marks": [d["mark"] for d in session.results]}
print(json.dumps(out))
"""


def cost(row: str, results: list[dict]) -> list[dict]:
    """At the default budget (the page's): CPU seconds to analyse each seat of the row's first two games against
    ``random`` (or alone), one seat at a time, as the page would ask."""
    games = [r for r in results if r["pair"] in ("hard-random", "random", "hard")][:2]
    out = []
    for r in games:
        for seat, bot in enumerate(r["seats"]):
            session = analysis.Session(r["record"], seats=[seat])
            start = last = time.process_time()
            longest = 0.0
            while not session.over:
                session.advance(lambda: True)
                now = time.process_time()
                longest, last = max(longest, now - last), now
            out.append({"row": row, "seed": r["seed"], "seat": seat, "bot": bot, "decisions": session.total,
                        "sec": time.process_time() - start, "step_max": longest,
                        "budget": session.summary()["budget"]})
    return out


def on_site(site: Path, cases: list[tuple[str, dict]], budget: int | None) -> dict:
    """Analyse seat 0 of each record in Pyodide under Node and in CPython; wall seconds in both (the same machine,
    the same moment), and whether the marks agree."""
    program = f"CASES = {json.dumps(cases)}\nBUDGET = {budget!r}\n" + SITE_PROGRAM
    node = subprocess.run(["node", str(ROOT / "tests" / "sitebuild" / "run_in_pyodide.mjs"), str(site)],
                          input=program, capture_output=True, text=True, timeout=7200, check=True)
    there = json.loads(node.stdout.strip().splitlines()[-1])
    here: dict = {}
    exec(program.replace("print(json.dumps(out))", "here.update(out)").replace("null", "None"), {"here": here})
    return {key: {"pyodide": there[key], "cpython": here[key],
                  "same_marks": there[key]["marks"] == here[key]["marks"]} for key in here}


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def section(summaries: list[dict], costs: list[dict], site: dict, args: argparse.Namespace) -> str:
    load = os.getloadavg()
    lines = [BEGIN, "",
             f"Written by `python3 benchmarks/analysis.py --games {args.games} --hard-games {args.hard_games}"
             f"{' --easy-games ' + str(args.easy_games) if args.easy_games is not None else ''}"
             f"{' --solo-games ' + str(args.solo_games) if args.solo_games is not None else ''}"
             f"{' --budget ' + str(args.budget) if args.budget else ''}"
             f"{' --scale ' + str(args.scale) if args.scale != 1.0 and not args.budget else ''}` on "
             f"{time.strftime('%Y-%m-%d %H:%M')} "
             f"(Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {load[0]:.1f} at the end). "
             "Game *i* plays seed *i* + 1, seats rotated; every seat of every game analysed at the budget shown. "
             "Rates are shares of that bot's decisions.", "",
             "| row | pairing | games | budget | bot | decisions | mean loss | inaccuracy | mistake | blunder | "
             "loss ratio to hard |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for s in summaries:
        game_id, players, options = ROWS[s["row"]]
        unit = "points" if players == 1 else "win share"
        budget = budget_for(shoal.GAMES[game_id], players, row_budget(s["row"], args))
        hard_loss = None
        for pair, p in s["pairs"].items():
            hard_loss = p["bots"].get("hard", {}).get("mean_loss", hard_loss) if players > 1 else hard_loss
            if players == 1 and pair == "hard":
                hard_loss = p["bots"]["hard"]["mean_loss"]
        for pair, p in s["pairs"].items():
            reference = p["bots"].get("hard", {}).get("mean_loss") if players > 1 else hard_loss
            for bot, b in p["bots"].items():
                ratio = "" if bot == "hard" or not reference else f"{b['mean_loss'] / reference:.1f}×"
                lines.append(f"| {s['row']} | {pair} | {p['games']} | {budget} | {bot} | {b['decisions']} | "
                             f"{b['mean_loss']:.4f} {unit} | {_pct(b['inaccuracy'])} | {_pct(b['mistake'])} | "
                             f"{_pct(b['blunder'])} | {ratio} |")
    lines += ["", "hard against hard: marks per game (any mark) and blunders in all its games.", "",
              "| row | games | decisions a game | marks a game | blunders |", "|---|---|---|---|---|"]
    for s in summaries:
        h = s["hard_marked"]
        if h:
            lines.append(f"| {s['row']} | {h['games']} | {h['decisions_mean']:.1f} | {h['marks_mean']:.1f} | "
                         f"{h['blunders']} |")
    lines += ["", "The calibration run's own cost in CPython at its budgets, CPU seconds: a whole game (every seat), "
              "one seat's decisions (seat 0), the longest decision, and the longest step between two progress "
              "reports (`analyse_next` answers after the first step past its time slice).", "",
              "| row | whole game mean | whole game max | one seat mean | one seat max | longest decision | "
              "longest step |", "|---|---|---|---|---|---|---|"]
    for s in summaries:
        lines.append(f"| {s['row']} | {s['whole_mean']:.1f} s | {s['whole_max']:.1f} s | {s['seat_mean']:.1f} s | "
                     f"{s['seat_max']:.1f} s | {s['decision_max']:.2f} s | {s['step_max']:.3f} s |")
    lines += ["", "**Cost at the default budget** (what the page asks): each seat of the first two games against "
              "`random` (alone: of `hard`), analysed one seat at a time as the page asks, CPU seconds in CPython.", "",
              "| row | seed | seat | bot | budget | decisions | CPython | longest step |", "|---|---|---|---|---|---|---|---|"]
    for c in costs:
        lines.append(f"| {c['row']} | {c['seed']} | {c['seat']} | {c['bot']} | {c['budget']} | {c['decisions']} | "
                     f"{c['sec']:.1f} s | {c['step_max']:.3f} s |")
    if site:
        lines += ["", "Seat 0 of the first game against `random` of each row at the default budget, in the shipped "
                  "Pyodide runtime under Node and in CPython, wall seconds side by side (same machine, same moment):",
                  "",
                  "| row | decisions | CPython | Pyodide | × | longest step in Pyodide | same marks |",
                  "|---|---|---|---|---|---|---|"]
        for key, r in site.items():
            py, cp = r["pyodide"], r["cpython"]
            lines.append(f"| {key} | {py['decisions']} | {cp['sec']:.1f} s | {py['sec']:.1f} s | "
                         f"{py['sec'] / max(cp['sec'], 1e-9):.2f}× | {py['step_max']:.3f} s | "
                         f"{'yes' if r['same_marks'] else 'NO'} |")
    lines += ["", END]
    return "\n".join(lines)


def write(out: Path, text: str) -> None:
    old = out.read_text() if out.exists() else ""
    if BEGIN in old:
        new = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: text, old, flags=re.S)
    else:
        new = old.rstrip("\n") + "\n\n" + text + "\n"
    out.write_text(new)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games of each pairing (default 50)")
    parser.add_argument("--hard-games", type=int, default=4, help="games of hard against hard (default 4)")
    parser.add_argument("--easy-games", type=int, help="games of hard against easy (default: --games)")
    parser.add_argument("--solo-games", type=int, help="games of each level alone (default: --games)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget", type=int, help="playouts a decision (default: each game's analysis budget)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="without --budget: each game's analysis budget times this (e.g. 0.5 for half)")
    parser.add_argument("--rows", default=",".join(ROWS))
    parser.add_argument("--site", type=Path, help="a built dist/: also time one seat in Pyodide under Node")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "analysis.md")
    parser.add_argument("--no-cost", action="store_true", help="leave out the cost at the default budget")
    parser.add_argument("--raw", type=Path, help="also write every game's results (records included) as JSON")
    parser.add_argument("--records", type=Path, help="a --raw file of an earlier run: analyse its games' records "
                        "again instead of playing them (the same games, another analysis)")
    args = parser.parse_args()
    rows = [r.strip() for r in args.rows.split(",") if r.strip()]
    records = {}
    if args.records:
        records = {(r["row"], r["pair"], r["seed"]): r["record"] for r in json.loads(args.records.read_text())}
    summaries, costs, site, raw = [], [], {}, []
    for row in rows:
        results = run_row(row, args, row_budget(row, args), records)
        raw += results
        if args.raw:
            args.raw.write_text(json.dumps(raw))
        summaries.append(summarise(row, results))
        if not args.no_cost:
            costs += cost(row, results)
        if args.site:
            first = next(r for r in results if r["pair"] in ("hard-random", "random"))
            site.update(on_site(args.site, [(row, first["record"])], None))
        write(args.out, section(summaries, costs, site, args))
    print(section(summaries, costs, site, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
