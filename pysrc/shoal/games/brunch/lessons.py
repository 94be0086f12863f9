"""Aqua Brunch's part of lessons (``Game.lesson_conditions``, ``Game.view_points``): they read only the views."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shoal.core import Action, View
from shoal.core.condition import Condition

if TYPE_CHECKING:  # pragma: no cover
    from shoal.lessons.conditions import Asked


def view_points(view: View, seat: int) -> int:
    """Every seat's food points are on the table."""
    return view["table"]["seats"][seat]["points"]


def strongest_hand(asked: Asked, action: Action, params: dict[str, Any]) -> bool:
    """Passing this card keeps the strongest two cards the seat could keep (a pass question)."""
    if action.get("type") != "pass":
        return False
    kept = dict((card, s) for card, s in asked.view["table"]["keeps"] or [])
    return action["card"] in kept and kept[action["card"]] == max(kept.values())


CONDITIONS = {
    "strongest_hand": Condition(strongest_hand, "Passing this card keeps the strongest two cards the seat could keep.")
}
