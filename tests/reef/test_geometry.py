"""The reef's geometry, checked against the plane: every relation the rules use is compared with what the drawn
polygons actually do (shared edges, shared points), on small positions built in coordinates."""

from __future__ import annotations

import itertools

import pytest

from shoal.games.reef import geometry as g
from shoal.games.reef.board import HOT_SPOT_CENTRE, Board
from shoal.games.reef.scoring import find_reefs

# Lattice points of the polygons: exact integer pairs, so "shares an edge" is exact.
CELLS = list(g.iter_box(3))


def rhombus(coral):
    cell, d = coral
    return [cell, g.add(cell, g.STEPS[(d - 1) % 6]), g.add(cell, g.STEPS[d]), g.add(cell, g.STEPS[(d + 1) % 6])]


def hexagon(centre):
    return [g.add(centre, s) for s in g.STEPS]


def edges(poly):
    return {frozenset((poly[i], poly[(i + 1) % len(poly)])) for i in range(len(poly))}


def all_corals(cells):
    return [(c, d) for c in cells for d in range(6)]


def test_cells_and_vertices_are_three_classes():
    """RULINGS 1: tiles on a hex grid; Habitats at grid vertices. Cell centres are one class of lattice points, and
    going round a cell its corners alternate between the two other classes."""
    for q, r in itertools.product(range(-3, 4), repeat=2):
        c = g.cell_point(q, r)
        assert g.point_class(c) == 0 and g.point_cell(c) == (q, r)
        classes = [g.point_class(g.add(c, s)) for s in g.STEPS]
        assert classes == [2, 1, 2, 1, 2, 1]
    for k, (dq, dr) in enumerate(g.AXIAL_STEPS):
        assert g.axial_to_step(dq, dr) == g.CELL_STEPS[k]


def test_a_tile_is_three_rhombi_filling_its_hexagon():
    """RULINGS 1: each coral tile is a hexagon cut into three rhombi (three corals), in any of 6 rotations."""
    for rot in range(6):
        dirs = g.coral_dirs(rot)
        assert len(set(dirs)) == 3 and all(d % 2 == rot % 2 for d in dirs)
        # Together the three rhombi use every boundary edge of the hexagon exactly once.
        boundary = edges(hexagon((0, 0)))
        owned = [e for d in dirs for e in edges(rhombus(((0, 0), d))) if e in boundary]
        assert sorted(map(sorted, owned)) == sorted(map(sorted, boundary))
        for k in range(6):
            owner = g.edge_owner(rot, k)
            e = frozenset((g.STEPS[k], g.STEPS[(k + 1) % 6]))
            assert e in edges(rhombus(((0, 0), owner)))
            assert g.EDGE_CORAL[rot][k] == dirs.index(owner)


def test_coral_adjacency_is_exactly_a_shared_edge():
    """RULINGS 1: corals connect only across a shared edge ("point to point is not considered connected")."""
    corals = [(c, d) for c in CELLS for d in range(6)]
    polys = {c: edges(rhombus(c)) for c in corals}
    for a in corals[::7]:
        listed = set(g.coral_neighbour_candidates(a))
        for b in corals:
            if b[0] == a[0] and (b == a or (b[1] - a[1]) % 2):
                continue  # itself, or a coral of the other parity, which never lies on the same tile
            assert (b in listed) == bool(polys[a] & polys[b]), (a, b)


def test_point_to_point_corals_do_not_connect():
    """Rulebook: "point to point is not considered connected". Two red corals meeting only at a corner of a vertex
    are neither adjacent nor one Reef."""
    b = Board(None)
    b.lay(g.cell_point(0, 0), 1, "RYG", 0)  # red points east, to corner (2, 0)
    b.lay(g.cell_point(1, 0), 2, "YGR", 1)  # the cell across edge 0: green on the shared edge, red turned away
    red = [c for c, col in b.corals.items() if col == "R"]
    assert len(red) == 2
    shared_points = set(rhombus(red[0])) & set(rhombus(red[1]))
    assert shared_points, "the two red corals touch at a point"
    assert not edges(rhombus(red[0])) & edges(rhombus(red[1]))
    assert red[1] not in g.coral_neighbours(red[0], b.corals)
    assert find_reefs(b, 2) == []
    # ...and a tile placed so would not be legal: its only shared edge is green against red.
    fresh = Board(None)
    fresh.lay(g.cell_point(0, 0), 1, "RYG", 0)
    assert not fresh.fits(g.cell_point(1, 0), "YGR", 1)
    assert fresh.fits(g.cell_point(1, 0), "YRG", 1)


