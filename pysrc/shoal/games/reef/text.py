"""Words for logs and prompts: seats as ``{seat:N}`` (the page names them), tiles by their colours."""

from __future__ import annotations

from . import data


def seat(s: int) -> str:
    return f"{{seat:{s}}}"


def colours(letters: str) -> str:
    """``"RRY"`` → ``"red-red-yellow"``."""
    return "-".join(data.COLOUR_NAMES[c] for c in letters)


def tile(tile_id: int) -> str:
    """A coral tile by its colours, as a player sees it: ``"red-red-yellow"``."""
    return colours(data.TILES[tile_id])


def a_tile(tile_id: int) -> str:
    """``"a red-red-yellow tile"`` / ``"an ..."``."""
    name = tile(tile_id)
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name} tile"
