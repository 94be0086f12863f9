"""The bots: random and greedy, seeing only their view."""

from __future__ import annotations

import shoal
from shoal.core import Rng
from shoal.games.museum import GAME
from shoal.games.museum.bots import greedy_bot

from .helpers import at, cid


def _duel(seed: int, bots: list[str]) -> list[int]:
    m = shoal.new_match("museum", 2, seed=seed)
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, m.bot_action(seat, bots[seat]))
    return m.outcome()["scores"]


def test_bots_are_random_greedy_and_beginner_then_the_search_levels():
    """Levels beginner, easy, normal, hard in every game, random kept for tests; the old heuristic stays."""
    assert list(GAME.bots) == ["random", "greedy", "beginner", "easy", "normal", "hard"]


def test_greedy_beats_random():
    """Brief: greedy "picks the placement that maximises own expected score minus the opponent's". (Its speed is a
    benchmark figure, docs/strength.md, not a timed test.)"""
    wins = 0
    for seed in range(12):
        seats = ["greedy", "random"] if seed % 2 else ["random", "greedy"]
        scores = _duel(seed, seats)
        me = seats.index("greedy")
        wins += scores[me] > scores[1 - me]
    assert wins >= 9, f"greedy won only {wins} of 12"


def test_greedy_completes_a_scoring_line_when_it_can():
    """Brief: greedy maximises own score minus the opponent's from the cards it can see."""
    # Row 1 holds 6 Wave + 2 Lily Pad = 8; the 4 Wave right of the lily pad makes it 12 with two waves. Placed
    # anywhere else nothing scores for the row player.
    m = at("W6L2 W4 L1 - 0")
    action = greedy_bot(m.view(0), m.legal_actions(0), Rng(1))
    assert (action["card"], action["x"], action["y"]) in {(cid("W4"), 2, 0), (cid("W4"), -1, 0)}


def test_greedy_sends_a_token_to_a_card_that_scores_for_it():
    """Brief: token moves "by the same measure": a token is worth a point where its card scores."""
    m = at("W6L6T7/.w2@1 B7 L1 T8 0")  # row 1 totals 19 with two 6s
    m.play(0, {"type": "place", "card": cid("B7"), "x": 1, "y": 2, "face": "up"})
    action = greedy_bot(m.view(0), m.legal_actions(0), Rng(1))
    assert action in ({"type": "move_token", "x": 0, "y": 0}, {"type": "move_token", "x": 1, "y": 0})
