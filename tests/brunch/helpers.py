"""Small drivers for Aqua Brunch tests: start a match, answer a simultaneous phase, rig a position."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shoal.core import Match
from shoal.games.brunch import GAME


def new(players: int = 4, seed: int = 0) -> Match:
    return Match(GAME, players, seed)


def everyone(match: Match, choose: Callable[[int], dict[str, Any]], order: list[int] | None = None) -> None:
    """Every seat now waiting plays ``choose(seat)``, in ``order`` (default: ascending)."""
    for seat in order if order is not None else list(match.to_act()):
        match.play(seat, choose(seat))


def keep_passing(match: Match) -> None:
    everyone(match, lambda s: {"type": "keep_passing"})


def pass_first(match: Match) -> None:
    everyone(match, lambda s: {"type": "pass", "card": match.state.hands[s][0]})


def only_caller(match: Match, caller: int) -> None:
    everyone(match, lambda s: {"type": "lunch"} if s == caller else {"type": "keep_passing"})


def to_food(match: Match, caller: int = 0) -> None:
    """From a Lunch window: ``caller`` calls Lunch and everyone agrees, so phase 1 ends."""
    assert match.state.phase == "lunch"
    only_caller(match, caller)
    while match.state.phase == "aqua":
        match.play(match.to_act()[0], {"type": "agree"})
    assert match.state.phase == "food"


def rig_hands(match: Match, hands: list[list[str]], aqua: list[list[int]] | None = None) -> None:
    """Replace the hands (and Aqua cards) before the reveal, keeping the 55 predators accounted for."""
    state = match.state
    pool = state.deck + [c for h in state.hands for c in h]
    for hand in hands:
        for card in hand:
            pool.remove(card)
    state.deck = pool
    state.hands = [list(h) for h in hands]
    if aqua is not None:
        state.aqua = [list(a) for a in aqua]


def play_food(match: Match, values: list[int]) -> None:
    everyone(match, lambda s: {"type": "food", "value": values[s]})
