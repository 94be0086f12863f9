"""The Python examples in the teacher-facing docs run as written."""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_embedding_doc_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", (DOCS / "embedding.md").read_text(), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/embedding.md", "exec"), {})


def test_embedding_doc_names_functions_that_exist():
    import importlib

    text = (DOCS / "embedding.md").read_text()
    for dotted in re.findall(r"`(shoal\.games\.[\w.]+)\(", text):
        module, _, name = dotted.rpartition(".")
        assert hasattr(importlib.import_module(module), name), dotted
