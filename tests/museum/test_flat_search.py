"""The museum levels' search (measured stronger here than ISMCTS): flat Monte Carlo over the best few
moves, every move judged on the same sampled positions and rollout draws."""

from __future__ import annotations

from dataclasses import replace

import shoal
from shoal.bots.flat import FlatBot
from shoal.bots.search import capped
from shoal.core import Rng
from shoal.games.museum import GAME
from shoal.games.museum.search import SEARCH, flat_search, ranked

from .helpers import at, cid

LEVELS = ("easy", "normal", "hard")


def test_every_level_is_a_flat_search_whose_budget_rises_with_the_level():
    """Levels easy < normal < hard, budgets counting iterations (sampled positions), never time."""
    bots = [GAME.bots[level] for level in LEVELS]
    assert all(isinstance(b, FlatBot) and not b.split for b in bots)
    assert [b.iterations * b.root_candidates for b in bots] == sorted({b.iterations * b.root_candidates for b in bots})


def test_a_capped_flat_search_keeps_its_moves_and_ranking_and_only_samples_less():
    """Browser-test bots stay fast with a small test-only budget: the budget caps iterations, nothing else."""
    hard = GAME.bots["hard"]
    small = capped(hard, 3)
    assert isinstance(small, FlatBot) and small.iterations == 3
    assert (small.root_candidates, small.order, small.split, small.name) == (
        hard.root_candidates,
        hard.order,
        False,
        "hard",
    )
    assert capped(hard, 10**6).iterations == hard.iterations


def test_ranking_puts_the_move_completing_a_scoring_line_first():
    """The search's candidates come first by greedy value: row 1 (6 Wave + 2 Lily Pad) scores only with the 4 Wave
    beside it."""
    m = at("W6L2 W4 L1 - 0")
    first = ranked(m.view(0), m.legal_actions(0), Rng(1), 4)[0]
    assert (first["card"], first["x"], first["y"]) in {(cid("W4"), 2, 0), (cid("W4"), -1, 0)}


def test_ranking_keeps_every_legal_action_once():
    m = shoal.new_match("museum", 2, seed=3)
    seat = m.to_act()[0]
    legal = m.legal_actions(seat)
    got = ranked(m.view(seat), legal, Rng(2), 3)
    assert sorted(map(repr, got)) == sorted(map(repr, legal))


def test_every_candidate_is_judged_on_the_same_sampled_positions():
    """Common random numbers: one sampled position per iteration serves all candidates (plus the ranking's samples),
    so the moves' values differ by the move, not by the luck of their samples."""
    calls = []

    def counting(view, rng):
        calls.append(1)
        return SEARCH.sample(view, rng)

    bot = flat_search(GAME, iterations=5, root_candidates=6, rank_samples=2, spec=replace(SEARCH, sample=counting))
    m = shoal.new_match("museum", 2, seed=6)
    seat = m.to_act()[0]
    legal = m.legal_actions(seat)
    assert len(legal) > 6
    action = bot(m.view(seat), legal, Rng(4))
    assert len(calls) == 2 + 5
    assert action in ranked(m.view(seat), legal, Rng(4), 2)[:6], "it chooses among the ranked candidates only"


def test_the_same_view_and_rng_give_the_same_move_at_every_level():
    """The same view and seed give the same move."""
    m = shoal.new_match("museum", 2, seed=8)
    rng = Rng(8, 1)
    for _ in range(5):
        seat = m.to_act()[0]
        m.play(seat, rng.choice(m.legal_actions(seat)))
    seat = m.to_act()[0]
    for level in LEVELS:
        assert m.bot_action(seat, level, budget=4) == m.bot_action(seat, level, budget=4)
