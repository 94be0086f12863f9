"""A position of AQUA: boards, market, pile, supply, Ecosystems, and where the round stands."""

from __future__ import annotations

from typing import Any

from shoal.core import Rng, State

from .board import Board
from .geometry import Point
from .variants import Rules

PLACE, LARGE, OVER = "place", "large", "over"
REEF_COLOUR = "reef_colour"  # Modification 6: after the last round, each player chooses its one scoring Reef colour


class ReefState(State):
    """Everything about a position; the view shows all of it but the pile's order and the tiles boxed unseen.

    Set-up (``rules.setup``), a position in the notation (``notation.parse``) and a bot's sample of what its view
    leaves open (``search``) each build one here; the rest of a round's bookkeeping starts as at a round's opening.
    """

    def __init__(
        self,
        players: int,
        options: dict[str, Any],
        rng: Rng,
        *,
        rules: Rules,
        boards: list[Board],
        line: list[tuple[int, str]],
        small: dict[str, int],
        large: dict[str, list[int]],
        pile: list[int],
        market: list[int] | None = None,
        round: int = 0,
        queue: list[int] | None = None,
        done: list[int] | None = None,
        snail_holder: int | None = None,
        snail_in_market: bool = False,
        snail_taker: int | None = None,
        phase: str = PLACE,
        fresh: list[Point] | None = None,
        last_order: list[int] | None = None,
        reef_colours: list[str | None] | None = None,
        discarded: list[int] | None = None,
    ) -> None:
        super().__init__(players, options, rng)
        self.rules = rules  # shared, never mutated
        self.boards = boards
        self.pile = pile  # face-down tile ids; the next tile drawn is the last
        self.market = market if market is not None else []  # face-up tile ids, in the order they were revealed
        self.line = line  # Ecosystems left to right: (number, native species)
        self.small = small  # Small Animals left in the supply
        self.large = large  # Large Animal stacks by shape id, top first
        self.round = round
        self.queue = queue if queue is not None else []  # seats still to take their full turn, the one to act first
        self.done = done if done is not None else []  # seats in the order they finished their turn this round
        self.snail_holder = snail_holder  # who prepared the market and opened this round (None in solo)
        self.snail_in_market = snail_in_market
        self.snail_taker = snail_taker  # who took the Sea Snail this round
        self.phase = phase
        self.fresh = fresh if fresh is not None else []  # Habitats formed by the current turn's tile
        self.last_order = last_order if last_order is not None else []  # the last finished round's turn order
        # Modification 6: the Reef colour each seat chose to score (None: not chosen).
        self.reef_colours = reef_colours if reef_colours is not None else [None] * players
        # Tiles discarded face up from a solo market: public, and so never in a pile a bot imagines.
        self.discarded = discarded if discarded is not None else []
        self.memo: dict[str, Any] = {}  # derived answers (legal actions, view, scores) for this position; never cloned

    def clone(self) -> ReefState:
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
        t.discarded = list(self.discarded)
        t.memo = {}
        return t

    @property
    def current(self) -> int | None:
        return self.queue[0] if self.queue and self.phase != OVER else None
