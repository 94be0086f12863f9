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


# --- what just happened (a view's ``recent``): one clause each, no final full stop ----------------------------------
def nobody_called() -> str:
    return "Nobody called Lunch: every seat passes a card"


def called(seat: int, first: bool, together: bool) -> str:
    if not together:
        return f"{who(seat)} called Lunch"
    return f"{who(seat)} called Lunch and touched the Lunch card first" if first else f"{who(seat)} called Lunch too"


def no_aqua_left() -> str:
    return "No Aqua card was left, so the passing ended"


def passed_round(passes: int) -> str:
    return f"Pass {passes}: every seat passed a card to its left"


def passed_you(giver: int, kind: str) -> str:
    name = card(kind)
    return f"{who(giver)} passed you {'an' if name[0] in 'AEIOU' else 'a'} {name}"


def answered(seat: int, aqua: bool) -> str:
    return f"{who(seat)} said Aqua! and took an Aqua card" if aqua else f"{who(seat)} agreed to lunch"


def played(seat: int, value: int, colour: str, total: int) -> str:
    return f"{who(seat)} played the {food(value, colour)} with strength {total}"


def took(seat: int, value: int, colour: str) -> str:
    return f"{who(seat)} took the {food(value, colour)}"


def new_round(round_no: int) -> str:
    return f"Round {round_no} was dealt"
