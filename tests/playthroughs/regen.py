"""Rewrite the golden playthroughs (``tests/playthroughs/*.txt``) from the engine as it is now.

    python3 -m tests.playthroughs.regen                 # every case
    python3 -m tests.playthroughs.regen reef-2p museum-2p
    python3 -m tests.playthroughs.regen --show reef-2p 12   # every viewer's full view after ply 12 (-1: the start)

Run it from the repository's root after a change that is meant to alter behaviour, views or text, then read the diff
of the transcripts as part of the change: every changed line is something a player or a bot would notice.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for folder in (ROOT, ROOT / "pysrc"):  # run as a module from the root, or as a script from anywhere
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from tests.playthroughs.transcript import BY_NAME, CASES, HERE, transcript, views_after  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="*", help=f"case names (default: all): {', '.join(BY_NAME)}")
    parser.add_argument("--show", nargs=2, metavar=("CASE", "PLY"), help="print the full views after a ply")
    args = parser.parse_args(argv)
    if args.show:
        name, ply = args.show
        if name not in BY_NAME:
            parser.error(f"no case {name!r} (cases: {', '.join(BY_NAME)})")
        try:
            views = views_after(BY_NAME[name], int(ply))
        except ValueError as e:
            parser.error(f"{e} (PLY is a ply number, -1 for the start)")
        print(json.dumps(views, indent=1, ensure_ascii=False))
        return 0
    unknown = [name for name in args.cases if name not in BY_NAME]
    if unknown:
        parser.error(f"no case {', '.join(unknown)} (cases: {', '.join(BY_NAME)})")
    chosen = [BY_NAME[name] for name in args.cases] or list(CASES)
    for case in chosen:
        text = transcript(case)
        old = case.path.read_text() if case.path.exists() else None
        case.path.write_text(text)
        state = "new" if old is None else ("unchanged" if old == text else "CHANGED")
        print(f"{case.path.relative_to(ROOT)}: {state} ({len(text.encode()) // 1024} KB)")
    if not args.cases:
        known = {case.path for case in CASES}
        for stale in sorted(set(HERE.glob("*.txt")) - known):
            stale.unlink()
            print(f"{stale.relative_to(ROOT)}: removed (no such case)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
