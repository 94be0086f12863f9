"""One search for every game: information-set Monte Carlo tree search over positions sampled from a seat's view.

The method is single-observer ISMCTS (Cowling, Powley & Whitehouse, IEEE TCIAIG 2012): every iteration draws one
full position consistent with what the seat has seen (``GameSearch.sample``), walks a tree shared by all those
positions, adds one node, plays the game's fast policy for a while and backs up each seat's value. Statistics are
shared across positions, so the tree learns which of the seat's own actions are good *whatever* the hidden facts.

* Actions available only in some sampled positions are judged with availability counts (ISMCTS's subset-armed UCB).
* Simultaneous phases (Brunch passing, Lunch calls, food) use decoupled UCT: at such a node every seat due to act
  picks from its own statistics, never seeing the others' picks, and the joint choice names the child. So a seat
  cannot "react" to a choice it would not have seen at the table.
* Budgets count iterations and rollout plies, never time, and the only randomness is the bot's own ``Rng``; the
  arithmetic avoids platform-dependent functions (the exploration term uses a logarithm rounded to 10 places), so a
  view and an ``Rng`` give the same move on CPython and in Pyodide.
* The bot sees only its view: ``search_bot`` hands ``sample`` the view and nothing else.
* Nothing can make it hang: a playout longer than :data:`MAX_PLIES`, or one that meets a seat to act with no legal
  move, ends the decision with :class:`SearchStuck` (a :class:`~shoal.core.ShoalError`, answered as an error).

A game supplies only :class:`GameSearch` (``pysrc/shoal/games/<id>/search.py``: ``SEARCH = GameSearch(...)``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import Action, Bot, Game, Rng, ShoalError, State, View
from ..core.game import capped  # the match caps bots through it: it lives beside the Bot type

# Plies one playout may run before the search gives up: far beyond any game's length, so it never cuts a real game,
# only a position that cannot end. Whole games at the most seats end within 500 plies (Brunch at 7 seats, the longest;
# tests/bots/test_no_hang.py measures), and even a Brunch table where nine passes in ten are "keep passing" ended
# within 3,000.
MAX_PLIES = 20_000


class SearchStuck(ShoalError):
    """A search met a position it cannot play on (a seat to act with no legal move, or a playout past
    :data:`MAX_PLIES`): the decision ends with this error instead of running for ever."""


def stuck(game: Game, state: State) -> SearchStuck:
    """The error for a position where the seats to act cannot move, naming them."""
    due = game.to_act(state)
    if not due:
        return SearchStuck(f"{game.id}: the search met a position where nobody is to act and the game is not over")
    return SearchStuck(
        f"{game.id}: the search met a position where seat {', '.join(map(str, due))} is to act with no legal move"
    )


def too_long(game: Game) -> SearchStuck:
    """The error for a playout that reached :data:`MAX_PLIES`."""
    return SearchStuck(f"{game.id}: a playout reached {MAX_PLIES} plies without the game ending; the search gave up")


@dataclass(frozen=True)
class GameSearch:
    """What a game supplies to the shared search; everything else is written once."""

    # A full position consistent with ``view`` (for seat ``view["seat"]``): hidden facts drawn from what that seat has
    # NOT seen, piles shuffled with the given Rng; also fills other seats' unseen pending simultaneous choices.
    sample: Callable[[View, Rng], State]
    # Leaf value for a seat in [0, 1] (terminal or not; e.g. from score margin / rank).
    evaluate: Callable[[State, int], float]
    # Fast rollout policy (the game's heuristic, working on the state directly).
    policy: Callable[[State, int, list[Action], Rng], Action]
    # Ordering/pruning for large branching: the actions worth searching at a tree node, best first.
    candidates: Callable[[State, int, list[Action]], list[Action]] | None = None
    # Where a rollout may stop early because what follows only adds noise (e.g. the end of a round whose successors
    # are dealt afresh); ``evaluate`` then judges the position reached.
    rollout_stop: Callable[[State], bool] | None = None
    # The rollouts' fast path (optional): ``policy(state, seat, legal_actions(state, seat), rng)`` when two or more
    # actions are legal, the only one (drawing nothing from ``rng``) when one is, ``None`` when none is — without
    # building the legal list. It must choose exactly as the policy does (a test compares them).
    step: Callable[[State, int, Rng], Action | None] | None = None
    # Moves the root always searches besides ``candidates`` (e.g. the old heuristic bot's choice, so that a search
    # can rank it out only by looking, never by pruning): ``(view, legal, rng) -> actions``, from the view alone.
    root_extra: Callable[[View, list[Action], Rng], list[Action]] | None = None


def action_key(action: Action) -> str:
    """A canonical string for an action: equal actions, equal keys (JSON with sorted keys)."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


_LN: list[float] = [0.0]


def _ln(n: int) -> float:
    """``log(n)`` rounded to 10 places, so that libm differences between platforms cannot change a choice."""
    while len(_LN) <= n:
        _LN.append(round(math.log(len(_LN)), 10) if len(_LN) else 0.0)
    return _LN[n]


