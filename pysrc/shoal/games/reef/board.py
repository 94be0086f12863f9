"""One player's reef: the tiles laid, the corals they make, the Habitats with their Small Animals, the Large Animals.

A board knows geometry and nothing of turns or supply: the game decides whether a Habitat may form (supply,
Modifications) and which Large Animal placements are allowed; the board answers "what fits where".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from . import data
from .geometry import (
    CELL_STEPS,
    EDGE_CORAL,
    STEPS,
    Coral,
    Point,
    add,
    axial_to_step,
    cell_point,
    coral_dirs,
    corners_at,
    habitat_neighbours,
    orientation_of,
    point_cell,
)

HOT_SPOT_TILE = -1  # tile id of the three Hot Spot cells
BLANK = "."  # the Hot Spot's central hexagon: no coral
# The Hot Spot's three cells round the vertex (2, 0) and their rotations: each cell's coral 0 is its blank third.
HOT_SPOT_CELLS: tuple[tuple[tuple[int, int], int], ...] = (((0, 0), 0), ((1, -1), 2), ((1, 0), 4))
HOT_SPOT_CENTRE: Point = (2, 0)


_ORIENTATIONS: dict[str, list[tuple[list[Point], list[tuple[int, bool]]]]] = {}


def shape_orientations(shape: data.LargeShape) -> list[tuple[list[Point], list[tuple[int, bool]]]]:
    """Each distinct orientation of a Large Animal shape as lattice offsets, with every (rot, mirror) giving it."""
    if shape.id not in _ORIENTATIONS:
        combos: dict[tuple, list[tuple[int, bool]]] = {}
        for mirror in (False, True):
            for rot in range(6):
                combos.setdefault(orientation_of(shape.cells, rot, mirror), []).append((rot, mirror))
        _ORIENTATIONS[shape.id] = [
            ([axial_to_step(dq, dr) for dq, dr in cells], pairs) for cells, pairs in combos.items()
        ]
    return _ORIENTATIONS[shape.id]


def hot_spot_tiles(index: int) -> list[tuple[Point, str, int]]:
    """The Hot Spot ``index`` as three (cell, colours, rot) pseudo-tiles: blank centre, then two outer corals each."""
    order = data.HOT_SPOTS[index]
    return [(cell_point(*qr), BLANK + order[2 * i : 2 * i + 2], rot) for i, (qr, rot) in enumerate(HOT_SPOT_CELLS)]


_FIT_TABLES: dict[str, dict[tuple[int, str], int]] = {}
# The rotations in a 6-bit mask, in increasing order.
ROTS_OF_MASK: tuple[tuple[int, ...], ...] = tuple(tuple(r for r in range(6) if m >> r & 1) for m in range(64))


def fit_table(colours: str) -> dict[tuple[int, str], int]:
    """For a tile of ``colours``: (edge k, colour across it) -> bit mask of the rotations whose coral on edge k has
    that colour. A cell's rotations are the union over the edges it shares with laid tiles (Grow Coral)."""
    table = _FIT_TABLES.get(colours)
    if table is None:
        table = {}
        for rot in range(6):
            edge = EDGE_CORAL[rot]
            for k in range(6):
                key = (k, colours[edge[k]])
                table[key] = table.get(key, 0) | 1 << rot
        _FIT_TABLES[colours] = table
    return table


