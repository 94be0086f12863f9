"""Aquarena's part of lessons (``Game.lesson_conditions``, ``Game.view_points``): each reads only the seat's views."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shoal.core import Action, View
from shoal.core.condition import Condition

from . import data

if TYPE_CHECKING:  # pragma: no cover
    from shoal.lessons.conditions import Asked


def view_points(view: View, seat: int) -> int:
    """The seat's score so far and what its catch of this round brings; every seat's are on the table."""
    mine = view["table"]["seats"][seat]
    return mine["score"] + mine["catch"]["points"]


def catches_most(asked: Asked, action: Action, params: dict[str, Any]) -> bool:
    """Of the prey the acting card may take now, this one is worth the most to the seat."""
    if action.get("type") not in ("eat_fly", "eat_card"):
        return False

    def worth(a: dict) -> int:
        if a["type"] == "eat_fly":
            return data.POINTS["fly"]
        return 0 if a["seat"] == asked.seat else data.POINTS[data.family(a["card"])]

    options = [a for a in asked.view["legal"] if a["type"] in ("eat_fly", "eat_card")]
    return worth(action) == max(worth(a) for a in options)


CONDITIONS = {
    "catches_most": Condition(
        catches_most, "Of the prey the acting card may take now, the answer takes the one worth most to the seat."
    )
}
