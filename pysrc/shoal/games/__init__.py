"""One folder per game. Each folder's ``__init__`` exposes ``GAME``, an instance of :class:`shoal.core.Game`.

``GAME_IDS`` is the registry's order (the lobby's order too). Add a game here once its engine passes the contract suite.
"""

GAME_IDS: list[str] = [
    "museum",
    "brunch",
    "aquarena",
    "reef",
]
