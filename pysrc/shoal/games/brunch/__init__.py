"""Aqua Brunch for 3–7 players: pass predators, call Lunch, feed the strongest hand first.

``strength(cards)`` is the pure hand-strength function a teaching page can call with RULINGS.md card ids.
"""

from .bots import BOTS
from .game import Brunch
from .search import make_levels
from .strength import card_strengths, strength

GAME = Brunch()
# The search levels need the game object itself; listed after the old bots ("bot" in the page means "normal").
Brunch.bots = {**BOTS, **make_levels(GAME)}

__all__ = ["GAME", "card_strengths", "strength"]
