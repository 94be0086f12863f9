"""The build ships a memory snapshot of its own Python with every engine module already imported, so a page restores it
instead of booting Python and importing them."""

from __future__ import annotations

import json
import pkgutil

import shoal
from tests.sitebuild.pyodide import on_pyodide

PROGRAM = """
import json, sys, shoal
print(json.dumps({"stamp": shoal._snapshot_stamp, "modules": sorted(m for m in sys.modules if m.startswith("shoal"))}))
"""


def test_the_snapshot_is_of_this_build_and_holds_every_engine_module(site_dir):
    restored = on_pyodide(site_dir, PROGRAM, snapshot=True)
    assert restored["stamp"] == json.loads((site_dir / "build-info.json").read_text())["stamp"]
    # Files unpacked before a snapshot are not in it: a module left out could never be imported after a restore.
    expected = {"shoal"} | {
        m.name for m in pkgutil.walk_packages(shoal.__path__, "shoal.") if not m.name.endswith("__main__")
    }
    assert expected - set(restored["modules"]) == set()
