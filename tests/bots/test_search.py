"""The shared search: budgets in iterations, reproducible, seeing only the view, every level legal."""

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
    """Every game has the levels easy, normal and hard, and keeps random for tests."""
    bots = list(shoal.GAMES[game_id].bots)
    assert bots[0] == "random" and bots[-3:] == list(LEVELS)
    assert all(isinstance(shoal.GAMES[game_id].bots[b], SearchBot) for b in LEVELS)


@pytest.mark.parametrize("game_id,players", [("museum", 2), ("brunch", 4), ("aquarena", 3), ("reef", 2)])
def test_same_view_and_rng_give_the_same_move(game_id, players):
    """Budgets count iterations or nodes, not wall-clock time, so the same view and seed give the same move."""
    m = _midgame(game_id, players, seed=5, plies=6)
    seat = m.to_act()[0]
    first = [m.bot_action(seat, "normal", budget=25) for _ in range(2)]
    assert first[0] == first[1] and first[0] in m.legal_actions(seat)


def test_levels_search_more_iterations_as_they_rise():
    """Easy and normal each sit clearly below the next level: the budgets at least rise with the level."""
    for gid in shoal.GAMES:
        bots = shoal.GAMES[gid].bots
        assert bots["easy"].iterations < bots["normal"].iterations < bots["hard"].iterations


def test_a_budget_caps_a_search_bot_and_leaves_other_bots_alone():
    """Browser tests stay fast with a small test-only budget; a bad budget is refused."""
    hard = shoal.GAMES["museum"].bots["hard"]
    assert capped(hard, 5).iterations == 5 and capped(hard, 10**9).iterations == hard.iterations
    greedy = shoal.GAMES["museum"].bots["greedy"]
    assert capped(greedy, 5) is greedy
    m = _midgame("museum", 2, seed=1, plies=0)
    with pytest.raises(ShoalError):
        m.bot_action(m.to_act()[0], "hard", budget=0)


def test_action_keys_ignore_key_order():
    assert action_key({"a": 1, "b": [1, 2]}) == action_key({"b": [1, 2], "a": 1})


@pytest.mark.parametrize("game_id,players", [("museum", 2), ("reef", 2)])  # the games whose SEARCH has a ``step``
def test_a_games_fast_rollout_step_chooses_exactly_as_its_policy(game_id, players):
    """Speed is strength, so the fast path must not change a choice: a game's ``step`` (rollouts without building the
    legal list) must pick what ``policy`` picks from ``legal_actions``, drawing the same numbers, or the search would
    change with the speed-up."""
    import importlib

    spec = importlib.import_module(f"shoal.games.{game_id}.search").SEARCH
    assert spec.step is not None
    game = shoal.GAMES[game_id]
    checked = 0
    for seed in range(6):
        m = shoal.new_match(game_id, players, seed=seed)
        rng = Rng(seed, 7)
        while not m.is_over():
            for seat in m.to_act():
                legal = game.legal_actions(m.state, seat)
                fast, slow = Rng(seed, checked), Rng(seed, checked)
                got = spec.step(m.state, seat, fast)
                want = (spec.policy(m.state, seat, legal, slow) if len(legal) > 1 else legal[0]) if legal else None
                assert got == want and fast.next64() == slow.next64()
                checked += 1
            seat = m.to_act()[0]
            m.play(seat, rng.choice(m.legal_actions(seat)))
    assert checked > 50


def test_a_quiet_log_keeps_nothing_and_the_rules_play_on_as_before():
    """Sampled positions use ``QuietLog`` (nobody reads their lines); the same moves must give the same position."""
    from shoal.core import QuietLog

    m = shoal.new_match("museum", 2, seed=4)
    quiet = m.state.clone()
    quiet.log = QuietLog()
    loud = m.state.clone()
    rng = Rng(4, 4)
    game = shoal.GAMES["museum"]
    while not game.is_over(loud):
        seat = game.to_act(loud)[0]
        action = rng.choice(game.legal_actions(loud, seat))
        game.apply(loud, seat, action)
        game.apply(quiet, seat, action)
        assert game.view(quiet, seat) == game.view(loud, seat)
    assert quiet.log.lines == [] and loud.log.lines and game.outcome(quiet) == game.outcome(loud)


def test_brunch_search_plays_the_highest_food_card():
    """Brunch's food choice is always the highest food card (measured best); the
    search's truncated playouts would otherwise keep high cards back."""
    for seed in (1, 2):
        m = shoal.new_match("brunch", 4, seed=seed)
        rng = Rng(seed, 3)
        while m.state.phase != "food":
            seat = m.to_act()[0]
            m.play(seat, rng.choice(m.legal_actions(seat)))
        seat = m.to_act()[0]
        for level in LEVELS:
            assert m.bot_action(seat, level) == {"type": "food", "value": max(m.state.food[seat])}


def test_a_solo_game_searches_its_own_budget_and_a_cap_caps_it_too():
    """A solo view has no rival turns in its rollouts, so a level may give it more iterations (``solo_iterations``);
    the e2e tests' small budget must still cap it."""
    game = shoal.GAMES["reef"]
    bot = SearchBot(game.bots["hard"].spec, game, iterations=3, rollout_depth=None, solo_iterations=7)
    for players, ran in ((1, 7), (2, 3)):
        m = _midgame("reef", players, seed=2, plies=0)
        seat = m.to_act()[0]
        bot(m.view(seat), m.legal_actions(seat), Rng(1))
        assert bot.last_iterations == ran
    small = capped(bot, 5)
    assert (small.iterations, small.solo_iterations) == (3, 5)
