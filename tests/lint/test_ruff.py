"""The Python linter and formatter: Ruff (configured in pyproject.toml's [tool.ruff], pinned by the test extra and
installed by build_scripts/test.sh) finds nothing in the tree, and every Python file is formatted as Ruff writes it."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def ruff(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Ruff from the repository root, so pyproject.toml's settings apply; no cache is written into the tree."""
    assert importlib.util.find_spec("ruff"), "Ruff is not installed: build_scripts/test.sh installs the test extra"
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args, "--no-cache"],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_ruff_check_finds_nothing_in_the_tree():
    run = ruff("check", ".", "--output-format", "concise")
    assert run.returncode == 0, f"ruff check found:\n{run.stdout}{run.stderr}"


def test_every_python_file_is_formatted_as_ruff_format_writes_it():
    run = ruff("format", "--check", ".")
    assert run.returncode == 0, f"not formatted (run `ruff format .`):\n{run.stdout}{run.stderr}"
    assert "already formatted" in run.stdout, run.stdout  # the check looked at files, not at an empty selection


def test_ruff_check_reports_a_line_over_120_characters_and_an_unused_import():
    """The check can fail, and with this tree's settings: a line of 121 characters is too long, one of 120 is not."""
    fine = "x = " + '"' + "a" * 114 + '"\n'
    long = "y = " + '"' + "a" * 115 + '"\n'
    assert len(fine) == 121 and len(long) == 122  # 120 and 121 characters before the newline
    source = "import os\n\n" + fine + long
    run = ruff("check", "--output-format", "concise", "--stdin-filename", "pysrc/shoal/probe.py", "-", stdin=source)
    assert run.returncode == 1, run.stdout + run.stderr
    found = [line for line in run.stdout.splitlines() if "probe.py:" in line]
    assert {line.split(" ")[1] for line in found} == {"F401", "E501"}, run.stdout
    assert [line.split(":")[1] for line in found if " E501 " in line] == ["4"], run.stdout


def test_ruff_format_check_reports_a_file_it_would_rewrite():
    run = ruff("format", "--check", "--stdin-filename", "tests/probe.py", "-", stdin="x = {'a':1}\n")
    assert run.returncode == 1, run.stdout + run.stderr
    assert ruff("format", "--check", "--stdin-filename", "tests/probe.py", "-", stdin='x = {"a": 1}\n').returncode == 0
