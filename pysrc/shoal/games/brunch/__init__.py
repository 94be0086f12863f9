"""Aqua Brunch for 3–7 players: pass predators, call Lunch, feed the strongest hand first.

``GAME`` is the engine (``game``); ``strength.strength(cards)`` is the pure hand-strength function a teaching page can
call with RULINGS.md card ids.
"""

from .game import GAME

__all__ = ["GAME"]
