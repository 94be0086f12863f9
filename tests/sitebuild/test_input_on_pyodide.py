"""The worker never dies on input, in the runtime the site ships: deep JSON reaching Python's parser overflows
Pyodide's stack, a fatal error after which nothing is answered (a lesson sent as a string nested 5,000 deep did it).
Under Node, the shipped Pyodide answers every such request with a short error and goes on answering."""

from __future__ import annotations

import pytest

from tests.sitebuild.pyodide import on_pyodide

PROGRAM = """
import json
from shoal import bridge

deep = "[" * 5000 + "]" * 5000
asked = {
    "lesson string": json.dumps({"cmd": "lesson_answer", "lesson": deep, "step": 0, "action": {}}),
    "request": "[" * 200000 + "]" * 200000,
    "record": '{"cmd": "load", "record": ' + deep + "}",
    "lesson object": '{"cmd": "lesson_answer", "step": 0, "lesson": ' + '{"a":' * 3000 + "1" + "}" * 3000 + "}",
    "escaped quotes": '"' + '\\\\"' * 400000,
}
out = {name: json.loads(bridge.handle(text)) for name, text in asked.items()}
out["afterwards"] = json.loads(bridge.handle(json.dumps({"cmd": "new", "game": "museum", "players": 2, "seed": 1,
                                                         "viewer": 0})))["ok"]
print(json.dumps(out))
"""


@pytest.mark.parametrize("boot", ["plain", "snapshot"])
def test_deep_input_is_answered_and_the_shipped_runtime_goes_on(site_dir, boot):
    out = on_pyodide(site_dir, PROGRAM, snapshot=boot == "snapshot")
    assert out.pop("afterwards") is True, "the runtime still answers"
    assert out == {
        "lesson string": {"ok": False, "error": "lesson nested more than 40 deep"},
        "request": {"ok": False, "error": "request nested more than 40 deep"},
        "record": {"ok": False, "error": "request nested more than 40 deep"},
        "lesson object": {"ok": False, "error": "request nested more than 40 deep"},
        "escaped quotes": out["escaped quotes"],
    }
    assert out["escaped quotes"]["ok"] is False and "not JSON" in out["escaped quotes"]["error"]
