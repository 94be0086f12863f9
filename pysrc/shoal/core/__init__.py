"""The engine contract, written once for every game."""

from .errors import BadRecord, IllegalAction, ShoalError
from .game import Action, Bot, Game, Option, Outcome, State, View
from .log import Log, QuietLog
from .match import Match, replay
from .rng import Rng

__all__ = [
    "Action",
    "BadRecord",
    "Bot",
    "Game",
    "IllegalAction",
    "Log",
    "Match",
    "QuietLog",
    "Option",
    "Outcome",
    "Rng",
    "ShoalError",
    "State",
    "View",
    "replay",
]
