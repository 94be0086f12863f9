"""AQUA: Biodiversity in the Oceans — grow a coral reef from a Hot Spot, form Habitats, attract animals.

``GAME`` is the engine (``game``); ``scoring.score_position`` scores any plain position (see its docstring);
``geometry`` holds the grid, with polygons for drawing (see ``docs/reef-geometry.md``).
"""

from .game import GAME

__all__ = ["GAME"]
