"""Words for logs and prompts: seat, card and tile names as a player reads them (seats counted from 1)."""

from __future__ import annotations

from . import data

LETTERS = "ABCDEFG"


def seat(s: int) -> str:
    return f"Seat {s + 1}"


def tile(i: int) -> str:
    return f"pond {LETTERS[i]}"


def card(number: int) -> str:
    return f"{data.name(number)} ({number})"


def owned(s: int, number: int) -> str:
    return f"{seat(s)}'s {card(number)}"


def count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def flies(n: int) -> str:
    return "1 fly" if n == 1 else f"{n} flies"
