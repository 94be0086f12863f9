"""The strength table: each search level against the best heuristic bot of each game, frozen from git history.

    python3 benchmarks/strength.py [--games 200] [--solo-seeds 200] [--jobs 2] [--levels hard,normal,easy]
                                   [--rows museum,brunch,aquarena,reef,reef-solo] [--site DIST] [--out docs/strength.md]

Every row is one tournament (``shoal.tournament``, seats rotated, game i on seed i+1) of one level against copies of
the frozen bot (``benchmarks/frozen.py``: ``git archive 1faa418 pysrc/shoal`` imported as ``shoal_1faa418``). Seconds
per decision are CPU seconds in CPython (``time.process_time``, so a busy machine does not inflate them) over every
decision with two or more legal actions; with ``--site`` (a built ``dist/``) each level also plays a few decisions in
the shipped Pyodide runtime under Node, timed on the same positions as CPython, giving the Pyodide mean. The table is
rewritten after every row, so a run cut short still leaves what it measured. Every row keeps its games' outcomes
(seed, win share, score margin), and a second table compares each level with the next one down game by game on the
seeds both played: pairing cancels the deal's luck, so it shows each level clearly below the next with far fewer
games. The doc's notes (between ``<!-- notes:begin -->`` and ``<!-- notes:end -->``) are kept as they are, or replaced
by ``--notes FILE``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import frozen  # noqa: E402
import shoal  # noqa: E402
from shoal import tournament  # noqa: E402

# row id: (game, players, options, today's best bot, target for hard)
ROWS = {
    "museum": ("museum", 2, None, "greedy", "win ≥ 75%"),
    "brunch": ("brunch", 4, None, "heuristic", "win share ≥ 45% (fair 25%)"),
    "aquarena": ("aquarena", 3, None, "heuristic", "win share ≥ 60% (fair 33%)"),
    "reef": ("reef", 2, {"variant": "core"}, "greedy", "win ≥ 75%"),
}
# Head to head: a level against the next one down, seats rotated, where the win shares against the frozen bot crowd
# near the top and pairing alone does not show each level clearly below the next.
HEAD = {"reef-head": ("reef", 2, {"variant": "core"}), "museum-head": ("museum", 2, None)}
SOLO = {
    "reef-solo": ("reef", {"variant": "core"}, "median ≥ 90 (Expert)"),
    "reef-solo-advanced": ("reef", {"variant": "advanced"}, "median ≥ 80"),
}
# The targets above as numbers: the level's win share, or a solo row's median score, that ``hard`` must reach.
TARGET_AT_LEAST = {
    "museum": 0.75,
    "brunch": 0.45,
    "aquarena": 0.60,
    "reef": 0.75,
    "reef-solo": 90,
    "reef-solo-advanced": 80,
}
NOTES_BEGIN, NOTES_END = "<!-- notes:begin -->", "<!-- notes:end -->"
BEGINNER_BEGIN, BEGINNER_END = "<!-- beginner:begin -->", "<!-- beginner:end -->"  # benchmarks/beginner.py's table

PYODIDE_PROGRAM = """
import json, time
import shoal
from shoal.core import Rng
out = {}
for key, gid, players, options, level, plies, budget in CASES:
    m = shoal.new_match(gid, players, seed=3, options=options)
    rng = Rng(5, 1)
    times = []
    while not m.is_over() and len(times) < 3:
        seat = m.to_act()[0]
        if len(m.legal_actions(seat)) > 1 and len(m.actions) >= plies:
            t = time.perf_counter()
            a = m.bot_action(seat, level, budget)
            times.append(time.perf_counter() - t)
        else:
            a = rng.choice(m.legal_actions(seat))
        m.play(seat, a)
    out[f"{key}/{level}"] = times
print(json.dumps(out))
"""


def _progress(key: str, level: str):
    """A row's progress line on stderr (games done / games asked)."""
    return lambda done, total: print(f"\r  {key} {level}: {done}/{total}", end="", file=sys.stderr, flush=True)


