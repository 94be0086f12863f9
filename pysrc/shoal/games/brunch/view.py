"""What one seat may see of an Aqua Brunch position, with everything a renderer needs to draw and explain the table.

Secret: other seats' hands, the card another seat passed or received, others' Aqua values before the reveal, every
unrevealed simultaneous choice (others only learn *that* a seat has chosen), the deck and the Aqua stack order.
"""

from __future__ import annotations

from typing import Any

from . import text
from .data import COLOURS, FOOD_NAMES, PREDATOR_NAMES, ROUNDS
from .rules import to_act
from .scoring import food_points, own_colour_count
from .state import BrunchState
from .strength import card_strengths, strength


def view(state: BrunchState, seat: int | None) -> dict[str, Any]:
    n = state.players
    mine = seat is not None
    hand = list(state.hands[seat]) if mine else None
    table: dict[str, Any] = {
        "round": state.round,
        "rounds": ROUNDS,
        "phase": state.phase,
        "prompt": prompt(state, seat),
        "colours": COLOURS[:n],
        "hand": hand,
        "card_strengths": card_strengths(hand) if mine else None,
        "strength": strength(hand) if mine else None,
        "aqua_mine": list(state.aqua[seat]) if mine else None,
        "total": strength(hand, state.aqua[seat]) if mine else None,
        "keeps": keeps(state, seat) if mine and state.phase == "pass" else None,
        "pass_to": (seat + 1) % n if mine else None,
        "pass_from": (seat - 1) % n if mine else None,
        "passed": state.passed[seat] if mine else None,
        "received": state.received[seat] if mine else None,
        "up_cards": None if state.up_cards is None else [list(u) for u in state.up_cards],
        "passes": state.passes,
        "chosen": sorted(state.pending),
        "my_choice": state.pending.get(seat) if mine else None,
        "seats": [
            {
                "seat": s,
                "colour": COLOURS[s],
                "cards": len(state.hands[s]),
                "aqua_cards": len(state.aqua[s]),
                "food_left": list(state.food[s]),
                "collected": [list(c) for c in state.collected[s]],
                "points": food_points(state.collected[s]),
                "own_colour": own_colour_count(state.collected[s], COLOURS[s]),
            }
            for s in range(n)
        ],
        "aqua_stack": len(state.aqua_stack),
        "deck": len(state.deck),
        "discard": len(state.discard),
        "lunch": None
        if state.phase != "aqua"
        else {
            "caller": state.caller,
            "callers": list(state.callers),
            "answers": [list(a) for a in state.answers],
            "asking": state.poll[0] if state.poll else None,
        },
        "calls": list(state.calls),
        "caller": state.caller if state.phase in ("food", "take") else None,
        "reveal": None if state.phase not in ("take", "divided") else {**state.reveal, "takes": list(state.takes)},
        "pool": [list(c) for c in state.pool] if state.phase == "take" else [],  # food not yet taken
        "history": list(state.history),
        "names": {"predators": dict(PREDATOR_NAMES), "food": [[v, name] for v, name in FOOD_NAMES.items()]},
    }
    return table


def keeps(state: BrunchState, seat: int) -> list[list[Any]]:
    """For each card the seat may pass: ``[card, strength of the two cards it keeps]`` (Aqua not included)."""
    hand = state.hands[seat]
    out: list[list[Any]] = []
    for card in dict.fromkeys(hand):
        rest = list(hand)
        rest.remove(card)
        out.append([card, strength(rest)])
    return out


def prompt(state: BrunchState, seat: int | None) -> str:
    """One sentence telling this seat what is happening and what it may do."""
    waiting = to_act(state)
    acting = seat is not None and seat in waiting
    others = text.seats([s for s in waiting if s != seat])
    phase = state.phase
    if phase == "over":
        return "The game is over."
    if phase == "lunch":
        if acting:
            final = "" if state.aqua_stack else " No Aqua card is left: a Lunch call now ends the passing."
            return (
                f"Your strength is {strength(state.hands[seat], state.aqua[seat])}. "
                f"Call Lunch to stop the passing, or keep passing?{final}"
            )
        return f"Waiting for {others} to call Lunch or keep passing."
    if phase == "pass":
        if acting:
            return f"Choose a card to pass face down to {text.who((seat + 1) % state.players)} on your left."
        return f"Waiting for {others} to choose a card to pass."
    if phase == "aqua":
        asked = state.poll[0]
        if seat == asked:
            last = " You are the last to answer: if you agree, the passing ends." if len(state.poll) == 1 else ""
            return (
                f"{text.who(state.caller)} called Lunch. Say Aqua! to take the top Aqua card (0, -1, -2 or -4 "
                f"on your strength, seen only by you; {len(state.aqua_stack)} left) and keep passing, or agree "
                f"to lunch now?{last}"
            )
        return f"{text.who(state.caller)} called Lunch; waiting for {text.who(asked)} to answer."
    if phase == "food":
        if acting:
            return "Play one of your food cards face down: it joins this round's catch."
        return f"Waiting for {others} to play a food card."
    if phase == "divided":
        return f"Round {state.round}'s catch is divided; the next round is dealt when the lesson goes on."
    if phase == "take":
        taker = state.takers[0]
        value = max(v for _, v in state.pool)
        if seat == taker:
            return f"Several {text.food(value)} cards are left: choose which colour you take."
        return f"Waiting for {text.who(taker)} to choose which {text.food(value)} to take."
    return ""
