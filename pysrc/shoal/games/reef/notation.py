"""A short text notation for AQUA positions, for tests, bug reports and teaching pages.

One line per item::

    V core                                           variant (core, family, advanced)
    E 1:crab 2:clownfish 3:turtle 4:seahorse 5:starfish 6:jellyfish     the Ecosystem line, left to right
    P H0 -1,1:RRY@0 0,1:RRK@4 L:barracuda=5:-1,1/2,2                    one board per P line

On a ``P`` line: ``H<n>`` is the Hot Spot (``H-`` none); ``q,r:COLOURS@rot`` lays a tile (Habitats it completes
form at once, in order); ``manual`` instead forms only the Habitats listed as ``S:species@u,v``; ``L:animal=points:
u,v/u,v/...`` is a Large Animal on the Habitats at those lattice points. Coordinates: see docs/reef-geometry.md.
"""

from __future__ import annotations

from typing import Any

from . import data
from .board import Board, from_json
from .geometry import Point


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",")]


def parse_board(line: str) -> Board:
    """A board from the tokens of one ``P`` line (the leading ``P`` optional)."""
    tokens = line.split()
    if tokens and tokens[0] == "P":
        tokens = tokens[1:]
    obj: dict[str, Any] = {"hot_spot": 0, "tiles": [], "habitats": [], "large": []}
    manual = False
    for tok in tokens:
        if tok == "manual":
            manual = True
        elif tok.startswith("H"):
            obj["hot_spot"] = None if tok == "H-" else int(tok[1:])
        elif tok.startswith("S:"):
            species, at = tok[2:].split("@")
            if species not in data.SPECIES:
                raise ValueError(f"unknown species {species!r}")
            obj["habitats"].append({"at": _ints(at), "species": species})
        elif tok.startswith("L:"):
            head, cells = tok[2:].split(":")
            animal, points = head.split("=")
            if animal not in data.SHAPE_OF_ANIMAL:
                raise ValueError(f"unknown Large Animal {animal!r}")
            obj["large"].append({"animal": animal, "points": int(points),
                                 "cells": [_ints(c) for c in cells.split("/")]})
        else:
            where, rest = tok.split(":")
            colours, rot = rest.split("@")
            q, r = _ints(where)
            if len(colours) != 3 or any(c not in data.COLOURS for c in colours) or not 0 <= int(rot) < 6:
                raise ValueError(f"bad tile {tok!r}")
            obj["tiles"].append({"q": q, "r": r, "colours": colours, "rot": int(rot)})
    return from_json(obj, auto_habitats=not manual)


def _pt(p: Point) -> str:
    return f"{p[0]},{p[1]}"


def format_board(board: Board) -> str:
    """The ``P`` line of a board (``manual`` when its Habitats differ from what its tiles complete)."""
    from .geometry import point_cell
    parts = ["P", "H-" if board.hot_spot is None else f"H{board.hot_spot}"]
    for cell, _, colours, rot in board.laid_tiles():
        q, r = point_cell(cell)
        parts.append(f"{q},{r}:{colours}@{rot}")
    rebuilt = parse_board(" ".join(parts))
    if rebuilt.habitats != board.habitats:
        parts.insert(2, "manual")
        parts += [f"S:{s}@{_pt(v)}" for v, s in board.habitats.items()]
    for animal, points, cells in board.large:
        parts.append(f"L:{animal}={points}:" + "/".join(_pt(c) for c in cells))
    return " ".join(parts)


def parse_position(text: str) -> dict[str, Any]:
    """A plain position (the input of ``scoring.score_position``) from the notation."""
    position: dict[str, Any] = {"variant": "core", "ecosystems": [], "boards": []}
    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head = line.split()[0]
        if head == "V":
            position["variant"] = line.split()[1]
        elif head == "E":
            position["ecosystems"] = [[int(n), s] for n, s in (tok.split(":") for tok in line.split()[1:])]
        elif head == "P":
            position["boards"].append(parse_board(line).to_json())
        else:
            raise ValueError(f"unknown line {line!r}")
    return position


def format_position(boards: list[Board], line: list[tuple[int, str]], variant: str = "core") -> str:
    rows = [f"V {variant}"]
    if line:
        rows.append("E " + " ".join(f"{n}:{s}" for n, s in line))
    rows += [format_board(b) for b in boards]
    return "\n".join(rows)
