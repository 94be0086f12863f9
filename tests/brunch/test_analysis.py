"""The post-game analysis of Aqua Brunch: its playouts play every seat as the search levels do (highest food card), so
its values are what a move is worth against rivals who really play so."""

from __future__ import annotations

import pytest

from shoal.bots.analysis import MARGIN_WEIGHT, analyst, decision_rng, spec_for
from shoal.core import Match, Rng
from shoal.games.brunch import GAME, search
from shoal.games.brunch.data import COLOURS

BUDGET = 24  # playouts a decision: enough for the exact cases below, quick


def _played_by_the_policy(seed: int, stop) -> Match:
    """A game of three seats all played by the levels' own policy (highest food card), up to where ``stop(match)``."""
    match = Match(GAME, 3, seed)
    rng = Rng(seed)
    while not stop(match):
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        match.play(seat, search.policy(match.state, seat, legal, rng) if len(legal) > 1 else legal[0])
    return match


def test_the_analysis_plays_every_seat_by_the_levels_policy():
    """The rivals are modelled as the levels play (highest food), not by the old heuristic's rank-based food."""
    spec = spec_for(GAME)
    assert spec.policy is search.policy and spec.sample is search.sample


def test_the_last_food_card_against_rivals_on_their_highest_card_is_worth_a_three_way_tie():
    """Every seat on its highest card puts the same value into the pool each round, so the points tie; with every take
    of its own colour so does the tie-break. The first seat to choose its last food card, playing its 0 like the
    rivals, shares a three-way tie, which is exactly 1/3 in every playout and earns no mark. (Modelling the rivals
    by the old heuristic called that 0 a blunder here: rivals who play their -1 would let a -1 win outright.)"""
    match = _played_by_the_policy(8, lambda m: m.state.round == 6 and m.state.phase == "food")
    seat = match.to_act()[0]
    assert match.state.food == [[-1, 0]] * 3 and not match.state.pending
    view, legal = match.view(seat), match.legal_actions(seat)
    judged = analyst(GAME, seat, 3, BUDGET).judge(view, legal, decision_rng(0, view), {"type": "food", "value": 0})
    assert judged.played.win == pytest.approx(1 / 3, abs=1e-12)
    assert judged.loss == 0 and judged.mark is None


def test_in_a_tied_game_taking_another_colour_than_ones_own_is_a_blunder():
    """Points tie when every seat plays its highest card: the own-colour tie-break decides, so taking another seat's
    colour where one's own was on offer gives away the win share of the tie."""
    match = _played_by_the_policy(0, lambda m: m.state.phase == "take" and len(m.legal_actions(m.to_act()[0])) > 1)
    seat = match.to_act()[0]
    view, legal = match.view(seat), match.legal_actions(seat)
    own = {"type": "take", "colour": COLOURS[seat]}
    other = next(a for a in legal if a != own)
    judge = analyst(GAME, seat, 3, BUDGET)
    assert judge.judge(view, legal, decision_rng(0, view), own).loss == 0
    judged = judge.judge(view, legal, decision_rng(0, view), other)
    # the tie's third of a win, in winning chances (the points margin is 0 either way)
    assert judged.best.action == own and judged.loss == pytest.approx((1 - MARGIN_WEIGHT) / 3, abs=1e-9)
    assert judged.mark == "blunder"