class _Node:
    """Statistics of each seat due to act here: action key -> [visits, total value, times available]."""

    __slots__ = ("stats", "children")

    def __init__(self) -> None:
        self.stats: dict[int, dict[str, list[float]]] = {}
        self.children: dict[tuple[str, ...], _Node] = {}


def outcome_value(game: Game, state: State, seat: int, margin_scale: float = 10.0) -> float:
    """A finished game's value for ``seat`` in [0, 1]: mostly the win (shared on ties), partly the score margin.

    The margin part (against the best other seat, squashed into (0, 1)) makes the search keep fighting in positions
    that are already won or lost, where the bare win would give every move the same value.
    """
    out = game.outcome(state)
    scores, winners = out["scores"], out["winners"]
    win = 1.0 / len(winners) if seat in winners else 0.0
    others = [s for i, s in enumerate(scores) if i != seat]
    margin = scores[seat] - max(others) if others else scores[seat]
    return 0.8 * win + 0.2 * squash(margin / margin_scale)


def squash(x: float) -> float:
    """A smooth map of any real to (0, 1), 0.5 at 0 (a rational function: same bits on every platform)."""
    return 0.5 + 0.5 * x / (1.0 + abs(x))


class SearchBot:
    """A bot ``choose(view, legal, rng) -> action`` backed by ISMCTS; ``capped(n)`` gives the same bot with at most
    ``n`` iterations (the page's test-only ``botBudget``)."""

    def __init__(
        self,
        spec: GameSearch,
        game: Game,
        iterations: int,
        rollout_depth: int | None,
        exploration: float = 0.7,
        root_candidates: int | None = None,
        node_candidates: int | None = None,
        name: str = "search",
        solo_iterations: int | None = None,
    ) -> None:
        if iterations < 1 or (solo_iterations is not None and solo_iterations < 1):
            raise ValueError("a search needs at least one iteration")
        self.spec, self.game = spec, game
        self.iterations, self.rollout_depth = iterations, rollout_depth
        # A solo game has no rival's turns in its rollouts, so the same thinking time buys more iterations.
        self.solo_iterations = solo_iterations
        self.exploration = exploration
        self.root_candidates, self.node_candidates = root_candidates, node_candidates
        self.name = name
        self.__name__ = name
        self.last_iterations = 0  # how many iterations the last decision ran (for benchmarks)

    def capped(self, budget: int) -> SearchBot:
        """The same bot with at most ``budget`` iterations a decision."""
        solo = None if self.solo_iterations is None else max(1, min(self.solo_iterations, int(budget)))
        return SearchBot(
            self.spec,
            self.game,
            max(1, min(self.iterations, int(budget))),
            self.rollout_depth,
            self.exploration,
            self.root_candidates,
            self.node_candidates,
            self.name,
            solo,
        )

    def __repr__(self) -> str:
        return f"SearchBot({self.game.id}, {self.name}, iterations={self.iterations})"

    # --- the decision ------------------------------------------------------------------------------------------
    def __call__(self, view: View, legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        me = view["seat"]
        spec = self.spec
        legal_keys = {action_key(a): a for a in legal}
        root = _Node()
        root_choices: list[str] | None = None
        iterations = self.iterations
        if self.solo_iterations is not None and view["players"] == 1:
            iterations = self.solo_iterations
        for _ in range(iterations):
            state = spec.sample(view, rng)
            if root_choices is None:
                root_choices = self._root_choices(state, me, legal, legal_keys)
                if spec.root_extra is not None:
                    extra = [action_key(a) for a in spec.root_extra(view, legal, rng)]
                    root_choices += [k for k in dict.fromkeys(extra) if k in legal_keys and k not in root_choices]
                if len(root_choices) == 1:  # the game's pruning leaves one action: nothing to search
                    self.last_iterations = 0
                    return legal_keys[root_choices[0]]
            self._iterate(root, state, me, {k: legal_keys[k] for k in root_choices}, rng)
        self.last_iterations = iterations
        stats = root.stats.get(me, {})
        assert root_choices is not None
        best = max(root_choices, key=lambda k: (stats.get(k, (0, 0.0))[0], _mean(stats.get(k)), -root_choices.index(k)))
        return legal_keys[best]

    def _root_choices(self, state: State, me: int, legal: list[Action], legal_keys: dict[str, Action]) -> list[str]:
        """The seat's own actions worth searching, decided once per decision (from the first sampled position)."""
        keys = list(legal_keys)
        if self.spec.candidates is not None:  # pruning applies always (e.g. AQUA's final-round Sea Snail), the cap
            picked = [action_key(a) for a in self.spec.candidates(state, me, list(legal))]  # only to long lists
            picked = [k for k in dict.fromkeys(picked) if k in legal_keys]
            if self.root_candidates is not None and len(legal) > self.root_candidates:
                picked = picked[: self.root_candidates]
            keys = picked or keys
        return keys

    def _iterate(self, root: _Node, state: State, me: int, root_by_key: dict[str, Action], rng: Rng) -> None:
        spec, game = self.spec, self.game
        node = root
        path: list[tuple[_Node, list[tuple[int, str]]]] = []
        while not game.is_over(state):
            seats = game.to_act(state)
            joint: list[tuple[int, str]] = []
            chosen: list[tuple[int, Action]] = []
            if not seats:
                raise stuck(game, state)
            for seat in seats:
                if node is root and seat == me:
                    by_key = root_by_key  # the seat's real legal actions: the same in every sampled position
                else:
                    legal = game.legal_actions(state, seat)
                    if not legal:
                        raise stuck(game, state)
                    by_key = {action_key(a): a for a in self._choices(state, seat, legal)}
                key = self._select(node.stats.setdefault(seat, {}), by_key, rng)
                joint.append((seat, key))
                chosen.append((seat, by_key[key]))
            for seat, action in chosen:
                game.apply(state, seat, action)
            path.append((node, joint))
            label = tuple(k for _, k in joint)
            child = node.children.get(label)
            if child is None:
                node.children[label] = _Node()
                break
            node = child
        self._rollout(state, rng)
        values = [spec.evaluate(state, s) for s in range(state.players)]
        for node, joint in path:
            for seat, key in joint:
                entry = node.stats[seat][key]
                entry[0] += 1
                entry[1] += values[seat]

    def _choices(self, state: State, seat: int, legal: list[Action]) -> list[Action]:
        cap = self.node_candidates
        if self.spec.candidates is not None and cap is not None and len(legal) > cap:
            return self.spec.candidates(state, seat, legal)[:cap] or legal
        return legal

    def _select(self, stats: dict[str, list[float]], by_key: dict[str, Action], rng: Rng) -> str:
        """Untried actions first (at random), then UCB1 with availability counts."""
        untried = []
        for key in by_key:
            entry = stats.get(key)
            if entry is None:
                entry = stats[key] = [0, 0.0, 0]
            entry[2] += 1
            if entry[0] == 0:
                untried.append(key)
        if untried:
            return untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
        c = self.exploration
        best_key, best = "", -1.0
        for key in by_key:
            visits, total, avail = stats[key]
            score = total / visits + c * math.sqrt(_ln(int(avail)) / visits)
            if score > best:
                best_key, best = key, score
        return best_key

    def _rollout(self, state: State, rng: Rng) -> None:
        game, policy, stop, step = self.game, self.spec.policy, self.spec.rollout_stop, self.spec.step
        plies = 0
        limit = self.rollout_depth
        while not game.is_over(state) and (limit is None or plies < limit) and not (stop and stop(state)):
            if plies >= MAX_PLIES:
                raise too_long(game)
            start = plies
            for seat in game.to_act(state):
                if step is not None:
                    action = step(state, seat, rng)
                    if action is not None:
                        game.apply(state, seat, action)
                        plies += 1
                    continue
                legal = game.legal_actions(state, seat)
                if not legal:
                    continue
                game.apply(state, seat, policy(state, seat, legal, rng) if len(legal) > 1 else legal[0])
                plies += 1
            if plies == start:  # nobody could move: the loop would spin for ever
                raise stuck(game, state)


def _mean(entry: list[float] | tuple[int, float] | None) -> float:
    if not entry or not entry[0]:
        return 0.0
    return entry[1] / entry[0]


def search_bot(spec: GameSearch, game: Game, iterations: int, rollout_depth: int | None, **knobs: Any) -> Bot:
    """An ISMCTS bot for ``game``: ``iterations`` sampled positions a decision, rollouts cut after ``rollout_depth``
    plies (``None``: to the end). Knobs: ``exploration`` (UCB constant, values in [0, 1]), ``root_candidates`` and
    ``node_candidates`` (how many of ``spec.candidates`` to search at the root / deeper; ``None``: all),
    ``solo_iterations`` (the budget when the view is a one-player game; ``None``: ``iterations``)."""
    return SearchBot(spec, game, iterations, rollout_depth, **knobs)


def levels(
    spec: GameSearch,
    game: Game,
    easy: dict[str, Any] | None = None,
    normal: dict[str, Any] | None = None,
    hard: dict[str, Any] | None = None,
) -> dict[str, Bot]:
    """The three levels every game offers, each a :func:`search_bot` with its own budget (keyword dicts)."""
    easy = {"iterations": 30, "rollout_depth": 20, **(easy or {})}
    normal = {"iterations": 150, "rollout_depth": 40, **(normal or {})}
    hard = {"iterations": 600, "rollout_depth": None, **(hard or {})}
    return {
        name: SearchBot(spec, game, name=name, **kw)
        for name, kw in (("easy", easy), ("normal", normal), ("hard", hard))
    }


__all__ = [
    "MAX_PLIES",
    "GameSearch",
    "SearchBot",
    "SearchStuck",
    "action_key",
    "capped",
    "levels",
    "outcome_value",
    "search_bot",
    "squash",
    "stuck",
    "too_long",
]
