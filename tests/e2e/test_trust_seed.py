"""Seeds on the page: drawn with crypto.getRandomValues over 0..2^53-1, typed seeds checked (web/seed.js, run in
Node, which has the same Web Crypto API)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

SEED_JS = Path(__file__).resolve().parents[2] / "web" / "seed.js"


def run(script: str):
    code = f"import {{ newSeed, parseSeed, MAX_SEED }} from {json.dumps(SEED_JS.as_uri())};\n{script}"
    out = subprocess.run(["node", "--input-type=module", "-e", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_new_seeds_cover_the_whole_safe_range():
    """Seeds are drawn from crypto.getRandomValues over the whole safe range, not a small one."""
    seeds = run("console.log(JSON.stringify([MAX_SEED, Array.from({length: 2000}, newSeed)]))")
    top, drawn = seeds
    assert top == 2**53 - 1
    assert all(isinstance(s, int) and 0 <= s <= top for s in drawn)
    assert len(set(drawn)) == len(drawn)
    assert max(drawn) > 2**52 and sum(s > 2**50 for s in drawn) > 1500  # not a small range: 53 random bits
    assert {s % 2 for s in drawn} == {0, 1}


def test_typed_seeds_outside_0_to_2_53_minus_1_are_refused_with_a_message():
    """Seeds outside 0..2^53-1 are refused with a clear message, in Python and in the page."""
    results = run("""
      const out = {};
      for (const t of ["", "  ", "0", " 42 ", "007", "9007199254740991", "9007199254740992", "-1", "1e5", "abc",
                       "1.5", "0x10", "99999999999999999999999"]) {
        try { out[t] = parseSeed(t); } catch (e) { out[t] = "refused: " + e.message; }
      }
      console.log(JSON.stringify(out));""")
    assert results[""] is None and results["  "] is None  # empty: a fresh crypto seed
    assert results["0"] == 0 and results[" 42 "] == 42 and results["007"] == 7
    assert results["9007199254740991"] == 2**53 - 1
    for bad in ["9007199254740992", "-1", "1e5", "abc", "1.5", "0x10", "99999999999999999999999"]:
        assert results[bad].startswith("refused: the seed must"), (bad, results[bad])
        assert "9007199254740991" in results[bad]
