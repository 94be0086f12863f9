"""Words for log lines and prompts, kept in one place so every line names seats and cards the same way."""

from __future__ import annotations

from .data import FOOD_NAMES, PREDATOR_NAMES


def who(seat: int) -> str:
    """A seat as the page names it ("You", "Bot 3", "Player 2"): engine text writes ``{seat:N}`` (web/RENDERERS.md)."""
    return f"{{seat:{seat}}}"


def seats(seat_list: list[int]) -> str:
    names = [who(s) for s in seat_list]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def card(kind: str) -> str:
    return PREDATOR_NAMES[kind]


def cards(kinds: list[str]) -> str:
    return ", ".join(card(k) for k in kinds)


def food(value: int, colour: str | None = None) -> str:
    name = f"{FOOD_NAMES[value]} ({value})"
    return f"{colour} {name}" if colour else name