def run_row(key: str, level: str, games: int, jobs: int, first: int = 0) -> dict:
    game_id, players, options, base, target = ROWS[key]
    seats = [level] + [frozen.PREFIX + base] * (players - 1)
    start = time.time()
    results = tournament.run(
        game_id, players, seats, games, jobs, 1, options, "frozen:bot", progress=_progress(key, level), first=first
    )
    print(file=sys.stderr)
    summary = tournament.summarise(results)
    return {
        "row": key,
        "level": level,
        "games": len(results),
        "target": target,
        "base": base,
        "minutes": (time.time() - start) / 60,
        **{f"level_{k}": v for k, v in summary[level].items()},
        **{f"base_{k}": v for k, v in summary[frozen.PREFIX + base].items()},
        "per_game": [per_game(r, level) for r in results],
    }


def run_head(key: str, level: str, games: int, jobs: int, first: int = 0) -> dict:
    """``level`` against the next level down in a 2-player game, seats rotated, game *i* on seed *i*+1."""
    game_id, players, options = HEAD[key]
    lower = dict(zip(LEVEL_ORDER, LEVEL_ORDER[1:]))[level]
    start = time.time()
    results = tournament.run(
        game_id, players, [level, lower], games, jobs, 1, options, progress=_progress(key, level), first=first
    )
    print(file=sys.stderr)
    summary = tournament.summarise(results)
    return {
        "row": key,
        "level": level,
        "games": len(results),
        "base": lower,
        "minutes": (time.time() - start) / 60,
        **{f"level_{k}": v for k, v in summary[level].items()},
        **{f"base_{k}": v for k, v in summary[lower].items()},
        "per_game": [per_game(r, level) for r in results],
    }


def per_game(r: tournament.GameResult, level: str) -> list[float]:
    """[seed, the level's win share in this game (ties shared), its score minus the frozen seats' mean score]: kept
    so that two levels can be compared game by game on the same seeds (:func:`paired`)."""
    mine = [s for s, n in enumerate(r.seats) if n == level]
    others = [r.scores[s] for s in range(len(r.seats)) if s not in mine]
    share = sum(1.0 / len(r.winners) for s in mine if s in r.winners) / len(mine)
    score = statistics.fmean(r.scores[s] for s in mine)
    return [r.seed, share, score - (statistics.fmean(others) if others else 0.0)]


def run_solo(key: str, level: str, seeds: int, jobs: int, first: int = 0) -> dict:
    game_id, options, target = SOLO[key]
    start = time.time()
    results = tournament.run(
        game_id, 1, [level], seeds, jobs, 1, options, "frozen:bot", progress=_progress(key, level), first=first
    )
    print(file=sys.stderr)
    scores = sorted(r.scores[0] for r in results)
    s = tournament.summarise(results)[level]
    return {
        "row": key,
        "level": level,
        "games": len(results),
        "target": target,
        "median": statistics.median(scores),
        "mean": statistics.fmean(scores),
        "at_least_90": sum(x >= 90 for x in scores) / len(scores),
        "minutes": (time.time() - start) / 60,
        "level_sec_mean": s["sec_mean"],
        "level_sec_max": s["sec_max"],
        "per_game": [[r.seed, 1.0, float(r.scores[0])] for r in results],
    }


def solo_summary(row: dict) -> dict:
    """A solo row's median, mean and share of games at 90 or more, from its per-game scores."""
    scores = [g[2] for g in row["per_game"]]
    return {
        "median": statistics.median(scores),
        "mean": statistics.fmean(scores),
        "at_least_90": sum(x >= 90 for x in scores) / len(scores),
    }


def _pool(n1: int, m1: float, h1: float, n2: int, m2: float, h2: float) -> tuple[float, float]:
    """Mean and 95% half-width of two samples joined, from each one's size, mean and half-width (exactly what
    ``tournament.interval`` gives on the joined sample: the half-width gives back each sample's variance)."""
    n = n1 + n2
    m = (n1 * m1 + n2 * m2) / n
    v1, v2 = ((h * k**0.5 / 1.96) ** 2 if k > 1 else 0.0 for h, k in ((h1, n1), (h2, n2)))
    var = ((n1 - 1) * v1 + n1 * m1**2 + (n2 - 1) * v2 + n2 * m2**2 - n * m**2) / (n - 1)
    return m, 1.96 * max(var, 0.0) ** 0.5 / n**0.5


