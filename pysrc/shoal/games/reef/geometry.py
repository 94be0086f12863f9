"""The geometry of an AQUA reef, with no game data in it: tiles, corals, Habitats, animals and shapes.

Everything lives on one triangular lattice of unit spacing (the tile's side is 1). A lattice point is a pair of
integers ``(u, v)`` with ``u + v`` even, drawn at ``x = u / 2``, ``y = v * √3 / 2`` (SVG axes: y grows downwards).
The six unit steps ``STEPS[d]`` go east, then clockwise on screen:

* points with ``u % 3 == 0`` are tile centres (cells); ``cell_point(q, r)`` gives the cell of axial coordinates
  ``(q, r)`` of a flat-topped hex grid;
* the other points are the grid's vertices, in two classes ``u % 3 == 1`` and ``u % 3 == 2``: going round a cell its
  six corners alternate between the two classes.

A coral is a rhombus ``(cell, d)``: its 120° corners are the cell's centre and the corner ``cell + STEPS[d]``, its 60°
corners the corners either side. A tile laid with rotation ``rot`` has its three corals at ``d = rot, rot+2, rot+4``,
so even rotations point the corals at class-2 corners and odd rotations at class-1 corners.

A Habitat is a vertex where three corals point, one from each tile round it: the three rhombi make a hexagon centred
on the vertex, the size of a tile. Habitats of one class tile the plane like the cells do (the same lattice, shifted),
so two Habitats are adjacent exactly when they are one cell-step apart *in the same class* — which is when they use a
common tile. Habitats of different classes never share an edge. See ``docs/reef-geometry.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Point = tuple[int, int]
Coral = tuple[Point, int]  # (cell centre, direction of the coral's outer 120° corner)

SQRT3 = 3**0.5
STEPS: tuple[Point, ...] = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
# From a cell to the neighbour across its edge k (the edge between corners k and k+1); also the step between two
# adjacent Habitats of one class, and between two adjacent Small/Large Animal cells.
CELL_STEPS: tuple[Point, ...] = tuple(
    (STEPS[k][0] + STEPS[(k + 1) % 6][0], STEPS[k][1] + STEPS[(k + 1) % 6][1]) for k in range(6)
)
AXIAL_STEPS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))  # matches CELL_STEPS


# --- points and cells -------------------------------------------------------------------------------------------
def add(p: Point, step: Point) -> Point:
    return (p[0] + step[0], p[1] + step[1])


def sub(p: Point, step: Point) -> Point:
    return (p[0] - step[0], p[1] - step[1])


def point_class(p: Point) -> int:
    """0 for a cell centre, 1 or 2 for a grid vertex (the two interleaved Habitat lattices)."""
    return p[0] % 3


def cell_point(q: int, r: int) -> Point:
    """The lattice point at the centre of the cell with axial coordinates ``(q, r)``."""
    return (3 * q, 2 * r + q)


def point_cell(p: Point) -> tuple[int, int]:
    """Axial ``(q, r)`` of a cell centre (inverse of :func:`cell_point`)."""
    q = p[0] // 3
    return (q, (p[1] - q) // 2)


def axial_to_step(dq: int, dr: int) -> Point:
    """An axial offset as a lattice offset: valid between cells and between Habitats of one class alike."""
    return (3 * dq, 2 * dr + dq)


# --- corals on a tile -------------------------------------------------------------------------------------------
def coral_dirs(rot: int) -> tuple[int, int, int]:
    """Directions of a tile's corals 0, 1, 2 (in the order of its colour string) when laid with rotation ``rot``."""
    return (rot % 6, (rot + 2) % 6, (rot + 4) % 6)


def coral_index(rot: int, d: int) -> int:
    """Which of the tile's corals (0, 1, 2) points in direction ``d`` (``d`` must have the rotation's parity)."""
    return ((d - rot) % 6) // 2


def edge_owner(rot: int, k: int) -> int:
    """Direction of the coral that owns the cell's boundary edge ``k`` (between corners k and k+1)."""
    return k % 6 if (k - rot) % 2 == 0 else (k + 1) % 6


# EDGE_CORAL[rot][k]: index (0..2) in the tile's colour string of the coral on boundary edge k.
EDGE_CORAL: tuple[tuple[int, ...], ...] = tuple(
    tuple(coral_index(rot, edge_owner(rot, k)) for k in range(6)) for rot in range(6)
)


def coral_corner(coral: Coral) -> Point:
    """The vertex where a coral's outer 120° corner lies: the Habitat it may help form."""
    cell, d = coral
    return add(cell, STEPS[d])


def coral_edges(d: int) -> tuple[int, int]:
    """The two boundary edges of its cell that a coral pointing in direction ``d`` owns."""
    return ((d - 1) % 6, d)


def coral_neighbour_candidates(coral: Coral) -> list[Coral]:
    """Corals that share an edge with ``coral`` if they exist: the two others of its tile, and across each of its two
    boundary edges the two corals of the neighbouring cell that could own that edge (exactly one does, if a tile is
    there). Corals meeting only at a point are never listed: point to point is not adjacency."""
    cell, d = coral
    out = [(cell, (d + 2) % 6), (cell, (d + 4) % 6)]
    for k in coral_edges(d):
        other = add(cell, CELL_STEPS[k])
        out.append((other, (k + 3) % 6))
        out.append((other, (k + 4) % 6))
    return out


