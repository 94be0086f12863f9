"""docs/museum-scoring.md promises "a runnable example a teaching page can call": run its Python examples."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "museum-scoring.md"


def test_the_scoring_page_examples_run_as_written():
    """Issue brief: the pure scoring function is "documented in docs/museum-scoring.md with a runnable example"."""
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    assert blocks, "the page has Python examples"
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "museum-scoring.md", str(DOC), 0)
    assert len(test.examples) >= 8
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) in {DOC.name} give other output"
