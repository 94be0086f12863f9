"""Aquarena: pond predators placed around Water tiles, resolved 1 → 10 as they eat flies and each other."""

from .game import GAME_RULES as GAME
from .game import Aquarena
from .search import make_levels

# The search levels need the game object itself; listed after the old bots ("bot" in the page means "normal").
Aquarena.bots = {**Aquarena.bots, **make_levels(GAME)}

__all__ = ["GAME"]
