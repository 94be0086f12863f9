"""Words for logs and prompts: seats as ``{seat:N}`` (the page names them), tiles by their colours."""

from __future__ import annotations

from . import data


def seat(s: int) -> str:
    return f"{{seat:{s}}}"


def colours(letters: str) -> str:
    """``"RRY"`` → ``"red-red-yellow"``."""
    return "-".join(data.COLOUR_NAMES[c] for c in letters)


def tile(tile_id: int) -> str:
    return f"tile {data.TILES[tile_id]}"
