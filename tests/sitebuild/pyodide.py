"""Run a Python program in the Pyodide the site ships (under Node, through run_in_pyodide.mjs) and here, so a test can
compare the two runtimes on the same program. The program prints one JSON object as its last line."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

RUNNER = Path(__file__).with_name("run_in_pyodide.mjs")


def on_pyodide(site_dir: Path, program: str, snapshot: bool = False, timeout: int = 300) -> dict[str, Any]:
    """The object the program prints last, run by the built site's Pyodide (restored from its snapshot if asked)."""
    node = subprocess.run(
        ["node", str(RUNNER), str(site_dir), *(["--snapshot"] if snapshot else [])],
        input=program,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=True,
    )
    return json.loads(node.stdout.strip().splitlines()[-1])


def on_cpython(program: str) -> dict[str, Any]:
    """The object the same program prints, run here (its last line must be ``print(json.dumps(out))``)."""
    here: dict[str, Any] = {}
    exec(program.replace("print(json.dumps(out))", "here.update(out)"), {"here": here})
    return here