def test_habitat_is_three_wide_corners_forming_a_hexagon():
    """RULINGS 1: a Habitat forms at a vertex where three tiles each have a coral whose 120° corner is that vertex,
    all the same colour: together a hexagon the size of a tile."""
    for vertex in [(2, 0), (1, 1), (-1, 1), (4, 2)]:
        corners = g.corners_at(vertex)
        assert len(corners) == 3 and len({c for c, _ in corners}) == 3
        union = set()
        for coral in corners:
            assert g.coral_corner(coral) == vertex
            union |= edges(rhombus(coral))
        inner = {e for e in union if vertex in e}
        outer = union - inner
        assert outer == edges(hexagon(vertex))


def test_not_a_perfect_hexagon_forms_no_habitat():
    """Rulebook example 3C: same-coloured corals that meet at a vertex but do not form a perfect hexagon are no
    Habitat. Here one of the three tiles has its narrow corners at the vertex."""
    b = Board(None)
    v = (-1, 1)
    (c1, d1), (c2, d2), (c3, d3) = g.corners_at(v)
    assert b.lay(c1, 1, "RYG", d1) == []
    assert b.lay(c2, 2, "RYG", d2) == []
    # The third tile is turned by 60°: its corals meet the vertex with their narrow 60° corners.
    assert b.lay(c3, 3, "RRG", (d3 + 1) % 6) == []
    assert b.habitat_colour(v) is None
    b2 = Board(None)
    b2.lay(c1, 1, "RYG", d1)
    b2.lay(c2, 2, "RYG", d2)
    assert b2.lay(c3, 3, "RYG", d3) == [(v, "R")]


def test_habitats_adjacent_exactly_when_hexagons_share_an_edge_and_tiles():
    """RULINGS 1: two Small Animals are adjacent when their hexagons share an edge, which happens exactly when the
    two Habitats use a common tile; Habitats of different classes never share an edge."""
    vertices = [g.add(c, s) for c in CELLS for s in g.STEPS]
    vertices = sorted(set(vertices))[:60]
    for a, b in itertools.combinations(vertices, 2):
        share_edge = bool(edges(hexagon(a)) & edges(hexagon(b)))
        tiles_a = {c for c, _ in g.corners_at(a)}
        tiles_b = {c for c, _ in g.corners_at(b)}
        listed = b in g.habitat_neighbours(a)
        if g.point_class(a) == g.point_class(b):
            assert share_edge == listed == bool(tiles_a & tiles_b), (a, b)
        else:
            assert not listed  # different classes never both hold a Habitat where they would meet


def test_different_habitat_classes_cannot_coexist_where_they_would_overlap():
    """RULINGS 1: never map all Habitats onto one hex grid. A Habitat on one class blocks the overlapping vertices
    of the other class, because the shared tiles point their corals one way only."""
    b = Board(None)
    v = (-1, 1)
    for i, (c, d) in enumerate(g.corners_at(v)):
        b.lay(c, i, "RRR", d)
    assert b.habitat_colour(v) == "R"
    for s in g.STEPS:
        assert b.habitat_colour(g.add(v, s)) is None


def test_small_animal_touches_the_six_corals_across_its_edges():
    """RULINGS 1: a Small Animal touches the corals around its hexagon (six, fewer beside the Hot Spot)."""
    v = (-1, 1)
    touching = g.touching_corals(v)
    assert len(set(touching)) == 6
    hexagon_edges = edges(hexagon(v))
    for coral in touching:
        assert edges(rhombus(coral)) & hexagon_edges
    # No other coral of the plane shares an edge with the hexagon.
    for coral in all_corals(CELLS):
        if coral not in touching and coral not in g.corners_at(v):
            same_tile_other_parity = any(coral[0] == c and (coral[1] - d) % 2 for c, d in g.corners_at(v))
            if not same_tile_other_parity:
                assert not edges(rhombus(coral)) & hexagon_edges, coral
    # Beside the Hot Spot: a Habitat at the corner of a Hot Spot coral touches the blank centre, so only five.
    b = Board(0)
    red = next(c for c, col in b.corals.items() if col == "R")
    vertex = g.coral_corner(red)
    for c, d in g.corners_at(vertex):
        if c not in b.tiles:
            b.lay(c, 1, "RRR", d)
    assert b.habitat_colour(vertex) == "R"
    assert sum(1 for c in g.touching_corals(vertex) if c in b.corals) == 5


