"""Refs for "explain this score": which animals, Reefs and Ecosystem elements earned each score-sheet row
(docs/refs.md). Read-only over :class:`~.scoring.BoardFacts`; the points themselves stay in ``scoring``.

A row's refs name exactly what its points count: every Large Animal (``animal:``), every Small Animal
(``habitat:``), each scored Reef (``reef:``) with the Small Animals feeding it, and for an Ecosystem its tile
(``ecosystem:<slot>``) followed by the elements it counted — nothing that did not count.
"""

from __future__ import annotations

from typing import Any

from . import data
from .geometry import Point
from .scoring import BoardFacts
from .variants import Rules


def habitat(seat: int, v: Point) -> str:
    return f"habitat:{seat}.{v[0]},{v[1]}"


def _unique(refs: list[str]) -> list[str]:
    return list(dict.fromkeys(refs))


def ecosystem_refs(
    slot: int, line: list[tuple[int, str]], facts: list[BoardFacts], seat: int, points: int
) -> list[str]:
    """The Ecosystem at ``slot`` and the elements of ``seat``'s reef that it counted (only its tile if none)."""
    number, native = line[slot]
    eco = data.ECOSYSTEMS[number]
    f = facts[seat]
    head = [f"ecosystem:{slot}"]
    if not points:
        return head
    natives = [v for v, s in f.habitats.items() if s == native]
    out: list[str] = []
    if eco.kind == "native_neighbours":
        for v in natives:
            if f.neighbours[v]:
                out += [habitat(seat, v)] + [habitat(seat, n) for n in f.neighbours[v]]
    elif eco.kind == "large_times_native":
        out += [f"animal:{seat}.{i}" for i, (a, _, _) in enumerate(f.large) if data.SHAPE_OF_ANIMAL[a] == eco.subject]
        out += [habitat(seat, v) for v in natives]
    elif eco.kind == "species_next_to_native":
        for v, s in f.habitats.items():
            near = [n for n in f.neighbours[v] if f.habitats[n] == native]
            if s == eco.subject and near:
                out += [habitat(seat, v)] + [habitat(seat, n) for n in near]
    elif eco.kind == "reef_native":
        for i, reef in enumerate(f.reefs):
            fed = [v for v in sorted(reef.animals) if f.habitats[v] == native]
            if fed:
                out += [f"reef:{seat}.{i}"] + [habitat(seat, v) for v in fed]
    elif eco.kind == "native_next_to_neighbours":
        wanted = {line[i][1] for i in (slot - 1, slot + 1) if 0 <= i < len(line)}
        for v in natives:
            near = [n for n in f.neighbours[v] if f.habitats[n] in wanted]
            if near:
                out += [habitat(seat, v)] + [habitat(seat, n) for n in near]
    else:  # majority, three natives, so much per native: the natives themselves
        out += [habitat(seat, v) for v in natives]
    return head + _unique(out)


def row_refs(
    row: dict[str, Any], facts: list[BoardFacts], line: list[tuple[int, str]], rules: Rules, seat: int
) -> list[str]:
    """The refs of one row of :func:`scoring.score_rows` for ``seat``."""
    f = facts[seat]
    category = row["category"]
    if category == "large":
        return [f"animal:{seat}.{i}" for i in range(len(f.large))]
    if category == "small":
        return [habitat(seat, v) for v in f.habitats]
    if category == "reefs":
        scored = rules.reefs_scored(f)
        out: list[str] = []
        for i, reef in enumerate(f.reefs):
            if reef in scored and rules.reef_points(f, reef):
                out += [f"reef:{seat}.{i}"] + [habitat(seat, v) for v in sorted(reef.animals)]
        return _unique(out)
    if category == "ecosystem":
        return ecosystem_refs(row["slot"], line, facts, seat, row["points"])
    return []
