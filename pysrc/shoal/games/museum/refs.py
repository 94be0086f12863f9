"""Refs (docs/refs.md): what the museum's board tags (:func:`drawn`, which a lesson's highlight must name), and for
"explain this score" which line and which cards earned each row of a score sheet.

A row names its line (``row:<y>`` or ``column:<x>``) and then the cells that earned its points: the cards of its sets
of numbers or of icons, a turtle with the waves beside it, the cards whose visitor tokens counted; a line that does
not score names all its cards (they explain the total). A lily-pad run names its lines and their lily pads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .data import ICON_KINDS, LILY, WAVE
from .scoring import Face, Pos


def cell(pos: Pos) -> str:
    return f"cell:{pos[0]},{pos[1]}"


def line_ref(axis: str, coord: int) -> str:
    return f"{axis}:{coord}"


def lines_of(faces: Mapping[Pos, Face], axis: str) -> dict[int, list[Pos]]:
    """Each line's cells in order along it, keyed by its coordinate (computed once per axis)."""
    along = 1 if axis == "row" else 0
    out: dict[int, list[Pos]] = {}
    for p in sorted(faces, key=lambda p: (p[along], p[1 - along])):
        out.setdefault(p[along], []).append(p)
    return out


def line_refs(
    faces: Mapping[Pos, Face],
    tokens: Mapping[Pos, int],
    axis: str,
    line: Mapping[str, Any],
    category: str,
    lines: Mapping[int, list[Pos]],
) -> list[str]:
    """The refs of one breakdown row of ``line`` (a line of :func:`scoring.score_axis`) and ``category``;
    ``lines`` is :func:`lines_of` for the axis."""
    members = lines[line["coord"]]
    head = [line_ref(axis, line["coord"])]
    if category == "none":
        return head + [cell(p) for p in members]
    if category == "numbers":
        numbers = {s["value"] for s in line["sets"] if s["kind"] == "number"}
        return head + [
            cell(p) for p in sorted((p for p in members if faces[p][1] in numbers), key=lambda p: (p[1], p[0]))
        ]
    numbers = {s["value"] for s in line["sets"] if s["kind"] == "number"}
    icons = {s["value"] for s in line["sets"] if s["kind"] == "icon"}
    in_numbers = [p for p in members if faces[p][1] in numbers]
    in_icons = [p for p in members if faces[p][0] in icons and faces[p][0] in ICON_KINDS]
    step = (1, 0) if axis == "row" else (0, 1)
    turtles: list[Pos] = []
    for t in line["turtles"]:
        at = (t["at"][0], t["at"][1])
        sides = [(at[0] - step[0], at[1] - step[1]), (at[0] + step[0], at[1] + step[1])]
        turtles += [at] + [s for s in sides if s in faces and faces[s][0] == WAVE]
    if category == "numbers":
        chosen = in_numbers
    elif category == "icons":
        chosen = in_icons
    elif category == "turtles":
        chosen = turtles
    else:  # tokens: the cards whose tokens counted (set members; a turtle's own token)
        scored = set(in_numbers) | set(in_icons) | {(t["at"][0], t["at"][1]) for t in line["turtles"]}
        chosen = [p for p in members if p in scored and tokens.get(p, 0)]
    seen: list[Pos] = []
    for p in chosen:
        if p not in seen:
            seen.append(p)
    return head + [cell(p) for p in sorted(seen, key=lambda p: (p[1], p[0]))]


def lily_refs(faces: Mapping[Pos, Face], axis: str, coords: list[int], lines: Mapping[int, list[Pos]]) -> list[str]:
    refs = [line_ref(axis, c) for c in coords]
    for c in coords:
        refs += [cell(p) for p in lines[c] if faces[p][0] == LILY]
    return refs


def drawn(view: Mapping[str, Any]) -> set[str]:
    """Every ref the board of ``view`` tags (docs/refs.md, "What the board draws"): each seat's place and hand, the
    deck, every square of the drawn museum (its cards and a ring of empty squares around them, inside the room the
    display may still grow into; no ring once the game is over) with the lines and paintings of its cards, and the
    viewer's hand cards during the game."""
    t = view["table"]
    players = range(view["players"])
    refs = {f"seat:{s}" for s in players} | {f"hand:{s}" for s in players} | {"deck:museum"}
    pad = 0 if view["over"] else 1
    occ, room = t["occupied"], t["room"]
    x0, x1 = max(occ["min_x"] - pad, room["min_x"]), min(occ["max_x"] + pad, room["max_x"])
    y0, y1 = max(occ["min_y"] - pad, room["min_y"]), min(occ["max_y"] + pad, room["max_y"])
    refs |= {f"cell:{x},{y}" for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}
    for c in t["cards"]:
        refs |= {f"row:{c['y']}", f"column:{c['x']}"}
        if c["card"]:
            refs.add(f"card:{c['card']['id']}")
    if not view["over"] and view["seat"] is not None and t["hand"] is not None:
        refs |= {f"card:{c['id']}" for c in t["hand"]}
    return refs