def test_hot_spot_has_six_colours_and_a_blank_centre():
    """RULINGS 3: the central hexagon is no coral and no animal; the six outer corals are one of each colour."""
    for i in range(4):
        b = Board(i)
        assert sorted(b.corals.values()) == sorted("RYGBPK")
        assert len(b.tiles) == 3
        assert b.habitat_colour(HOT_SPOT_CENTRE) is None
        assert all(g.coral_corner(c) != HOT_SPOT_CENTRE for c in b.corals)


def test_reef_needs_four_edge_connected_corals_outside_habitats():
    """RULINGS 5: Reefs are edge-connected groups of ≥ 4 same-coloured corals not under a Habitat."""
    b = Board(None)
    b.lay(g.cell_point(0, 0), 1, "RRY", 0)
    b.lay(g.cell_point(1, 0), 2, "RRY", 3)
    reds = [c for c, col in b.corals.items() if col == "R"]
    assert len(reds) == 4
    reefs = find_reefs(b)
    # (0,0) owns edge 0 with its d=0 red; (1,0) owns edge 3 with d=3 red: they meet edge to edge.
    assert [r.colour for r in reefs] == ["R"] and len(reefs[0].corals) == 4
    b2 = Board(None)
    b2.lay(g.cell_point(0, 0), 1, "RRY", 0)
    b2.lay(g.cell_point(1, 0), 2, "RRY", 5)  # turned: its reds no longer share the edge with (0, 0)'s reds
    assert find_reefs(b2) == []


@pytest.mark.parametrize(
    "shape,count",
    [
        (((0, 0), (1, 0)), 3),
        (((0, 0), (1, 0), (2, 0)), 3),
        (((0, 0), (1, 0), (0, 1)), 2),
        (((0, 0), (1, 0), (2, -1)), 6),
        (((0, 0), (1, 0), (0, 1), (1, 1)), 3),
    ],
)
def test_large_animal_shapes_in_every_rotation_and_mirror(shape, count):
    """RULINGS 7: Large Animals in any rotation or mirror image; symmetric shapes have fewer distinct placements."""
    found = g.orientations(shape)
    assert len(found) == count
    for o in found:
        pts = [g.axial_to_step(*h) for h in o["cells"]]
        assert g.polyhex_connected(pts)
        assert g.orientation_of(shape, o["rot"], o["mirror"]) == o["cells"]


def test_polygons_in_plane_coordinates():
    """docs/reef-geometry.md: a lattice point (u, v) is drawn at (u/2, v·√3/2); a tile has side 1."""
    assert g.xy((2, 0)) == [1.0, 0.0]
    assert g.xy((1, 1)) == [0.5, round(3**0.5 / 2, 4)]
    poly = g.cell_polygon(g.cell_point(0, 0))
    assert len(poly) == 6 and poly[0] == [1.0, 0.0]
    assert g.coral_polygon(((0, 0), 0))[2] == [1.0, 0.0]
    assert len(g.tile_shapes()) == 6 and all(len(r) == 3 for r in g.tile_shapes())


def test_corals_under_a_habitat_leave_the_reef():
    """RULINGS 5: Reefs are groups of corals "not under a Habitat". Five red corals make a Reef until three of them
    become a Habitat; the two left over are too few."""
    b = Board(0)
    b.lay(g.cell_point(-1, 1), 1, "RRY", 0)
    formed = b.lay(g.cell_point(0, 1), 2, "RRK", 4)
    assert [(len(r.corals), r.colour) for r in find_reefs(b)] == [(5, "R")]
    assert formed == [((-1, 1), "R")]
    b.form_habitat((-1, 1), "crab")
    assert [r for r in find_reefs(b) if r.colour == "R"] == []


def test_docs_picture_of_rotation_zero():
    """docs/reef-geometry.md: rotation 0 of "RYG" puts red east, yellow south-west, green north-west."""
    shapes = g.tile_shapes()[0]
    east, south_west, north_west = [1.0, 0.0], [-0.5, 0.866], [-0.5, -0.866]
    assert shapes[0][2] == east and shapes[1][2] == south_west and shapes[2][2] == north_west
    assert g.cell_point(1, 0) == (3, 1) and g.xy(g.cell_point(0, 1)) == [0.0, 1.732]
