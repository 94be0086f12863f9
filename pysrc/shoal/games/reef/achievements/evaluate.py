"""A finished match → which Scenario, Challenges and Modification each player completed, and why.

Pure functions over plain data (see ``docs/achievements.md``):

* :func:`evaluate_position` — a hand-built finished position (the board format of ``scoring.score_position``);
* :func:`evaluate_record` — a match record, replayed;
* :func:`evaluate_state` — the engine's own state (used by the outcome);
* :func:`evaluate` — any of a :class:`~shoal.core.Match`, a record or a position.
"""

from __future__ import annotations

from typing import Any

from ..board import Board
from ..scoring import position_parts, reef_colours_of
from .checks import KINDS, MatchFacts, SeatFacts, match_facts
from .modifications import rules_for
from .tables import CHALLENGES, Modification, Scenario, modification_of, scenario_of


def scenario_result(scenario: Scenario, f: SeatFacts, m: MatchFacts) -> dict[str, Any]:
    """Minimum score and objective, each with its reason."""
    score_ok = f.total >= scenario.min_score
    reasons = [f"Total score: {f.total} ({scenario.min_score}+ needed)"]
    objective_ok = True
    if scenario.kind is not None:
        objective_ok, why = KINDS[scenario.kind](f, m, scenario.param)
        reasons.append(f"Objective — {scenario.objective}: " + why)
    else:
        reasons.append("No objective")
    return {
        "id": scenario.id,
        "letter": scenario.letter,
        "title": f"Scenario {scenario.letter}",
        "min_score": scenario.min_score,
        "objective": scenario.objective,
        "score_met": score_ok,
        "objective_met": objective_ok,
        "completed": score_ok and objective_ok,
        "reasons": reasons,
    }


def modification_result(mod: Modification) -> dict[str, Any]:
    """Every player who plays a match to its end under a Modification completes it."""
    return {
        "id": mod.id,
        "number": mod.number,
        "title": f"Modification {mod.number}",
        "text": mod.text,
        "completed": True,
        "reasons": [f"Played to the end with Modification {mod.number}: {mod.short}"],
    }


def challenge_results(f: SeatFacts, m: MatchFacts) -> list[dict[str, Any]]:
    out = []
    for c in CHALLENGES.values():
        applies = c.solo or m.players > 1
        if applies:
            met, why = KINDS[c.kind](f, m, c.param)
        else:
            met, why = False, "Not in a solo game"
        out.append(
            {
                "id": c.id,
                "number": c.number,
                "title": f"Challenge {c.number}",
                "text": c.text,
                "applies": applies,
                "completed": met,
                "reason": why,
            }
        )
    return out


def evaluate_facts(m: MatchFacts, options: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat's achievements from scored facts and the match options."""
    scenario = scenario_of(options)
    mod = modification_of(options)
    out = []
    for f in m.seats:
        sc = scenario_result(scenario, f, m) if scenario else None
        md = modification_result(mod) if mod else None
        challenges = challenge_results(f, m)
        chosen_from = [c["id"] for c in challenges if c["completed"]]
        completed = ([sc["id"]] if sc and sc["completed"] else []) + ([md["id"]] if md else []) + chosen_from
        out.append(
            {
                "seat": f.seat,
                "score": f.total,
                "won": m.winner == f.seat,
                "scenario": sc,
                "modification": md,
                "challenges": challenges,
                "completed": completed,
                "choose_one": chosen_from,
            }
        )
    return out


def evaluate_boards(
    boards: list[Board],
    line: list[tuple[int, str]],
    options: dict[str, Any],
    turn_order: list[int] | None = None,
    reef_colours: list[str | None] | None = None,
) -> list[dict[str, Any]]:
    rules = rules_for(options)
    facts = match_facts(boards, line, rules, turn_order or list(range(len(boards))), reef_colours)
    return evaluate_facts(facts, options)


def evaluate_position(position: dict[str, Any]) -> list[dict[str, Any]]:
    """A finished position built by hand → each seat's achievements.

    ``position`` is ``scoring.score_position``'s format plus the match options and the final round's turn order::

        {"variant": "core", "scenario": "A", "modification": "none",
         "ecosystems": [[1, "crab"], ...], "boards": [...], "turn_order": [1, 0]}

    A named Scenario must come with its own Ecosystems in its order (natives as you like).
    """
    boards, line, _ = position_parts(position)
    scenario = scenario_of(position)
    if scenario is not None and tuple(n for n, _ in line) != scenario.ecosystems:
        raise ValueError(
            f"Scenario {scenario.letter} is played on Ecosystems {list(scenario.ecosystems)}, "
            f"not {[n for n, _ in line]}"
        )
    return evaluate_boards(boards, line, position, position.get("turn_order"), reef_colours_of(position))


def evaluate_state(s) -> list[dict[str, Any]]:
    """The engine's finished (or current) state → each seat's achievements (the outcome calls this)."""
    return evaluate_boards(s.boards, s.line, s.options, s.last_order or list(range(s.players)), s.reef_colours)


def evaluate_record(record: dict[str, Any]) -> list[dict[str, Any]]:
    """A finished match record (``Match.record()``) → each seat's achievements. Raises if it is not finished."""
    import shoal  # here, not at the top: the package imports every game, this one included

    match = shoal.replay(record)
    if not match.is_over():
        raise ValueError("the match of this record is not finished")
    return evaluate_state(match.state)


def evaluate(finished: Any) -> list[dict[str, Any]]:
    """A finished :class:`~shoal.core.Match`, its record, or a hand-built position → each seat's achievements."""
    if hasattr(finished, "state") and hasattr(finished, "is_over"):
        if not finished.is_over():
            raise ValueError("the match is not finished")
        return evaluate_state(finished.state)
    if isinstance(finished, dict) and "actions" in finished:
        return evaluate_record(finished)
    if isinstance(finished, dict) and "boards" in finished:
        return evaluate_position(finished)
    raise TypeError("evaluate() takes a finished Match, a match record or a position with boards")