def next_game(row: dict) -> int:
    """The first game index a row has not played: after its highest seed when it keeps per-game records (game *i* is
    seed *i*+1), else after its count of games (rows assembled from other seed ranges say so in the notes)."""
    return max(g[0] for g in row["per_game"]) if row.get("per_game") else row["games"]


def join(old: dict, new: dict) -> dict:
    """One row from two parts of the same level against the same bots on different games (``--extend``): the win
    shares and intervals pooled, mean scores weighted by games, seconds per decision weighted by decisions, the
    per-game records joined (kept only where both parts have them)."""
    a, b = old["games"], new["games"]
    out = dict(new, games=a + b, minutes=old["minutes"] + new["minutes"])
    seeds = [g[0] for g in new["per_game"]]
    out["parts"] = old.get("parts", [[1, a]]) + [[min(seeds), max(seeds)]]  # seed ranges, for the notes
    if old.get("per_game"):
        out["per_game"] = old["per_game"] + new["per_game"]
    if new["row"] in SOLO:
        out.update(solo_summary(out))
        out["level_sec_mean"] = (a * old["level_sec_mean"] + b * new["level_sec_mean"]) / (a + b)
    else:
        for who in ("level", "base"):
            out[f"{who}_win"], out[f"{who}_win95"] = _pool(
                a, old[f"{who}_win"], old[f"{who}_win95"], b, new[f"{who}_win"], new[f"{who}_win95"]
            )
            out[f"{who}_mean_score"] = (a * old[f"{who}_mean_score"] + b * new[f"{who}_mean_score"]) / (a + b)
            out.pop(f"{who}_median_score", None)  # not recoverable from two medians; the table does not show it
            da, db = old[f"{who}_decisions"], new[f"{who}_decisions"]
            out[f"{who}_sec_mean"] = (da * old[f"{who}_sec_mean"] + db * new[f"{who}_sec_mean"]) / max(1, da + db)
            out[f"{who}_decisions"] = da + db
            out[f"{who}_games"] = a + b
            out[f"{who}_sec_max"] = max(old[f"{who}_sec_max"], new[f"{who}_sec_max"])
    out["level_sec_max"] = max(old["level_sec_max"], new["level_sec_max"])
    return out


def paired(upper: dict, lower: dict) -> dict | None:
    """Two levels of one row compared on the seeds both played (same deal, same seats): the mean per-game difference
    in win share and in score margin, each with its 95% interval. Pairing removes the seeds' own luck from the
    difference, so it separates two levels with far fewer games than two independent win shares would; ``None``
    when either row was measured without per-game records."""
    a = {g[0]: g for g in upper.get("per_game", [])}
    b = {g[0]: g for g in lower.get("per_game", [])}
    seeds = sorted(a.keys() & b.keys())
    if len(seeds) < 2:
        return None

    def diff(i: int) -> tuple[float, float]:
        d = [a[x][i] - b[x][i] for x in seeds]
        return statistics.fmean(d), 1.96 * statistics.stdev(d) / len(d) ** 0.5

    return {"games": len(seeds), "share": diff(1), "margin": diff(2)}


def pyodide_seconds(site: Path, levels: list[str], games: list[tuple]) -> dict[str, list[float]]:
    """Per (key, game, players, options) and level, keyed "key/level" (the game's id for a 2+ player row, the row's
    name for a solo one): [Pyodide mean, CPython mean] wall seconds of the same few decisions, Pyodide's in the
    shipped runtime under Node, CPython's right after in this process (their ratio survives a busy machine)."""
    cases = [(k, g, n, o, lv, 6, None) for k, g, n, o in games for lv in levels if lv in shoal.GAMES[g].bots]
    program = f"CASES = {json.dumps(cases)}\n".replace("null", "None") + PYODIDE_PROGRAM
    node = subprocess.run(
        ["node", str(ROOT / "tests/sitebuild/run_in_pyodide.mjs"), str(site)],
        input=program,
        capture_output=True,
        text=True,
        timeout=7200,
        check=True,
    )
    got = json.loads(node.stdout.strip().splitlines()[-1])
    here: dict = {}
    exec(program.replace("print(json.dumps(out))", "here.update(out)"), {"here": here})
    return {k: [statistics.fmean(v), statistics.fmean(here[k])] for k, v in got.items() if v and here.get(k)}


