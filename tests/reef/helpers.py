"""Helpers shared by the reef tests: Habitat spots by axial coordinates, boards and matches built by hand."""

from __future__ import annotations

import shoal
from shoal.games.reef import data
from shoal.games.reef.board import Board
from shoal.games.reef.geometry import Point, cell_point
from shoal.games.reef.scoring import BoardFacts, score_rows
from shoal.games.reef.variants import Rules


def H(q: int, r: int) -> Point:
    """The class-2 Habitat spot east of cell (q, r): such spots form a hex grid with the same axial steps as cells,
    so H(0, 0) touches H(1, 0), H(0, 1), H(-1, 1), H(-1, 0), H(0, -1), H(1, -1)."""
    u, v = cell_point(q, r)
    return (u + 2, v)


def animals(spec: dict[Point, str], hot_spot: int | None = None) -> Board:
    """A board holding only the given Small Animals (scoring reads Habitats, not the tiles under them)."""
    b = Board(hot_spot)
    for v, species in spec.items():
        b.form_habitat(v, species)
    return b


def eco_points(number: int, native: str, boards: list[Board], seat: int = 0, line=None, slot: int | None = None):
    """Points of one Ecosystem (alone in a line unless ``line`` is given) for ``seat``."""
    rules = Rules("core")
    if line is None:
        line, slot = [(number, native)], 0
    facts = [BoardFacts(b, rules) for b in boards]
    rows = score_rows(facts, line, rules, seat)
    return next(r["points"] for r in rows if r["category"] == "ecosystem" and r["slot"] == slot)


def tile_id(colours: str) -> int:
    return data.TILES.index(colours)


def give(m, market: list[str]) -> None:
    """Put exactly these tiles in the market (the others go back into the pile, keeping its size honest)."""
    s = m.state
    ids = [tile_id(c) for c in market]
    before = len(s.pile) + len(s.market)
    s.pile = [t for t in s.pile + s.market if t not in ids]
    del s.pile[: max(0, len(s.pile) + len(ids) - before)]
    s.market = ids
    s.memo = {}


def match_with(players: int, market: list[str], seed: int = 0, variant: str = "core", hot_spots=None):
    """A fresh match whose market holds the given tiles; every board starts from Hot Spot 0 unless told."""
    m = shoal.new_match("reef", players, seed=seed, options={"variant": variant})
    for seat in range(players):
        m.state.boards[seat] = Board(0 if hot_spots is None else hot_spots[seat])
    give(m, market)
    return m


def place(m, seat: int, colours: str, q: int, r: int, rot: int) -> None:
    tile = m.state.market.index(tile_id(colours))
    m.play(seat, {"type": "place", "tile": tile, "q": q, "r": r, "rot": rot})
