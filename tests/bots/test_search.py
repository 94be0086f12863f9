"""The shared search (issue 10): budgets in iterations, reproducible, seeing only the view, every level legal."""

from __future__ import annotations

import pytest

import shoal
from shoal.bots.search import SearchBot, action_key, capped
from shoal.core import Rng, ShoalError

LEVELS = ("easy", "normal", "hard")


def _midgame(game_id: str, players: int, seed: int, plies: int) -> shoal.Match:
    m = shoal.new_match(game_id, players, seed=seed)
    rng = Rng(seed, 99)
    for _ in range(plies):
        seat = m.to_act()[0]
        m.play(seat, rng.choice(m.legal_actions(seat)))
    return m


@pytest.mark.parametrize("game_id", ["museum", "brunch", "aquarena", "reef"])
def test_every_game_offers_the_three_levels_after_its_old_bots(game_id):
    """Issue 10: "Levels: easy, normal, hard for every game (keep random for tests)"."""
    bots = list(shoal.GAMES[game_id].bots)
    assert bots[0] == "random" and bots[-3:] == list(LEVELS)
    assert all(isinstance(shoal.GAMES[game_id].bots[b], SearchBot) for b in LEVELS)


@pytest.mark.parametrize("game_id,players", [("museum", 2), ("brunch", 4), ("aquarena", 3), ("reef", 2)])
def test_same_view_and_rng_give_the_same_move(game_id, players):
    """Issue 10: "Budgets count iterations or nodes, not wall-clock, so the same view and seed give the same move"."""
    m = _midgame(game_id, players, seed=5, plies=6)
    seat = m.to_act()[0]
    first = [m.bot_action(seat, "normal", budget=25) for _ in range(2)]
    assert first[0] == first[1] and first[0] in m.legal_actions(seat)


def test_levels_search_more_iterations_as_they_rise():
    """Issue 10: "normal and easy each clearly below the next level" — the budgets at least rise with the level."""
    for gid in shoal.GAMES:
        bots = shoal.GAMES[gid].bots
        assert bots["easy"].iterations < bots["normal"].iterations < bots["hard"].iterations


def test_a_budget_caps_a_search_bot_and_leaves_other_bots_alone():
    """Issue 10: e2e "kept fast by a small test-only budget"; a bad budget is refused."""
    hard = shoal.GAMES["museum"].bots["hard"]
    assert capped(hard, 5).iterations == 5 and capped(hard, 10**9).iterations == hard.iterations
    greedy = shoal.GAMES["museum"].bots["greedy"]
    assert capped(greedy, 5) is greedy
    m = _midgame("museum", 2, seed=1, plies=0)
    with pytest.raises(ShoalError):
        m.bot_action(m.to_act()[0], "hard", budget=0)


def test_action_keys_ignore_key_order():
    assert action_key({"a": 1, "b": [1, 2]}) == action_key({"b": [1, 2], "a": 1})
