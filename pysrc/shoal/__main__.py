"""Shoal from a terminal.

python -m shoal tournament GAME --players N --seats hard,normal,... --games 200 --jobs 2
python -m shoal show record.json
python -m shoal analyse record.json [--seat N] [--budget N] [--jobs N] [--json]
python -m shoal replay record.json [--out game.json] [--check]
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def _tournament(args: argparse.Namespace) -> int:
    from . import tournament

    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    players = args.players or len(seats)
    if len(seats) < players:  # "hard,greedy" for 4 players: the last bot fills the rest
        seats += [seats[-1]] * (players - len(seats))
    options = json.loads(args.options) if args.options else None

    def progress(done: int, total: int) -> None:
        if args.quiet:
            return
        print(f"\r{done}/{total} games", end="" if done < total else "\n", file=sys.stderr, flush=True)

    results = tournament.run(
        args.game, players, seats, args.games, args.jobs, args.seed, options, args.source, args.budget, progress
    )
    summary = tournament.summarise(results)
    print(
        f"{args.game}, {players} players, {len(results)} games (seeds {args.seed}–{args.seed + len(results) - 1}), "
        f"seats rotated: {','.join(seats)}"
    )
    print(tournament.table(summary, players))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                {"game": args.game, "players": players, "seats": seats, "games": len(results), "summary": summary},
                f,
                indent=1,
            )
    return 0


def _read(path: str) -> tuple[bool, Any]:
    """``(True, the JSON in path)``, or ``(False, None)`` after saying in one line why it cannot be read."""
    from .core.limits import MAX_TEXT, loads

    try:
        with open(path, encoding="utf-8") as f:
            return True, loads(f.read(MAX_TEXT + 1), "the file")  # the bridge's limits: nothing recurses deep
    except (OSError, ValueError) as e:
        print(f"cannot read {path}: {e}", file=sys.stderr)
        return False, None


def _show(args: argparse.Namespace) -> int:
    from . import BadRecord, new_match, replay

    readable, record = _read(args.record)
    if not readable:
        return 2
    try:
        final = replay(record)  # validates the whole record first: a bad one is refused, nothing printed
    except BadRecord as e:
        print(f"not a playable record: {e}", file=sys.stderr)
        return 2
    names = record.get("names") or []
    seats = record.get("seats") or []

    def who(seat: int) -> str:
        label = names[seat] if seat < len(names) and names[seat] else f"Player {seat + 1}"
        kind = seats[seat] if seat < len(seats) else None
        return f"{label} ({kind})" if kind and kind != "human" else label

    def words(line: str) -> str:
        for s in range(final.players):
            line = line.replace(f"{{seat:{s}}}", who(s))
        return line

    print(f"{final.game.title}: {final.players} players, seed {final.seed}, {len(record['actions'])} actions")
    match = new_match(record["game"], record["players"], record["seed"], record.get("options"))
    shown = 0
    if not args.summary:
        for line in match.view(None)["log"]:
            print("  " + words(line))
        shown = len(match.view(None)["log"])
        for i, (seat, action) in enumerate(record["actions"]):
            match.play(seat, action)
            log = match.view(None)["log"]
            for line in log[shown:]:
                print(f"{i + 1:>4}. {words(line)}")
            shown = len(log)
    if final.is_over():
        out = final.outcome()
        print("Final scores:")
        for s, score in enumerate(out["scores"]):
            mark = "  (winner)" if s in out["winners"] else ""
            print(f"  {who(s)}: {score}{mark}")
            if args.summary:
                for row in out["breakdown"][s]:
                    if row.get("points"):
                        print(f"      {words(row['label'])}: {row['points']}")
    else:
        print(f"Not finished: waiting for {', '.join(who(s) for s in final.to_act())}.")
    return 0


def _analyse(args: argparse.Namespace) -> int:
    """Each decision of the record's seats judged from that seat's view (docs/analysis.md); errors in one line."""
    from . import BadRecord, analysis
    from .core import ShoalError

    readable, record = _read(args.record)
    if not readable:
        return 2

    def progress(done: int, total: int) -> None:
        if not args.quiet:
            print(f"\r{done}/{total} decisions", end="" if done < total else "\n", file=sys.stderr, flush=True)

    try:
        out = analysis.analyse(record, args.seat, args.budget, args.seed, args.jobs, progress)
    except BadRecord as e:
        print(f"not a playable record: {e}", file=sys.stderr)
        return 2
    except ShoalError as e:
        print(f"cannot analyse {args.record}: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(out))
    else:
        print(analysis.table(out))
    return 0


def _replay(args: argparse.Namespace) -> int:
    """A record compiled for a page (docs/embedding.md, "Records for a page"), or a compiled replay checked; errors
    in one line."""
    from . import BadRecord, replays
    from .core import ShoalError

    readable, given = _read_compiled(args.record)
    if not readable:
        return 2
    try:
        if args.check:
            replays.check(given)
            print(f"{args.record}: ok ({given['game']}, {given['total']} moves)")
            return 0
        # A compiled replay given instead of a record is compiled again from its record (a file an older Shoal made).
        record = given.get("record") if replays.is_compiled(given) else given
        text = replays.dumps(replays.compile_replay(record))
    except BadRecord as e:
        print(f"not a playable record: {e}", file=sys.stderr)
        return 2
    except ShoalError as e:
        print(f"refused: {e}", file=sys.stderr)
        return 2
    if not args.out:
        sys.stdout.write(text)
        return 0
    try:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        print(f"cannot write {args.out}: {e}", file=sys.stderr)
        return 2
    print(f"wrote {args.out} ({len(text.encode()):,} bytes)", file=sys.stderr)
    return 0


def _read_compiled(path: str) -> tuple[bool, Any]:
    """A compiled replay's JSON: larger than a record may be (a view for every move), so its own size cap."""
    from .replays import MAX_FILE

    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(MAX_FILE + 1)
        if len(text) > MAX_FILE:
            raise ValueError(f"larger than a compiled replay may be ({MAX_FILE:,} characters)")
        return True, json.loads(text)
    except (OSError, ValueError, RecursionError) as e:
        print(f"cannot read {path}: {e}", file=sys.stderr)
        return False, None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m shoal", description="Shoal's games from a terminal.")
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("tournament", help="bots against bots, seats rotated: win shares with 95%% intervals")
    t.add_argument("game")
    t.add_argument("--players", type=int, default=0, help="number of seats (default: as many as --seats names)")
    t.add_argument("--seats", required=True, help="bot names, comma-separated (e.g. hard,normal,normal)")
    t.add_argument("--games", type=int, default=200)
    t.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    t.add_argument("--seed", type=int, default=1, help="first game's seed (game i plays seed+i)")
    t.add_argument("--options", help='match options as JSON, e.g. \'{"variant": "core"}\'')
    t.add_argument("--budget", type=int, help="cap search bots' iterations a decision")
    t.add_argument("--source", help="module:function giving extra bots by name (the strength benchmark's)")
    t.add_argument("--json", help="also write the summary to this JSON file")
    t.add_argument("--quiet", action="store_true", help="no progress line")
    t.set_defaults(run=_tournament)
    s = sub.add_parser("show", help="replay a saved record in the terminal (its log and scores)")
    s.add_argument("record")
    s.add_argument("--summary", action="store_true", help="only the final scores and their breakdown")
    s.set_defaults(run=_show)
    a = sub.add_parser("analyse", help="judge every decision of a record: the move played, the best found, the loss")
    a.add_argument("record")
    a.add_argument("--seat", type=int, action="append", help="a seat to analyse (repeat for more; default: every seat)")
    a.add_argument("--budget", type=int, help="playouts a decision (default: the game's, docs/analysis.md)")
    a.add_argument("--seed", type=int, default=0, help="the analysis's own seed (default 0)")
    a.add_argument("--jobs", type=int, default=1, help="processes judging decisions side by side (default 1)")
    a.add_argument("--json", action="store_true", help='one JSON object {"decisions": [...], "summary": {...}}')
    a.add_argument("--quiet", action="store_true", help="no progress line")
    a.set_defaults(run=_analyse)
    r = sub.add_parser(
        "replay",
        help="compile a record for a web page: every step's spectator view beside it, painted without Python",
        description="Compile a game record (or a compiled replay, from its record) into the file a page replays "
        "without starting Python (docs/embedding.md). Only the spectator's views are written: nobody's hand.",
    )
    r.add_argument("record", help="a record (Download record, My games) or a compiled replay")
    r.add_argument("--out", help="write the compiled replay to this file (default: standard output)")
    r.add_argument("--check", action="store_true", help="check a compiled replay instead: whole, and its record's")
    r.set_defaults(run=_replay)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
