"""The JavaScript linter: ESLint (tests/eslint/eslint.config.mjs, pinned by its lock file and installed by
build_scripts/test.sh) finds nothing in any JavaScript file of the tree. It runs offline once installed."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
ESLINT = HERE / "node_modules" / "eslint" / "bin" / "eslint.js"
CONFIG = HERE / "eslint.config.mjs"
# Every folder that holds JavaScript: the site, the teaching example, the build's Node scripts, the tests' helpers.
TARGETS = ["web", "examples", "build_scripts", "tests"]


def eslint(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    assert ESLINT.exists(), "ESLint is not installed: build_scripts/test.sh installs tests/eslint's pinned packages"
    return subprocess.run(
        ["node", str(ESLINT), "--config", str(CONFIG), *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_eslint_finds_nothing_in_the_trees_javascript():
    run = eslint("--format", "json", "--max-warnings", "0", "--no-error-on-unmatched-pattern", *TARGETS)
    assert run.stdout.strip(), run.stderr
    results = json.loads(run.stdout)
    findings = [
        f"{Path(r['filePath']).relative_to(ROOT)}:{m.get('line')}: {m['message']} ({m.get('ruleId')})"
        for r in results
        for m in r["messages"]
    ]
    assert not findings, "\n".join(findings)
    assert run.returncode == 0, run.stderr
    linted = {Path(r["filePath"]).relative_to(ROOT).as_posix() for r in results}
    assert {"web/app.js", "web/match.js", "web/games/reef/board.js", "web/sw.js", "tests/e2e/probe.js"} <= linted


def test_eslint_reports_a_line_over_120_characters():
    """The check can fail: a long line and an unused name in a file of web/ are findings."""
    source = "const unused = 1;\nexport const long = " + '"' + "x" * 120 + '";\n'
    run = eslint("--format", "json", "--stdin", "--stdin-filename", "web/probe.js", stdin=source)
    rules = {m["ruleId"] for r in json.loads(run.stdout) for m in r["messages"]}
    assert rules == {"max-len", "no-unused-vars"}, run.stdout
