"""The engine's judgement of a decision: what the moves a seat considers are worth, judged from that seat's view alone.

The post-game analysis (``shoal.analysis``), the hint (``shoal.bridge``) and ``python -m shoal analyse`` all ask this
module; docs/analysis.md says what the figures mean, why the thresholds are where they are, and how they were measured.

The method is paired flat Monte Carlo, as :class:`~shoal.bots.flat.FlatBot` plays, with every playout run to the END
of the game, so that a move's value is in the game's own terms. With rivals it is the seat's *winning chances*: each
playout is worth ``(1 - MARGIN_WEIGHT) * win share + MARGIN_WEIGHT * squash(margin / scale)``, the margin being the
seat's final score less the best other seat's and the scale the game's ``MARGIN_SCALE`` (a typical winning margin);
alone it is the expected final score. A decision is judged in two stages:

1. **Screening.** The game's own move ordering (``GameSearch.candidates`` on one sampled position; a game without one
   is ordered by a one-ply look with its ``evaluate`` over a few samples) gives the first ``keep`` moves; the game's
   ``root_extra`` moves and the move actually played join them. Successive halving then spends half the budget on
   them: on each sampled position every move still in the running is played out, and after each round the worse half
   is dropped, until two are left.
2. **Judging.** Those two and the move played are played out again on *fresh* positions (a quarter of the budget each),
   all on the same sampled positions with the same rollout draws, so that most of the luck cancels out of their
   differences. Only these fresh playouts give the values: a move that won the screening by luck is not also judged on
   that luck (the selection would bias every loss upwards).

What the seat does not see is sampled by the game's ``sample`` from its view, never read from the true position; the
only randomness is the ``Rng`` handed in, and :func:`decision_rng` derives it from the analysis seed and the view
itself, so the same view gives the same judgement on CPython and in Pyodide, and two positions a seat cannot tell
apart give it the same judgement. Budgets count playouts, never time.

The playouts use each game's own ``SEARCH`` (``games/<id>/search.py``: its sampler and the policy its levels play),
or its ``ANALYSIS`` where its hard level plays out with a stronger policy (Aquarena's settling policy;
:func:`spec_for`), with rollouts to the end of the game here, whatever ``rollout_stop`` its bots use.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
from collections.abc import Generator
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from ..core import Action, Game, Rng, State, View
from .search import GameSearch, SearchBot, action_key, squash

CHANCES, POINTS = "chances", "points"  # the units of loss: winning chances with rivals, expected points alone
# Thresholds of loss for each mark, per unit (docs/analysis.md says why these).
THRESHOLDS: dict[str, tuple[tuple[str, float], ...]] = {
    CHANCES: (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05)),
    POINTS: (("blunder", 8.0), ("mistake", 4.0), ("inaccuracy", 2.0)),
}
MARKS = ("inaccuracy", "mistake", "blunder")
# The default budget, by game: a playout's length grows with the table, so a decision gets this many divided by the
# number of players; and the page analyses every seat of a game without secrets between seats (AQUA), so there it is
# divided by the number of players once more (museum 1,600; Brunch 800 at 3 players, 342 at 7; Aquarena 500 at 2,
# its settling playouts costing about 3× a quick one's ply; AQUA 480 alone, 120 at 2, 30 at 4). Chosen so that the
# whole game the page analyses fits well under a minute in the browser's Pyodide (docs/analysis.md, "Budgets";
# docs/benchmarks.md (g2) measures it).
SEAT_PLAYOUTS = {"museum": 3200, "brunch": 2400, "aquarena": 1000, "reef": 480}
DEFAULT_SEAT_PLAYOUTS = 1600
KEEP = 8  # moves of the game's own order screened
LOOKS = 4  # sampled positions of the one-ply look that orders a game without ``candidates``
JUDGED = 2  # moves the screening keeps for judging (besides the move played)
# The margin's part in a playout's winning chances. Win share alone saturates: once a seat is sure to win or to lose,
# every move is worth 1 or 0 and none can lose anything, so a lopsided game would rank its seats' play as equal. The
# margin's part keeps some worth in every point won or given away, most near an even game (docs/analysis.md).
MARGIN_WEIGHT = 0.25


def mark(loss: float, unit: str) -> str | None:
    """The mark a loss earns: ``"blunder"``, ``"mistake"``, ``"inaccuracy"`` or None."""
    for name, at_least in THRESHOLDS[unit]:
        if loss >= at_least:
            return name
    return None


def thresholds(unit: str) -> dict[str, float]:
    """The thresholds of ``unit`` as JSON: mark -> the least loss that earns it."""
    return {name: at_least for name, at_least in THRESHOLDS[unit]}


def unit_for(players: int) -> str:
    return CHANCES if players > 1 else POINTS


def margin_scale(game: Game) -> float:
    """The game's ``MARGIN_SCALE`` (``games/<id>/search.py``): a typical winning margin, in points."""
    return float(import_module(f"shoal.games.{game.id}.search").MARGIN_SCALE)


