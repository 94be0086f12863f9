"""docs/analysis.md publishes the thresholds and the default budgets: they are the ones the code uses."""

from __future__ import annotations

import re
from pathlib import Path

import shoal
from shoal.bots.analysis import CHANCES, POINTS, SEAT_PLAYOUTS, THRESHOLDS, budget_for

DOC = (Path(__file__).resolve().parents[2] / "docs" / "analysis.md").read_text()


def test_the_published_thresholds_are_the_ones_that_mark():
    table = re.findall(r"^\| (inaccuracy|mistake|blunder) \| ≥ ([\d.]+) \| ≥ ([\d.]+) \|$", DOC, re.M)
    rows = {name: (float(win), float(points)) for name, win, points in table}
    assert set(rows) == {"inaccuracy", "mistake", "blunder"}
    for name, at_least in THRESHOLDS[CHANCES]:
        assert rows[name][0] == at_least
    for name, at_least in THRESHOLDS[POINTS]:
        assert rows[name][1] == at_least


def test_the_published_default_budgets_are_the_ones_used():
    text = " ".join(DOC[DOC.index("## Budgets") :].split("\n\n")[0].split())
    names = {"museum": "museum", "brunch": "Brunch", "aquarena": "Aquarena", "reef": "AQUA"}
    for game_id, per_seat in SEAT_PLAYOUTS.items():
        assert f"{names[game_id]} {per_seat:,}" in text, game_id
    assert "1,600 a decision" in text and budget_for(shoal.GAMES["museum"], 2) == 1600
    assert "800 at three players" in text and budget_for(shoal.GAMES["brunch"], 3) == 800
    assert "120 at two" in text and budget_for(shoal.GAMES["reef"], 2) == 120
    assert "30 at four" in text and budget_for(shoal.GAMES["reef"], 4) == 30
