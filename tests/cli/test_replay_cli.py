"""``python -m shoal replay record.json`` writes the compiled replay a page paints without Python; ``--check`` reads
one back whole; every refusal is one line and exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from shoal import replays
from tests.core.test_compiled_replay import finished

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "pysrc")}
    return subprocess.run([sys.executable, "-m", "shoal", *args], capture_output=True, text=True, env=env, timeout=120)


def test_a_record_compiles_to_the_file_the_module_writes(tmp_path):
    record = {**finished("museum", 2, 3), "names": ["Ana", "Ben"]}
    (tmp_path / "game.json").write_text(json.dumps(record))
    out = _cli("replay", str(tmp_path / "game.json"), "--out", str(tmp_path / "page.json"))
    assert out.returncode == 0, out.stderr
    assert json.loads((tmp_path / "page.json").read_text()) == json.loads(replays.dumps(replays.compile_replay(record)))
    assert "page.json" in out.stderr and "bytes" in out.stderr
    to_stdout = _cli("replay", str(tmp_path / "game.json"))
    assert to_stdout.returncode == 0 and json.loads(to_stdout.stdout)["format"] == "shoal-replay"
    check = _cli("replay", "--check", str(tmp_path / "page.json"))
    assert check.returncode == 0 and "ok (museum, " in check.stdout


def test_a_compiled_replay_given_is_compiled_again_from_its_record(tmp_path):
    compiled = replays.compile_replay(finished("museum", 2, 5))
    (tmp_path / "old.json").write_text(json.dumps({**compiled, "steps": compiled["steps"][:2]}))
    out = _cli("replay", str(tmp_path / "old.json"))
    assert out.returncode == 0 and json.loads(out.stdout) == json.loads(json.dumps(compiled))


def test_refusals_are_one_line_and_exit_2(tmp_path):
    record = finished("museum", 2, 3)
    bad_record = {**record, "actions": [[0, {"nonsense": 1}]]}
    compiled = replays.compile_replay(record)
    compiled["steps"][1]["view"]["table"]["hand"] = [{"id": 1, "code": "W1"}]
    files = {"bad.json": json.dumps(bad_record), "notjson.json": "{", "edited.json": json.dumps(compiled)}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    cases = [
        (["replay", str(tmp_path / "missing.json")], "cannot read"),
        (["replay", str(tmp_path / "notjson.json")], "cannot read"),
        (["replay", str(tmp_path / "bad.json")], "not a playable record"),
        (["replay", "--check", str(tmp_path / "edited.json")], "step 1 is not what its record shows"),
        (["replay", "--check", str(tmp_path / "bad.json")], "not a compiled replay"),
    ]
    for args, says in cases:
        out = _cli(*args)
        assert out.returncode == 2, args
        assert says in out.stderr and len(out.stderr.strip().splitlines()) == 1 and not out.stdout, (args, out.stderr)


def test_help_says_what_the_file_is_for():
    out = _cli("replay", "--help")
    assert out.returncode == 0 and "without starting Python" in out.stdout and "--check" in out.stdout
