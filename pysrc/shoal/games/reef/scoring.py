"""End-of-game scoring as pure functions over plain positions.

A teacher's page, a Scenario check or a bot can call :func:`score_position` on a position it builds itself, as
JSON or in the text notation of :mod:`.notation` (this example runs as a test)::

    >>> from shoal.games.reef.notation import parse_position
    >>> position = parse_position('''
    ... E 1:crab 2:jellyfish 3:turtle 4:seahorse 5:starfish 6:clownfish
    ... P H2 2,-1:GGK@0 2,0:YBG@0 0,1:RPK@2 1,1:YGK@0 0,2:GGR@0 0,3:GGP@2 -1,2:RBP@0 -1,1:PPY@0 L:moray_eel=5:2,2/5,1
    ... ''')
    >>> position["boards"][0]["habitats"]
    [{'at': [5, 1], 'species': 'turtle'}, {'at': [2, 2], 'species': 'jellyfish'}, {'at': [-1, 3], 'species': 'crab'}]
    >>> [sheet] = score_position(position)
    >>> for row in sheet["rows"]:
    ...     if row["points"]:
    ...         print(row["label"], row["points"])
    Large Animals 5
    Small Animals 6
    Reefs 8
    Ecosystem 1 (Trapezia crab) 1
    Ecosystem 2 (Box jellyfish) 2
    >>> sheet["total"]
    22

A position is ``{"variant", "ecosystems": [[number, native], ...], "boards": [board, ...]}``, a board being
``{"hot_spot": 0..3 or null, "tiles": [{"q", "r", "colours", "rot"}], "habitats": [{"at": [u, v], "species"}],
"large": [{"animal", "points", "cells": [[u, v], ...]}]}`` (coordinates: ``docs/reef-geometry.md``).
Positions use the board format of :meth:`Board.to_json`; ``"auto_habitats": true`` forms every Habitat the tiles
complete, so a hand-built position may leave ``habitats`` out; ``"modification": "3"`` scores under that
Modification (see ``achievements``). Nothing here reads the match state or the RNG.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from shoal.core.errors import ShoalError

from . import data
from .achievements.modifications import rules_for
from .board import Board, from_json
from .ecosystems import ecosystem_label, score_ecosystem
from .geometry import STEPS, Coral, Point, coral_neighbour_candidates, touching_corals
from .variants import Rules

_DU = tuple(s[0] for s in STEPS)
_DV = tuple(s[1] for s in STEPS)


class Reef(NamedTuple):
    colour: str
    corals: frozenset  # of Coral
    animals: frozenset  # vertices of the Small Animals sharing an edge with one of its corals
    first: Coral  # its coral laid first: the Reef's name (docs/refs.md), kept as the Reef grows


class BoardFacts:
    """Everything scoring reads from one board, computed once."""

    __slots__ = ("habitats", "counts", "neighbours", "reefs", "large", "large_by_shape", "reef_colour")

    def __init__(self, board: Board, rules: Rules, reef_colour: str | None = None) -> None:
        self.reef_colour = reef_colour  # Modification 6: the one Reef colour the player chose to score (None: not yet)
        self.habitats = board.habitats
        self.counts: dict[str, int] = {}
        for s in board.habitats.values():
            self.counts[s] = self.counts.get(s, 0) + 1
        self.neighbours = {v: board.animal_neighbours(v) for v in board.habitats}
        self.reefs = find_reefs(board, rules.reef_min_size())
        self.large = board.large
        self.large_by_shape: dict[str, int] = {}
        for animal, _, _ in board.large:
            shape = data.SHAPE_OF_ANIMAL[animal]
            self.large_by_shape[shape] = self.large_by_shape.get(shape, 0) + 1


def find_reefs(board: Board, min_size: int = 4) -> list[Reef]:
    """Edge-connected groups of at least ``min_size`` same-coloured corals not under a Habitat, with the Small
    Animals touching each (along an edge: point to point does not count)."""
    habitats = board.habitats
    open_corals = {
        c: col for c, col in board.corals.items() if (c[0][0] + _DU[c[1]], c[0][1] + _DV[c[1]]) not in habitats
    }
    group_of: dict[Coral, int] = {}
    groups: list[list[Coral]] = []
    for start, colour in open_corals.items():
        if start in group_of:
            continue
        gid = len(groups)
        group_of[start] = gid
        members = [start]
        i = 0
        while i < len(members):
            for n in coral_neighbour_candidates(members[i]):
                if n not in group_of and open_corals.get(n) == colour:
                    group_of[n] = gid
                    members.append(n)
            i += 1
        groups.append(members)
    touching: list[set[Point]] = [set() for _ in groups]
    for v in habitats:
        for c in touching_corals(v):
            g = group_of.get(c)
            if g is not None:
                touching[g].add(v)
    return [
        Reef(open_corals[m[0]], frozenset(m), frozenset(touching[g]), m[0])
        for g, m in enumerate(groups)
        if len(m) >= min_size
    ]


def facts_for(boards: list[Board], rules: Rules, reef_colours: list[str | None] | None = None) -> list[BoardFacts]:
    """Each board's facts; ``reef_colours[seat]`` is the Reef colour that seat chose to score (Modification 6)."""
    colours = reef_colours or [None] * len(boards)
    return [BoardFacts(b, rules, c) for b, c in zip(boards, colours)]


