"""Conditions a lesson's question may use instead of a list of accepted moves: the engine decides, the page never.

A condition is ``{"condition": name, ...parameters}``. Each is a function ``(asked, action, params) -> bool``, where
``asked`` (:class:`Asked`) is the position before the answer *as the question's seat knows it*: its view, the view the
answer leads to (the reader is shown that view anyway) and the bots' choices (which see only that seat's view). No
condition reads the state, so a verdict never tells the reader what its seat may not see: an opponent's face-down card
cannot turn a wrong answer right. Generic conditions work in every game; the others belong to one game. ``CONDITIONS``
lists each condition's parameters and their types, for validation.
"""

from __future__ import annotations

from typing import Any, Callable

from shoal.bots.search import action_key
from shoal.core import Action, Match, View


def after(match: Match, seat: int, action: dict) -> Match:
    """A copy of ``match`` with ``action`` played (the lesson's own match is never changed)."""
    twin = Match.__new__(Match)
    # One level of copying: lists and dicts a match keeps (its actions, any history) are not shared with the copy.
    twin.__dict__.update({k: list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v
                          for k, v in match.__dict__.items()})
    twin.state = match.state.clone()
    twin.actions = list(match.actions)
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


# --- points as the seat's view shows them, per game --------------------------------------------------------------
def view_points(game: str, view: View, seat: int) -> int:
    """What ``seat`` has scored so far as ``view`` (its own) shows it: museum, the lines and lily-pad runs it can be
    sure of (a line with a face-down card it did not place is not counted); the other games show every seat's points."""
    table = view["table"]
    if game == "museum":
        return table["running"][seat]
    if game == "brunch":
        return table["seats"][seat]["points"]
    if game == "aquarena":
        mine = table["seats"][seat]
        return mine["score"] + mine["catch"]["points"]
    if game == "reef":
        return table["boards"][seat]["total"]
    raise ValueError(f"no points for {game}")  # pragma: no cover - every game is listed


def points(match: Match, seat: int) -> int:
    """:func:`view_points` of ``seat``'s own view of ``match``."""
    return view_points(match.game.id, match.view(seat), seat)


# --- generic ---------------------------------------------------------------------------------------------------------
def scores_at_least(asked: Asked, action: Action, params: dict) -> bool:
    """The answer leaves the seat with at least ``points`` points (as :func:`view_points` counts them)."""
    return view_points(asked.game, asked.after(action), asked.seat) >= params["points"]


def bot_named(game_bots: dict[str, Any], params: dict) -> str:
    """The bot a ``best_by_bot`` condition names: ``bot``, or the game's quick rule-of-thumb bot (``heuristic`` or
    ``greedy``), never a slow search level unless named."""
    return params.get("bot") or next((b for b in ("heuristic", "greedy") if b in game_bots), list(game_bots)[-1])


def best_by_bot(asked: Asked, action: Action, params: dict) -> bool:
    """The answer is the move the named bot would play here."""
    return asked.bot_choice(bot_named(asked.match.game.bots, params)) == action


# --- museum ------------------------------------------------------------------------------------------------------
def makes_line_score(asked: Asked, action: Action, params: dict) -> bool:
    """Museum: the placed card's line along the seat's axis (or the ``line`` given) surely scores, at least ``points``
    (default 1): the seat knows every card in it (face up, or face down and placed by the seat) and they total 10–20."""
    if action.get("type") != "place":
        return False
    from shoal.games.museum.data import AXES

    axis = params.get("axis", AXES[asked.seat])
    if axis not in AXES:
        return False
    coord = params.get("line", action["y"] if axis == "row" else action["x"])
    lines = asked.after(action)["table"]["lines"][axis]
    line = next((ln for ln in lines if ln["coord"] == coord), None)
    return line is not None and line["status"] == "scores" and line["points"] >= params.get("points", 1)


# --- brunch ------------------------------------------------------------------------------------------------------
def strongest_hand(asked: Asked, action: Action, params: dict) -> bool:
    """Brunch: passing this card keeps the strongest two cards the seat could keep (a pass question)."""
    if action.get("type") != "pass":
        return False
    kept = dict((card, s) for card, s in asked.view["table"]["keeps"] or [])
    return action["card"] in kept and kept[action["card"]] == max(kept.values())


# --- aquarena ----------------------------------------------------------------------------------------------------
def catches_most(asked: Asked, action: Action, params: dict) -> bool:
    """Aquarena: of the prey the acting card may take now, this one is worth the most to the seat."""
    if action.get("type") not in ("eat_fly", "eat_card"):
        return False
    from shoal.games.aquarena import data

    def worth(a: dict) -> int:
        if a["type"] == "eat_fly":
            return data.POINTS["fly"]
        return 0 if a["seat"] == asked.seat else data.POINTS[data.family(a["card"])]

    options = [a for a in asked.view["legal"] if a["type"] in ("eat_fly", "eat_card")]
    return worth(action) == max(worth(a) for a in options)


# --- reef --------------------------------------------------------------------------------------------------------
def forms_habitat(asked: Asked, action: Action, params: dict) -> bool:
    """AQUA: laying this tile creates a Habitat (of ``colour``, one of RYGBPK, if given)."""
    if action.get("type") != "place":
        return False
    before = {tuple(h["at"]) for h in asked.view["table"]["boards"][asked.seat]["habitats"]}
    new = [h for h in asked.after(action)["table"]["boards"][asked.seat]["habitats"] if tuple(h["at"]) not in before]
    if "colour" in params:
        return any(h["colour"] == params["colour"] for h in new)
    return bool(new)


# name -> (games it works in (None: all), function, {parameter: (type, required)})
CONDITIONS: dict[str, tuple[tuple[str, ...] | None, Check, dict[str, tuple[type, bool]]]] = {
    "scores_at_least": (None, scores_at_least, {"points": (int, True)}),
    "best_by_bot": (None, best_by_bot, {"bot": (str, False)}),
    "makes_line_score": (("museum",), makes_line_score, {"axis": (str, False), "line": (int, False),
                                                         "points": (int, False)}),
    "strongest_hand": (("brunch",), strongest_hand, {}),
    "catches_most": (("aquarena",), catches_most, {}),
    "forms_habitat": (("reef",), forms_habitat, {"colour": (str, False)}),
}
# Conditions that ask a bot to decide: the costly kind, bounded per question (``shoal.lessons``).
BOT_CONDITIONS = ("best_by_bot",)
# "any_of" is handled by the question logic: {"condition": "any_of", "of": [accept, ...]}.
