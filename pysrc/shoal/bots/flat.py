"""Paired flat Monte Carlo at the root: a second search method over the same :class:`GameSearch` a game supplies.

Every sample is one position drawn from the seat's view (``GameSearch.sample``); *each* candidate action is applied to
its own copy of that same position and played out to the end with the rollout policy; the action with the best mean
value wins. Because all candidates share the sample (the same hidden cards, the same future deals from the copied
position's generator, a policy that draws nothing or the same numbers), most of the luck cancels out of their
*differences*: a choice whose effect on the final result is small still shows up after a few hundred playouts, where
a tree that gives every playout its own position needs many more.

Why a second method: in a simultaneous-move card game with a strong policy (Aqua Brunch) the tree's deeper nodes
only add noise, and its playouts see unpaired positions; measured there, this beats ISMCTS at the same number of
playouts (docs/strength.md). Budgets still count playouts, never time, and the only randomness is the bot's ``Rng``.

Knobs: ``iterations`` is the number of playouts a decision (split evenly over the candidates: ``iterations //
len(candidates)`` samples, at least one), or with ``split=False`` the number of sampled positions, each playing out
every candidate; ``order(view, legal, rng)`` may rank the root's moves from the view instead of
``GameSearch.candidates`` on the first sample, and ``root_candidates`` keeps that many of them;
``rollout_policy(seat)`` may give a policy that knows which seat is searching (e.g. model the others as the old
heuristic and play oneself the better rule); ``decide(view, legal, rng)`` may answer a decision without searching
(return ``None`` to search it); ``until(sample, now)`` may end a playout early (e.g. at the end of the round) and
``value(sample, end, seat)`` then judges it against the sampled position it started from (e.g. the points the round
brought); by default playouts run to the end of the game and ``GameSearch.evaluate`` judges the finished game.
With ``halving=True`` the ``iterations`` playouts (at most ``limit(view)`` of them, if given) are spent by successive
halving (:meth:`FlatBot._halve`): where a few candidates are close, they get most of the samples.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core import Action, Game, Rng, State, View
from .search import MAX_PLIES, GameSearch, SearchBot, action_key, stuck, too_long

Policy = Callable[[State, int, list[Action], Rng], Action]


class FlatBot(SearchBot):
    """``choose(view, legal, rng) -> action`` by paired flat Monte Carlo (see the module docstring)."""

    def __init__(
        self,
        spec: GameSearch,
        game: Game,
        iterations: int,
        rollout_depth: int | None = None,
        rollout_policy: Callable[[int], Policy] | None = None,
        decide: Callable[[View, list[Action], Rng], Action | None] | None = None,
        until: Callable[[State, State], bool] | None = None,
        value: Callable[[State, State, int], float] | None = None,
        name: str = "flat",
        order: Callable[[View, list[Action], Rng], list[Action]] | None = None,
        root_candidates: int | None = None,
        split: bool = True,
        halving: bool = False,
        limit: Callable[[View], int] | None = None,
    ) -> None:
        super().__init__(spec, game, iterations, rollout_depth, root_candidates=root_candidates, name=name)
        self.rollout_policy, self.decide = rollout_policy, decide
        self.until, self.value = until, value
        self.order, self.split = order, split
        self.halving, self.limit = halving, limit

    def capped(self, budget: int) -> FlatBot:
        return FlatBot(
            self.spec,
            self.game,
            max(1, min(self.iterations, int(budget))),
            self.rollout_depth,
            self.rollout_policy,
            self.decide,
            self.until,
            self.value,
            self.name,
            self.order,
            self.root_candidates,
            self.split,
            self.halving,
            self.limit,
        )

    def __repr__(self) -> str:
        return f"FlatBot({self.game.id}, {self.name}, iterations={self.iterations})"

    def __call__(self, view: View, legal: list[Action], rng: Rng) -> Action:
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        if self.decide is not None:
            fixed = self.decide(view, legal, rng)
            if fixed is not None:
                return fixed
        me = view["seat"]
        spec, game = self.spec, self.game
        policy = self.rollout_policy(me) if self.rollout_policy is not None else spec.policy
        first = None
        choices = legal
        if self.order is not None:
            choices = self.order(view, legal, rng) or legal
        elif spec.candidates is not None:
            first = spec.sample(view, rng)
            keys = {action_key(a) for a in legal}
            picked = [a for a in spec.candidates(first, me, list(legal)) if action_key(a) in keys]
            choices = list({action_key(a): a for a in picked}.values()) or legal
        if self.root_candidates is not None:
            choices = choices[: self.root_candidates]
        if len(choices) == 1:
            return choices[0]
        if self.halving:
            return self._halve(view, choices, me, policy, rng)
        samples = max(1, self.iterations // len(choices)) if self.split else self.iterations
        totals = [0.0] * len(choices)
        for i in range(samples):
            state = first if i == 0 and first is not None else spec.sample(view, rng)
            seed = rng.next64()
            for j, action in enumerate(choices):
                twin = state.clone()
                game.apply(twin, me, action)
                self._play_out(twin, policy, Rng(seed), state)
                totals[j] += spec.evaluate(twin, me) if self.value is None else self.value(state, twin, me)
        self.last_iterations = samples * len(choices)
        best = max(range(len(choices)), key=lambda j: (totals[j], -j))
        return choices[best]

    def _halve(self, view: View, choices: list[Action], me: int, policy: Policy, rng: Rng) -> Action:
        """Successive halving: the playouts are spent in rounds, every sample playing out each candidate still in;
        after each round the worse half is dropped, so the last few close ones get most of the samples."""
        spec, game = self.spec, self.game
        playouts = self.iterations if self.limit is None else min(self.iterations, self.limit(view))
        rounds = max(1, (len(choices) - 1).bit_length())  # ceil(log2(candidates)) halvings down to one
        per_round = max(1, playouts // rounds)
        alive = list(range(len(choices)))
        totals = [0.0] * len(choices)
        while True:
            for _ in range(max(1, per_round // len(alive))):
                state = spec.sample(view, rng)
                seed = rng.next64()
                for j in alive:
                    twin = state.clone()
                    game.apply(twin, me, choices[j])
                    self._play_out(twin, policy, Rng(seed), state)
                    totals[j] += spec.evaluate(twin, me) if self.value is None else self.value(state, twin, me)
                    self.last_iterations += 1
            alive = sorted(alive, key=lambda j: (-totals[j], j))[: max(1, (len(alive) + 1) // 2)]
            if len(alive) == 1:
                return choices[alive[0]]

    def _play_out(self, state: State, policy: Policy, rng: Rng, start: State) -> None:
        if self.rollout_policy is None and self.until is None and self.spec.step is not None:
            self._rollout(state, rng)  # the game's fast path: the same choices as its policy, fewer lists built
            return
        game, limit, plies, until = self.game, self.rollout_depth, 0, self.until
        while not game.is_over(state) and (limit is None or plies < limit) and not (until and until(start, state)):
            if plies >= MAX_PLIES:
                raise too_long(game)
            before = plies
            for seat in game.to_act(state):
                legal = game.legal_actions(state, seat)
                if not legal:
                    continue
                game.apply(state, seat, policy(state, seat, legal, rng) if len(legal) > 1 else legal[0])
                plies += 1
            if plies == before:  # nobody could move: the loop would spin for ever
                raise stuck(game, state)


__all__ = ["FlatBot"]
