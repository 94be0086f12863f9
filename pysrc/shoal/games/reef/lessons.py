"""AQUA's part of lessons (``Game.lesson_conditions``, ``Game.view_points``): each reads only the seat's views."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shoal.core import Action, View

if TYPE_CHECKING:  # pragma: no cover
    from shoal.lessons.conditions import Asked


def view_points(view: View, seat: int) -> int:
    """The live score of the seat's reef; every reef is public."""
    return view["table"]["boards"][seat]["total"]


def forms_habitat(asked: Asked, action: Action, params: dict[str, Any]) -> bool:
    """Laying this tile creates a Habitat (of ``colour``, one of RYGBPK, if given)."""
    if action.get("type") != "place":
        return False
    before = {tuple(h["at"]) for h in asked.view["table"]["boards"][asked.seat]["habitats"]}
    new = [h for h in asked.after(action)["table"]["boards"][asked.seat]["habitats"] if tuple(h["at"]) not in before]
    if "colour" in params:
        return any(h["colour"] == params["colour"] for h in new)
    return bool(new)


CONDITIONS = {"forms_habitat": (forms_habitat, {"colour": (str, False)})}
