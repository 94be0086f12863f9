"""Aqua, the museum game: two players lay paintings into a 5×5 museum; one scores rows, the other columns.

``GAME`` is the engine (``game``); ``scoring.score_layout`` scores any drawn layout (see ``docs/museum-scoring.md``);
``notation`` reads and writes one-line positions.
"""

from .game import GAME

__all__ = ["GAME"]
