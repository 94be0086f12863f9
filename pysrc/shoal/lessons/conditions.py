"""Conditions a lesson's question may use instead of a list of accepted moves: the engine decides, the page never.

A condition is ``{"condition": name, ...parameters}``. Each is a function ``(match, seat, action, params) -> bool``
over the position *before* the answer, ``action`` already known to be legal. Generic ones work in every game; the
others belong to one game. ``PARAMS`` lists each condition's parameters and their types, for validation.
"""

from __future__ import annotations

from typing import Any, Callable

from shoal.core import Match

Check = Callable[[Match, int, dict, dict], bool]


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


# --- points as things stand, per game ------------------------------------------------------------------------------
def points(match: Match, seat: int) -> int:
    """What ``seat`` has scored so far, counting everything the engine knows (hidden cards included)."""
    game, state = match.game.id, match.state
    if game == "museum":
        from shoal.games.museum.rules import final_scores

        return final_scores(state)[seat]["score"]
    if game == "brunch":
        from shoal.games.brunch.scoring import food_points

        return food_points(state.collected[seat])
    if game == "aquarena":
        from shoal.games.aquarena.scoring import round_points

        c = state.catches[seat]
        return state.scores[seat] + round_points(seat, c.flies, [(o, n) for o, n, _ in c.cards])
    if game == "reef":
        from shoal.games.reef.play import live_totals

        return live_totals(state)[seat]
    raise ValueError(f"no points for {game}")  # pragma: no cover - every game is listed


# --- generic ---------------------------------------------------------------------------------------------------------
def scores_at_least(match: Match, seat: int, action: dict, params: dict) -> bool:
    """The answer leaves the seat with at least ``points`` points (as :func:`points` counts them)."""
    return points(after(match, seat, action), seat) >= params["points"]


def best_by_bot(match: Match, seat: int, action: dict, params: dict) -> bool:
    """The answer is the move the named bot would play here (default: the game's quick rule-of-thumb bot,
    ``heuristic`` or ``greedy``, never a slow search level unless named)."""
    bots = match.game.bots
    bot = params.get("bot") or next((b for b in ("heuristic", "greedy") if b in bots), list(bots)[-1])
    return match.bot_action(seat, bot) == action


# --- museum ------------------------------------------------------------------------------------------------------
def makes_line_score(match: Match, seat: int, action: dict, params: dict) -> bool:
    """Museum: the placed card's line along the seat's axis (or the ``line`` given) totals 10–20 and scores at least
    ``points`` (default 1) with every card counted, face down or not."""
    if action.get("type") != "place":
        return False
    from shoal.games.museum.data import AXES, CARDS
    from shoal.games.museum.scoring import score_line

    axis = params.get("axis", AXES[seat])
    along = 1 if axis == "row" else 0
    state = after(match, seat, action).state
    coord = params.get("line", (action["x"], action["y"])[along])
    members = sorted((p for p in state.grid if p[along] == coord), key=lambda p: p[1 - along])
    line = [(p, (CARDS[state.grid[p]].kind, CARDS[state.grid[p]].number)) for p in members]
    scored = score_line(line, state.tokens, axis)
    return scored["scores"] and sum(scored["points"].values()) >= params.get("points", 1)


# --- brunch ------------------------------------------------------------------------------------------------------
def strongest_hand(match: Match, seat: int, action: dict, params: dict) -> bool:
    """Brunch: passing this card keeps the strongest two cards the seat could keep (a pass question)."""
    if action.get("type") != "pass":
        return False
    from shoal.games.brunch.view import keeps

    kept = dict((card, s) for card, s in keeps(match.state, seat))
    return kept[action["card"]] == max(kept.values())


# --- aquarena ----------------------------------------------------------------------------------------------------
def catches_most(match: Match, seat: int, action: dict, params: dict) -> bool:
    """Aquarena: of the prey the acting card may take now, this one is worth the most to the seat."""
    if action.get("type") not in ("eat_fly", "eat_card"):
        return False
    from shoal.games.aquarena import data

    def worth(a: dict) -> int:
        if a["type"] == "eat_fly":
            return data.POINTS["fly"]
        return 0 if a["seat"] == seat else data.POINTS[data.family(a["card"])]

    options = [a for a in match.legal_actions(seat) if a["type"] in ("eat_fly", "eat_card")]
    return worth(action) == max(worth(a) for a in options)


# --- reef --------------------------------------------------------------------------------------------------------
def forms_habitat(match: Match, seat: int, action: dict, params: dict) -> bool:
    """AQUA: laying this tile creates a Habitat (of ``colour``, one of RYGBPK, if given)."""
    if action.get("type") != "place":
        return False
    before = dict(match.state.boards[seat].habitats)
    board = after(match, seat, action).state.boards[seat]
    new = [sp for v, sp in board.habitats.items() if v not in before]
    if "colour" in params:
        from shoal.games.reef.data import COLOUR_OF_SPECIES

        return any(COLOUR_OF_SPECIES[sp] == params["colour"] for sp in new)
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
# "any_of" is handled by the question logic: {"condition": "any_of", "of": [accept, ...]}.
