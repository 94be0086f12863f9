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
