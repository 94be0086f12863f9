"""Planning: clockwise from the heron holder, each turn a seat places a card, discards one and draws.

A seat's 1st and 2nd placements of a round go face up, its 3rd and 4th face down; after four laps resolution begins.
"""

from __future__ import annotations

from . import data, resolution, text
from .state import AquarenaState


def face_up_next(state: AquarenaState, seat: int) -> bool:
    """Whether ``seat``'s next placement this round is face up (its first two are)."""
    return state.placed[seat] < data.FACE_UP_PLACEMENTS


def place(state: AquarenaState, seat: int, number: int, index: int) -> None:
    up = face_up_next(state, seat)
    state.hands[seat].remove(number)
    state.tiles[index].cards.append((seat, number, up))
    state.placed[seat] += 1
    state.decision = "discard"
    if state.log.quiet:  # a search's sampled position: nobody reads its lines
        return
    if up:
        state.log.add(f"{text.seat(seat)} placed {text.card(number)} face up on {text.tile(index)}.")
    else:
        state.log.add(
            f"{text.seat(seat)} placed {text.card(number)} face down on {text.tile(index)}.",
            seats=[seat],
            others=f"{text.seat(seat)} placed a card face down on {text.tile(index)}.",
        )


def discard(state: AquarenaState, seat: int, number: int) -> None:
    """Discard face down, draw up to two, and pass the turn clockwise (or begin resolution after the last turn)."""
    state.hands[seat].remove(number)
    state.discards[seat].append(number)
    pile = state.piles[seat]
    drawn = [pile.pop() for _ in range(min(data.DRAW_PER_TURN, len(pile)))]
    state.hands[seat] = sorted(state.hands[seat] + drawn)
    if not state.log.quiet:  # a search's sampled position: nobody reads its lines
        got = ", ".join(text.card(n) for n in drawn) or "nothing"
        state.log.add(
            f"{text.seat(seat)} discarded {text.card(number)} and drew {got}.",
            seats=[seat],
            others=f"{text.seat(seat)} discarded a card and drew {text.count(len(drawn), 'card')}.",
        )
    if sum(state.placed) == data.PLACEMENTS_PER_ROUND * state.players:
        resolution.start(state)
        return
    state.turn = (seat + 1) % state.players
    state.decision = "place"
