"""An Aquarena position: the Water tiles with their flies and cards, each seat's cards, catches and scores.

Cards are identified by ``(seat, number)``: every seat owns exactly one card of each number 1–10, so that pair names a
card everywhere (on a tile, in a catch, in an action).
"""

from __future__ import annotations

from typing import Any

from shoal.core import Rng, State

from . import data

Card = tuple[int, int]  # (owner seat, number 1..10)


class Tile:
    """One Water tile in play: its fly capacity, the flies on it and the cards placed along its edge."""

    __slots__ = ("pond", "capacity", "flies", "cards", "resolved")

    def __init__(self, pond: int, capacity: int, flies: int | None = None) -> None:
        self.pond = pond  # index into data.POND_TILES (which printed tile this is)
        self.capacity = capacity
        self.flies = capacity if flies is None else flies
        # (seat, number, face_up) in placement order; a card leaves the tile when it resolves, is eaten or tangles
        self.cards: list[tuple[int, int, bool]] = []
        self.resolved = False

    def clone(self) -> Tile:
        twin = Tile.__new__(Tile)
        twin.pond, twin.capacity, twin.flies = self.pond, self.capacity, self.flies
        twin.cards, twin.resolved = list(self.cards), self.resolved
        return twin

    def has(self, card: Card) -> bool:
        return any(c[0] == card[0] and c[1] == card[1] for c in self.cards)

    def remove(self, card: Card) -> None:
        self.cards = [c for c in self.cards if not (c[0] == card[0] and c[1] == card[1])]


class Catch:
    """What one seat has in front of it this round: flies, prey cards (with the tile they came from), predators."""

    __slots__ = ("flies", "cards", "predators", "returned")

    def __init__(self) -> None:
        self.flies = 0
        self.cards: list[tuple[int, int, int]] = []  # (owner, number, tile index it was eaten on)
        self.predators: list[int] = []  # own cards that resolved (back in front of their owner)
        self.returned: list[int] = []  # own cards that tangled and came back unused

    def clone(self) -> Catch:
        twin = Catch.__new__(Catch)
        twin.flies, twin.cards = self.flies, list(self.cards)
        twin.predators, twin.returned = list(self.predators), list(self.returned)
        return twin


class AquarenaState(State):
    """Everything about a match in progress. ``decision`` names what the game waits for:

    ``"place"``/``"discard"`` (planning, seat ``turn``), ``"tile"`` (seat ``chooser()`` picks a tile to resolve),
    ``"eat"`` (the acting card's owner picks its next prey), ``"move"`` (a Dragonfly's owner picks where a fly goes),
    ``None`` when the match is over.
    """

    def __init__(self, players: int, options: dict[str, Any], rng: Rng) -> None:
        super().__init__(players, options, rng)
        self.round = 1
        self.heron = 0  # the seat holding the heron token: starting player of the round
        self.phase = "planning"  # planning | resolution | over
        self.decision: str | None = "place"
        self.tiles: list[Tile] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.piles: list[list[int]] = [[] for _ in range(players)]  # draw from the end; order is secret
        self.discards: list[list[int]] = [[] for _ in range(players)]
        self.placed: list[int] = [0] * players  # placements made this round, per seat
        self.turn = 0  # planning: whose turn it is
        # resolution
        self.tiles_done = 0  # tiles resolved this round; the next chooser is (heron + tiles_done) % players
        self.current: int | None = None  # index of the tile being resolved
        self.chooser_seat = 0  # the seat that chose the current tile (equal numbers resolve clockwise from it)
        self.queue: list[Card] = []  # cards of the current tile still to act, in resolution order
        self.tangled: list[Card] = []  # cards of the current tile that tangle instead of acting
        self.acting: Card | None = None  # the card that is eating (waiting for its owner's choice, or moving a fly)
        self.pool = ""  # what the acting card eats: fish | heron | amphibian | insect | salamander
        self.left = 0  # how many more it must eat
        self.steps: list[dict[str, Any]] = []  # public record of the current (or last) tile's resolution
        self.catches: list[Catch] = [Catch() for _ in range(players)]
        self.scores: list[int] = [0] * players
        self.history: list[list[dict[str, Any]]] = []  # per finished round, per seat: its scoring breakdown
        # A lesson's answer stops once the round is scored, before the next deal (``Game.hold_round_end``): phase
        # "scored", the round's tiles still on the table. Never set in a match that is played on.
        self.hold_deal = False

    def clone(self) -> AquarenaState:
        t = AquarenaState.__new__(AquarenaState)
        self._clone_base(t)
        t.round, t.heron, t.phase, t.decision = self.round, self.heron, self.phase, self.decision
        t.tiles = [x.clone() for x in self.tiles]
        t.hands = [list(h) for h in self.hands]
        t.piles = [list(p) for p in self.piles]
        t.discards = [list(d) for d in self.discards]
        t.placed, t.turn = list(self.placed), self.turn
        t.tiles_done, t.current, t.chooser_seat = self.tiles_done, self.current, self.chooser_seat
        t.queue, t.tangled, t.acting = list(self.queue), list(self.tangled), self.acting
        t.pool, t.left = self.pool, self.left
        # Only the last step is ever changed in place (a card eating, a fly moving); earlier ones are shared.
        t.steps = self.steps[:-1] + [_copy_step(self.steps[-1])] if self.steps else []
        t.catches = [c.clone() for c in self.catches]
        t.scores = list(self.scores)
        t.history = self.history  # finished rounds are never changed, only replaced by a longer list
        t.hold_deal = self.hold_deal
        return t

    # --- small questions every module asks ----------------------------------------------------------------------
    def chooser(self) -> int:
        """The seat whose turn it is to choose the next tile: clockwise from the heron holder, one tile each."""
        return (self.heron + self.tiles_done) % self.players

    def unresolved(self) -> list[int]:
        return [i for i, t in enumerate(self.tiles) if not t.resolved and i != self.current]

    def where(self, card: Card) -> int | None:
        """The index of the tile holding ``card``, or None."""
        for i, t in enumerate(self.tiles):
            if t.has(card):
                return i
        return None


def _copy_step(step: dict[str, Any]) -> dict[str, Any]:
    out = dict(step)
    if "ate" in out:
        out["ate"] = [dict(a) for a in out["ate"]]
    return out


def deal_round(state: AquarenaState) -> None:
    """Shuffle each seat's ten cards into a fresh pile and draw the starting hand (the start of every round)."""
    for seat in range(state.players):
        pile = list(data.NUMBERS)
        state.rng.shuffle(pile)
        state.hands[seat] = sorted(pile[-data.HAND_SIZE :])
        state.piles[seat] = pile[: -data.HAND_SIZE]
        state.discards[seat] = []
        state.catches[seat] = Catch()
    state.placed = [0] * state.players
    state.phase, state.decision, state.turn = "planning", "place", state.heron
    state.tiles_done, state.current, state.queue, state.tangled, state.acting = 0, None, [], [], None
