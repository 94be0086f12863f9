"""Build resolution-phase positions directly, for the card and ruling tests, in a small notation of their own.

A tile is written ``"flies/capacity | cards"``, a card ``seat.name`` (or ``seat.number``), with a trailing ``*`` when
it lies face down. Add the word ``resolved`` before the bar for a tile already resolved this round::

    state = pond(3, "2/3 | 0.pike 1.frog 2.dragonfly*", "1/2 resolved |", chooser=1)
    play(state, 1, {"type": "resolve", "tile": 0})

The position is in the resolution phase, waiting for ``chooser`` to pick a tile; cards not on a tile count as
discarded, so the hands are empty. A test helper, not a position notation of the game: that is
``shoal.games.aquarena.notation``, the one ``Game.from_position`` reads; this one builds a single phase tersely.
"""

from __future__ import annotations

from typing import Any

from shoal.core import IllegalAction, Rng
from shoal.games.aquarena import GAME, data
from shoal.games.aquarena.state import AquarenaState, Tile

_BY_NAME = {data.name(n).lower().replace(" ", ""): n for n in data.NUMBERS}


def parse_card(token: str) -> tuple[int, int, bool]:
    """``"1.frog*"`` -> ``(1, 4, False)``: seat, number, face up."""
    up = not token.endswith("*")
    seat, _, what = token.rstrip("*").partition(".")
    what = what.lower().replace("_", "").replace("-", "")
    number = int(what) if what.isdigit() else _BY_NAME[what]
    if number not in data.CARDS:
        raise ValueError(f"no card {token!r}")
    return int(seat), number, up


def parse_tile(spec: str) -> Tile:
    head, _, cards = spec.partition("|")
    words = head.split()
    flies, _, capacity = words[0].partition("/")
    tile = Tile(-1, int(capacity), int(flies))
    tile.resolved = "resolved" in words[1:]
    tile.cards = [parse_card(t) for t in cards.split()]
    return tile


def pond(players: int, *tiles: str, chooser: int = 0, heron: int = 0, round: int = 1) -> AquarenaState:
    """A resolution-phase position with these tiles, waiting for ``chooser`` to choose a tile."""
    state = AquarenaState(players, {}, Rng(0))
    state.round, state.heron = round, heron
    state.tiles = [parse_tile(t) for t in tiles]
    placed = [[n for t in state.tiles for s, n, _ in t.cards if s == seat] for seat in range(players)]
    for seat in range(players):
        if len(set(placed[seat])) != len(placed[seat]):
            raise ValueError(f"seat {seat} has the same card twice")
        state.hands[seat], state.piles[seat] = [], []
        state.discards[seat] = [n for n in data.NUMBERS if n not in placed[seat]]
        state.placed[seat] = len(placed[seat])
    state.phase, state.decision = "resolution", "tile"
    state.tiles_done = (chooser - heron) % players
    return state


def play(state: AquarenaState, seat: int, action: dict[str, Any]) -> AquarenaState:
    """Play ``action`` for ``seat`` on ``state`` after checking it is legal there (as a Match would)."""
    legal = GAME.legal_actions(state, seat)
    if action not in legal:
        raise IllegalAction(f"{action} is not legal for seat {seat}; legal: {legal}")
    GAME.apply(state, seat, action)
    return state
