"""Check lesson files: ``python3 -m shoal.lessons web/lessons/*.json`` prints each problem, naming step and field.

Exit status 1 if any lesson is malformed or cannot be read (the same checks the build makes). Every problem is one
line: a missing file, a directory, text too deep or too large for the engine's limits, bad JSON, a bad lesson.
"""

from __future__ import annotations

import sys
from pathlib import Path

from shoal.core import ShoalError
from shoal.core.limits import MAX_TEXT

from . import compile_lesson


def read(path: Path) -> str:
    """The file's text, at most a character past :data:`MAX_TEXT` (the limits then refuse it without reading more)."""
    with path.open(encoding="utf-8") as f:
        return f.read(MAX_TEXT + 1)


def main(paths: list[str]) -> int:
    bad = 0
    for name in paths:
        path = Path(name)
        try:
            text = read(path)
            if len(text) > MAX_TEXT:
                raise ShoalError(f"lesson too large (over {MAX_TEXT} characters)")
            compiled = compile_lesson(text, path.stem)
        except FileNotFoundError:
            problem = "no such file"
        except IsADirectoryError:
            problem = "is a directory, not a lesson file"
        except (OSError, UnicodeDecodeError) as e:
            problem = f"cannot be read: {e.strerror if isinstance(e, OSError) and e.strerror else e}"
        except ShoalError as e:
            problem = str(e)
        else:
            asked = sum(1 for s in compiled["steps"] if s["question"])
            print(f"{path}: ok ({len(compiled['steps'])} steps, {asked} question{'s' if asked != 1 else ''})")
            continue
        bad += 1
        print(f"{path}: {problem}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
