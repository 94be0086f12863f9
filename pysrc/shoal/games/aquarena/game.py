"""The Aquarena :class:`~shoal.core.Game`: class facts, and the contract methods delegating to one module each."""

from __future__ import annotations

from typing import Any

from shoal.core import Action, Game, Rng, View

from . import lessons, notation, refs, rules, view
from .bots import BOTS
from .search import make_levels
from .state import AquarenaState


class Aquarena(Game):
    id = "aquarena"
    title = "Aquarena"
    min_players = 2
    max_players = 6
    rules_version = 1
    options = {}
    summary = (
        "Place your pond predators around shared Water tiles, some face up and some face down, then watch "
        "them resolve from 1 to 10 as they eat flies and each other. Four rounds; most points wins."
    )
    rules = [
        "Each player has the same ten predator cards numbered 1–10: Fish Hook, Heron, Pike, Frog, Toad, "
        "Dragonfly, Newt, Salamander, Carp and Spider Web.",
        "The pond has one Water tile more than there are players, each starting full of flies. The fly capacities "
        "(2, 2, 3, 3, 3, 4, 4) are a reconstruction, not the printed values.",
        "Planning: clockwise from the heron holder, play a card onto any Water tile, discard a card face down, "
        "draw two. Your first two cards of a round go face up, your last two face down.",
        "Resolution: in turn, starting with the heron holder, players pick an unresolved tile. Its cards are "
        "revealed and act from 1 to 10; equal numbers act clockwise from the player who picked the tile.",
        "A predator eats as much as it can, even your own cards; if it has more prey than it can eat, its owner "
        "chooses. An eaten card does not act, and a card that has acted can no longer be eaten.",
        "Two or more Fish Hooks on a tile tangle, and two or more Herons fly away: none of them acts.",
        "Dragonfly moves a leftover fly to another tile with room; Salamander may eat a fly or a face-up "
        "Dragonfly from any tile; Herons cannot eat Newts; Pike eats insects only when there is no amphibian.",
        "Scoring each round: 1 per fly, 1 per opposing insect, 2 per opposing amphibian, 3 per opposing fish; "
        "your own colour scores nothing.",
        "Between rounds, caught cards go back, emptied tiles refill, everyone reshuffles all ten cards and the "
        "heron token moves left. After four rounds the highest score wins; ties share the win.",
    ]
    bots = BOTS

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> AquarenaState:
        return rules.setup(players, options, rng)

    def to_act(self, state: AquarenaState) -> list[int]:
        return rules.to_act(state)

    def legal_actions(self, state: AquarenaState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: AquarenaState, seat: int, action: Action) -> None:
        rules.apply(state, seat, action)

    def is_over(self, state: AquarenaState) -> bool:
        return state.phase == "over"

    def outcome(self, state: AquarenaState) -> dict[str, Any]:
        return rules.outcome(state)

    def seen(self, state: AquarenaState, seat: int) -> tuple[Any, ...]:
        """Changes when ``seat`` draws, another seat's card goes face up on a tile, or a tile opens (undo rule)."""
        shown = sorted((s, n) for tile in state.tiles for s, n, up in tile.cards if up and s != seat)
        return (
            state.round,
            state.phase,
            state.tiles_done,
            state.current,
            len(state.piles[seat]),
            tuple(shown) if state.phase == "planning" else (),
        )

    def hold_round_end(self, state: AquarenaState) -> None:
        state.hold_deal = True

    def view(self, state: AquarenaState, seat: int | None) -> dict[str, Any]:
        return view.table(state, seat)

    def from_position(self, text: str, players: int, options: dict[str, Any], rng: Rng) -> AquarenaState:
        """A position in the one-line notation of ``notation`` (tiles, flies, cards, hands, the phase)."""
        return notation.parse(text, players, rng, options)

    def to_position(self, state: Any) -> str:
        return notation.dump(state)

    def drawn_refs(self, view: View) -> set[str]:
        return refs.drawn(view)

    lesson_conditions = lessons.CONDITIONS

    def view_points(self, view: View, seat: int) -> int:
        return lessons.view_points(view, seat)


GAME = Aquarena()
# The search levels need the game object itself; listed after the old bots ("bot" in the page means "normal").
Aquarena.bots = {**Aquarena.bots, **make_levels(GAME)}

__all__ = ["GAME", "Aquarena"]
