"""The ``beginner`` level, below ``easy``: legal, plausible moves with frequent small mistakes.

A beginner knows what the game's one-ply heuristic knows (each game's ``bots.py`` scores its legal moves from the
view, with the same pieces its heuristic bot weighs) but does not always play the best: it draws one move among those
close to the best, each weighted by how close it is. So it often plays a slightly worse move and never an absurd one:

* a move more than ``reach`` below the best is never played (a game scores its obviously losing moves far below, so
  they drop out: eating one's own card, skipping a Large Animal worth points);
* the others weigh ``(1 + gap / temperature) ** -2``: the best weighs 1, a move ``temperature`` below it a quarter.
  A softmax's weights would do the same job, but ``exp`` may differ in its last bit between platforms' maths
  libraries; these use only ``+``, ``/`` and ``*``, which IEEE rounds the same everywhere, and are then rounded to
  integers, so the bot's ``Rng`` gives the same move on CPython and in Pyodide.

Ties in value keep the order of the legal list; the only randomness is the bot's own ``Rng``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core import Action, Rng, View

# (view, legal) -> [(action, value)]: the moves worth weighing (all legal ones, or a game's shortlist), valued in
# the game's own points so that one temperature and one reach fit the whole game.
Values = Callable[[View, list[Action]], list[tuple[Action, float]]]

SCALE = 1_000_000  # weights as integers: a move's share of the draw, exact on every platform


class BeginnerBot:
    """``choose(view, legal, rng) -> action``: a move drawn among the near-best of ``values`` (module docstring)."""

    def __init__(self, values: Values, temperature: float, reach: float, name: str = "beginner") -> None:
        if temperature <= 0 or reach < 0:
            raise ValueError("a beginner needs a positive temperature and a reach of at least 0")
        self.values, self.temperature, self.reach = values, temperature, reach
        self.name = self.__name__ = name

    def __repr__(self) -> str:
        return f"BeginnerBot({self.name}, temperature={self.temperature}, reach={self.reach})"

    def weights(self, scored: list[tuple[Action, float]]) -> list[tuple[Action, int]]:
        """The moves it may play and their integer weights (the best first among equals, as listed)."""
        best = max(v for _, v in scored)
        out = []
        for action, value in scored:
            gap = best - value
            if gap <= self.reach:
                closeness = 1.0 + gap / self.temperature
                out.append((action, max(1, round(SCALE / (closeness * closeness)))))
        return out

    def __call__(self, view: View, legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        scored = self.values(view, legal)
        if not scored:
            return rng.choice(legal)
        if len(scored) == 1:
            return scored[0][0]
        weighted = self.weights(scored)
        pick = rng.below(sum(w for _, w in weighted))
        for action, w in weighted:
            if pick < w:
                return action
            pick -= w
        raise AssertionError("unreachable: the draw is below the weights' sum")  # pragma: no cover


__all__ = ["BeginnerBot", "Values"]
