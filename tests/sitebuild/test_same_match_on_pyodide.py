"""One record gives one match, on CPython and on Pyodide alike: the same seeded playouts, run in the shipped runtime
under Node and here, end in identical records, outcomes and views for every game and player count."""

from __future__ import annotations

import pytest

from tests.sitebuild.pyodide import on_cpython, on_pyodide

PLAYOUTS = """
import hashlib, json, sys
import shoal
from shoal.core import Rng

out = {"python": sys.version.split()[0]}
for gid, game in shoal.GAMES.items():
    for n in range(game.min_players, game.max_players + 1):
        match = shoal.new_match(gid, n, seed=7 * n + 1)
        rng = Rng(n, 3)
        while not match.is_over():
            seat = rng.choice(match.to_act())
            match.play(seat, rng.choice(match.legal_actions(seat)))
        seen = [match.record(), match.outcome(), [match.view(s) for s in [None, *range(n)]]]
        out[f"{gid}/{n}"] = hashlib.sha256(json.dumps(seen, sort_keys=True).encode()).hexdigest()
print(json.dumps(out))
"""


@pytest.mark.parametrize("boot", ["plain", "snapshot"])
def test_seeded_playouts_are_identical_on_pyodide_and_cpython(site_dir, boot):
    """Also in Python restored from the build's memory snapshot: the page's fast boot is the same engine."""
    pyodide = on_pyodide(site_dir, PLAYOUTS, snapshot=boot == "snapshot")
    here = on_cpython(PLAYOUTS)
    assert pyodide.pop("python").startswith("3.14"), "the shipped runtime is Pyodide's Python"
    here.pop("python")
    assert pyodide == here


LEVEL_CHOICES = """
import json, sys
import shoal
from shoal.core import Rng

out = {"python": sys.version.split()[0]}
for gid, game in shoal.GAMES.items():
    levels = [b for b in ("beginner", "easy", "normal", "hard") if b in game.bots]
    n = max(game.min_players, 2) if game.max_players > 1 else 1
    match = shoal.new_match(gid, n, seed=11)
    rng = Rng(11, 4)
    chosen = []
    for ply in range(40):
        if match.is_over():
            break
        seat = match.to_act()[0]
        if ply % 5 == 4 and len(match.legal_actions(seat)) > 1:
            chosen.append([match.bot_action(seat, level, budget=30) for level in levels])
        match.play(seat, rng.choice(match.legal_actions(seat)))
    out[gid] = chosen
print(json.dumps(out))
"""


def test_every_level_chooses_the_same_move_on_pyodide_and_cpython(site_dir):
    """Budgets count iterations or nodes, not wall-clock time, so the same view and seed give the same move on
    CPython and in the browser (here under the shipped runtime in Node). Every level, a capped budget, at several
    positions of every game."""
    pyodide = on_pyodide(site_dir, LEVEL_CHOICES, timeout=600)
    here = on_cpython(LEVEL_CHOICES)
    assert pyodide.pop("python").startswith("3.14")
    here.pop("python")
    assert here["museum"] and here["brunch"], "positions with choices were searched"
    assert pyodide == here
