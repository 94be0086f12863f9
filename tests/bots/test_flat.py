"""Paired flat Monte Carlo (``shoal.bots.flat``): the Brunch levels' search."""

from __future__ import annotations

import dataclasses

import shoal
from shoal.bots.flat import FlatBot
from shoal.bots.search import capped
from shoal.core import Rng
from shoal.games.brunch import search as brunch_search

GAME = shoal.GAMES["brunch"]


def _lunch_window(seed: int) -> shoal.Match:
    m = shoal.new_match("brunch", 4, seed=seed)
    assert m.state.phase == "lunch"
    return m


def test_flat_search_plays_every_candidate_out_from_each_sampled_position():
    """Paired samples: each sampled position is played out once per candidate, so luck cancels out of the
    candidates' differences; ``iterations`` playouts are split evenly over the candidates."""
    m = _lunch_window(3)
    drawn: list = []
    valued: list = []

    def sample(view, rng):
        drawn.append(brunch_search.sample(view, rng))
        return drawn[-1]

    def evaluate(state, seat):
        valued.append(len(drawn))
        return brunch_search.evaluate(state, seat)

    spec = dataclasses.replace(brunch_search.SEARCH, sample=sample, evaluate=evaluate)
    bot = FlatBot(spec, GAME, iterations=10)
    bot(m.view(0), m.legal_actions(0), Rng(1))
    assert bot.last_iterations == 10 and len(drawn) == 5  # 2 candidates (Lunch or keep passing) x 5 samples
    assert valued == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert drawn[0].phase == "lunch" and drawn[0].round == 1, "the samples themselves are not played on"


def test_flat_playouts_run_to_the_end_of_the_game_and_value_the_final_result():
    """No horizon effect: playouts that stop early leave food in hand valued for nobody; ``rollout_depth=None``
    plays every round, so ``evaluate`` sees the finished game (its exact result)."""
    m = _lunch_window(4)
    phases: list[str] = []

    def spy(state, seat):
        phases.append(state.phase)
        return brunch_search.evaluate(state, seat)

    bot = FlatBot(dataclasses.replace(brunch_search.SEARCH, evaluate=spy), GAME, iterations=6, rollout_depth=None)
    bot(m.view(1), m.legal_actions(1), Rng(2))
    assert phases and set(phases) == {"over"}


def test_the_final_value_is_the_win_shared_on_ties_plus_a_little_margin():
    m = shoal.new_match("brunch", 4, seed=5)
    rng = Rng(5, 1)
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, rng.choice(m.legal_actions(seat)))
    won = m.outcome()["winners"]
    values = [brunch_search.evaluate(m.state, s) for s in range(4)]
    for s in range(4):
        assert (values[s] >= 0.8 / len(won)) == (s in won)


def test_a_budget_caps_a_flat_bot_like_any_search_bot():
    bot = FlatBot(brunch_search.SEARCH, GAME, iterations=300)
    small = capped(bot, 8)
    assert isinstance(small, FlatBot) and small.iterations == 8 and capped(bot, 10**6).iterations == 300


def test_brunch_rollouts_model_the_others_by_expected_rank_and_the_searcher_by_highest_food():
    """The rivals in a playout play food as the heuristic bot does (valuable card with a strong hand, cheapest with
    a weak one); modelled with "highest food", every seat would pool the same value and hand strength would not
    matter. The searching seat itself plays its highest card (measured best)."""
    m = shoal.new_match("brunch", 4, seed=2)
    rng = Rng(2, 2)
    while m.state.phase != "food":
        seat = m.to_act()[0]
        m.play(seat, rng.choice(m.legal_actions(seat)))
    state = m.state
    from shoal.games.brunch.bots import choose_food

    play = brunch_search.rollout_policy(0)
    for seat in range(4):
        legal = GAME.legal_actions(state, seat)
        got = play(state, seat, legal, Rng(0))["value"]
        if seat == 0:
            assert got == max(state.food[0])
        else:
            assert got == choose_food(state.food[seat], brunch_search._rank(state, seat))


def test_brunch_levels_play_out_to_the_end_of_the_round_and_value_the_points_it_brought():
    """The Brunch levels' horizon is the round being played: its Lunch calls, Aqua answers and passes act through
    this round's division, and the later rounds' fresh deals only add noise to a choice's value."""
    m = _lunch_window(6)
    ends: list = []
    hard = GAME.bots["hard"]

    def value(start, end, seat):
        ends.append((start.round, end.round, end.phase))
        return brunch_search.round_gain(start, end, seat)

    bot = FlatBot(hard.spec, GAME, 8, rollout_policy=hard.rollout_policy, until=hard.until, value=value)
    bot(m.view(2), m.legal_actions(2), Rng(3))
    assert len(ends) == 8 and all(r0 == 1 and r1 == 2 and phase == "lunch" for r0, r1, phase in ends)


def test_a_rounds_gain_is_the_seats_points_against_the_others_mean():
    m = shoal.new_match("brunch", 4, seed=8)
    start = m.state.clone()
    rng = Rng(8, 1)
    while m.state.round == 1:
        seat = m.to_act()[0]
        m.play(seat, rng.choice(m.legal_actions(seat)))
    got = [v for _, v in sorted((t["seat"], t["value"]) for t in m.state.history[0]["takes"])]
    for seat in range(4):
        others = [g for k, g in enumerate(got) if k != seat]
        assert brunch_search.round_gain(start, m.state, seat) == got[seat] - sum(others) / 3


def test_unsplit_flat_search_counts_sampled_positions_and_keeps_the_ordered_best_few():
    """``split=False``: ``iterations`` sampled positions, each playing out every candidate; ``order`` ranks the
    root's moves from the view and ``root_candidates`` keeps the best few (the museum levels use both)."""
    m = _lunch_window(5)
    drawn: list = []

    def sample(view, rng):
        drawn.append(brunch_search.sample(view, rng))
        return drawn[-1]

    legal = m.legal_actions(0)
    order = lambda view, moves, rng: list(reversed(moves))  # noqa: E731
    spec = dataclasses.replace(brunch_search.SEARCH, sample=sample)
    bot = FlatBot(spec, GAME, iterations=4, order=order, root_candidates=1, split=False)
    assert bot(m.view(0), legal, Rng(2)) == legal[-1] and not drawn, "one candidate left: nothing to search"
    bot = FlatBot(spec, GAME, iterations=4, order=order, split=False)
    assert bot(m.view(0), legal, Rng(2)) in legal
    assert len(drawn) == 4 and bot.last_iterations == 4 * len(legal)
    assert capped(bot, 2).split is False and capped(bot, 2).order is order
