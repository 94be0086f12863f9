"""Conditions a lesson's question may use instead of a list of accepted moves: the engine decides, the page never.

A condition is ``{"condition": name, ...parameters}``. Each is a function ``(asked, action, params) -> bool``, where
``asked`` (:class:`Asked`) is the position before the answer *as the question's seat knows it*: its view, the view the
answer leads to (the reader is shown that view anyway) and the bots' choices (which see only that seat's view). No
condition reads the state, so a verdict never tells the reader what its seat may not see: an opponent's face-down card
cannot turn a wrong answer right. The generic conditions here work in every game; a game's own live in its folder
(``lessons.py``) behind ``Game.lesson_conditions``. Each describes its parameters (``shoal.core.condition``), for
validation and for the Studio's list of conditions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from shoal.bots.search import action_key
from shoal.core import Action, Game, Match, View
from shoal.core.condition import Condition, Param


def after(match: Match, seat: int, action: dict) -> Match:
    """A copy of ``match`` with ``action`` played (the lesson's own match is never changed)."""
    twin = match.clone()
    twin.play(seat, action)
    return twin


class Asked:
    """A question's position as its seat knows it. Views and bot choices are computed once: checking a lesson judges
    every legal answer, and a bot's choice (the slowest thing a condition may ask) is the same for all of them."""

    def __init__(self, match: Match, seat: int) -> None:
        self.match, self.seat, self.game = match, seat, match.game.id
        self._view: View | None = None
        self._after: dict[str, View] = {}
        self._bots: dict[str, Action] = {}

    @property
    def view(self) -> View:
        """The seat's view before the answer."""
        if self._view is None:
            self._view = self.match.view(self.seat)
        return self._view

    def after(self, action: Action) -> View:
        """The seat's view once ``action`` (legal) is played: what the reader is shown after answering."""
        key = action_key(action)
        if key not in self._after:
            self._after[key] = after(self.match, self.seat, action).view(self.seat)
        return self._after[key]

    def bot_choice(self, bot: str) -> Action:
        """What bot ``bot`` plays here for the seat (it sees only the seat's view)."""
        if bot not in self._bots:
            self._bots[bot] = self.match.bot_action(self.seat, bot)
        return self._bots[bot]


Check = Callable[[Asked, Action, dict], bool]


def points(match: Match, seat: int) -> int:
    """What ``seat`` has scored so far as its own view of ``match`` shows it (``Game.view_points``)."""
    return match.game.view_points(match.view(seat), seat)


# --- generic ---------------------------------------------------------------------------------------------------------
def scores_at_least(asked: Asked, action: Action, params: dict) -> bool:
    """The answer leaves the seat with at least ``points`` points (as ``Game.view_points`` counts them)."""
    return asked.match.game.view_points(asked.after(action), asked.seat) >= params["points"]


def bot_named(game_bots: dict[str, Any], params: dict) -> str:
    """The bot a ``best_by_bot`` condition names: ``bot``, or the game's quick rule-of-thumb bot (``heuristic`` or
    ``greedy``), never a slow search level unless named."""
    return params.get("bot") or default_bot(game_bots)


def default_bot(game_bots: dict[str, Any]) -> str:
    return next((b for b in ("heuristic", "greedy") if b in game_bots), list(game_bots)[-1])


def best_by_bot(asked: Asked, action: Action, params: dict) -> bool:
    """The answer is the move the named bot would play here."""
    return asked.bot_choice(bot_named(asked.match.game.bots, params)) == action


# Each game adds its own (``Game.lesson_conditions``); "any_of" is handled by the question logic:
# {"condition": "any_of", "of": [accept, ...]}.
GENERIC: dict[str, Condition] = {
    "scores_at_least": Condition(
        scores_at_least,
        "The answer leaves the seat with at least this many points, as its own view counts them.",
        {"points": Param("int", "the least score the answer must reach", required=True)},
    ),
    "best_by_bot": Condition(
        best_by_bot,
        "The answer is the move this bot plays here (it sees only the seat's view).",
        {"bot": Param("bot", "which bot; by default the game's quick rule-of-thumb bot")},
        asks_bot=True,
    ),
}
ANY_OF = Condition(
    lambda asked, action, params: False,  # never called: ``shoal.lessons.accepts`` reads its parts
    "The answer meets any one of several lists of moves or conditions.",
)


def for_game(game: Game) -> dict[str, Condition]:
    """Every condition a lesson of ``game`` may use, generic first, with the game's own bots as a bot's choices."""
    out = dict(GENERIC)
    bot = GENERIC["best_by_bot"]
    choices = tuple(game.bots)
    out["best_by_bot"] = replace(
        bot, params={"bot": replace(bot.params["bot"], choices=choices, default=default_bot(game.bots))}
    )
    out.update(game.lesson_conditions)
    return out


def lookup(game: Game, name: str) -> Condition | None:
    """The condition ``name`` as ``game`` knows it (its own, or a generic one), or None."""
    return for_game(game).get(name)


def known(games: Iterable[Game]) -> dict[str, list[str]]:
    """Every condition a lesson may name, generic first, with the games it works in (empty: all)."""
    out: dict[str, list[str]] = {name: [] for name in GENERIC}
    for game in games:
        for name in game.lesson_conditions:
            out.setdefault(name, []).append(game.id)
    return out


def describe(game: Game) -> list[dict[str, Any]]:
    """The conditions that fit ``game``, as the Studio lists them (bridge ``lesson_conditions``)."""
    return [ANY_OF.to_json("any_of")] + [c.to_json(name) for name, c in for_game(game).items()]
