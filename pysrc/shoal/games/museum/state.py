"""A museum position: the display, who knows which face-down card, the visitor tokens, hands, deck, whose step."""

from __future__ import annotations

from typing import Any

from shoal.core import Rng, State

from .grid import Pos

PLACE, TOKEN, OVER = "place", "token", "over"


class MuseumState(State):
    """Everything about a position; the view decides what of it a seat may see.

    ``grid`` maps positions to card ids and ``face_up`` to facings; ``placer`` says which seat placed a card (``None``
    for the two set-up cards), which is what lets a seat know the face-down cards it placed. ``deck`` is drawn from
    its end. During ``TOKEN`` steps ``boat`` is the boat just played face up and ``mover`` the seat deciding.
    """

    def __init__(self, players: int, options: dict[str, Any], rng: Rng) -> None:
        super().__init__(players, options, rng)
        self.grid: dict[Pos, int] = {}
        self.face_up: dict[Pos, bool] = {}
        self.placer: dict[Pos, int | None] = {}
        self.tokens: dict[Pos, int] = {}
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.deck: list[int] = []
        self.start_player = 0
        self.turn = 0  # the seat whose turn it is (the placer, also during its boat's token moves)
        self.phase = PLACE
        self.boat: Pos | None = None
        self.mover: int | None = None
        self.moves_left = 0  # token decisions still due for the current boat
        self.placements = 0
        self.last: dict[str, Any] | None = None  # the last placement, public facts only, for the renderer

    def clone(self) -> MuseumState:
        twin = MuseumState.__new__(MuseumState)
        self._clone_base(twin)
        twin.grid = dict(self.grid)
        twin.face_up = dict(self.face_up)
        twin.placer = dict(self.placer)
        twin.tokens = dict(self.tokens)
        twin.hands = [list(h) for h in self.hands]
        twin.deck = list(self.deck)
        twin.start_player = self.start_player
        twin.turn = self.turn
        twin.phase = self.phase
        twin.boat = self.boat
        twin.mover = self.mover
        twin.moves_left = self.moves_left
        twin.placements = self.placements
        twin.last = None if self.last is None else dict(self.last)
        return twin

    def knows(self, seat: int | None, pos: Pos) -> bool:
        """Whether ``seat`` may see the face of the card at ``pos``: face up, or face down and placed by ``seat``."""
        return self.face_up[pos] or (seat is not None and self.placer.get(pos) == seat)
