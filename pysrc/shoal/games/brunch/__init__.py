"""Aqua Brunch for 3–7 players: pass predators, call Lunch, feed the strongest hand first.

``strength(cards)`` is the pure hand-strength function a teaching page can call with RULINGS.md card ids.
"""

from .game import Brunch
from .strength import card_strengths, strength

GAME = Brunch()

__all__ = ["GAME", "card_strengths", "strength"]
