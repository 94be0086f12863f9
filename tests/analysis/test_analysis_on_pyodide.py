"""The same record gives the same analysis, and the same position the same hint, on CPython and in the shipped
runtime (the built site's Pyodide under Node): a budget counts playouts, the generator comes from the view, and the
arithmetic is the same on every platform."""

from __future__ import annotations

import json

from tests.sitebuild.pyodide import on_cpython, on_pyodide

from .helpers import record

PROGRAM = """
import json, sys
import shoal
from shoal import analysis, bridge

out = {"python": sys.version.split()[0]}
for key, rec in RECORDS:
    session = analysis.Session(rec, seats=[0], budget=12)
    while not session.over:
        session.advance(lambda: True)
    out[key] = {"decisions": session.results, "summary": session.summary()}
    bridge._matches["h"] = shoal.replay(rec)
    seat = bridge._matches["h"].to_act()[0]
    out[key]["hint"] = bridge.handle(json.dumps({"cmd": "hint", "match": "h", "seat": seat, "budget": 12}))
print(json.dumps(out))
"""


def test_the_same_record_gives_the_same_analysis_and_hint_on_pyodide_and_cpython(site_dir):
    records = [
        (f"{gid}/{n}", record(gid, n, seed=3, plies=plies))
        for gid, n, plies in [("museum", 2, 9), ("brunch", 3, 14), ("aquarena", 2, 10), ("reef", 2, 5), ("reef", 1, 3)]
    ]
    program = f"RECORDS = json.loads({json.dumps(json.dumps(records))})\n" + PROGRAM
    program = "import json\n" + program
    pyodide = on_pyodide(site_dir, program, timeout=600)
    here = on_cpython(program)
    assert pyodide.pop("python").startswith("3.14"), "the shipped runtime is Pyodide's Python"
    here.pop("python")
    assert all(here[key]["decisions"] for key in here), "every record had decisions to judge"
    assert pyodide == here
