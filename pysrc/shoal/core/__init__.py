"""The engine contract, written once for every game."""

from .errors import BadRecord, IllegalAction, ShoalError
from .game import Action, Bot, Game, Option, Outcome, State, View
from .log import Log, QuietLog
from .match import Match, replay
from .recent import Change, change
from .rng import Rng

__all__ = [
    "Action",
    "BadRecord",
    "Bot",
    "Change",
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
    "change",
    "replay",
]