def chances(win: float, margin: float, scale: float) -> float:
    """One playout's winning chances, in [0, 1]: mostly its win share, partly its margin squashed at the game's scale
    (a rational squash: the same bits on every platform)."""
    return (1.0 - MARGIN_WEIGHT) * win + MARGIN_WEIGHT * squash(margin / scale)


def decision_rng(seed: int, view: View) -> Rng:
    """The analysis's generator for one decision, from the analysis seed and the seat's view only.

    Neither the match seed (which would reveal every shuffle) nor anything else the seat cannot see goes in: two
    positions that look the same to the seat get the same samples, hence the same judgement."""
    text = json.dumps(dict(view), sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(f"shoal-analysis:{seed}:".encode() + text.encode()).digest()
    return Rng(int.from_bytes(digest[:8], "big"))


@dataclass(frozen=True)
class Judged:
    """One move's estimate over ``samples`` playouts: winning chances and expected win share (both None alone) and
    expected final score."""

    action: Action
    chances: float | None
    win: float | None
    points: float
    samples: int

    def value(self, unit: str) -> float:
        return self.points if unit == POINTS else float(self.chances or 0.0)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action}
        if self.chances is not None:
            out["chances"] = round(self.chances, 4)
            out["win"] = round(float(self.win or 0.0), 4)
        out["points"] = round(self.points, 4)
        return out


@dataclass(frozen=True)
class Judgement:
    """A decision judged: the moves judged, best first; the move played, if one was named; the loss in ``unit``."""

    seat: int
    unit: str
    moves: list[Judged]  # best first; empty for a forced move
    played: Judged | None
    forced: bool = False
    error: float = 0.0  # the standard error of the gap between the best move's value and the played move's

    @property
    def best(self) -> Judged | None:
        return self.moves[0] if self.moves else None

    @property
    def gap(self) -> float:
        """The best move's value less the played move's, as the samples give them (0 without a move played)."""
        if self.played is None or self.best is None:
            return 0.0
        return self.best.value(self.unit) - self.played.value(self.unit)

    @property
    def loss(self) -> float:
        """How much worse the move played is than the best found, as far as the samples show it: the gap less one
        standard error of it, never below 0. Without that margin every near-equal move would lose a little by
        luck alone (and most by the pick of the best among close ones), and a strong player's sound moves would add
        up to the same small losses as a weak player's; docs/analysis.md measures both."""
        return max(0.0, self.gap - self.error)

    @property
    def mark(self) -> str | None:
        return mark(round(self.loss, 4), self.unit)

    def alternative(self) -> Judged | None:
        """The best judged move other than the best (the hint shows it beside the best)."""
        return self.moves[1] if len(self.moves) > 1 else None


def spec_for(game: Game) -> GameSearch:
    """The pieces ``game``'s analysis plays out with: its ``ANALYSIS`` if it names one (the stronger policy its hard
    level plays out with, where that is not its ``SEARCH``), else its ``SEARCH``; every seat on that policy, with
    rollouts always to the end of the game (the values are final results)."""
    module = import_module(f"shoal.games.{game.id}.search")
    return dataclasses.replace(getattr(module, "ANALYSIS", module.SEARCH), rollout_stop=None)


