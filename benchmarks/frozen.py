"""Today's best bots, frozen from git history, so the strength table means the same thing after the bots change.

``git archive <commit> pysrc/shoal`` is unpacked into a temporary folder as the package ``shoal_<commit>``; its few
absolute ``shoal.`` imports are rewritten to that name (the package is otherwise relative), so the old rules and bots
load beside today's ``shoal`` without touching it. Bots named ``today-<name>`` (e.g. ``today-greedy``) come from there;
the tournament passes them today's views, as the old bots only read fields today's views still carry.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tarfile
import tempfile
from importlib import import_module
from pathlib import Path

COMMIT = "1faa418"
ROOT = Path(__file__).resolve().parents[1]
PREFIX = "today-"


def package(commit: str = COMMIT) -> str:
    """Unpack (once) and import the frozen package; returns its module name."""
    name = f"shoal_{commit}"
    home = Path(tempfile.gettempdir()) / f"shoal-frozen-{commit}"
    if not (home / name / "__init__.py").exists():
        blob = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit, "pysrc/shoal"], capture_output=True, check=True
        ).stdout
        staging = Path(tempfile.mkdtemp(prefix="shoal-frozen-"))
        with tarfile.open(fileobj=io.BytesIO(blob)) as tar:
            tar.extractall(staging, filter="data") if hasattr(tarfile, "data_filter") else tar.extractall(staging)
        src = staging / "pysrc" / "shoal"
        for py in src.rglob("*.py"):
            text = py.read_text()
            text = re.sub(r"\bfrom shoal([.\s])", rf"from {name}\1", text)
            text = re.sub(r"\bimport shoal\b", f"import {name}", text)
            py.write_text(text)
        home.mkdir(parents=True, exist_ok=True)
        target = home / name
        if not target.exists():
            src.rename(target)
    if str(home) not in sys.path:
        sys.path.insert(0, str(home))
    return import_module(name).__name__


def bot(game_id: str, name: str):
    """A tournament bot source: ``today-<bot>`` is that bot as it was at ``COMMIT``; other names are not ours."""
    if not name.startswith(PREFIX):
        return None
    frozen = sys.modules.get(f"shoal_{COMMIT}") or import_module(package())
    return frozen.GAMES[game_id].bots[name[len(PREFIX) :]]
