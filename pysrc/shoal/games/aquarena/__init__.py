"""Aquarena: pond predators placed around Water tiles, resolved 1 → 10 as they eat flies and each other."""

from .game import GAME_RULES as GAME

__all__ = ["GAME"]
