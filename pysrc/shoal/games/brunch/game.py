"""The Aqua Brunch :class:`~shoal.core.Game`: class facts, and the contract methods delegating to one module each."""

from __future__ import annotations

from typing import Any

from shoal.core import Game, Rng, View

from . import lessons, notation, refs, rules
from .bots import BOTS
from .data import ROUNDS
from .search import make_levels
from .state import BrunchState
from .view import view


class Brunch(Game):
    id = "brunch"
    title = "Aqua Brunch"
    min_players = 3
    max_players = 7
    rules_version = 1
    options = {}
    summary = (
        "Pass predator cards around the table until someone calls Lunch, then feed the catch: the strongest "
        "combination of predators eats the tastiest food. Six rounds; most points wins."
    )
    rules = [
        "Each round you get 3 predator cards (2 dealt face up for all to see, 1 face down) and hold 7 food cards of "
        "your own colour for the whole game.",
        "Hand strength: orcas keep their number; any shark counts 0 beside an orca; a baby orca is 2 or copies the "
        "smallest orca; sharks use their 1st/2nd/3rd number for 1/2/3 sharks; walruses are 2/4/6 each for 1/2/3 "
        "walruses; an octopus copies your weakest card that is not a shark or octopus (0 if none).",
        "After the deal and after each pass, everyone secretly decides at once: call Lunch or keep passing. If "
        "several call, a random draw decides who touched the Lunch card first.",
        "To pass, everyone picks one card at once and all of them move one seat to the left.",
        "After a Lunch call the others answer in turn from the caller's left: the first to say Aqua takes the top "
        "Aqua card (0, -1, -2 or -4, added to its strength, seen only by it) and passing goes on. If everyone "
        "agrees, or no Aqua card is left, passing ends.",
        "Everyone then plays a food card face down; all are revealed with the hands and Aqua cards.",
        "The strongest hand takes the most valuable food card, then the next strongest, and so on. Ties: the higher "
        "food card played goes first, then whoever sits nearest clockwise to the Lunch caller (the caller first).",
        "Taking from several cards of the same value, you choose the colour.",
        f"After {ROUNDS} rounds your last food card is discarded. Most points wins; a tie goes to whoever collected "
        "more cards of their own colour, and if still tied the win is shared.",
    ]
    bots = BOTS

    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> BrunchState:
        return rules.setup(players, options, rng)

    def to_act(self, state: BrunchState) -> list[int]:
        return rules.to_act(state)

    def legal_actions(self, state: BrunchState, seat: int) -> list[dict[str, Any]]:
        return rules.legal_actions(state, seat)

    def apply(self, state: BrunchState, seat: int, action: dict[str, Any]) -> None:
        rules.apply(state, seat, action)

    def is_over(self, state: BrunchState) -> bool:
        return state.phase == "over"

    def outcome(self, state: BrunchState) -> dict[str, Any]:
        return rules.outcome(state)

    def seen(self, state: BrunchState, seat: int) -> tuple[Any, ...]:
        """Changes when a simultaneous phase resolves (a pass, a Lunch window, the food reveal), a round is dealt, or
        ``seat`` takes an Aqua card (undo rule); a secret choice or an answer that ends nothing leaves it as it is."""
        return (
            state.round,
            state.passes,
            state.phase,
            len(state.calls),
            len(state.aqua[seat]),
            state.reveal is not None,
        )

    def hold_round_end(self, state: BrunchState) -> None:
        state.hold_deal = True

    def view(self, state: BrunchState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def from_position(self, text: str, players: int, options: dict[str, Any], rng: Rng) -> BrunchState:
        """A position in the one-line notation of ``notation`` (hands, Aqua cards, food, the phase)."""
        return notation.parse(text, players, rng, options)

    def to_position(self, state: Any) -> str:
        return notation.dump(state)

    def drawn_refs(self, view: View) -> set[str]:
        return refs.drawn(view)

    lesson_conditions = lessons.CONDITIONS

    def view_points(self, view: View, seat: int) -> int:
        return lessons.view_points(view, seat)


GAME = Brunch()
# The search levels need the game object itself; listed after the old bots ("bot" in the page means "normal").
Brunch.bots = {**BOTS, **make_levels(GAME)}

__all__ = ["GAME", "Brunch"]
