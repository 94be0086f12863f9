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


def test_embedding_doc_names_embed_api_members_that_exist():
    """docs/embedding.md shows Shoal.mount and the handle's methods; each it names is defined in embed.js."""
    text = (DOCS / "embedding.md").read_text()
    embed = (DOCS.parent / "web" / "embed.js").read_text()
    named = set(re.findall(r"\bShoal\.(\w+)\(", text)) | set(re.findall(r"\bboard\.(\w+)\(", text))
    named |= {
        m for m in re.findall(r"`(\w+)\(", text) if m in {"goTo", "next", "prev", "destroy", "on", "off", "mount"}
    }
    assert {"mount", "goTo", "next", "prev", "destroy", "on"} <= named
    for name in named:
        assert re.search(rf"^\s+(async )?{name}\(", embed, re.M), f"embed.js defines no {name}()"
    assert 'customElements.define("shoal-board"' in embed
    for attr in re.findall(r"<shoal-board ([^>]*)>", text):
        for key in re.findall(r"([\w-]+)=", attr):
            assert f'"{key}"' in embed, f"<shoal-board> attribute {key} is not read by embed.js"
