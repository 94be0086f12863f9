"""What a seat sees: everything is public in AQUA except the order of the face-down coral pile.

Every shape comes with ready-to-draw plane coordinates (tile side 1, y downwards, see ``docs/reef-geometry.md``), so
a renderer draws polygons and never works out a rule: which cells a market tile fits at for each rotation, which
Large Animal placements are legal, which corals form which Reef and what everything currently scores.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from . import data, text
from .achievements.live import live as live_achievements
from .board import BLANK, HOT_SPOT_CENTRE, HOT_SPOT_TILE, Board
from .geometry import (
    axial_to_step,
    coral_dirs,
    habitat_polygon,
    hex_offsets,
    orientation_of,
    point_cell,
    tile_shapes,
    xy,
)
from .refs import reef_at
from .rules import board_facts, is_final_round, large_options, market_spots, score_sheets
from .scoring import BoardFacts, total
from .state import LARGE, OVER, PLACE, REEF_COLOUR, ReefState

# Shapes every cell shares: add a cell's (or Habitat's) centre to these offsets to draw it.
GEOMETRY = {
    "side": 1,
    "hex": hex_offsets(),  # a tile, a frontier cell, a Habitat / Small or Large Animal cell
    "tile_rotations": tile_shapes(),  # [rot][coral i] rhombus of a tile's i-th colour, around its centre
    "note": "lattice point [u, v] is drawn at x = u/2, y = v*sqrt(3)/2 (tile side 1, y downwards)",
}


# Plane coordinates are pure functions of a lattice point: worked out once per point, not once per view (a reef
# click's Python is mostly building the view, and these polygons would be a third of it). The lists are shared between
# views; `Match.view` hands every caller its own copy.
_xy = lru_cache(maxsize=None)(xy)


_hexagon = lru_cache(maxsize=None)(habitat_polygon)


def _board_view(s: ReefState, seat: int, facts: BoardFacts, rows: list[dict[str, Any]]) -> dict[str, Any]:
    board: Board = s.boards[seat]
    reef_of: dict = {}
    reefs = []
    scored = set(s.rules.reefs_scored(facts))  # Modification 6 scores one colour only
    for i, reef in enumerate(facts.reefs):
        for c in reef.corals:
            reef_of[c] = i
        reefs.append(
            {
                "colour": reef.colour,
                "size": len(reef.corals),
                "animals": sorted([list(v) for v in reef.animals]),
                "scored": reef in scored,
                "points": s.rules.reef_points(facts, reef) if reef in scored else 0,
                "at": reef_at(reef),  # its name in refs: reef:<seat>.<q>,<r>.<d> (docs/refs.md)
            }
        )
    tiles, corals = [], []
    last = next(reversed(board.tiles))  # tiles keep the order they were laid in
    for cell, (tile, colours, rot) in board.tiles.items():
        q, r = point_cell(cell)
        tiles.append(
            {
                "q": q,
                "r": r,
                "tile": tile,
                "hot_spot": tile == HOT_SPOT_TILE,
                "colours": colours,
                "rot": rot,
                "centre": _xy(cell),
                "last": cell == last and tile != HOT_SPOT_TILE,
            }
        )
        for colour, d in zip(colours, coral_dirs(rot)):
            if colour == BLANK:
                continue
            coral = (cell, d)
            # No polygon: the rhombus is its tile's centre and the corners d-1, d, d+1 of `geometry.hex` around it
            # (a third of the answer's bytes when it was sent; the renderer adds four numbers).
            corals.append(
                {
                    "cell": [q, r],
                    "d": d,
                    "colour": colour,
                    "reef": reef_of.get(coral),
                    "habitat": board.under_habitat(coral),
                }
            )
    habitats = []
    for v, species in board.habitats.items():
        habitats.append(
            {
                "at": list(v),
                "species": species,
                "colour": data.COLOUR_OF_SPECIES[species],
                "points": data.SMALL_POINTS[species],
                "centre": _xy(v),
                "hex": _hexagon(v),
                "covered_by": board.covered.get(v),
                "fresh": v in s.fresh and seat == s.current,
            }
        )
    large = []
    for animal, points, cells in board.large:
        large.append(
            {
                "animal": animal,
                "name": data.LARGE_NAMES[animal],
                "shape": data.SHAPE_OF_ANIMAL[animal],
                "points": points,
                "cells": [list(c) for c in cells],
                "centres": [_xy(c) for c in cells],
                "hexes": [_hexagon(c) for c in cells],
            }
        )
    options = s.rules.reef_colour_options(facts) if s.rules.scores_reefs() else []
    # Modification 6: the colours this player may keep (best first, the default) and the one that counts now.
    reef_colours = [
        {
            "colour": c,
            "name": data.COLOUR_NAMES[c],
            "points": points,
            "scoring": scoring,
            "reefs": sum(1 for r in facts.reefs if r.colour == c),
        }
        for c, points, scoring in options
    ]
    return {
        "seat": seat,
        "hot_spot": board.hot_spot,
        "reef_colours": reef_colours,
        "reef_colour": s.reef_colours[seat] or (options[0][0] if options else None),
        "reef_colour_chosen": s.reef_colours[seat] is not None,
        "hot_spot_centre": _xy(HOT_SPOT_CENTRE),
        "hot_spot_hex": _hexagon(HOT_SPOT_CENTRE),
        "tiles": tiles,
        "corals": corals,
        "habitats": habitats,
        "large": large,
        "reefs": reefs,
        "score": rows,
        "total": total(rows),
    }


def _frontier_and_spots(s: ReefState) -> tuple[list[dict[str, Any]], list[list[list[int]]]]:
    """The current seat's empty cells next to its reef, and for each market tile and rotation the indices (into that
    list) of the cells where it fits."""
    board = s.boards[s.queue[0]]
    cells = sorted(board.frontier)
    index = {c: i for i, c in enumerate(cells)}
    frontier = [{"q": point_cell(c)[0], "r": point_cell(c)[1], "centre": _xy(c)} for c in cells]
    spots = [[[index[c] for c in per_rot] for per_rot in per_tile] for per_tile in market_spots(s)]
    return frontier, spots


# Each Large Animal shape in each (rotation, mirror): hexagon centres in plane coordinates around its first cell.
SHAPE_ORIENTATIONS = {
    shape.id: [
        {
            "rot": rot,
            "mirror": mirror,
            "centres": [xy(axial_to_step(*h)) for h in orientation_of(shape.cells, rot, mirror)],
        }
        for mirror in (False, True)
        for rot in range(6)
    ]
    for shape in data.LARGE_SHAPES
}


def _supply(s: ReefState) -> dict[str, Any]:
    small = [
        {
            "species": sp,
            "name": data.SPECIES_NAMES[sp],
            "colour": data.COLOUR_OF_SPECIES[sp],
            "points": data.SMALL_POINTS[sp],
            "left": s.small[sp],
        }
        for sp in data.SPECIES
    ]
    large = []
    for shape in data.LARGE_SHAPES:
        large.append(
            {
                "shape": shape.id,
                "label": shape.label,
                "animals": list(shape.animals),
                "names": [data.LARGE_NAMES[a] for a in shape.animals],
                "stack": list(s.large[shape.id]),
                "next": s.large[shape.id][0] if s.large[shape.id] else None,
                # Every (rotation, mirror) only when a Large Animal may be attracted (the renderer's turn strip then
                # shows them); otherwise the first, which the supply and the shape buttons draw (the other 11
                # would be ~6 KB of a ~29 KB answer on every click).
                "orientations": SHAPE_ORIENTATIONS[shape.id]
                if s.phase == "large"
                else SHAPE_ORIENTATIONS[shape.id][:1],
            }
        )
    return {"small": small, "large": large}


def _ecosystems(s: ReefState, sheets: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    out = []
    for slot, (number, native) in enumerate(s.line):
        eco = data.ECOSYSTEMS[number]
        scores = [
            next(r["points"] for r in rows if r.get("slot") == slot and r["category"] == "ecosystem") for rows in sheets
        ]
        out.append(
            {
                "slot": slot,
                "number": number,
                "kind": eco.kind,
                "local": eco.local,
                "text": eco.text,
                "subject": eco.subject,
                "native": native,
                "native_name": data.SPECIES_NAMES[native],
                "colour": data.COLOUR_OF_SPECIES[native],
                "scores": scores,
            }
        )
    return out


def _large_spots(s: ReefState) -> list[dict[str, Any]]:
    out = []
    board = s.boards[s.queue[0]]
    for spot in large_options(s):
        shape = data.SHAPES[spot["shape"]]
        out.append(
            {
                "shape": spot["shape"],
                "animals": list(shape.animals),
                "points": s.large[shape.id][0],
                "cells": [list(c) for c in spot["cells"]],
                "species": [board.habitats[c] for c in spot["cells"]],
                "orientations": [{"rot": r, "mirror": m} for r, m in spot["orientations"]],
                "hexes": [_hexagon(c) for c in spot["cells"]],
            }
        )
    return out


def _public(s: ReefState) -> dict[str, Any]:
    if "public" in s.memo:
        return s.memo["public"]
    sheets = score_sheets(s)
    facts = board_facts(s)
    table: dict[str, Any] = {
        "variant": s.rules.variant,
        "round": s.round,
        "rounds": s.rules.rounds,
        "final_round": is_final_round(s),
        "phase": s.phase,
        "current": s.current,
        "queue": list(s.queue),
        "done": list(s.done),
        "turn_order": list(s.last_order),
        "snail": None
        if not s.rules.uses_snail(s.players)
        else {"holder": s.snail_holder, "in_market": s.snail_in_market, "taker": s.snail_taker},
        "pile": len(s.pile),
        "discarded": list(s.discarded),  # solo: the market's leftovers, discarded face up each round
        "market": [
            {"index": i, "tile": t, "colours": data.TILES[t], "names": text.colours(data.TILES[t])}
            for i, t in enumerate(s.market)
        ],
        "supply": _supply(s),
        "ecosystems": _ecosystems(s, sheets),
        "boards": [_board_view(s, seat, facts[seat], sheets[seat]) for seat in range(s.players)],
        "scores": [total(rows) for rows in sheets],
        "frontier": [],
        "large_spots": [],
        "geometry": GEOMETRY,
        "colours": [
            {"letter": c, "name": data.COLOUR_NAMES[c], "species": data.SPECIES_OF_COLOUR[c]} for c in data.COLOURS
        ],
        "achievements": live_achievements(s),  # the Scenario's objective and standing so far; the Modification
    }
    if s.phase == PLACE:
        frontier, spots = _frontier_and_spots(s)
        table["frontier"] = frontier
        for m, per_rot in zip(table["market"], spots):
            m["spots"] = per_rot
    elif s.phase == LARGE:
        table["large_spots"] = _large_spots(s)
    s.memo["public"] = table
    return table


def _prompt(s: ReefState, seat: int | None) -> str:
    if s.phase == OVER:
        return "The game is over."
    cur = s.queue[0]
    if s.phase == REEF_COLOUR:
        if seat != cur:
            return f"{text.seat(cur)} is choosing the one Reef colour to score."
        return "Modification 6: choose the one colour of Reef you score (the colour worth most is offered first)."
    if seat != cur:
        doing = "is growing coral" if s.phase == PLACE else "may attract a Large Animal"
        return f"{text.seat(cur)} {doing}."
    if s.phase == LARGE:
        return "You may attract a Large Animal onto your new Small Animal(s), or skip."
    snail = ""
    if s.snail_in_market:
        snail = (
            " — or take the Sea Snail to play last in this final round"
            if is_final_round(s)
            else " — or take the Sea Snail to play last now and first next round"
        )
    return f"Take a coral tile from the market and grow it beside a coral of the same colour{snail}."


def table(s: ReefState, seat: int | None) -> dict[str, Any]:
    out = dict(_public(s))
    out["prompt"] = _prompt(s, seat)
    out["my_turn"] = seat is not None and seat == s.current
    return out