def coral_neighbours(coral: Coral, present: Iterable[Coral] | dict) -> list[Coral]:
    """The corals in ``present`` that share an edge with ``coral``."""
    return [c for c in coral_neighbour_candidates(coral) if c in present]


# --- Habitats and animals ---------------------------------------------------------------------------------------
def corners_at(vertex: Point) -> list[Coral]:
    """The three corals (one per cell round ``vertex``) whose outer corner would be at ``vertex``."""
    out = []
    for d in range(6):
        cell = sub(vertex, STEPS[d])
        if cell[0] % 3 == 0:
            out.append((cell, d))
    return out


def habitat_neighbours(vertex: Point) -> list[Point]:
    """The six Habitat spots sharing an edge with the Habitat at ``vertex`` (same class, one step away)."""
    return [add(vertex, s) for s in CELL_STEPS]


def touching_corals(vertex: Point) -> list[Coral]:
    """The six corals a Small Animal at ``vertex`` touches along an edge: the other two corals of each of its three
    tiles (where tiles, and corals, exist)."""
    out = []
    for cell, d in corners_at(vertex):
        out.append((cell, (d + 2) % 6))
        out.append((cell, (d + 4) % 6))
    return out


# --- Large Animal shapes ----------------------------------------------------------------------------------------
def _rotate_axial(h: tuple[int, int]) -> tuple[int, int]:
    q, r = h
    return (-r, q + r)  # 60° clockwise on screen


def _mirror_axial(h: tuple[int, int]) -> tuple[int, int]:
    q, r = h
    return (q, -q - r)  # reflection in the horizontal axis (y -> -y) through the cell's centre


def _normalise(cells: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    cells = list(cells)
    # Translate so the first cell in (q, r) order is at the origin: equal shapes become equal tuples.
    base = min(cells)
    return tuple(sorted((q - base[0], r - base[1]) for q, r in cells))


def orientations(shape: Iterable[tuple[int, int]]) -> list[dict]:
    """Every rotation and mirror image of a polyhex given in axial offsets, without duplicates.

    Each entry is ``{"cells": ((dq, dr), ...), "rot": k, "mirror": bool}`` with the first (rot, mirror) that makes
    it; the cells are normalised so that equal placements compare equal.
    """
    seen: dict[tuple, dict] = {}
    base = list(shape)
    for mirror in (False, True):
        cur = [_mirror_axial(h) for h in base] if mirror else list(base)
        for k in range(6):
            key = _normalise(cur)
            if key not in seen:
                seen[key] = {"cells": key, "rot": k, "mirror": mirror}
            cur = [_rotate_axial(h) for h in cur]
    return list(seen.values())


def orientation_of(shape: Iterable[tuple[int, int]], rot: int, mirror: bool) -> tuple[tuple[int, int], ...]:
    """The normalised axial cells of ``shape`` mirrored (if asked) then turned ``rot`` × 60° clockwise."""
    cur = [_mirror_axial(h) for h in shape] if mirror else list(shape)
    for _ in range(rot % 6):
        cur = [_rotate_axial(h) for h in cur]
    return _normalise(cur)


def polyhex_connected(cells: Iterable[Point]) -> bool:
    """Whether lattice points of one Habitat class form one edge-connected group."""
    cells = set(cells)
    if not cells:
        return False
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        p = todo.pop()
        for n in habitat_neighbours(p):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


# --- drawing: plane coordinates ---------------------------------------------------------------------------------
def xy(p: Point, side: float = 1.0, ndigits: int = 3) -> list[float]:
    """Plane coordinates ``[x, y]`` of a lattice point, y downwards (SVG), for a tile side of ``side``."""
    return [round(p[0] * side / 2, ndigits), round(p[1] * side * SQRT3 / 2, ndigits)]


def cell_polygon(cell: Point, side: float = 1.0) -> list[list[float]]:
    """The six corners of a tile (or Hot Spot cell) hexagon, clockwise from the east corner."""
    return [xy(add(cell, s), side) for s in STEPS]


def coral_polygon(coral: Coral, side: float = 1.0) -> list[list[float]]:
    """The rhombus of a coral: centre of its cell, corner d-1, outer corner d, corner d+1."""
    cell, d = coral
    return [
        xy(cell, side),
        xy(add(cell, STEPS[(d - 1) % 6]), side),
        xy(add(cell, STEPS[d]), side),
        xy(add(cell, STEPS[(d + 1) % 6]), side),
    ]


def habitat_polygon(vertex: Point, side: float = 1.0) -> list[list[float]]:
    """The hexagon of a Habitat, and of the Small Animal or Large Animal cell on it: centred on the vertex, a tile's
    size, its corners the vertex's six lattice neighbours."""
    return [xy(add(vertex, s), side) for s in STEPS]


def hex_offsets(side: float = 1.0) -> list[list[float]]:
    """The six corners of a tile-sized hexagon around the origin: add a centre to get a cell or Habitat outline."""
    return [xy(s, side) for s in STEPS]


def tile_shapes(side: float = 1.0) -> list[list[list[list[float]]]]:
    """For rotations 0..5, the three coral rhombi of a tile centred at the origin, in the order of its colours.

    A renderer previews a tile at any cell by adding the cell's centre to these offsets.
    """
    origin = (0, 0)
    return [[coral_polygon((origin, d), side) for d in coral_dirs(rot)] for rot in range(6)]


def iter_box(radius: int) -> Iterator[Point]:
    """All cells within ``radius`` steps of the origin cell (for tests and pictures)."""
    for q in range(-radius, radius + 1):
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1):
            yield cell_point(q, r)
