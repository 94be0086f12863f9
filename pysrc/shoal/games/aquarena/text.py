"""Words for logs and prompts. Seats are written ``{seat:N}`` (the page shows "You", "Bot 3", "Player 2"), so lines
use the past tense ("{seat:1} placed …": no verb to agree with "You") and name a seat's card "Toad 5 ({seat:1})"."""

from __future__ import annotations

from . import data

LETTERS = "ABCDEFG"


def seat(s: int) -> str:
    return f"{{seat:{s}}}"


def tile(i: int) -> str:
    return f"pond {LETTERS[i]}"


def card(number: int) -> str:
    return f"{data.name(number)} {number}"


def owned(s: int, number: int) -> str:
    return f"{card(number)} ({seat(s)})"


def count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def flies(n: int) -> str:
    return "1 fly" if n == 1 else f"{n} flies"


# --- what just happened (a view's ``recent``): one clause each, no final full stop ----------------------------------
def placed(s: int, number: int | None, index: int) -> str:
    """A placement as another seat may know it: a card laid face down is "a card" until its tile opens."""
    what = "a card face down" if number is None else f"{card(number)} face up"
    return f"{seat(s)} placed {what} on {tile(index)}"


def discarded(s: int) -> str:
    return f"{seat(s)} discarded a card face down"


def resolution_begins() -> str:
    return "Every card is placed: the resolution begins"


def chose_tile(s: int, index: int) -> str:
    return f"{seat(s)} chose {tile(index)} to resolve"


def chose_prey(s: int, number: int) -> str:
    return f"{seat(s)} chose what {card(number)} eats"


def moved_fly(s: int, number: int, to: int) -> str:
    return f"{seat(s)} had {card(number)} move a fly to {tile(to)}"


def caught(s: int, new_flies: int, prey: list[tuple[int, int]]) -> str:
    parts = [owned(o, n) for o, n in prey] + ([flies(new_flies)] if new_flies else [])
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"{seat(s)} caught {listed}"


def round_scored(number: int, totals: list[int]) -> str:
    scored = ", ".join(f"{seat(s)} {points}" for s, points in enumerate(totals))
    return f"Round {number} is scored: {scored}"
