"""Words for logs and prompts: seats counted from 1, tiles by their colours."""

from __future__ import annotations

from . import data


def seat(s: int) -> str:
    return f"Seat {s + 1}"


def colours(letters: str) -> str:
    """``"RRY"`` → ``"red-red-yellow"``."""
    return "-".join(data.COLOUR_NAMES[c] for c in letters)


def tile(tile_id: int) -> str:
    return f"tile {data.TILES[tile_id]}"
