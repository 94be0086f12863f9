"""Check lesson files: ``python3 -m shoal.lessons web/lessons/*.json`` prints each problem, naming step and field.

Exit status 1 if any lesson is malformed (the same checks the build makes).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import LessonError, compile_lesson


def main(paths: list[str]) -> int:
    bad = 0
    for name in paths:
        path = Path(name)
        try:
            compiled = compile_lesson(json.loads(path.read_text()), path.stem)
        except (ValueError, LessonError) as e:
            bad += 1
            print(f"{path}: {e}")
            continue
        asked = sum(1 for s in compiled["steps"] if s["question"])
        print(f"{path}: ok ({len(compiled['steps'])} steps, {asked} question{'s' if asked != 1 else ''})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
