"""Calibration and cost of the post-game analysis (``shoal.analysis``), written into docs/analysis.md.

    python3 benchmarks/analysis.py [--games 50] [--easy-games N] [--hard-games 2] [--solo-games N] [--jobs 2]
                                   [--scale 1.0 | --budget N] [--rows museum,brunch,aquarena,reef,reef-solo]
                                   [--site DIST] [--out docs/analysis.md] [--raw FILE.jsonl] [--resume FILE.jsonl]
                                   [--records FILE.jsonl [--play-only]]

Calibration. Each row plays ``--games`` games of ``hard`` against ``random`` (all other seats), ``--easy-games`` of
``hard`` against ``easy`` and ``--hard-games`` of ``hard`` against ``hard`` (seats rotated, game *i* on seed *i*,
every bot with the page's own generator, ``Match.bot_action``); alone (``reef-solo``), ``hard``, ``random`` and
``easy`` each play ``--solo-games`` games. Then every ``every``-th decision of each seat is analysed (the row's own
stride, starting where the seed says, so every part of a game is sampled: the mean loss and the mark rates are
estimated without bias at a fraction of the cost), at the default budget times ``--scale`` (or ``--budget``). The
table gives, for each bot in each pairing, its decisions analysed, its mean loss, and the share marked inaccuracy,
mistake and blunder; the calibration asks the ``random`` seat's mean loss to be at least 3× ``hard``'s and ``hard``'s
blunders to be rare.

Cost, always at the default budget (the page's): each seat of the row's first two games against ``random`` (alone:
of ``hard``) analysed whole, one seat at a time as the page asks, in CPU seconds (``time.process_time``: a busy machine
does not inflate them), with the longest step between two progress reports. With ``--site`` (a built ``dist/``) seat
0 of the first of those games is analysed again in the shipped Pyodide runtime under Node and in CPython side by side
(wall seconds, same machine, same moment: their ratio stands even on a loaded machine).

The section between ``<!-- analysis:begin -->`` and ``<!-- analysis:end -->`` is rewritten after every row. Every
game's result (its record included) is appended to ``--raw`` as it ends; ``--resume`` with that file skips the
games it already holds, so a run cut short loses nothing. ``--records`` keeps the games' records apart from their
analysis: a game whose record it holds is not played again, and every game played is appended to it, so a change to
the analysis is measured on the same games without playing them again (``--play-only`` plays the games into it and
analyses nothing). ``--report-only`` writes the table from the ``--resume`` file's games of the rows and counts asked
(of several runs' files put together, say) and runs nothing. ``--games 2`` is a quick development run.
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

# row: (game, players, options, every: the stride of the decisions analysed in the calibration). Where a game of hard
# costs far more to play than a decision to analyse (Aquarena, AQUA with rivals), a shorter stride buys many more
# decisions for little.
ROWS = {
    "museum": ("museum", 2, None, 5),
    "brunch": ("brunch", 3, None, 12),
    "aquarena": ("aquarena", 2, None, 8),
    "reef": ("reef", 2, {"variant": "core"}, 2),
    "reef-solo": ("reef", 1, {"variant": "core"}, 5),
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
    """Play one game (unless its record is given) and analyse every ``every``-th decision of each seat, starting at
    one that turns with the seed; each decision timed in CPU seconds."""
    row, pair, seats, seed, budget, every, record = args
    game_id, players, options, _ = ROWS[row]
    start = time.process_time()
    if record is None:
        record = recorded((row, pair, seed))  # a --play-only run beside this one may have played it meanwhile
    if record is None:
        record = play(game_id, players, options, seats, seed)
    play_sec = time.process_time() - start
    game = shoal.GAMES[game_id]
    plan = analysis.plan(record)
    plies, count = [], {}
    for ply, seat in plan:
        k = count[seat] = count.get(seat, -1) + 1
        if (k + seed) % every == 0:
            plies.append((ply, seat))
    decisions = []
    for decision in analysis.walk(record, plies):
        start = time.process_time()
        d = analysis.judge(game, decision, budget)
        decisions.append(
            {
                "seat": d["seat"],
                "bot": seats[d["seat"]],
                "loss": d["loss"],
                "mark": d["mark"],
                "gap": d["gap"],
                "error": d["error"],
                "sec": time.process_time() - start,
            }
        )
    return {
        "row": row,
        "pair": pair,
        "seed": seed,
        "seats": seats,
        "budget": budget,
        "every": every,
        "scores": shoal.replay(record).outcome()["scores"],
        "decisions_in_game": len(plan),
        "decisions": decisions,
        "play_sec": play_sec,
        "record": record,
    }


def play_task(args: tuple) -> dict | None:
    """Play one game only: its key and record, for ``--records`` (None if another run has played it meanwhile)."""
    row, pair, seats, seed = args[:4]
    game_id, players, options, _ = ROWS[row]
    if recorded((row, pair, seed)) is not None:
        return None
    return {"row": row, "pair": pair, "seed": seed, "record": play(game_id, players, options, seats, seed)}


RECORDS: Path | None = None  # the --records file, read again before a game is played (set by main)


def recorded(key: tuple) -> dict | None:
    """The record of the game ``key`` in :data:`RECORDS` as the file stands now, or None."""
    if RECORDS is None or not RECORDS.exists():
        return None
    row, pair, seed = key
    head = json.dumps({"row": row, "pair": pair, "seed": seed})[:-1] + ", "
    with open(RECORDS) as f:
        for line in f:
            if line.startswith(head):
                try:
                    return json.loads(line)["record"]
                except json.JSONDecodeError:
                    return None
    return None


def record_key(r: dict | tuple) -> tuple:
    """A game's identity in ``--records``: its row, pairing and seed (the seats follow from them)."""
    return (r["row"], r["pair"], r["seed"]) if isinstance(r, dict) else (r[0], r[1], r[3])


