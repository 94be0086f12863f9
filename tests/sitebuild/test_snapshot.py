"""The build ships a memory snapshot of its own Python with every engine module already imported, so a page restores it
instead of booting Python and importing them."""

from __future__ import annotations

import json
import pkgutil
import subprocess
from pathlib import Path

import shoal

PROGRAM = """
import json, sys, shoal
print(json.dumps({"stamp": shoal._snapshot_stamp, "modules": sorted(m for m in sys.modules if m.startswith("shoal"))}))
"""


def test_the_snapshot_is_of_this_build_and_holds_every_engine_module(site_dir):
    node = subprocess.run(
        ["node", str(Path(__file__).with_name("run_in_pyodide.mjs")), str(site_dir), "--snapshot"],
        input=PROGRAM,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    restored = json.loads(node.stdout.strip().splitlines()[-1])
    assert restored["stamp"] == json.loads((site_dir / "build-info.json").read_text())["stamp"]
    # Files unpacked before a snapshot are not in it: a module left out could never be imported after a restore.
    expected = {"shoal"} | {
        m.name for m in pkgutil.walk_packages(shoal.__path__, "shoal.") if not m.name.endswith("__main__")
    }
    assert expected - set(restored["modules"]) == set()
