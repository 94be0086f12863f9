"""AQUA's part of lessons (``Game.lesson_conditions``, ``Game.view_points``): each reads only the seat's views."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shoal.core import Action, View
from shoal.core.condition import Condition, Param

from . import data

if TYPE_CHECKING:  # pragma: no cover
    from shoal.lessons.conditions import Asked


def view_points(view: View, seat: int) -> int:
    """The live score of the seat's reef; every reef is public."""
    return view["table"]["boards"][seat]["total"]


def forms_habitat(asked: Asked, action: Action, params: dict[str, Any]) -> bool:
    """Laying this tile creates a Habitat (of ``colour``, one of RYGBPK, if given: the compiler reads a colour's name as
    its letter)."""
    if action.get("type") != "place":
        return False
    before = {tuple(h["at"]) for h in asked.view["table"]["boards"][asked.seat]["habitats"]}
    new = [h for h in asked.after(action)["table"]["boards"][asked.seat]["habitats"] if tuple(h["at"]) not in before]
    if "colour" in params:
        return any(h["colour"] == params["colour"] for h in new)
    return bool(new)


CONDITIONS = {
    "forms_habitat": Condition(
        forms_habitat,
        "Laying this tile creates a Habitat (of the colour given, if any).",
        {
            "colour": Param(
                "colour",
                "the Habitat's colour, by letter or by name; by default any",
                choices=tuple(data.COLOURS),
                labels=tuple(data.COLOUR_NAMES[c] for c in data.COLOURS),
            )
        },
    )
}
