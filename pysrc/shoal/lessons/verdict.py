"""Whether a move answers a question's ``accept``: a list of moves, a condition, or ``any_of`` of them.

Its own module because both the checker (``shoal.lessons``) and the gamebook's explanations
(``shoal.lessons.gamebook``) ask it, and neither may import the other.
"""

from __future__ import annotations

from typing import Any

from shoal.core import Match
from shoal.core import actions as _actions

from . import conditions
from .shape import read_params


def verdict(action: dict, accept: Any, asked: conditions.Asked, ask_bots: bool) -> bool | None:
    """True or False; or None when it depends only on what a bot condition's bot would play and ``ask_bots`` is
    False (a check that need not run the search: at most one move per bot condition turns out right)."""
    if isinstance(accept, list):
        return any(_actions.same(action, a) for a in accept)
    name = accept["condition"]
    if name == "any_of":
        parts = [verdict(action, part, asked, ask_bots) for part in accept["of"]]
        return True if True in parts else None if None in parts else False
    found = conditions.lookup(asked.match.game, name)
    assert found is not None, name  # the shape check refused a condition the game does not know
    if found.asks_bot and not ask_bots:
        return None
    return bool(found.check(asked, action, read_params(found, accept)))


def accepts(match: Match, seat: int, action: dict, accept: Any, asked: conditions.Asked | None = None) -> bool:
    """Whether the (legal) ``action`` of ``seat`` answers the question: in the list, or meeting the condition, judged
    from what the seat knows (``asked``: the position as the seat sees it, shared by several answers)."""
    return verdict(action, accept, asked or conditions.Asked(match, seat), ask_bots=True) is True