class Board:
    """A player's reef. Cheap to copy (a few flat dicts); derived facts are recomputed, except the frontier and its
    cells' edge colours, which every turn's legal placements read and which are kept as tiles are laid (a test compares
    them with a fresh reading)."""

    __slots__ = ("hot_spot", "tiles", "corals", "habitats", "large", "covered", "frontier", "edges")

    def __init__(self, hot_spot: int | None = 0) -> None:
        self.hot_spot = hot_spot
        self.tiles: dict[Point, tuple[int, str, int]] = {}  # cell -> (tile id, colours, rot)
        self.corals: dict[Coral, str] = {}  # every coral on the board (no blanks) -> colour
        self.habitats: dict[Point, str] = {}  # vertex -> species of its Small Animal, in the order formed
        self.large: list[tuple[str, int, tuple[Point, ...]]] = []  # (animal, points, cells)
        self.covered: dict[Point, int] = {}  # vertex -> index into ``large``
        self.frontier: set[Point] = set()  # empty cells next to a tile
        # Each frontier cell's ``needs`` (edge k, colour across it), sorted by k, kept as tiles are laid: the legal
        # placements read it for every frontier cell on every turn.
        self.edges: dict[Point, tuple[tuple[int, str], ...]] = {}
        if hot_spot is not None:
            for cell, colours, rot in hot_spot_tiles(hot_spot):
                self._lay(cell, HOT_SPOT_TILE, colours, rot)

    def clone(self) -> Board:
        b = Board.__new__(Board)
        b.hot_spot = self.hot_spot
        b.tiles = dict(self.tiles)
        b.corals = dict(self.corals)
        b.habitats = dict(self.habitats)
        b.large = list(self.large)
        b.covered = dict(self.covered)
        b.frontier = set(self.frontier)
        b.edges = dict(self.edges)
        return b

    # --- laying tiles ------------------------------------------------------------------------------------------
    def _lay(self, cell: Point, tile: int, colours: str, rot: int) -> None:
        self.tiles[cell] = (tile, colours, rot)
        for colour, d in zip(colours, coral_dirs(rot)):
            if colour != BLANK:
                self.corals[(cell, d)] = colour
        self.frontier.discard(cell)
        self.edges.pop(cell, None)
        edge = EDGE_CORAL[rot]
        for k, step in enumerate(CELL_STEPS):
            n = (cell[0] + step[0], cell[1] + step[1])
            if n not in self.tiles:
                self.frontier.add(n)
                # From n, this tile lies across n's edge k + 3, showing it its own edge k.
                self.edges[n] = tuple(sorted(self.edges.get(n, ()) + (((k + 3) % 6, colours[edge[k]]),)))

    def edge_colour(self, cell: Point, k: int) -> str | None:
        """Colour of the coral on boundary edge ``k`` of ``cell`` (None if no tile is there)."""
        t = self.tiles.get(cell)
        if t is None:
            return None
        return t[1][EDGE_CORAL[t[2]][k]]

    def needs(self, cell: Point) -> list[tuple[int, str]]:
        """For an empty cell: (edge k, colour across it) for each edge it shares with a laid tile, by k."""
        got = self.edges.get(cell)
        return list(got) if got is not None else self.needs_plainly(cell)

    def needs_plainly(self, cell: Point) -> list[tuple[int, str]]:
        """:meth:`needs` read from the neighbouring tiles (the reference its kept table is tested against)."""
        out = []
        tiles = self.tiles
        for k in range(6):
            step = CELL_STEPS[k]
            t = tiles.get((cell[0] + step[0], cell[1] + step[1]))
            if t is not None:
                out.append((k, t[1][EDGE_CORAL[t[2]][(k + 3) % 6]]))
        return out

    def fits(self, cell: Point, colours: str, rot: int, needs: list[tuple[int, str]] | None = None) -> bool:
        """Grow Coral: the cell is empty and one of the tile's edges meets a coral of the same colour there."""
        if cell in self.tiles:
            return False
        edge = EDGE_CORAL[rot]
        for k, colour in self.needs(cell) if needs is None else needs:
            if colours[edge[k]] == colour:
                return True
        return False

    def spots(
        self, colours: str, cells: list[Point] | None = None, needs: list[list[tuple[int, str]]] | None = None
    ) -> list[list[Point]]:
        """For rotations 0..5, every cell where a tile of ``colours`` fits (cells sorted), from the frontier only.

        ``cells`` (the sorted frontier) and ``needs`` (each one's :meth:`needs`) may be passed in when several tiles
        are tried on one board: they depend on the board alone."""
        if cells is None:
            cells = sorted(self.frontier)
        if needs is None:
            needs = [self.needs(cell) for cell in cells]
        out: list[list[Point]] = [[] for _ in range(6)]
        table = fit_table(colours)
        for cell, need in zip(cells, needs):
            mask = 0
            for kc in need:
                mask |= table.get(kc, 0)
            if mask:
                for rot in ROTS_OF_MASK[mask]:
                    out[rot].append(cell)
        return out

    def lay(self, cell: Point, tile: int, colours: str, rot: int) -> list[tuple[Point, str]]:
        """Lay a tile (no legality check) and return the Habitats it completes: (vertex, colour), in coral order."""
        self._lay(cell, tile, colours, rot)
        out = []
        for d in coral_dirs(rot):
            vertex = add(cell, STEPS[d])
            colour = self.habitat_colour(vertex)
            if colour is not None and vertex not in self.habitats:
                out.append((vertex, colour))
        return out

    def habitat_colour(self, vertex: Point) -> str | None:
        """The colour of three matching corals meeting with their 120° corners at ``vertex``, else None."""
        colour = None
        for coral in corners_at(vertex):
            c = self.corals.get(coral)
            if c is None or (colour is not None and c != colour):
                return None
            colour = c
        return colour

    def form_habitat(self, vertex: Point, species: str) -> None:
        self.habitats[vertex] = species

    # --- animals -----------------------------------------------------------------------------------------------
    def animal_neighbours(self, vertex: Point) -> list[Point]:
        """Small Animals sharing an edge with the one at ``vertex``."""
        return [n for n in habitat_neighbours(vertex) if n in self.habitats]

    def under_habitat(self, coral: Coral) -> bool:
        return add(coral[0], STEPS[coral[1]]) in self.habitats

    def large_spots(
        self, shape: data.LargeShape, must_cover: Iterable[Point], allowed: Callable[[list[str]], bool]
    ) -> list[dict[str, Any]]:
        """Every placement of ``shape`` resting only on uncovered Small Animals, covering one of ``must_cover``,
        whose species pass ``allowed``. Each is ``{"cells": [sorted vertices], "orientations": [(rot, mirror), ...]}``
        listing every (rotation, mirror) of the shape that lands on exactly those cells."""
        free = {v for v in self.habitats if v not in self.covered}
        # Every shape has two or more cells joined edge to edge, so a target without a free neighbour fits none.
        targets = [t for t in must_cover if t in free and any((t[0] + su, t[1] + sv) in free for su, sv in CELL_STEPS)]
        found: dict[tuple[Point, ...], dict[str, Any]] = {}
        if not targets:
            return []
        for offsets, pairs in shape_orientations(shape):
            for target in targets:
                tu, tv = target
                for ou, ov in offsets:
                    au, av = tu - ou, tv - ov
                    cells = [(au + x, av + y) for x, y in offsets]
                    for c in cells:  # most anchors fail here: test before sorting
                        if c not in free:
                            break
                    else:
                        key = tuple(sorted(cells))
                        if key not in found and allowed([self.habitats[c] for c in key]):
                            found[key] = {"cells": list(key), "orientations": list(pairs)}
        return [found[k] for k in sorted(found)]

    def attract(self, animal: str, points: int, cells: Iterable[Point]) -> None:
        cells = tuple(sorted(cells))
        self.large.append((animal, points, cells))
        for c in cells:
            self.covered[c] = len(self.large) - 1

    # --- plain data --------------------------------------------------------------------------------------------
    def laid_tiles(self) -> list[tuple[Point, int, str, int]]:
        """Tiles placed by the player (not the Hot Spot), in the order laid."""
        return [(cell, t[0], t[1], t[2]) for cell, t in self.tiles.items() if t[0] != HOT_SPOT_TILE]

    def to_json(self) -> dict[str, Any]:
        """The board as plain JSON: what :func:`from_json` and the pure scoring functions read."""
        return {
            "hot_spot": self.hot_spot,
            "tiles": [
                {"q": point_cell(c)[0], "r": point_cell(c)[1], "colours": colours, "rot": rot, "id": tid}
                for c, tid, colours, rot in self.laid_tiles()
            ],
            "habitats": [{"at": list(v), "species": s} for v, s in self.habitats.items()],
            "large": [{"animal": a, "points": p, "cells": [list(c) for c in cells]} for a, p, cells in self.large],
        }


def from_json(obj: dict[str, Any], auto_habitats: bool = False) -> Board:
    """A board from :meth:`Board.to_json` data. With ``auto_habitats`` (for positions built by hand) every Habitat
    the tiles complete gets its Small Animal, and ``habitats`` may be left out."""
    b = Board(obj.get("hot_spot", 0))
    for i, t in enumerate(obj.get("tiles", [])):
        formed = b.lay(cell_point(t["q"], t["r"]), t.get("id", 1000 + i), t["colours"], t["rot"])
        if auto_habitats:
            for vertex, colour in formed:
                b.form_habitat(vertex, data.SPECIES_OF_COLOUR[colour])
    for h in obj.get("habitats", []):
        b.form_habitat(tuple(h["at"]), h["species"])
    for la in obj.get("large", []):
        b.attract(la["animal"], la["points"], [tuple(c) for c in la["cells"]])
    return b