def _pyo(pair: list[float] | None) -> str:
    if not pair:
        return "—"
    return f"{pair[0]:.3f} ({pair[0] / pair[1]:.1f}× CPython)"


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def verdict(r: dict) -> str:
    """Whether a ``hard`` row meets its target: "yes" when even its 95% interval's low end does, "on the point
    estimate" when only the estimate does (a solo row's median has no interval here), else "no"; "" for other levels."""
    if r["level"] != "hard" or r["row"] not in TARGET_AT_LEAST:
        return ""
    need = TARGET_AT_LEAST[r["row"]]
    if r["row"] in SOLO:
        return "yes" if r["median"] >= need else "no"
    if r["level_win"] - r["level_win95"] >= need:
        return "yes"
    return "on the point estimate" if r["level_win"] >= need else "no"


def notes(out: Path, args: argparse.Namespace) -> list[str]:
    """The hand-written notes under the tables: ``--notes FILE``, else those already in the doc (kept as they are)."""
    if args.notes and Path(args.notes).exists():
        text = Path(args.notes).read_text().strip()
    else:
        old = out.read_text() if out.exists() else ""
        if NOTES_BEGIN not in old or NOTES_END not in old:
            return []
        text = old[old.index(NOTES_BEGIN) + len(NOTES_BEGIN) : old.index(NOTES_END)].strip()
    return ["", NOTES_BEGIN, text, NOTES_END]


def beginner_block(out: Path) -> list[str]:
    """The beginner level's table (written by benchmarks/beginner.py), kept as it is."""
    old = out.read_text() if out.exists() else ""
    if BEGINNER_BEGIN not in old or BEGINNER_END not in old:
        return []
    return ["", old[old.index(BEGINNER_BEGIN) : old.index(BEGINNER_END) + len(BEGINNER_END)]]


