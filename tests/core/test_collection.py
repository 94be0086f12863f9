"""Every test file is collected by the README's test command (pytest silently skips folders named build, dist, …)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_test_file_is_collected():
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    collected = {line.split(":")[0] for line in run.stdout.splitlines() if line.startswith("tests/")}
    on_disk = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("test_*.py")}
    assert on_disk - collected == set(), run.stdout[-2000:]
