"""Words for log lines, kept in one place so every line names seats, cards and places the same way."""

from __future__ import annotations

from . import grid
from .data import CARDS, ROLE_NAMES
from .grid import Pos
from .state import MuseumState


def role(seat: int) -> str:
    return ROLE_NAMES[seat]


def who(seat: int) -> str:
    """A seat in engine text: the page shows it as "You", "Bot 2" or "Player 1" (web/RENDERERS.md)."""
    return f"{{seat:{seat}}}"


def card_name(card_id: int) -> str:
    return f"the {CARDS[card_id].name}"


def where(state: MuseumState, pos: Pos, avoid: Pos | None = None) -> str:
    """Where ``pos`` is, in words every seat may read: next to a face-up card by name if there is one.

    ``avoid`` is a neighbour not to describe it by (a token's own boat: "left of the 7 Boat" would say nothing new).
    """
    near = [n for n in grid.neighbours(pos) if n in state.grid and n != avoid]
    shown = [n for n in near if state.face_up[n]]
    if shown:
        return f"{grid.relation(pos, shown[0])} {card_name(state.grid[shown[0]])}"
    if near:
        return f"{grid.relation(pos, near[0])} a face-down card"
    return "in the middle of the table"


# --- what just happened (a view's ``recent``): one clause a move, no final full stop --------------------------------
def laid(seat: int, card_id: int | None, up: bool, spot: str) -> str:
    """A placement as another seat may know it: a card laid face down is "a card" to everyone but its placer."""
    card = "a card" if card_id is None else card_name(card_id)
    return f"{who(seat)} laid {card} face {'up' if up else 'down'} {spot}"


def turned_up(card_ids: list[int]) -> str:
    names = [card_name(c) for c in card_ids]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{listed} turned face up, surrounded by face-up cards"


def moved_token(seat: int, boat: str, target: str) -> str:
    return f"{who(seat)} moved a visitor token from {boat} to {target}"


def left_token(seat: int, boat: str) -> str:
    return f"{who(seat)} left a visitor token on {boat}"


def all_turned_up(count: int) -> str:
    return (
        "Every card is placed: the face-down card turned face up"
        if count == 1
        else f"Every card is placed: the {count} face-down cards turned face up"
    )
