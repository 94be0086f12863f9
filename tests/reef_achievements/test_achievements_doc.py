"""docs/achievements.md documents the pure function "a finished match → achievements" for teaching pages: run its
Python examples as written."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "achievements.md"


def test_the_achievements_page_examples_run_as_written():
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    assert len(blocks) == 2
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, DOC.name, str(DOC), 0)
    assert len(test.examples) >= 10
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) in {DOC.name} give other output"
