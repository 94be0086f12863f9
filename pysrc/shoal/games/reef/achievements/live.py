"""What the table shows during play: the Scenario (its Ecosystems, minimum score, objective) and the Modification,
with each player's standing so far — the same checks as at the end, run on the current reefs."""

from __future__ import annotations

from typing import Any

from .checks import match_facts
from .evaluate import modification_result, scenario_result
from .tables import modification_of, scenario_of


def live(s) -> dict[str, Any]:
    """``{"scenario": {...} | None, "modification": {...} | None}`` for the view of state ``s``."""
    scenario = scenario_of(s.options)
    mod = modification_of(s.options)
    out: dict[str, Any] = {"scenario": None, "modification": None}
    if mod is not None:
        md = modification_result(mod)
        out["modification"] = {
            "id": md["id"],
            "number": mod.number,
            "title": md["title"],
            "text": mod.text,
            "short": mod.short,
        }
    if scenario is not None:
        m = match_facts(s.boards, s.line, s.rules, s.last_order or list(range(s.players)), s.reef_colours)
        standing = []
        for f in m.seats:
            r = scenario_result(scenario, f, m)
            standing.append(
                {
                    "seat": f.seat,
                    "score": f.total,
                    "score_met": r["score_met"],
                    "objective_met": r["objective_met"],
                    "reasons": r["reasons"],
                }
            )
        out["scenario"] = {
            "id": scenario.id,
            "letter": scenario.letter,
            "title": f"Scenario {scenario.letter}",
            "ecosystems": list(scenario.ecosystems),
            "min_score": scenario.min_score,
            "objective": scenario.objective,
            "so_far": standing,
        }
    return out
