"""Every rule a variant, a Scenario or a Modification may change, each in one place.

The engine never writes these numbers or tests inline: it asks a :class:`Rules` object, which the state keeps. A
Modification is a subclass overriding one method (for example ``reef_min_size`` for "Reefs must be size 5+"), chosen
from the match options by ``achievements.modifications.rules_for``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from shoal.core.errors import ShoalError

from . import data

if TYPE_CHECKING:  # pragma: no cover
    from .board import Board
    from .scoring import BoardFacts, Reef

VARIANTS = ("core", "family", "advanced")
REMOVED_TILES = {1: 19, 2: 35, 3: 18, 4: 1}  # set-up removals per player count (solo: 19)


class Rules:
    """The standard rules of one variant. Methods, not constants, so that one override changes one rule."""

    rounds = 17

    def __init__(self, variant: str = "core", line: Iterable[int] | None = None) -> None:
        if variant not in VARIANTS:
            raise ShoalError(f"unknown variant {str(variant)[:20]!r} (variants: {', '.join(VARIANTS)})")
        self.variant = variant
        self.line = tuple(line) if line is not None else None  # a Scenario's fixed Ecosystems, left to right

    # --- set-up and the market ---------------------------------------------------------------------------------
    def market_size(self, players: int) -> int:
        """Coral tiles on offer at the start of each round: one more than the players; three in solo."""
        return 3 if players == 1 else players + 1

    def removed_tiles(self, players: int) -> int:
        """Coral tiles returned to the box unseen at set-up, so that the pile lasts exactly 17 rounds."""
        return REMOVED_TILES[players]

    def keeps_leftover(self, players: int) -> bool:
        """Whether the tiles left in the market stay for the next round (solo discards them)."""
        return players > 1

    def uses_snail(self, players: int) -> bool:
        return players > 1

    def small_per_species(self, players: int) -> int:
        return data.SMALL_PER_SPECIES

    def large_stack(self, shape: data.LargeShape, players: int) -> tuple[int, ...]:
        """Points of one shape's stack, top first; at 2–3 players the shark-icon tile (the lowest) is removed."""
        return shape.points[:-1] if players in (2, 3) else shape.points

    def uses_ecosystems(self) -> bool:
        """Whether Ecosystems are laid out and scored (not in Family, unless a Scenario sets them)."""
        return self.line is not None or self.variant != "family"

    def ecosystem_line(self, players: int, rng) -> list[int]:
        """The Ecosystem numbers laid out left to right (empty in the Family variant; a Scenario's own line)."""
        if self.line is not None:
            return list(self.line)
        if self.variant == "family":
            return []
        if self.variant == "advanced":
            return rng.sample(list(data.ALL_ECOSYSTEM_TILES), 6)
        return list(data.CORE_ECOSYSTEMS)

    # --- Habitats and Large Animals ----------------------------------------------------------------------------
    def habitat_may_form(self, board: Board, colour: str) -> bool:
        """Whether three matching corals of ``colour`` form a Habitat on this board (supply is checked apart)."""
        return True

    def large_shape_allowed(self, board: Board, shape: str) -> bool:
        """Whether this board may attract one more Large Animal of ``shape``."""
        return True

    def large_cover_allowed(self, species: Iterable[str], line: list[tuple[int, str]]) -> bool:
        """Biodiversity: the Small Animals under one Large Animal are all different, except natives of Ecosystem 18
        (which may repeat), and none may be a native of Ecosystem 17."""
        forbidden = {native for number, native in line if number == 17}
        crowd = {native for number, native in line if number == 18}
        seen: set[str] = set()
        for s in species:
            if s in forbidden:
                return False
            if s in seen and s not in crowd:
                return False
            seen.add(s)
        return True

    # --- scoring -----------------------------------------------------------------------------------------------
    def scores_reefs(self) -> bool:
        return self.variant != "family"

    def reef_min_size(self) -> int:
        """Corals a group needs to be a Reef."""
        return 4

    def reef_points(self, facts: BoardFacts, reef: Reef) -> int:
        """What one Reef scores: the points of every Small Animal next to it."""
        return sum(data.SMALL_POINTS[facts.habitats[v]] for v in reef.animals)

    def reefs_scored(self, facts: BoardFacts) -> list[Reef]:
        """The Reefs that count at the end (all of them in the standard rules)."""
        return list(facts.reefs)

    def reef_colour_options(self, facts: BoardFacts) -> list[tuple[str, int, int]]:
        """The Reef colours a player chooses among at the end, best first, as ``(colour, points, scoring Reefs)``;
        empty when there is nothing to choose (every Reef scores in the standard rules)."""
        return []

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "reef_min_size": self.reef_min_size(), "rounds": self.rounds}
