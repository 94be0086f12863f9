"""Shoal: four aquatic tabletop games, rules in pure Python.

The public face::

    import shoal
    match = shoal.new_match("museum", players=2, seed=7)
    seat = match.to_act()[0]
    match.play(seat, match.legal_actions(seat)[0])
    again = shoal.replay(match.record())

See ``docs/engine.md`` for the contract every game keeps.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .core import BadRecord, Game, IllegalAction, Match, ShoalError
from .core.errors import brief
from .core.match import replay as _replay
from .games import GAME_IDS

__version__ = "0.1.0"

GAMES: dict[str, Game] = {gid: import_module(f".games.{gid}", __name__).GAME for gid in GAME_IDS}


def game(game_id: str) -> Game:
    if isinstance(game_id, str) and game_id in GAMES:
        return GAMES[game_id]
    raise ShoalError(f"unknown game {brief(game_id, 40)} (games: {', '.join(GAMES)})")


def new_match(
    game_id: str, players: int, seed: int = 0, options: dict[str, Any] | None = None, position: str | None = None
) -> Match:
    """Start a match of ``game_id`` for ``players`` seats; the same arguments always give the same match.

    ``position`` starts from a position in the game's notation instead of a fresh deal (``Game.from_position``);
    the seed then drives only what the position leaves open (the order of the piles)."""
    return Match(game(game_id), players, seed, options, position)


def replay(record: Any) -> Match:
    """Rebuild a match from :meth:`Match.record` output; raises :class:`BadRecord` and loads nothing if it is bad."""
    return _replay(record, GAMES)


__all__ = ["GAMES", "BadRecord", "Game", "IllegalAction", "Match", "ShoalError", "game", "new_match", "replay"]
