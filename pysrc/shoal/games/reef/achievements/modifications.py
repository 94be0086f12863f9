"""Modifications 1–10: each a :class:`Rules` subclass overriding only the hook of the one rule it changes.

:func:`rules_for` reads a match's (or a plain position's) options — ``variant``, ``scenario``, ``modification`` —
and builds the rules the engine asks for everything: a Scenario fixes the Ecosystem line, a Modification swaps in its
subclass. The rulings these follow are in RULINGS.md ("AQUA achievements") and ``docs/rulings.md``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from shoal.core.errors import ShoalError

from .. import data
from ..variants import Rules
from .tables import EXTRA_REMOVED_SOLO, SMALL_REMOVED_BY_MOD7, modification_of, scenario_of

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..scoring import BoardFacts, Reef


class SmallerMarket(Rules):
    """1: one Coral tile fewer in every market; set-up removes one more (a round's worth, 17, in solo)."""

    modification = 1

    def market_size(self, players: int) -> int:
        return super().market_size(players) - 1

    def removed_tiles(self, players: int) -> int:
        return super().removed_tiles(players) + (EXTRA_REMOVED_SOLO if players == 1 else 1)


class LargerMarket(Rules):
    """2: one Coral tile more in every market; set-up removes one fewer (17 fewer in solo)."""

    modification = 2

    def market_size(self, players: int) -> int:
        return super().market_size(players) + 1

    def removed_tiles(self, players: int) -> int:
        return super().removed_tiles(players) - (EXTRA_REMOVED_SOLO if players == 1 else 1)


class BigReefs(Rules):
    """3: a Reef needs at least 5 corals (a group of 4 is no Reef at all)."""

    modification = 3

    def reef_min_size(self) -> int:
        return 5


class ReefsPerCoral(Rules):
    """4: a Reef scores 2 per coral in it instead of its adjacent Small Animals."""

    modification = 4

    def reef_points(self, facts: BoardFacts, reef: Reef) -> int:
        return 2 * len(reef.corals)


class ReefsFeedLargeAnimals(Rules):
    """5: a Reef scores the points of each Large Animal touching it (once each), not of Small Animals."""

    modification = 5

    def reef_points(self, facts: BoardFacts, reef: Reef) -> int:
        return sum(points for _, points, cells in facts.large if any(c in reef.animals for c in cells))


class OneReefColour(Rules):
    """6: each player chooses, at the end, the one colour of Reef it scores (an action of the game's last phase).
    Until it has chosen, the colour worth most counts: the default offered first; on equal points the one with more
    scoring Reefs (Challenge 21 counts them), then the earlier colour in R Y G B P K."""

    modification = 6

    def reef_colour_options(self, facts: BoardFacts) -> list[tuple[str, int, int]]:
        worth: dict[str, tuple[int, int]] = {}
        for reef in facts.reefs:
            points = self.reef_points(facts, reef)
            total, scoring = worth.get(reef.colour, (0, 0))
            worth[reef.colour] = (total + points, scoring + (points > 0))
        ranked = sorted(worth, key=lambda c: (-worth[c][0], -worth[c][1], data.COLOURS.index(c)))
        return [(c, *worth[c]) for c in ranked]

    def reefs_scored(self, facts: BoardFacts) -> list[Reef]:
        reefs = list(facts.reefs)
        if not reefs:
            return []
        colour = facts.reef_colour or self.reef_colour_options(facts)[0][0]
        return [r for r in reefs if r.colour == colour]


class FewerSmallAnimals(Rules):
    """7: set-up removes 10/8/6/4 of each Small Animal at 1/2/3/4 players."""

    modification = 7

    def small_per_species(self, players: int) -> int:
        return super().small_per_species(players) - SMALL_REMOVED_BY_MOD7[players]


class FourHabitatColours(Rules):
    """8: a player's Habitats are of at most 4 colours; a hexagon of a fifth colour forms no Habitat."""

    modification = 8

    def habitat_may_form(self, board: Board, colour: str) -> bool:
        used = {data.COLOUR_OF_SPECIES[s] for s in board.habitats.values()}
        return colour in used or len(used) < 4


class PairedLargeAnimals(Rules):
    """9: a Large Animal must cover at least 2 Small Animals of one species; biodiversity no longer applies
    (Ecosystem 17's natives still may not be covered)."""

    modification = 9

    def large_cover_allowed(self, species: Iterable[str], line: list[tuple[int, str]]) -> bool:
        species = list(species)
        forbidden = {native for number, native in line if number == 17}
        if any(s in forbidden for s in species):
            return False
        return max(Counter(species).values(), default=0) >= 2


class OneOfEachShape(Rules):
    """10: a player may hold only one Large Animal of each shape."""

    modification = 10

    def large_shape_allowed(self, board: Board, shape: str) -> bool:
        return all(data.SHAPE_OF_ANIMAL[animal] != shape for animal, _, _ in board.large)


RULES_OF_MODIFICATION: dict[int, type[Rules]] = {
    cls.modification: cls
    for cls in (
        SmallerMarket,
        LargerMarket,
        BigReefs,
        ReefsPerCoral,
        ReefsFeedLargeAnimals,
        OneReefColour,
        FewerSmallAnimals,
        FourHabitatColours,
        PairedLargeAnimals,
        OneOfEachShape,
    )
}


def rules_for(options: dict[str, Any]) -> Rules:
    """The rules for a match's options: the variant, the Ecosystem line (a Scenario's, or the players' own), a
    Modification's subclass.

    A Scenario brings its own Ecosystems and is scored in full, so with the Family variant it plays as Core (whose
    only other difference from Advanced is the line the Scenario replaces). A line of the players' own ("line", six
    Ecosystem numbers) goes with neither a Scenario nor the Family variant.
    """
    variant = options.get("variant", "core")
    scenario = scenario_of(options)
    modification = modification_of(options)
    own = tuple(options.get("line") or ())
    if own and scenario is not None:
        raise ShoalError(
            f"Scenario {scenario.letter} sets its own Ecosystems: choose a Scenario or your own "
            "Ecosystem line, not both"
        )
    if own and variant == "family":
        raise ShoalError("the Family variant uses no Ecosystems: choose Core or Advanced to play your own line")
    if scenario is not None and variant == "family":
        variant = "core"
    cls = RULES_OF_MODIFICATION[modification.number] if modification else Rules
    return cls(variant, scenario.ecosystems if scenario else own or None)
