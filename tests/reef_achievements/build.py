"""Finished AQUA positions built by hand for the achievement checks (the plain format of ``evaluate_position``).

Scoring reads Habitats and corals, not how they got there, so a board here may hold Small Animals with no tiles
under them (``animals``), Large Animals scored "elsewhere" with no cells (``pad``), or a field of one-colour tiles
(``field``, ``star``). Every test states the structure it relies on before checking an achievement.
"""

from __future__ import annotations

from typing import Any

from shoal.games.reef import data
from shoal.games.reef.achievements.evaluate import evaluate_position
from shoal.games.reef.geometry import cell_point, iter_box, point_cell

Board = dict[str, Any]


def H(q: int, r: int) -> list[int]:
    """The class-2 Habitat spot east of cell (q, r); these spots make a hex grid with the cells' axial steps."""
    u, v = cell_point(q, r)
    return [u + 2, v]


def tile(cell: tuple[int, int], colours: str, rot: int = 0) -> dict[str, Any]:
    q, r = point_cell(cell)
    return {"q": q, "r": r, "colours": colours, "rot": rot}


def board(
    animals: dict[tuple[int, int], str] | None = None, large: list | None = None, tiles: list | None = None
) -> Board:
    """Small Animals at Habitat spots H(q, r), Large Animals ``(animal, points, [(q, r), ...])``, optional tiles."""
    return {
        "hot_spot": None,
        "tiles": list(tiles or []),
        "habitats": [{"at": H(*qr), "species": sp} for qr, sp in (animals or {}).items()],
        "large": [{"animal": a, "points": p, "cells": [H(*c) for c in cells]} for a, p, cells in (large or [])],
    }


def row(*species: str, start: int = 0) -> dict[tuple[int, int], str]:
    """Small Animals two steps apart in a row (none adjacent to another): H(start, 0), H(start + 2, 0), ..."""
    return {(start + 2 * i, 0): sp for i, sp in enumerate(species)}


def chain(*species: str, start: int = 0, r: int = 0) -> dict[tuple[int, int], str]:
    """Small Animals side by side in a row: each adjacent to the next."""
    return {(start + i, r): sp for i, sp in enumerate(species)}


def pad(points: int) -> list:
    """Large Animals worth ``points`` in all, scored away from anything the test looks at (no cells)."""
    out = []
    while points > 0:
        p = min(points, 12)
        out.append(("humpback", p, []))
        points -= p
    return out


def merge(*boards: Board) -> Board:
    out = board()
    for b in boards:
        out["tiles"] += b["tiles"]
        out["habitats"] += b["habitats"]
        out["large"] += b["large"]
    return out


# A radius-3 field of one-colour tiles (rot 0) whose open corals stay one Reef however many of these Habitat spots,
# taken in this order, hold Small Animals: every one of them touches the Reef.
FIELD_SPOTS: tuple[tuple[int, int], ...] = (
    (-3, 0),
    (-3, 1),
    (-3, 2),
    (-2, -1),
    (-2, 0),
    (-2, 1),
    (-2, 2),
    (-1, -2),
    (-1, 0),
    (-1, 2),
    (0, -2),
    (0, 0),
    (0, 2),
    (1, -2),
    (1, 0),
)
FIELD_OFFSET = 40  # a field sits this many cells east, away from other animals built at the origin


def field(*species: str, colour: str = "K", large: list | None = None, off: int = FIELD_OFFSET) -> Board:
    """One Reef of ``colour`` (radius-3 field, shifted ``off`` cells east) with one Small Animal of each ``species``
    touching it. ``large`` cells are given relative to the field's own spots."""
    tiles = [tile((u + 3 * off, v + off), colour * 3) for u, v in iter_box(3)]
    spots = {(q + off, r): sp for (q, r), sp in zip(FIELD_SPOTS, species)}
    shifted = [(a, p, [(q + off, r) for q, r in cells]) for a, p, cells in (large or [])]
    return board(spots, shifted, tiles)


def star(reefs: int, species: str = "crab") -> Board:
    """A Small Animal at H(0, 0) with ``reefs`` (0–6) separate four-coral Reefs of different colours around it.

    Its three tiles each point one coral (of the animal's colour) at it and two others, of two colours, outwards; a
    one-colour tile beyond each outer coral makes it a Reef of four.
    """
    c = data.COLOUR_OF_SPECIES[species]
    trio = [tile((0, 0), c + "RY"), tile((3, -1), "G" + c + "B"), tile((3, 1), "PK" + c)]
    beyond = [((-3, 1), "R"), ((-3, -1), "Y"), ((6, -2), "G"), ((3, -3), "B"), ((6, 2), "P"), ((3, 3), "K")]
    return board({(0, 0): species}, tiles=trio + [tile(cell, col * 3) for cell, col in beyond[:reefs]])


def position(
    *boards: Board,
    variant: str = "core",
    ecosystems: list | None = None,
    scenario: str = "none",
    modification: str = "none",
    turn_order: list[int] | None = None,
) -> dict[str, Any]:
    out = {
        "variant": variant,
        "scenario": scenario,
        "modification": modification,
        "ecosystems": [list(e) for e in (ecosystems or [])],
        "boards": list(boards),
    }
    if turn_order is not None:
        out["turn_order"] = turn_order
    return out


def scenario_line(letter: str) -> list:
    """A Scenario's Ecosystems with natives in species order (crab, clownfish, turtle, seahorse, starfish, jelly)."""
    from shoal.games.reef.achievements.tables import SCENARIOS

    return [[n, sp] for n, sp in zip(SCENARIOS[letter].ecosystems, data.SPECIES)]


def achievements(*boards: Board, **kw) -> list[dict[str, Any]]:
    return evaluate_position(position(*boards, **kw))


def challenge(result: dict[str, Any], number: int) -> dict[str, Any]:
    return next(c for c in result["challenges"] if c["number"] == number)