def load_jsonl(path: Path | None) -> list[dict]:
    """The objects of a JSON-lines file (none if it is missing); a line cut short by a stopped run is left out."""
    if path is None or not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return out


def append_jsonl(path: Path | None, obj: dict) -> None:
    if path is not None:
        with open(path, "a") as f:
            f.write(json.dumps(obj) + "\n")


def count(given: str, row: str) -> int:
    """A number of games for ``row``: ``given`` is one number for every row, or ``row=N,...`` with an optional bare
    number for the rows it does not name (none: 0)."""
    default, named = 0, {}
    for part in given.split(","):
        name, _, n = part.strip().rpartition("=")
        if name:
            named[name] = int(n)
        else:
            default = int(n)
    return named.get(row, default)


def tasks_for(row: str, args: argparse.Namespace, budget: int | None) -> list[tuple]:
    """Every game of the row: (row, pairing, seats, seed, budget, every)."""
    players, every = ROWS[row][1], ROWS[row][3]
    games = count(args.games, row)
    easy = games if args.easy_games is None else count(args.easy_games, row)
    out = []
    if players == 1:
        solo = games if args.solo_games is None else count(args.solo_games, row)
        for bot in ("hard", "random", "easy"):
            out += [(row, bot, [bot], i + 1, budget, every) for i in range(solo)]
        return out
    for pair, other, n in (
        ("hard-random", "random", games),
        ("hard-easy", "easy", easy),
        ("hard-hard", "hard", count(args.hard_games, row)),
    ):
        for i in range(n):
            seats = ["hard"] + [other] * (players - 1)
            k = i % players
            # hard against hard too at the row's stride: its marks a game are its marked share times its decisions
            out.append((row, pair, seats[k:] + seats[:k], i + 1, budget, every))
    return out


def _key(r: dict | tuple) -> tuple:
    return (r["row"], r["pair"], r["seed"], r["budget"], r["every"]) if isinstance(r, dict) else r[:2] + r[3:6]


def interleave(tasks: list[tuple]) -> list[tuple]:
    """The tasks of every row and pairing taken in turn (game 1 of each, then game 2, ...): a run cut short has
    measured every row and pairing about as far as the others."""
    streams: dict[tuple, list[tuple]] = {}
    for t in tasks:
        streams.setdefault(t[:2], []).append(t)
    out = []
    for i in range(max((len(v) for v in streams.values()), default=0)):
        out += [v[i] for v in streams.values() if i < len(v)]
    return out


