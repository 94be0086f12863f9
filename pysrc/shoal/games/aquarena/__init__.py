"""Aquarena: pond predators placed around Water tiles, resolved 1 → 10 as they eat flies and each other.

``GAME`` is the engine (``game``); ``scoring.round_breakdown`` scores any seat's catch.
"""

from .game import GAME

__all__ = ["GAME"]