def write(
    out: Path, rows: list[dict], solos: list[dict], pyo: dict[str, list[float]], args: argparse.Namespace
) -> None:
    kept = beginner_block(out) + notes(out, args)
    lines = [
        "# Strength of the search bots",
        "",
        "Written by `python3 benchmarks/strength.py` (`--keep FILE` keeps measured rows between runs and `--extend` "
        "adds games to them, so a long table can be measured in parts; `--site DIST` adds the Pyodide column). Each "
        f"row: one level against copies of the game's best heuristic bot frozen at commit {frozen.COMMIT} "
        "(`benchmarks/frozen.py`, so the table keeps its meaning when the bots change), seats rotated, game *i* on "
        "seed *i*+1. Win share: the level's share of wins per game (ties shared) with its 95% interval. Seconds per "
        "decision: CPU seconds in CPython (mean / max over decisions with a choice); Pyodide: mean wall seconds in "
        "the shipped runtime under Node on three decisions per game and level (a match on seed 3, from its seventh "
        "ply), with its ratio to CPython's wall seconds on the same positions measured right after (— when not "
        "measured).",
        "",
        "| row | level | games | level's win share (95%) | target for hard | hard meets it | "
        "mean score (level / frozen) | CPU s/decision mean / max | Pyodide s/decision |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in (r for r in rows if r["row"] in ROWS):
        game = ROWS[r["row"]][0]
        p = _pyo(pyo.get(f"{game}/{r['level']}"))
        lines.append(
            f"| {r['row']}, {ROWS[r['row']][1]}p vs frozen `{r['base']}` | {r['level']} | {r['games']} | "
            f"{pct(r['level_win'])} ± {pct(r['level_win95'])} | {r['target']} | {verdict(r)} | "
            f"{r['level_mean_score']:.1f} / {r['base_mean_score']:.1f} | "
            f"{r['level_sec_mean']:.3f} / {r['level_sec_max']:.3f} | {p} |"
        )
    for r in solos:
        p = _pyo(pyo.get(f"{r['row']}/{r['level']}"))
        lines.append(
            f"| {r['row']} (1p, seeds 1–{r['games']}) | {r['level']} | {r['games']} | median {r['median']:.1f}, mean "
            f"{r['mean']:.1f}, {pct(r['at_least_90'])} ≥ 90 | {r['target']} | {verdict(r)} | — | "
            f"{r['level_sec_mean']:.3f} / {r['level_sec_max']:.3f} | {p} |"
        )
    lines += side_by_side([r for r in rows if r["row"] in ROWS], solos)
    lines += head_to_head([r for r in rows if r["row"] in HEAD])
    missing = [k for k in args.rows if (k in ROWS or k in HEAD) and not any(r["row"] == k for r in rows)]
    missing += [k for k in args.rows if k in SOLO and not any(r["row"] == k for r in solos)]
    if missing:
        lines += [
            "",
            f"Not measured in this run: {', '.join(missing)} (no search levels for that game yet, or the "
            "run was cut short).",
        ]
    lines += ["", "Minutes per row: " + ", ".join(f"{r['row']}/{r['level']} {r['minutes']:.1f}" for r in rows + solos)]
    lines += kept
    out.write_text("\n".join(lines) + "\n")


LEVEL_ORDER = ("hard", "normal", "easy")


def side_by_side(rows: list[dict], solos: list[dict]) -> list[str]:
    """Every level against the next one down, game by game on the same seeds (:func:`paired`): each level should be
    clearly below the next."""
    lines: list[str] = []
    for r in rows + solos:
        lower_level = dict(zip(LEVEL_ORDER, LEVEL_ORDER[1:])).get(r["level"])
        lower = next((x for x in rows + solos if x["row"] == r["row"] and x["level"] == lower_level), None)
        p = paired(r, lower) if lower else None
        if not p:
            continue
        (ds, es), (dm, em) = p["share"], p["margin"]
        solo = r["row"] in SOLO
        what = "score" if solo else "win share"
        value = f"{dm:+.1f} ± {em:.1f} points" if solo else f"{100 * ds:+.1f} ± {100 * es:.1f} points"
        if (dm - em > 0) if solo else (ds - es > 0):
            clear = "yes"
        else:
            clear = "by score margin only" if not solo and dm - em > 0 else "not shown"
        lines.append(
            f"| {r['row']} | {r['level']} − {lower_level} | {p['games']} | {what}: {value} | "
            f"{'—' if solo else f'{dm:+.1f} ± {em:.1f}'} | {clear} |"
        )
    if not lines:
        return []
    return [
        "",
        "Each level against the next one down, game by game on the seeds both played (same deal, same seats): "
        "the mean difference per game and its 95% interval. A level is *clearly above* the next when the "
        "interval lies above zero.",
        "",
        "| row | levels | games | difference | score margin over the frozen seats, difference | clearly above |",
        "|---|---|---|---|---|---|",
        *lines,
    ]


def head_to_head(rows: list[dict]) -> list[str]:
    """The head-to-head rows: a level is clearly above the next one down when its win share's interval lies above
    one half (or, failing that, "by score margin" when its mean score margin per game lies above zero)."""
    if not rows:
        return []
    lines = [
        "",
        "Each level against the next one down, head to head (2 players, seats rotated, game *i* on seed *i*+1): "
        "the upper level's win share (ties shared) with its 95% interval, and its score minus the lower "
        "level's per game; clearly above when the win share's interval lies above 50%.",
        "",
        "| game | levels | games | upper level's win share (95%) | mean score (upper / lower) | score margin per "
        "game (95%) | CPU s/decision, upper / lower | clearly above |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        margin, half = tournament.interval([g[2] for g in r["per_game"]])
        if r["level_win"] - r["level_win95"] > 0.5:
            clear = "yes"
        else:
            clear = "by score margin only" if margin - half > 0 else "not shown"
        lines.append(
            f"| {HEAD[r['row']][0]} | {r['level']} − {r['base']} | {r['games']} | {pct(r['level_win'])} ± "
            f"{pct(r['level_win95'])} | {r['level_mean_score']:.1f} / {r['base_mean_score']:.1f} | "
            f"{margin:+.1f} ± {half:.1f} | {r['level_sec_mean']:.3f} / {r['base_sec_mean']:.3f} | {clear} |"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per row")
    parser.add_argument("--solo-seeds", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--levels", default="hard,normal,easy")
    parser.add_argument("--rows", default="museum,brunch,aquarena,reef,reef-solo,reef-solo-advanced")
    parser.add_argument("--site", help="a built dist/ folder: also time the levels in Pyodide under Node")
    parser.add_argument("--out", default=str(ROOT / "docs" / "strength.md"))
    parser.add_argument(
        "--notes",
        help="a Markdown file written under the tables (what they show, what limits "
        "them) instead of the notes already in the doc",
    )
    parser.add_argument("--pyodide-only", action="store_true", help="with --site and --keep: only the Pyodide timing")
    parser.add_argument(
        "--keep",
        help="a JSON file of measured rows: rows in it are kept (not re-run) and every new "
        "row is added, so a long benchmark can be run in parts",
    )
    parser.add_argument(
        "--extend",
        action="store_true",
        help="with --keep: a kept row with fewer games than --games (--solo-seeds) plays the games it "
        "lacks (the next seeds, as one run would have played them) and is joined with them",
    )
    args = parser.parse_args()
    args.rows = args.rows.split(",")
    levels = args.levels.split(",")
    frozen.package()  # unpack once, before the worker processes start
    out = Path(args.out)
    rows: list[dict] = []
    solos: list[dict] = []
    pyo: dict[str, list[float]] = {}
    kept = Path(args.keep) if args.keep else None
    if kept and kept.exists():
        old = json.loads(kept.read_text())
        rows, solos, pyo = old["rows"], old["solos"], old.get("pyodide", {})
    done = {(r["row"], r["level"]) for r in rows + solos}
    if args.site and not pyo:
        games = [(ROWS[k][0], ROWS[k][0], ROWS[k][1], ROWS[k][2]) for k in args.rows if k in ROWS]
        games += [(k, SOLO[k][0], 1, SOLO[k][1]) for k in args.rows if k in SOLO]
        pyo = pyodide_seconds(Path(args.site), levels, games)
    if args.pyodide_only:
        if kept:
            kept.write_text(json.dumps({"rows": rows, "solos": solos, "pyodide": pyo}, indent=1))
        print(json.dumps(pyo))
        return 0
    for key in args.rows:
        for level in levels:
            if (key, level) in done:
                table = solos if key in SOLO else rows
                i, old = next((i, r) for i, r in enumerate(table) if (r["row"], r["level"]) == (key, level))
                lacking = (args.solo_seeds if key in SOLO else args.games) - old["games"]
                if not args.extend or lacking <= 0:
                    continue
                run = run_solo if key in SOLO else run_head if key in HEAD else run_row
                table[i] = join(old, run(key, level, lacking, args.jobs, next_game(old)))
            elif key in ROWS and level in shoal.GAMES[ROWS[key][0]].bots:
                rows.append(run_row(key, level, args.games, args.jobs))
            elif key in SOLO and level in shoal.GAMES[SOLO[key][0]].bots:
                solos.append(run_solo(key, level, args.solo_seeds, args.jobs))
            elif key in HEAD and level in LEVEL_ORDER[:-1]:
                rows.append(run_head(key, level, args.games, args.jobs))
            else:
                continue
            write(out, rows, solos, pyo, args)
            if kept:
                kept.write_text(json.dumps({"rows": rows, "solos": solos, "pyodide": pyo}, indent=1))
            print(json.dumps((rows + solos)[-1]), file=sys.stderr)
    write(out, rows, solos, pyo, args)
    print(out.read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