def score_rows(facts: list[BoardFacts], line: list[tuple[int, str]], rules: Rules, seat: int) -> list[dict[str, Any]]:
    """The score sheet of one seat: Large Animals, Small Animals, Reefs, then each Ecosystem in line order."""
    f = facts[seat]
    rows = [
        {"label": "Large Animals", "points": sum(p for _, p, _ in f.large), "category": "large", "count": len(f.large)},
        {
            "label": "Small Animals",
            "points": sum(data.SMALL_POINTS[s] for s in f.habitats.values()),
            "category": "small",
            "count": len(f.habitats),
        },
    ]
    if rules.scores_reefs():
        reefs = rules.reefs_scored(f)
        each = [rules.reef_points(f, r) for r in reefs]
        rows.append({"label": "Reefs", "points": sum(each), "category": "reefs", "count": len(reefs), "each": each})
    for slot, (number, native) in enumerate(line if rules.uses_ecosystems() else []):
        rows.append(
            {
                "label": ecosystem_label(number, native),
                "points": score_ecosystem(slot, line, facts, seat),
                "category": "ecosystem",
                "slot": slot,
                "number": number,
                "native": native,
            }
        )
    return rows


def score_boards(
    boards: list[Board], line: list[tuple[int, str]], rules: Rules, reef_colours: list[str | None] | None = None
) -> list[list[dict[str, Any]]]:
    """Score sheets of every seat (a list of rows each)."""
    facts = facts_for(boards, rules, reef_colours)
    return [score_rows(facts, line, rules, seat) for seat in range(len(boards))]


def total(rows: list[dict[str, Any]]) -> int:
    return sum(r["points"] for r in rows)


def winner(scores: list[int], order: list[int]) -> int:
    """Most points; a tie goes to the tied player earliest in the final round's turn order."""
    best = max(scores)
    return next(seat for seat in order if scores[seat] == best)


def position_parts(position: dict[str, Any]) -> tuple[list[Board], list[tuple[int, str]], Rules]:
    """Boards, Ecosystem line and rules of a plain position (see the module docstring; the text notation's
    ``notation.parse_position`` makes one from the text notation)."""
    auto = bool(position.get("auto_habitats", False))
    boards = [from_json(b, auto_habitats=auto) for b in position["boards"]]
    line = [(int(n), str(s)) for n, s in position.get("ecosystems", [])]
    rules = rules_for(position)  # the variant, and a "modification" if the position names one
    return boards, line, rules


def reef_colours_of(position: dict[str, Any]) -> list[str | None]:
    """Each board's ``"reef_colour"`` (Modification 6: the one Reef colour its player chose to score), or None."""
    out = []
    for i, b in enumerate(position["boards"]):
        colour = b.get("reef_colour") if isinstance(b, dict) else None
        if colour is not None and colour not in data.COLOURS:
            raise ShoalError(f"board {i}: reef_colour {colour!r} is not one of {', '.join(data.COLOURS)}")
        out.append(colour)
    return out


def score_position(position: dict[str, Any], rules: Rules | None = None) -> list[dict[str, Any]]:
    """A plain position in, each seat's score sheet out: ``[{"seat", "total", "rows": [...]}, ...]``.

    ``rules`` overrides the position's variant (a Modification passes its own :class:`Rules`). Under Modification 6
    a board's ``"reef_colour"`` names the colour its player chose; without it the colour worth most scores.
    """
    boards, line, default_rules = position_parts(position)
    sheets = score_boards(boards, line, rules or default_rules, reef_colours_of(position))
    return [{"seat": i, "total": total(rows), "rows": rows} for i, rows in enumerate(sheets)]
