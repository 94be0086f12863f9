"""The beginner level's strength: below ``easy`` head to head, and against the frozen bots of docs/strength.md.

    python3 benchmarks/beginner.py [--games 100] [--jobs 1] [--rows museum,brunch,aquarena,reef] [--out FILE]

Two tournaments a game (``shoal.tournament``, seats rotated, game *i* on seed *i*+1):

* **head to head**: ``easy`` against ``beginner`` with half the seats each (two players; Brunch, which needs three or
  more, four players seated easy, beginner, easy, beginner). Measured: the share of games ``easy``'s seats win (ties
  shared) with its 95% interval; ``beginner`` is *clearly below* when that interval lies above one half.
* **against the frozen bot**: ``beginner`` in the seat of a strength.md row, the frozen heuristic in the others (the
  same tables as ``easy``'s row there): its win share against the fair share.

The table goes into docs/strength.md between ``<!-- beginner:begin -->`` and ``<!-- beginner:end -->`` (strength.py
keeps that block as it is); the rest of the doc is left alone.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import frozen  # noqa: E402
import strength  # noqa: E402
from shoal import tournament  # noqa: E402

LEVEL, ABOVE = "beginner", "easy"
# row id: (game, players, options, seats) for the head-to-head tables: half the seats each, alternating
HEAD = {
    "museum": ("museum", 2, None, [ABOVE, LEVEL]),
    "brunch": ("brunch", 4, None, [ABOVE, LEVEL, ABOVE, LEVEL]),
    "aquarena": ("aquarena", 2, None, [ABOVE, LEVEL]),
    "reef": ("reef", 2, {"variant": "core"}, [ABOVE, LEVEL]),
}
BEGIN, END = "<!-- beginner:begin -->", "<!-- beginner:end -->"


def share_of_wins(r: tournament.GameResult, name: str) -> float:
    """The share of this game's win that seats played by ``name`` took (ties shared): 1, 0 or a part."""
    return sum(1.0 / len(r.winners) for s in r.winners if r.seats[s] == name)


def head(key: str, games: int, jobs: int) -> dict:
    game_id, players, options, seats = HEAD[key]
    start = time.time()
    results = tournament.run(game_id, players, seats, games, jobs, 1, options, progress=strength._progress(key, "head"))
    print(file=sys.stderr)
    shares = [share_of_wins(r, ABOVE) for r in results]
    margins = [
        statistics.fmean(r.scores[s] for s, n in enumerate(r.seats) if n == ABOVE)
        - statistics.fmean(r.scores[s] for s, n in enumerate(r.seats) if n == LEVEL)
        for r in results
    ]
    summary = tournament.summarise(results)
    return {
        "players": players,
        "games": len(results),
        "easy_share": tournament.interval(shares),
        "margin": tournament.interval(margins),
        "scores": (summary[ABOVE]["mean_score"], summary[LEVEL]["mean_score"]),
        "minutes": (time.time() - start) / 60,
    }


def against_frozen(key: str, games: int, jobs: int) -> dict:
    row = strength.run_row(key, LEVEL, games, jobs)
    return {**row, "players": strength.ROWS[key][1]}


def pct(pair: tuple[float, float]) -> str:
    return f"{100 * pair[0]:.1f}% ± {100 * pair[1]:.1f}%"


def block(heads: dict[str, dict], rows: dict[str, dict], command: str) -> str:
    lines = [
        BEGIN,
        "## The beginner level",
        "",
        f"Written by `{command}` (`benchmarks/beginner.py`). `beginner` draws its move among those near the best by "
        "the game's one-ply values (`shoal.bots.beginner`), so it plays at once; these rows show it below `easy` "
        "and beaten by the frozen bots.",
        "",
        "Head to head: `easy` and `beginner` with half the seats each (Brunch: four players, easy, beginner, easy, "
        "beginner), seats rotated, game *i* on seed *i*+1. `easy`'s seats' share of the wins (ties shared) with its "
        "95% interval; *clearly below* when that interval lies above 50%.",
        "",
        "| game | players | games | easy's share of the wins (95%) | mean score (easy / beginner) | "
        "score margin per game (95%) | beginner clearly below easy |",
        "|---|---|---|---|---|---|---|",
    ]
    for key, h in heads.items():
        (m, e), (a, b) = h["margin"], h["scores"]
        clear = "yes" if h["easy_share"][0] - h["easy_share"][1] > 0.5 else "not shown"
        lines.append(
            f"| {key} | {h['players']} | {h['games']} | {pct(h['easy_share'])} | {a:.1f} / {b:.1f} | "
            f"{m:+.1f} ± {e:.1f} | {clear} |"
        )
    lines += [
        "",
        "Against the frozen bots: `beginner` in one seat, the frozen bot of the table above in the others (the tables "
        "of `easy`'s rows there). Fair share: one game in the number of players.",
        "",
        "| game | players | games | beginner's win share (95%) | fair share | mean score (beginner / frozen) | "
        "CPU s/decision mean / max |",
        "|---|---|---|---|---|---|---|",
    ]
    for key, r in rows.items():
        lines.append(
            f"| {key} vs frozen `{r['base']}` | {r['players']} | {r['games']} | "
            f"{pct((r['level_win'], r['level_win95']))} | {100 / r['players']:.0f}% | "
            f"{r['level_mean_score']:.1f} / {r['base_mean_score']:.1f} | "
            f"{r['level_sec_mean']:.4f} / {r['level_sec_max']:.4f} |"
        )
    minutes = [f"{k}/head {h['minutes']:.1f}" for k, h in heads.items()]
    minutes += [f"{k}/frozen {r['minutes']:.1f}" for k, r in rows.items()]
    lines += ["", "Minutes per row: " + ", ".join(minutes), END]
    return "\n".join(lines)


def write(out: Path, text: str) -> None:
    """Put the block into the doc: in place of the old one, else just before the notes (else at the end)."""
    doc = out.read_text() if out.exists() else ""
    if BEGIN in doc and END in doc:
        doc = doc[: doc.index(BEGIN)] + text + doc[doc.index(END) + len(END) :]
    elif strength.NOTES_BEGIN in doc:
        i = doc.index(strength.NOTES_BEGIN)
        doc = doc[:i] + text + "\n\n" + doc[i:]
    else:
        doc = doc.rstrip("\n") + "\n\n" + text + "\n"
    out.write_text(doc)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per table")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rows", default="museum,brunch,aquarena,reef")
    parser.add_argument("--out", default=str(ROOT / "docs" / "strength.md"))
    args = parser.parse_args()
    frozen.package()
    command = f"python3 benchmarks/beginner.py --games {args.games}"
    heads: dict[str, dict] = {}
    rows: dict[str, dict] = {}
    for key in args.rows.split(","):
        heads[key] = head(key, args.games, args.jobs)
        rows[key] = against_frozen(key, args.games, args.jobs)
        write(Path(args.out), block(heads, rows, command))
    print(block(heads, rows, command))
    return 0


if __name__ == "__main__":
    sys.exit(main())