class Analyst(SearchBot):
    """Judges decisions (see the module docstring); as a bot, ``choose(view, legal, rng)`` plays the best move found.

    ``iterations`` is the budget, in playouts a decision: half of it screens, and each judged move is played out on a
    quarter of it."""

    def __init__(
        self,
        spec: GameSearch,
        game: Game,
        iterations: int,
        keep: int = KEEP,
        judged: int = JUDGED,
        name: str = "analysis",
    ) -> None:
        super().__init__(dataclasses.replace(spec, rollout_stop=None), game, iterations, None, name=name)
        self.keep, self.judged = keep, judged
        self.scale = margin_scale(game)

    def capped(self, budget: int) -> Analyst:
        return Analyst(
            self.spec, self.game, max(1, min(self.iterations, int(budget))), self.keep, self.judged, self.name
        )

    def __repr__(self) -> str:
        return f"Analyst({self.game.id}, iterations={self.iterations})"

    def __call__(self, view: View, legal: list[Action], rng: Rng) -> Action:
        best = self.judge(view, legal, rng).best
        return legal[0] if best is None else best.action

    def judge(self, view: View, legal: list[Action], rng: Rng, played: Action | None = None) -> Judgement:
        """The whole judgement at once (:meth:`steps` run to its end)."""
        steps = self.steps(view, legal, rng, played)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    def steps(
        self, view: View, legal: list[Action], rng: Rng, played: Action | None = None
    ) -> Generator[tuple[int, int], None, Judgement]:
        """The judgement a little at a time: yields ``(playouts done, playouts planned)`` after each sampled position
        and returns the :class:`Judgement`. However the caller spaces its ``next`` calls, the result is the same."""
        me = view["seat"]
        unit = unit_for(view["players"])
        by_key = {action_key(a): a for a in legal}
        if played is not None and action_key(played) not in by_key:
            raise ValueError("the move played is not among the legal actions")
        if len(legal) < 2:
            return Judgement(me, unit, [], None, forced=True)
        spec = self.spec
        first: State | None = spec.sample(view, rng)
        pool = self._pool(first, view, legal, by_key, rng, played)
        halvings = _halvings(len(pool), self.judged)
        screen = max(1, self.iterations // 2)
        per_move = max(1, self.iterations // 4)
        rounds, size = [], len(pool)
        for _ in range(halvings):
            rounds.append((size, max(1, screen // halvings // size)))
            size = max(self.judged, (size + 1) // 2)
        planned = sum(n * k for n, k in rounds) + per_move * (self.judged + (played is not None))
        done = 0
        alive = list(range(len(pool)))
        totals = [[0.0, 0.0] for _ in pool]  # each move's sums of its value in the unit and of its final score
        for size, samples in rounds:
            for _ in range(samples):
                state, first = (first, None) if first is not None else (spec.sample(view, rng), None)
                seed = rng.next64()
                for j in alive:
                    value, _, points = self._playout(state, me, pool[j], seed, unit)
                    totals[j][0] += value
                    totals[j][1] += points
                done += len(alive)
                yield done, planned
            alive = sorted(alive, key=lambda j: (-totals[j][0], -totals[j][1], j))[: max(self.judged, (size + 1) // 2)]
        judged = [pool[j] for j in sorted(alive)]
        if played is not None and action_key(played) not in {action_key(a) for a in judged}:
            judged.append(by_key[action_key(played)])
        planned = done + per_move * len(judged)
        sums = [[0.0, 0.0] for _ in judged]  # each move's sums of its win share and final score
        values: list[list[float]] = [[] for _ in judged]  # each sample's value in the unit, for the gap's error
        for _ in range(per_move):
            state = spec.sample(view, rng)
            seed = rng.next64()
            for j, action in enumerate(judged):
                value, win, points = self._playout(state, me, action, seed, unit)
                sums[j][0] += win
                sums[j][1] += points
                values[j].append(value)
            done += len(judged)
            yield done, planned
        order = {action_key(a): i for i, a in enumerate(pool)}
        rivals = unit != POINTS
        moves = [
            Judged(
                by_key[action_key(a)],
                sum(v) / per_move if rivals else None,
                w / per_move if rivals else None,
                p / per_move,
                per_move,
            )
            for a, (w, p), v in zip(judged, sums, values)
        ]
        ranked = sorted(
            range(len(moves)),
            key=lambda j: (-moves[j].value(unit), -moves[j].points, order[action_key(moves[j].action)]),
        )
        error = 0.0
        mine = None
        if played is not None:
            at = next(j for j, a in enumerate(judged) if action_key(a) == action_key(played))
            mine = moves[at]
            error = _paired_error(values[ranked[0]], values[at])
        return Judgement(me, unit, [moves[j] for j in ranked], mine, error=error)

    def _pool(
        self, first: State, view: View, legal: list[Action], by_key: dict[str, Action], rng: Rng, played: Action | None
    ) -> list[Action]:
        """The moves screened: the first ``keep`` of the game's order, its ``root_extra`` moves, the move played."""
        spec, me = self.spec, view["seat"]
        if spec.candidates is not None:
            ranked = [action_key(a) for a in spec.candidates(first, me, list(legal))]
        else:
            looks = [first] + [spec.sample(view, rng) for _ in range(LOOKS - 1)]
            value = [sum(self._look(s, me, a) for s in looks) for a in legal]
            ranked = [action_key(legal[i]) for i in sorted(range(len(legal)), key=lambda i: (-value[i], i))]
        keys = [k for k in dict.fromkeys(ranked) if k in by_key]
        keys += [k for k in by_key if k not in set(keys)]  # the game's order may prune; a judgement ranks all
        keys = keys[: self.keep]
        if spec.root_extra is not None:
            keys += [action_key(a) for a in spec.root_extra(view, legal, rng)]
        if played is not None:
            keys.append(action_key(played))
        return [by_key[k] for k in dict.fromkeys(keys) if k in by_key]

    def _look(self, state: State, me: int, action: Action) -> float:
        twin = state.clone()
        self.game.apply(twin, me, action)
        return self.spec.evaluate(twin, me)

    def _playout(self, state: State, me: int, action: Action, seed: int, unit: str) -> tuple[float, float, float]:
        """One playout of ``action`` from a copy of ``state`` to the end, for ``me``: (its value in ``unit``, win
        share, final score); alone the value is the score."""
        game = self.game
        twin = state.clone()
        game.apply(twin, me, action)
        self._rollout(twin, Rng(seed))
        out = game.outcome(twin)
        scores = out["scores"]
        if game.is_over(twin):
            win = 1.0 / len(out["winners"]) if me in out["winners"] else 0.0
        else:  # a rollout cut short (a ply cap): the game's own estimate of the win, the score so far
            win = self.spec.evaluate(twin, me)
        points = float(scores[me])
        if unit == POINTS:
            return points, win, points
        margin = points - max(float(v) for seat, v in enumerate(scores) if seat != me)
        return chances(win, margin, self.scale), win, points


def _paired_error(a: list[float], b: list[float]) -> float:
    """The standard error of ``mean(a) - mean(b)`` over paired samples (0 for fewer than two). ``math.sqrt`` is
    correctly rounded everywhere, so the figure is the same on every platform."""
    n = len(a)
    if n < 2:
        return 0.0
    diffs = [x - y for x, y in zip(a, b)]
    mean = sum(diffs) / n
    return math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)


def _halvings(moves: int, keep: int) -> int:
    """Rounds of halving that bring ``moves`` down to ``keep`` (0 when there are no more than ``keep``)."""
    rounds = 0
    while moves > keep:
        moves = max(keep, (moves + 1) // 2)
        rounds += 1
    return rounds


def budget_for(game: Game, players: int, budget: int | None = None) -> int:
    """Playouts a decision: ``budget``, or by default the game's for that many players (:data:`SEAT_PLAYOUTS`): the
    game's figure over the players, and over them again where the page analyses every seat (no secrets between
    seats), so that the whole game the page analyses costs about the same at every table size."""
    if budget is None:
        players = max(1, players)
        seats = 1 if game.private_views else players
        return max(1, SEAT_PLAYOUTS.get(game.id, DEFAULT_SEAT_PLAYOUTS) // players // seats)
    if type(budget) is not int or budget < 1:
        raise ValueError("an analysis budget is a positive number of playouts")
    return budget


def analyst(game: Game, seat: int, players: int, budget: int | None = None) -> Analyst:
    """The analysis of ``seat``'s decisions in ``game`` with ``budget`` playouts a decision (default: the game's)."""
    return Analyst(spec_for(game), game, budget_for(game, players, budget))


__all__ = [
    "Analyst",
    "CHANCES",
    "MARGIN_WEIGHT",
    "SEAT_PLAYOUTS",
    "Judged",
    "Judgement",
    "MARKS",
    "POINTS",
    "THRESHOLDS",
    "analyst",
    "budget_for",
    "chances",
    "decision_rng",
    "margin_scale",
    "mark",
    "spec_for",
    "thresholds",
    "unit_for",
]
