"""The museum game's :class:`~shoal.core.Game`: class facts, and the contract methods delegating to one module each."""

from __future__ import annotations

from typing import Any

from shoal.core import Action, Game, Rng, ShoalError, View

from . import lessons, notation, refs, rules, view
from .bots import BOTS
from .search import make_levels
from .state import OVER, MuseumState


class Museum(Game):
    id = "museum"
    title = "Aqua — the museum game"
    min_players = 2
    max_players = 2
    rules_version = 1
    options = {}
    summary = (
        "Two curators hang sea paintings, some face down, into a museum of at most 5×5: the row player scores "
        "rows, the column player columns, for sets of numbers and icons, turtles by waves, and lily pads."
    )
    rules = [
        "Seat 0 is the row player and scores rows; seat 1 is the column player and scores columns.",
        "A start card is turned face up. Odd: a face-down card goes below it and the row player starts. Even: the "
        "face-down card goes to its right and the column player starts. Each player holds three cards.",
        "On your turn place a card from your hand touching a card edge to edge, keeping the museum within 5 columns "
        "and 5 rows, then draw back up to three while the deck lasts.",
        "Beside face-up cards only, the new card goes face down; beside face-down cards only, face up; beside both, "
        "you choose. You remember your own face-down cards; the set-up face-down card stays a mystery.",
        "A face-down card with face-up cards on all four sides turns face up.",
        "A boat played face up gets two visitor tokens: you may move one to any card up to 3 steps away, then your "
        "opponent may move the other. Boats face down, or turned up later, get no tokens.",
        "When all cards are placed, every card turns face up and the scoring begins.",
        "Only lines adding up to 10–20 score: 2/3/5/8 points for 2/3/4/5 cards of one number, and the same for one "
        "icon (waves, lily pads, boats). A turtle scores 2 with a wave beside it along your line, 5 with two.",
        "Each visitor token adds 1 every time its card scores (a wave's token does not count for its turtle).",
        "Lily pads: every run of 2/3/4/5 neighbouring lines each holding a lily pad scores 2/3/5/8, whatever "
        "their totals. Most points wins; a tie is shared.",
        "The deck is 6 waves, 6 lily pads, 3 boats and 3 turtles; their numbers are placeholders (waves and lily "
        "pads 1–6, boats 5–7, turtles 6–8) until the printed values are known.",
    ]
    bots = BOTS

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> MuseumState:
        return rules.setup(players, options, rng)

    def to_act(self, state: MuseumState) -> list[int]:
        return rules.to_act(state)

    def legal_actions(self, state: MuseumState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: MuseumState, seat: int, action: Action) -> None:
        rules.apply(state, seat, action)

    def is_over(self, state: MuseumState) -> bool:
        return state.phase == OVER

    def outcome(self, state: MuseumState) -> dict[str, Any]:
        return rules.outcome(state)

    def seen(self, state: MuseumState, seat: int) -> int:
        """How many cards ``seat`` can name: its hand and the display's cards it knows. A draw, a card turned up or
        another seat's card shown raises it; placing one's own card, face up or down, does not (undo rule)."""
        return len(state.hands[seat]) + sum(1 for pos in state.grid if state.knows(seat, pos))

    def view(self, state: MuseumState, seat: int | None) -> dict[str, Any]:
        return view.table(state, seat)

    def from_position(self, text: str, players: int, options: dict[str, Any], rng: Rng) -> MuseumState:
        """A position in the one-line notation of ``notation`` (docs/museum-scoring.md)."""
        return notation.start(text, options, rng)

    def to_position(self, state: Any) -> str:
        if state.phase == OVER:  # the notation writes a finished display (the scoring pages), but a match cannot start
            raise ShoalError("the game is over: there is no position to play from")
        return notation.dump(state)

    def drawn_refs(self, view: View) -> set[str]:
        return refs.drawn(view)

    lesson_conditions = lessons.CONDITIONS

    def view_points(self, view: View, seat: int) -> int:
        return lessons.view_points(view, seat)


GAME = Museum()
# The search levels need the game object itself; listed after the old bots ("bot" in the page means "normal").
Museum.bots = {**BOTS, **make_levels(GAME)}

__all__ = ["GAME", "Museum"]
