""" "Try it yourself": whether a move tried at a marked decision of a record is accepted, and why.

The page never weighs values (docs/analysis.md): it hands back the analysis's decision for that move and the move the
reader tried, and shows the verdict. The verdict comes from the decision at once when it can (the better move; any
judged move within the inaccuracy threshold of the best; the move played, with its own loss), else from a judgement of
the tried move as if played there (:func:`shoal.analysis.attempt`), accepted when its loss earns no mark.

A verdict is ``{"accepted": bool, "reason": "best" | "close" | "played" | "judged", "loss", "mark", "unit"}``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .analysis import Judging, attempt
from .bots.analysis import THRESHOLDS, Judged, mark
from .bots.search import action_key
from .core import Action, ShoalError
from .core.errors import brief


def _number(x: Any) -> bool:
    return type(x) in (int, float) and math.isfinite(x)


def check_decision(decision: Any, ply: int, played: Action) -> dict[str, Any]:
    """The analysis's decision for move ``ply`` of the record, whose move was ``played``, or :class:`ShoalError`: a
    decision for another move, or one without the values a verdict reads, is refused rather than half-read."""
    why = None
    if not isinstance(decision, dict):
        why = "it must be the analysis's decision (a JSON object)"
    elif decision.get("ply") != ply:
        why = f"it is for move {brief(decision.get('ply'))}, not move {ply}"
    elif not isinstance(decision.get("played"), dict) or action_key(decision["played"]) != action_key(played):
        why = "its move played is not the record's"
    elif decision.get("unit") not in THRESHOLDS:
        why = f"its unit must be one of {', '.join(THRESHOLDS)}, got {brief(decision.get('unit'))}"
    elif not isinstance(decision.get("best"), dict):
        why = "it names no best move"
    elif not (_number(decision.get("loss")) and decision["loss"] >= 0):
        why = "its loss must be a number of at least 0"
    elif not isinstance(decision.get("moves"), list) or not all(_move(m, decision["unit"]) for m in decision["moves"]):
        why = "its moves must each be {action, points} (and chances, with rivals)"
    if why:
        raise ShoalError(f"that decision cannot be read: {why}")
    return decision


def _move(m: Any, unit: str) -> bool:
    return (
        isinstance(m, dict)
        and isinstance(m.get("action"), dict)
        and _number(m.get("points"))
        and (unit == "points" or _number(m.get("chances")))
    )


def _value(m: dict[str, Any], unit: str) -> float:
    """A judged move's value in ``unit``, read as the analysis reads its own (``Judged.value``)."""
    return Judged(m["action"], m.get("chances"), m.get("win"), m["points"], 0).value(unit)


def verdict(decision: dict[str, Any], action: Action, judged: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """Whether ``action``, tried instead of the move the ``decision`` judged, is accepted; None when the decision
    cannot tell and the move must be judged first (then ``judged``: its judgement as if played there).

    The one place the thresholds decide "Try it yourself": the better move is right; a judged move whose value is
    within the inaccuracy threshold of the best's is right (its gap would earn no mark); the move played keeps the
    analysis's mark; any other move is right when its own judgement's loss earns no mark."""
    unit = decision["unit"]
    tried = action_key(action)

    def said(accepted: bool, reason: str, loss: float, marked: str | None) -> dict[str, Any]:
        return {"accepted": accepted, "reason": reason, "loss": round(loss, 4), "mark": marked, "unit": unit}

    if tried == action_key(decision["best"]):
        return said(True, "best", 0.0, None)
    moves = decision["moves"]
    best = _value(moves[0], unit) if moves else None
    same = next((m for m in moves if action_key(m["action"]) == tried), None)
    if same is not None and best is not None:
        gap = max(0.0, best - _value(same, unit))
        if mark(round(gap, 4), unit) is None:
            return said(True, "close", gap, None)
    if tried == action_key(decision["played"]):
        marked = mark(round(decision["loss"], 4), unit)
        return said(marked is None, "played", decision["loss"], marked)
    if judged is None:
        return None
    return said(judged["mark"] is None, "judged", judged["loss"], judged["mark"])


class Trying:
    """A verdict found a little at a time (the bridge's ``try_move``): at once when the decision tells, else after
    the tried move's judgement (:class:`shoal.analysis.Judging`), however the work is cut."""

    def __init__(
        self, record: Any, ply: Any, action: Any, decision: Any, budget: int | None = None, seed: int = 0
    ) -> None:
        # attempt() refuses a bad record, move number or illegal move before anything is weighed.
        self._job: Judging = attempt(record, ply, action, budget, seed)
        self.decision = check_decision(decision, ply, record["actions"][ply - 1][1])  # the record's move there
        self.action: Action = action
        self.result = verdict(self.decision, action)
        self.progress = 1.0 if self.result is not None else 0.0

    def advance(self, stop: Callable[[], bool]) -> dict[str, Any] | None:
        if self.result is None:
            judged = self._job.advance(stop)
            self.progress = self._job.progress
            if judged is not None:
                self.result = verdict(self.decision, self.action, judged)
                self.progress = 1.0
        return self.result


__all__ = ["Trying", "check_decision", "verdict"]
