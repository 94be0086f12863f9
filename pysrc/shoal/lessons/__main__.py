"""Check lesson files: ``python3 -m shoal.lessons web/lessons/*.json`` prints each problem, naming step and field.

Exit status 1 if any lesson is malformed or cannot be read (the same checks the build and the page's engine make).
Every problem is one line: a missing file, a directory, text too deep or too large for the engine's limits, bad JSON,
a file name that is not a lesson id, a bad lesson. ``--all`` lists every problem of a lesson, not only the first.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from shoal.core import ShoalError
from shoal.core.limits import MAX_TEXT

from . import check, compile_lesson

USAGE = """Each file is a hand-written lesson (docs/lessons.md); its name, less ".json", is the lesson's id: lower-case
letters, digits and "-". Every problem is named by step and field, e.g.
  lesson step 3, question.accept.colour: "violet" is not one of the colours red (R), yellow (Y), ...
Exit status: 0 when every lesson is good, 1 otherwise."""


def read(path: Path) -> str:
    """The file's text, at most a character past :data:`MAX_TEXT` (the limits then refuse it without reading more)."""
    with path.open(encoding="utf-8") as f:
        return f.read(MAX_TEXT + 1)


def problems_of(path: Path, every: bool) -> tuple[list[str], dict | None]:
    """The lesson file's problems (one line each) and, if it has none, the compiled lesson."""
    try:
        text = read(path)
        if len(text) > MAX_TEXT:
            raise ShoalError(f"lesson too large (over {MAX_TEXT} characters)")
        if every:
            found = [str(e) for e in check(text, path.stem)]
            if found:
                return found, None
        return [], compile_lesson(text, path.stem)
    except FileNotFoundError:
        return ["no such file"], None
    except IsADirectoryError:
        return ["is a directory, not a lesson file"], None
    except (OSError, UnicodeDecodeError) as e:
        return [f"cannot be read: {e.strerror if isinstance(e, OSError) and e.strerror else e}"], None
    except ShoalError as e:
        return [str(e)], None


def counted(n: int, thing: str) -> str:
    """Says "1 step" but "2 steps" (a lesson may have one step)."""
    return f"{n} {thing}{'' if n == 1 else 's'}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m shoal.lessons",
        description="Check hand-written Shoal lessons with the same checks the build and the page's engine make.",
        epilog=USAGE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("files", nargs="+", metavar="LESSON.json", help="lesson files to check")
    parser.add_argument("--all", action="store_true", help="list every problem of a lesson, not only the first")
    args = parser.parse_args(argv)
    bad = 0
    for name in args.files:
        path = Path(name)
        found, compiled = problems_of(path, args.all)
        if compiled is not None:
            asked = sum(1 for s in compiled["steps"] if s["question"])
            print(f"{path}: ok ({counted(len(compiled['steps']), 'step')}, {counted(asked, 'question')})")
            continue
        bad += 1
        for line in found:
            print(f"{path}: {line}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
