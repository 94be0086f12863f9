"""The 18 Ecosystem scoring rules, one small function per kind, reading only :class:`~.scoring.BoardFacts`.

An Ecosystem sits at a ``slot`` in the line (left to right) with a native species; ``line`` is the whole line as
``[(number, native), ...]`` because Ecosystem 15 looks at its neighbours and Ecosystem 14 compares players.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import data

if TYPE_CHECKING:  # pragma: no cover
    from .scoring import BoardFacts

Line = list[tuple[int, str]]


def _natives(f: BoardFacts, native: str) -> list:
    return [v for v, s in f.habitats.items() if s == native]


def native_neighbours(
    eco: data.Ecosystem, native: str, slot: int, line: Line, facts: list[BoardFacts], seat: int
) -> int:
    """1: each native scores per Small Animal next to it, any species."""
    f = facts[seat]
    return eco.points * sum(len(f.neighbours[v]) for v in _natives(f, native))


def large_times_native(eco, native, slot, line, facts, seat) -> int:
    """2–6: each Large Animal of the shape scores per native Small Animal."""
    f = facts[seat]
    return eco.points * f.large_by_shape.get(eco.subject, 0) * f.counts.get(native, 0)


def species_next_to_native(eco, native, slot, line, facts, seat) -> int:
    """7–12: each animal of the printed species scores per native next to it (a pair of natives counts both ways)."""
    f = facts[seat]
    total = 0
    for v, s in f.habitats.items():
        if s == eco.subject:
            total += sum(1 for n in f.neighbours[v] if f.habitats[n] == native)
    return eco.points * total


def reef_native(eco, native, slot, line, facts, seat) -> int:
    """13: each Reef scores per native next to it."""
    f = facts[seat]
    return eco.points * sum(sum(1 for v in reef.animals if f.habitats[v] == native) for reef in f.reefs)


def majority(eco, native, slot, line, facts, seat) -> int:
    """14: most natives 7, the next count below 3 (RULINGS 9); solo compares the player's own species."""
    mine = facts[seat].counts.get(native, 0)
    if mine == 0:
        return 0
    if len(facts) == 1:
        counts = [n for n in facts[seat].counts.values() if n > 0]
    else:
        counts = [f.counts.get(native, 0) for f in facts]
    levels = sorted({n for n in counts if n > 0}, reverse=True)
    if mine == levels[0]:
        return eco.points
    if len(levels) > 1 and mine == levels[1]:
        return data.SECOND_PLACE_POINTS
    return 0


def native_next_to_neighbours(eco, native, slot, line, facts, seat) -> int:
    """15: each native scores per animal next to it that is native to the Ecosystem left or right of this one."""
    f = facts[seat]
    wanted = {line[i][1] for i in (slot - 1, slot + 1) if 0 <= i < len(line)}
    return eco.points * sum(sum(1 for n in f.neighbours[v] if f.habitats[n] in wanted) for v in _natives(f, native))


def three_natives(eco, native, slot, line, facts, seat) -> int:
    """16: three or more natives score 7 once."""
    return eco.points if facts[seat].counts.get(native, 0) >= 3 else 0


def per_native(eco, native, slot, line, facts, seat) -> int:
    """17 and 18: so many points per native (their Large Animal rules live in Rules.large_cover_allowed)."""
    return eco.points * facts[seat].counts.get(native, 0)


KINDS: dict[str, Callable[..., int]] = {
    "native_neighbours": native_neighbours,
    "large_times_native": large_times_native,
    "species_next_to_native": species_next_to_native,
    "reef_native": reef_native,
    "majority": majority,
    "native_next_to_neighbours": native_next_to_neighbours,
    "three_natives": three_natives,
    "native_uncovered": per_native,
    "native_crowd": per_native,
}


def score_ecosystem(slot: int, line: Line, facts: list[BoardFacts], seat: int) -> int:
    """Points the Ecosystem at ``slot`` gives ``seat``."""
    number, native = line[slot]
    eco = data.ECOSYSTEMS[number]
    return KINDS[eco.kind](eco, native, slot, line, facts, seat)


def ecosystem_label(number: int, native: str) -> str:
    """A short name for a score sheet: the number and the native species."""
    return f"Ecosystem {number} ({data.SPECIES_NAMES[native]})"
