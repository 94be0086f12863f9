"""The museum's part of lessons (``Game.lesson_conditions``, ``Game.view_points``): each reads only the seat's views."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shoal.core import Action, View
from shoal.core.condition import Condition, Param

from .data import AXES

if TYPE_CHECKING:  # pragma: no cover
    from shoal.lessons.conditions import Asked


def view_points(view: View, seat: int) -> int:
    """The lines and lily-pad runs the seat can be sure of (a line with a face-down card it did not place is not
    counted)."""
    return view["table"]["running"][seat]


def makes_line_score(asked: Asked, action: Action, params: dict[str, Any]) -> bool:
    """The placed card's line along the seat's axis (or the ``line`` given) surely scores, at least ``points``
    (default 1): the seat knows every card in it (face up, or face down and placed by the seat) and they total 10–20."""
    if action.get("type") != "place":
        return False
    axis = params.get("axis", AXES[asked.seat])
    if axis not in AXES:
        return False
    coord = params.get("line", action["y"] if axis == "row" else action["x"])
    lines = asked.after(action)["table"]["lines"][axis]
    line = next((ln for ln in lines if ln["coord"] == coord), None)
    return line is not None and line["status"] == "scores" and line["points"] >= params.get("points", 1)


CONDITIONS = {
    "makes_line_score": Condition(
        makes_line_score,
        "The placed card's line surely scores: the seat knows every card in it and they total 10 to 20.",
        {
            "line": Param("int", "the line's coordinate (a row's y, a column's x); by default the placed card's"),
            "axis": Param("str", "which lines count; by default the seat's own (row player: rows)", choices=AXES),
            "points": Param("int", "the least the line must score", default=1),
        },
    ),
}
