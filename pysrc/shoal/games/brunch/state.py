"""A position of Aqua Brunch: every card's place, the phase, and the choices made but not yet revealed."""

from __future__ import annotations

from typing import Any

from shoal.core import Rng, State

# Phases, in the order a round visits them:
#   "lunch": every seat decides at once: call Lunch or keep passing (after the deal and after every pass)
#   "aqua":  a Lunch was called; one seat at a time, clockwise from the caller's left, says Aqua or agrees
#   "pass":  every seat picks a card at once; then all of them move left together
#   "food":  every seat picks a food card at once; revealed together
#   "take":  dividing the catch, waiting for a taker to choose among equal-valued cards of different colours
#   "over":  six rounds are played
#   ("divided": only in a lesson's answer, held where the round ends: see ``hold_deal``)
PHASES = ("lunch", "aqua", "pass", "food", "take", "over")


class BrunchState(State):
    def __init__(self, players: int, options: dict[str, Any], rng: Rng) -> None:
        super().__init__(players, options, rng)
        n = players
        self.round = 0
        self.phase = "lunch"
        self.deck: list[str] = []  # top of the deck is the end of the list
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.up_cards: list[list[str]] | None = None  # the deal's face-up cards, public until the first pass
        self.passes = 0  # completed passes this round
        self.passed: list[str | None] = [None] * n  # the card each seat gave in the last pass
        self.received: list[str | None] = [None] * n  # the card each seat got in the last pass
        self.pending: dict[int, Any] = {}  # seat -> its secret choice in a simultaneous phase
        self.aqua_stack: list[int] = []  # top is the end of the list
        self.aqua: list[list[int]] = [[] for _ in range(n)]
        self.caller: int | None = None  # the Lunch caller being answered, then the one who ended phase 1
        self.callers: list[int] = []  # everyone who called in that Lunch window
        self.poll: list[int] = []  # seats still to be asked "Aqua?", in order
        self.answers: list[list[Any]] = []  # [seat, "agree"] so far in the current poll
        self.calls: list[dict[str, Any]] = []  # this round's finished Lunch calls (public)
        self.food: list[list[int]] = [[] for _ in range(n)]  # food values each seat still holds (its own colour)
        self.collected: list[list[list[Any]]] = [[] for _ in range(n)]  # [colour, value] won
        self.reveal: dict[str, Any] | None = None  # the current round's reveal, once food is revealed
        self.takers: list[int] = []  # seats still to take food, in order
        self.pool: list[list[Any]] = []  # [colour, value] food cards not yet taken
        self.takes: list[dict[str, Any]] = []  # who took what this round, in order
        self.history: list[dict[str, Any]] = []  # every finished round's reveal and takes (public)
        # A lesson's answer stops where the round ends, before the next deal (``Game.hold_round_end``): phase
        # "divided", the round's hands and reveal still on the table. Never set in a match that is played on.
        self.hold_deal = False

    def clone(self) -> BrunchState:
        t = BrunchState.__new__(BrunchState)
        self._clone_base(t)
        t.round, t.phase = self.round, self.phase
        t.deck, t.discard = list(self.deck), list(self.discard)
        t.hands = [list(h) for h in self.hands]
        t.up_cards = None if self.up_cards is None else [list(u) for u in self.up_cards]
        t.passes = self.passes
        t.passed, t.received = list(self.passed), list(self.received)
        t.pending = dict(self.pending)
        t.aqua_stack = list(self.aqua_stack)
        t.aqua = [list(a) for a in self.aqua]
        t.caller, t.callers = self.caller, list(self.callers)
        t.poll, t.answers = list(self.poll), list(self.answers)
        t.calls = list(self.calls)  # entries are never changed once added
        t.food = [list(f) for f in self.food]
        t.collected = [list(c) for c in self.collected]  # [colour, value] entries are never changed
        t.reveal = self.reveal  # built once per round and never changed
        t.takers, t.pool, t.takes = list(self.takers), list(self.pool), list(self.takes)
        t.history = list(self.history)
        t.hold_deal = self.hold_deal
        return t
