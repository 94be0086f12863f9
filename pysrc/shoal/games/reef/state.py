"""A position of AQUA: boards, market, pile, supply, Ecosystems, and where the round stands."""

from __future__ import annotations

from typing import Any

from shoal.core import State

from .board import Board
from .geometry import Point
from .variants import Rules

PLACE, LARGE, OVER = "place", "large", "over"
REEF_COLOUR = "reef_colour"  # Modification 6: after the last round, each player chooses its one scoring Reef colour


class ReefState(State):
    rules: Rules  # shared, never mutated
    boards: list[Board]
    pile: list[int]  # face-down tile ids; the next tile drawn is the last
    market: list[int]  # face-up tile ids, in the order they were revealed
    line: list[tuple[int, str]]  # Ecosystems left to right: (number, native species)
    small: dict[str, int]  # Small Animals left in the supply
    large: dict[str, list[int]]  # Large Animal stacks by shape id, top first
    round: int
    queue: list[int]  # seats still to take their full turn this round, the seat to act first
    done: list[int]  # seats in the order they finished their turn this round
    snail_holder: int | None  # who prepared the market and opened this round (None in solo)
    snail_in_market: bool
    snail_taker: int | None  # who took the Sea Snail this round
    phase: str
    fresh: list[Point]  # Habitats formed by the current turn's tile
    last_order: list[int]  # turn order of the last finished round (the final round's, for ties)
    reef_colours: list[str | None]  # Modification 6: the Reef colour each seat chose to score (None: not chosen)
    memo: dict[str, Any]  # derived answers (legal actions, view, scores) for this exact position; never cloned

    def clone(self) -> "ReefState":
        t = ReefState.__new__(ReefState)
        self._clone_base(t)
        t.rules = self.rules
        t.boards = [b.clone() for b in self.boards]
        t.pile = list(self.pile)
        t.market = list(self.market)
        t.line = list(self.line)
        t.small = dict(self.small)
        t.large = {k: list(v) for k, v in self.large.items()}
        t.round = self.round
        t.queue = list(self.queue)
        t.done = list(self.done)
        t.snail_holder = self.snail_holder
        t.snail_in_market = self.snail_in_market
        t.snail_taker = self.snail_taker
        t.phase = self.phase
        t.fresh = list(self.fresh)
        t.last_order = list(self.last_order)
        t.reef_colours = list(self.reef_colours)
        t.memo = {}
        return t

    @property
    def current(self) -> int | None:
        return self.queue[0] if self.queue and self.phase != OVER else None
