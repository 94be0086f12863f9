"""Bots: the greedy bot beats random play and answers quickly."""

from __future__ import annotations

import shoal
from shoal.core import Rng
from shoal.games.reef import GAME


def test_bots_registered_random_greedy_and_beginner_then_the_search_levels():
    """Levels beginner, easy, normal, hard in every game, random kept for tests; the old greedy stays."""
    assert list(GAME.bots) == ["random", "greedy", "beginner", "easy", "normal", "hard"]


def test_greedy_beats_random():
    """Issue: "heuristic (greedy on the immediate gain in final score, Habitats and Large Animals included)". (Its
    speed is a benchmark figure, docs/strength.md, not a timed test.)"""
    wins = 0
    for seed in range(3):
        m = shoal.new_match("reef", 2, seed=seed)
        while not m.is_over():
            seat = m.to_act()[0]
            view, legal = m.view(seat), m.legal_actions(seat)
            bot = GAME.bots["greedy" if seat == 0 else "random"]
            m.play(seat, bot(view, legal, Rng(seed, len(m.actions))))
        scores = m.outcome()["scores"]
        wins += scores[0] > scores[1]
    assert wins == 3


def test_greedy_solo_reaches_the_rating_chart():
    """Solo: the chart starts at 60; the greedy bot gets near it on average."""
    scores = []
    for seed in range(3):
        m = shoal.new_match("reef", 1, seed=seed)
        while not m.is_over():
            m.play(0, m.bot_action(0, "greedy"))
        scores.append(m.outcome()["scores"][0])
    assert sum(scores) / len(scores) >= 50


def test_greedy_takes_the_large_animal_that_scores():
    """In the Large Animal phase greedy attracts the best-scoring animal rather than skipping."""
    from .helpers import H
    from .test_large import at_large_phase

    m = at_large_phase({H(0, 0): "crab", H(1, 0): "turtle", H(0, 1): "seahorse", H(1, 1): "starfish"}, [H(0, 0)])
    action = m.bot_action(0, "greedy")
    assert action["type"] == "large" and action["animal"] in ("humpback", "whale_shark")


def test_greedy_counts_points_as_the_match_scores_them_under_a_modification():
    """A bot sees the match options in its view: under a Modification (Reefs of 5+, 2 per coral, one colour) its
    reckoning of every reef equals the engine's current scores, so it chases the points the match will give."""
    from shoal.games.reef.bots import _Scorer
    from shoal.games.reef.rules import live_totals

    for modification in ("3", "4", "5", "6"):
        m = shoal.new_match("reef", 2, seed=3, options={"modification": modification})
        for _ in range(36):
            seat = m.to_act()[0]
            m.play(seat, m.bot_action(seat, "greedy"))
        view = m.view(0)
        scorer = _Scorer(view["table"], 0, view["options"])
        assert scorer.score(scorer.boards[0]) == live_totals(m.state)[0], modification


def test_greedy_takes_the_sea_snail_when_it_is_the_only_move():
    """With no tile in the market and the Sea Snail still there, the Snail is the only legal move: greedy plays it
    (rather than index an empty list of placements and fail with an IndexError)."""
    m = shoal.new_match("reef", 3, seed=4)
    m.state.market, m.state.memo = [], {}
    seat = m.to_act()[0]
    assert m.legal_actions(seat) == [{"type": "snail"}]
    assert GAME.bots["greedy"](m.view(seat), m.legal_actions(seat), Rng(1)) == {"type": "snail"}
