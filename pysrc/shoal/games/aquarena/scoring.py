"""Round scoring as pure functions, usable on any catch a page builds itself.

Example (seat 0 caught two flies, seat 1's Frog and its own Pike)::

    round_points(0, 2, [(1, 4), (0, 3)])   # -> 4  (flies 2 + amphibian 2 + own fish 0)
"""

from __future__ import annotations

from typing import Any

from . import data

CATEGORIES: list[tuple[str, str]] = [
    ("fly", "Flies (1 each)"),
    (data.INSECT, "Opposing insects (1 each)"),
    (data.AMPHIBIAN, "Opposing amphibians (2 each)"),
    (data.FISH, "Opposing fish (3 each)"),
    ("own", "Own-colour prey (0 each)"),
]


def catch_counts(seat: int, flies: int, cards: list[tuple[int, int]]) -> dict[str, int]:
    """How many items of each scoring category ``seat`` caught: flies, opposing cards by family, own cards."""
    counts = {key: 0 for key, _ in CATEGORIES}
    counts["fly"] = flies
    for owner, number in cards:
        counts["own" if owner == seat else data.family(number)] += 1
    return counts


def round_breakdown(seat: int, flies: int, cards: list[tuple[int, int]]) -> list[dict[str, Any]]:
    """One row per category ``{"key", "label", "count", "points"}``: 1 per fly, opposing insect 1, amphibian 2,
    fish 3; prey of one's own colour is caught but scores nothing."""
    counts = catch_counts(seat, flies, cards)
    return [
        {
            "key": key,
            "label": label,
            "count": counts[key],
            "points": 0 if key == "own" else counts[key] * data.POINTS[key],
        }
        for key, label in CATEGORIES
    ]


def round_points(seat: int, flies: int, cards: list[tuple[int, int]]) -> int:
    """The points ``seat`` scores for one round's catch."""
    return sum(row["points"] for row in round_breakdown(seat, flies, cards))
