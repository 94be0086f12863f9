"""Refs (docs/refs.md): what AQUA's board tags (:func:`drawn`, which a lesson's highlight must name), and for "explain
this score" which animals, Reefs and Ecosystem elements earned each score-sheet row. Read-only over
:class:`~.scoring.BoardFacts`; the points themselves stay in ``scoring``.

A row's refs name exactly what its points count: every Large Animal (``animal:``), every Small Animal
(``habitat:``), each scored Reef (``reef:``) with the Small Animals feeding it, and for an Ecosystem its tile
(``ecosystem:<slot>``) followed by the elements it counted — nothing that did not count.
"""

from __future__ import annotations

from typing import Any

from . import data
from .geometry import Point, point_cell
from .scoring import BoardFacts, Reef
from .variants import Rules


def habitat(seat: int, v: Point) -> str:
    return f"habitat:{seat}.{v[0]},{v[1]}"


def reef_at(reef: Reef) -> list[int]:
    """A Reef's name: its coral laid first, as ``[q, r, d]`` (corals are met in the order they were laid, so that is
    the first coral a Reef's search starts from). The name stays as the Reef grows; it changes only when that coral
    goes under a Habitat or the Reef takes in corals of its colour laid before it, and then the Reef is another."""
    (cell, d) = reef.first
    q, r = point_cell(cell)
    return [q, r, d]


def reef_name(seat: int, at: list[int]) -> str:
    """The ref of seat ``seat``'s Reef named by its first coral ``at`` (``[q, r, d]``: a view's ``reefs[i].at``)."""
    return f"reef:{seat}.{at[0]},{at[1]}.{at[2]}"


def reef(seat: int, named: Reef) -> str:
    return reef_name(seat, reef_at(named))


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
        for found in f.reefs:
            fed = [v for v in sorted(found.animals) if f.habitats[v] == native]
            if fed:
                out += [reef(seat, found)] + [habitat(seat, v) for v in fed]
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
        for found in f.reefs:
            if found in scored and rules.reef_points(f, found):
                out += [reef(seat, found)] + [habitat(seat, v) for v in sorted(found.animals)]
        return _unique(out)
    if category == "ecosystem":
        return ecosystem_refs(row["slot"], line, facts, seat, row["points"])
    return []


def reef_boards_shown(view: dict[str, Any]) -> list[int]:
    """The reefs on screen: every seat's at the end of a game with several players; otherwise the viewer's (or,
    for a spectator, the seat to play's) until the reader picks another tab."""
    t = view["table"]
    if view["over"] and view["players"] > 1:
        return list(range(view["players"]))
    shown = view["seat"] if view["seat"] is not None else t["current"] if t["current"] is not None else 0
    return [shown]


def drawn(view: dict[str, Any]) -> set[str]:
    """Every ref the board of ``view`` tags (docs/refs.md, "What the board draws"), with the default reef on show."""
    t = view["table"]
    refs = {f"ecosystem:{e['slot']}" for e in t["ecosystems"]}
    if not view["over"]:
        refs |= {f"market:{m['colours']}" for m in t["market"]}
    if view["players"] > 1 and not view["over"]:
        refs |= {f"seat:{s}" for s in range(view["players"])}  # the tabs
    for s in reef_boards_shown(view):
        b = t["boards"][s]
        refs |= {f"seat:{s}", f"board:{s}"} | {f"hex:{s}.{x['q']},{x['r']}" for x in b["tiles"]}
        refs |= {f"coral:{s}.{c['cell'][0]},{c['cell'][1]}.{c['d']}" for c in b["corals"]}
        refs |= {f"hex:{s}.{c['cell'][0]},{c['cell'][1]}" for c in b["corals"]}
        refs |= {reef_name(s, x["at"]) for x in b["reefs"]}  # on its corals, and its row of the score panel
        refs |= {f"habitat:{s}.{h['at'][0]},{h['at'][1]}" for h in b["habitats"] if h["at"]}
        refs |= {f"animal:{s}.{i}" for i in range(len(b["large"]))}
        if s == t["current"] and not view["over"]:  # the empty spaces a tile may grow into
            refs |= {f"hex:{s}.{c['q']},{c['r']}" for c in t["frontier"]}
    return refs