def each(task, todo: list[tuple], jobs: int, done) -> None:
    """``done(task(t))`` for every ``t`` of ``todo``, in ``jobs`` processes (as each ends); then a new line."""
    if jobs <= 1:
        for t in todo:
            done(task(t))
    else:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for result in pool.imap_unordered(task, todo):
                done(result)
    print(file=sys.stderr)


def run_all(rows: list[str], args: argparse.Namespace, kept: dict, report) -> dict[str, list[dict]]:
    """Every row's games: those ``kept`` from an earlier run as they were, the others played and analysed (in
    ``--jobs`` processes, rows and pairings in turn), each appended to ``--raw`` as it ends and ``report``-ed with
    the results so far, by row in the order of its games."""
    tasks = [t for row in rows for t in tasks_for(row, args, row_budget(row, args))]
    order = {_key(t): i for i, t in enumerate(tasks)}
    records = {record_key(r): r["record"] for r in load_jsonl(args.records)}
    todo = [(*t, records.get(record_key(t))) for t in interleave(tasks) if _key(t) not in kept]
    results = [kept[_key(t)] for t in tasks if _key(t) in kept]

    def by_row() -> dict[str, list[dict]]:
        ordered = sorted(results, key=lambda r: order[_key(r)])
        return {row: [r for r in ordered if r["row"] == row] for row in rows}

    def done(result: dict) -> None:
        results.append(result)
        append_jsonl(args.raw, result)
        if record_key(result) not in records and recorded(record_key(result)) is None:
            records[record_key(result)] = result["record"]
            append_jsonl(args.records, {k: result[k] for k in ("row", "pair", "seed", "record")})
        print(f"\r  {len(results)}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
        report(by_row())

    each(game_task, todo, args.jobs, done)
    return by_row()


def play_all(rows: list[str], args: argparse.Namespace) -> None:
    """``--play-only``: play every game ``--records`` does not hold yet, rows and pairings in turn, into it."""
    tasks = [t for row in rows for t in tasks_for(row, args, None)]
    have = {record_key(r) for r in load_jsonl(args.records)}
    todo = [t for t in interleave(tasks) if record_key(t) not in have]
    played = 0

    def done(result: dict | None) -> None:
        nonlocal played
        played += 1
        if result is not None:
            append_jsonl(args.records, result)
        print(f"\r  {played}/{len(todo)} games played", end="", file=sys.stderr, flush=True)

    each(play_task, todo, args.jobs, done)


def row_budget(row: str, args: argparse.Namespace) -> int:
    """The budget the row's decisions get in the calibration: ``--budget``, or the default times ``--scale``."""
    if args.budget is not None:
        return args.budget
    game_id, players, _, _ = ROWS[row]
    return max(1, round(budget_for(shoal.GAMES[game_id], players) * args.scale))


def stats(decisions: list[dict]) -> dict:
    n = len(decisions)
    out = {"decisions": n, "mean_loss": statistics.fmean(d["loss"] for d in decisions) if n else 0.0}
    for name in MARKS:
        out[name] = sum(1 for d in decisions if d["mark"] == name) / n if n else 0.0
    return out


def summarise(row: str, results: list[dict]) -> dict:
    """Per pairing and bot: games, decisions analysed, mean loss, mark rates; and how many marks a game of hard
    against hard shows (its marked share times its decisions a game)."""
    pairs: dict[str, dict] = {}
    for pair in dict.fromkeys(r["pair"] for r in results):
        games = [r for r in results if r["pair"] == pair]
        bots = {
            bot: stats([d for r in games for d in r["decisions"] if d["bot"] == bot])
            for bot in dict.fromkeys(b for r in games for b in r["seats"])
        }
        pairs[pair] = {
            "games": len(games),
            "bots": bots,
            "decisions_in_game": statistics.fmean(r["decisions_in_game"] for r in games),
            "every": games[0]["every"],
        }
    return {"row": row, "pairs": pairs, "budget": results[0]["budget"], "every": results[0]["every"]}


def cost(row: str, results: list[dict]) -> list[dict]:
    """At the default budget: CPU seconds to analyse each seat of the row's first two games against ``random``
    (alone: of ``hard``), one seat at a time as the page would ask, and the longest step between two reports."""
    games = [r for r in results if r["pair"] in ("hard-random", "hard")][:2]
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
            out.append(
                {
                    "row": row,
                    "seed": r["seed"],
                    "seat": seat,
                    "bot": bot,
                    "decisions": session.total,
                    "sec": time.process_time() - start,
                    "step_max": longest,
                    "budget": session.summary()["budget"],
                }
            )
    return out


SITE_PROGRAM = """
import json, time
import shoal
from shoal import analysis
out = {}
for key, record in CASES:
    session = analysis.Session(record, seats=[0])
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


def on_site(site: Path, cases: list[tuple[str, dict]]) -> dict:
    """Seat 0 of each record at the default budget in Pyodide under Node, then in CPython: wall seconds of each
    (the same machine, one right after the other), and whether the marks agree."""
    program = f"import json\nCASES = json.loads({json.dumps(json.dumps(cases))})\n" + SITE_PROGRAM
    node = subprocess.run(
        ["node", str(ROOT / "tests" / "sitebuild" / "run_in_pyodide.mjs"), str(site)],
        input=program,
        capture_output=True,
        text=True,
        timeout=7200,
        check=True,
    )
    there = json.loads(node.stdout.strip().splitlines()[-1])
    here: dict = {}
    exec(program.replace("print(json.dumps(out))", "here.update(out)"), {"here": here})
    return {
        key: {"pyodide": there[key], "cpython": here[key], "same_marks": there[key]["marks"] == here[key]["marks"]}
        for key in here
    }


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def section(summaries: list[dict], costs: list[dict], site: dict, args: argparse.Namespace) -> str:
    load = os.getloadavg()
    command = f"--games {args.games}"
    for flag, value in (
        ("--easy-games", args.easy_games),
        ("--hard-games", args.hard_games),
        ("--solo-games", args.solo_games),
        ("--budget", args.budget),
        ("--scale", args.scale if args.scale != 1.0 else None),
        ("--rows", args.rows if args.rows != ",".join(ROWS) else None),
    ):
        command += f" {flag} {value}" if value is not None else ""
    command += " --no-cost" if args.no_cost else ""
    lines = [
        BEGIN,
        "",
        f"Written by `python3 benchmarks/analysis.py {command}` on {time.strftime('%Y-%m-%d %H:%M')} "
        f"(Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {load[0]:.1f} at the end). "
        "Game *i* plays seed *i*, seats rotated. Rates are shares of that bot's decisions analysed (every "
        "*k*-th decision of each seat, the stride shown).",
        "",
        "| row | pairing | games | budget | stride | bot | decisions | mean loss | inaccuracy | mistake | "
        "blunder | loss ÷ hard's |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in summaries:
        unit = "points" if ROWS[s["row"]][1] == 1 else "chances"
        solo_hard = s["pairs"].get("hard", {}).get("bots", {}).get("hard", {}).get("mean_loss")
        for pair, p in s["pairs"].items():
            reference = p["bots"].get("hard", {}).get("mean_loss") if "hard" in p["bots"] else None
            reference = solo_hard if ROWS[s["row"]][1] == 1 else reference
            for bot, b in p["bots"].items():
                ratio = f"{b['mean_loss'] / reference:.1f}×" if bot != "hard" and reference else ""
                lines.append(
                    f"| {s['row']} | {pair} | {p['games']} | {s['budget']} | {p['every']} | {bot} | "
                    f"{b['decisions']} | {b['mean_loss']:.4f} {unit} | {_pct(b['inaccuracy'])} | "
                    f"{_pct(b['mistake'])} | {_pct(b['blunder'])} | {ratio} |"
                )
    lines += [
        "",
        "hard against hard: decisions a game, and the marks a game they come to (the share of its "
        "decisions analysed that were marked, times its decisions a game).",
        "",
        "| row | games | decisions a game | marked | marks a game | blunders a game |",
        "|---|---|---|---|---|---|",
    ]
    for s in summaries:
        p = s["pairs"].get("hard-hard")
        if p:
            b = p["bots"]["hard"]
            marked = sum(b[m] for m in MARKS)
            lines.append(
                f"| {s['row']} | {p['games']} | {p['decisions_in_game']:.1f} | {_pct(marked)} | "
                f"{marked * p['decisions_in_game']:.1f} | {b['blunder'] * p['decisions_in_game']:.2f} |"
            )
    if costs:
        lines += [
            "",
            "**Cost at the default budget** (what the page asks): each seat of the first two games against "
            "`random` (alone: of `hard`), the whole game analysed one seat at a time as the page asks; CPU "
            "seconds in CPython, and the longest step between two progress reports.",
            "",
            "| row | seed | seat | bot | budget | decisions | CPython | longest step |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for c in costs:
            lines.append(
                f"| {c['row']} | {c['seed']} | {c['seat']} | {c['bot']} | {c['budget']} | "
                f"{c['decisions']} | {c['sec']:.1f} s | {c['step_max']:.3f} s |"
            )
    if site:
        lines += [
            "",
            "Seat 0 of the first of those games at the default budget in the shipped Pyodide runtime under "
            "Node and in CPython, wall seconds one right after the other on the same machine:",
            "",
            "| row | decisions | CPython | Pyodide | Pyodide ÷ CPython | longest step in Pyodide | same marks |",
            "|---|---|---|---|---|---|---|",
        ]
        for key, r in site.items():
            py, cp = r["pyodide"], r["cpython"]
            lines.append(
                f"| {key} | {py['decisions']} | {cp['sec']:.1f} s | {py['sec']:.1f} s | "
                f"{py['sec'] / max(cp['sec'], 1e-9):.2f}× | {py['step_max']:.3f} s | "
                f"{'yes' if r['same_marks'] else 'NO'} |"
            )
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
    per_row = "N, or row=N,... with an optional bare N for the other rows"
    parser.add_argument("--games", default="50", help=f"games of hard against random (default 50): {per_row}")
    parser.add_argument("--easy-games", help="games of hard against easy (default: --games)")
    parser.add_argument("--hard-games", default="2", help="games of hard against hard (default 2)")
    parser.add_argument("--solo-games", help="games of each level alone (default: --games)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget", type=int, help="playouts a decision in the calibration")
    parser.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="without --budget: the calibration's budget is each game's default times this",
    )
    parser.add_argument("--rows", default=",".join(ROWS))
    parser.add_argument("--site", type=Path, help="a built dist/: also time seat 0 in Pyodide under Node")
    parser.add_argument("--no-cost", action="store_true", help="leave out the cost at the default budget")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "analysis.md")
    parser.add_argument("--raw", type=Path, help="append every game's result (its record included) to this file")
    parser.add_argument("--resume", type=Path, help="a --raw file of an earlier run: keep the games it holds")
    parser.add_argument("--records", type=Path, help="records of games: kept, not played again")
    parser.add_argument("--play-only", action="store_true", help="play the games into --records, analyse nothing")
    parser.add_argument(
        "--report-only", action="store_true", help="write the table from the --resume file's games, run nothing"
    )
    args = parser.parse_args()
    if args.play_only and not args.records:
        parser.error("--play-only needs --records")
    global RECORDS
    RECORDS = args.records
    kept = {_key(r): r for r in load_jsonl(args.resume)}
    rows = [r.strip() for r in args.rows.split(",") if r.strip()]

    def report(results: dict[str, list[dict]]) -> None:
        summaries = [summarise(row, games) for row, games in results.items() if games]
        write(args.out, section(summaries, [], {}, args))

    if args.play_only:
        play_all(rows, args)
        return 0
    if args.report_only:
        tasks = [t for row in rows for t in tasks_for(row, args, row_budget(row, args))]
        every_row = {row: [kept[_key(t)] for t in tasks if t[0] == row and _key(t) in kept] for row in rows}
        args.no_cost, args.site = True, None
        rows = [row for row in rows if every_row[row]]
    else:
        every_row = run_all(rows, args, kept, report)
    summaries, costs, site = [], [], {}
    for row in rows:
        results = every_row[row]
        summaries.append(summarise(row, results))
        if not args.no_cost:
            costs += cost(row, results)
        if args.site:
            first = next(r for r in results if r["pair"] in ("hard-random", "hard"))
            site.update(on_site(args.site, [(row, first["record"])]))
        write(args.out, section(summaries, costs, site, args))
    print(section(summaries, costs, site, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
