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


# --- what just happened (a view's ``recent``): one clause each, no final full stop ----------------------------------
def grew(s: int, tile_id: int, species: list[str]) -> str:
    line = f"{seat(s)} grew {a_tile(tile_id)}"
    if species:
        names = [data.SPECIES_NAMES[sp] for sp in species]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        line += f" and a {listed} moved in" if len(names) == 1 else f"; {listed} moved in"
    return line


def took_snail(s: int) -> str:
    return f"{seat(s)} took the Sea Snail"


def attracted(s: int, animal: str, points: int) -> str:
    return f"{seat(s)} attracted a {data.LARGE_NAMES[animal]} ({points} points)"


def kept_reefs(s: int, colour: str) -> str:
    return f"{seat(s)} chose to score the {data.COLOUR_NAMES[colour]} Reefs"


def market_refilled(round_no: int) -> str:
    return f"Round {round_no}: the market is filled again"
