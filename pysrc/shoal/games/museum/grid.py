"""Geometry of the display: neighbours, the 5×5 span, where a card may go, which way it faces, what gets revealed.

Positions are ``(x, y)`` integer pairs: x is the column, y the row, y grows downward. Nothing here knows about turns
or players, so the rules, the bots and a teaching page can all ask the same questions of any layout.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .data import SPAN, TOKEN_REACH

Pos = tuple[int, int]
STEPS: tuple[Pos, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))  # above, right, below, left


def neighbours(pos: Pos) -> list[Pos]:
    x, y = pos
    return [(x + dx, y + dy) for dx, dy in STEPS]


def bounds(cells: Iterable[Pos]) -> tuple[int, int, int, int]:
    """``(min_x, max_x, min_y, max_y)`` of occupied cells."""
    xs, ys = zip(*cells)
    return min(xs), max(xs), min(ys), max(ys)


def room(cells: Iterable[Pos]) -> tuple[int, int, int, int]:
    """The window a new card may still go in without the display exceeding SPAN columns or rows."""
    min_x, max_x, min_y, max_y = bounds(cells)
    return max_x - SPAN + 1, min_x + SPAN - 1, max_y - SPAN + 1, min_y + SPAN - 1


def _reading(pos: Pos) -> tuple[int, int]:
    return pos[1], pos[0]


def open_spots(cells: Mapping[Pos, object]) -> list[Pos]:
    """Empty cells orthogonally next to a card and inside the span, in reading order (top row first)."""
    lo_x, hi_x, lo_y, hi_y = room(cells)
    spots = set()
    for x, y in cells:  # the four neighbours written out: this runs at every ply of a search playout
        for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if n not in cells and lo_x <= n[0] <= hi_x and lo_y <= n[1] <= hi_y:
                spots.add(n)
    return sorted(spots, key=_reading)


def facings(face_up: Mapping[Pos, bool], pos: Pos) -> list[str]:
    """The facings a card placed at ``pos`` may take: next to face-down only -> up, face-up only -> down, both ->
    either.

    ``face_up`` maps each placed card's position to whether it is face up.
    """
    x, y = pos
    up = down = False
    for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
        near = face_up.get(n)
        if near is None:
            continue
        if near:
            up = True
        else:
            down = True
    faces = []
    if down:  # a face-down neighbour: this card may go face up
        faces.append("up")
    if up:  # a face-up neighbour: it may go face down
        faces.append("down")
    return faces


def surrounded(face_up: Mapping[Pos, bool]) -> list[Pos]:
    """Face-down cards with face-up cards on all four sides: they turn face up, all at once, in reading order."""
    return sorted(
        (pos for pos, up in face_up.items() if not up and all(face_up.get(n, False) for n in neighbours(pos))),
        key=lambda p: (p[1], p[0]),
    )


def distance(a: Pos, b: Pos) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def token_targets(cells: Iterable[Pos], boat: Pos) -> list[Pos]:
    """Cards a visitor token may move to from ``boat``: any card 1 to TOKEN_REACH orthogonal steps away."""
    return sorted((p for p in cells if 1 <= distance(p, boat) <= TOKEN_REACH), key=lambda p: (p[1], p[0]))


def relation(pos: Pos, other: Pos) -> str:
    """Where ``pos`` lies seen from its neighbour ``other``, in words."""
    dx, dy = pos[0] - other[0], pos[1] - other[1]
    return {(0, -1): "above", (1, 0): "right of", (0, 1): "below", (-1, 0): "left of"}[(dx, dy)]
