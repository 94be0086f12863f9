"""The engine's judgement of one decision (``shoal.bots.analysis``): values in the game's own units, played out to
the end, from the seat's view alone, the same every time."""

from __future__ import annotations

import pytest

import shoal
from shoal.bots.analysis import (
    CHANCES,
    MARGIN_WEIGHT,
    POINTS,
    THRESHOLDS,
    Analyst,
    analyst,
    budget_for,
    chances,
    decision_rng,
    margin_scale,
    mark,
    unit_for,
)
from shoal.core import Rng

from .helpers import BUDGET

TABLES = [("museum", 2), ("brunch", 3), ("aquarena", 2), ("reef", 2), ("reef", 1)]


def _position(game_id: str, players: int, plies: int = 6) -> shoal.Match:
    match = shoal.new_match(game_id, players, seed=5)
    rng = Rng(5, 1)
    while len(match.actions) < plies or len(match.legal_actions(match.to_act()[0])) < 2:
        seat = match.to_act()[0]
        match.play(seat, rng.choice(match.legal_actions(seat)))
    return match


@pytest.mark.parametrize("game_id,players", TABLES)
def test_every_playout_runs_to_the_end_of_the_game_whatever_the_bots_horizon(game_id, players):
    """Aquarena's and Brunch's bots stop their playouts at the end of the round; a value in winning chances and
    final points needs the finished game: every playout's win share is a share of a real outcome (0 or 1/winners),
    and its value is the winning chances of that outcome (alone: its points)."""
    match = _position(game_id, players)
    seat = match.to_act()[0]
    judge = analyst(match.game, seat, players, BUDGET)
    assert judge.spec.rollout_stop is None
    view, rng, unit = match.view(seat), Rng(3), unit_for(players)
    for action in match.legal_actions(seat)[:3]:
        value, win, points = judge._playout(judge.spec.sample(view, rng), seat, action, rng.next64(), unit)
        assert win == 0 or any(abs(win - 1 / k) < 1e-12 for k in range(1, players + 1)), win
        assert points == int(points)
        if players == 1:
            assert value == points
        else:
            assert (1 - MARGIN_WEIGHT) * win < value < (1 - MARGIN_WEIGHT) * win + MARGIN_WEIGHT


def test_winning_chances_keep_a_worth_in_every_point_once_the_game_is_settled():
    """Win share alone saturates: a seat sure to lose has 0 whatever it does. Winning chances still rank a loss by
    ten points below a loss by two, and a win by ten above a win by two, and stay within [0, 1]."""
    scale = margin_scale(shoal.GAMES["reef"])
    assert chances(0.0, -10, scale) < chances(0.0, -2, scale) < chances(1.0, 2, scale) < chances(1.0, 10, scale)
    assert 0 < chances(0.0, -1000, scale) and chances(1.0, 1000, scale) < 1
    assert chances(0.5, 0, scale) == 0.5, "an even tie is an even chance"
    assert chances(1.0, 0, scale) - chances(0.0, 0, scale) == 1 - MARGIN_WEIGHT, "the win counts most"


@pytest.mark.parametrize("game_id", sorted(shoal.GAMES))
def test_every_game_names_its_typical_winning_margin(game_id):
    assert margin_scale(shoal.GAMES[game_id]) > 0


@pytest.mark.parametrize("game_id,players", TABLES)
def test_a_judgement_ranks_the_moves_best_first_and_the_loss_is_the_gap_to_the_best(game_id, players):
    match = _position(game_id, players)
    seat = match.to_act()[0]
    legal = match.legal_actions(seat)
    view = match.view(seat)
    played = legal[-1]
    j = analyst(match.game, seat, players, BUDGET).judge(view, legal, decision_rng(0, view), played)
    unit = unit_for(players)
    assert j.unit == unit and not j.forced
    values = [m.value(unit) for m in j.moves]
    assert values == sorted(values, reverse=True) and len(j.moves) >= 2
    assert j.played is not None and j.played.action == played
    assert j.gap == pytest.approx(j.best.value(unit) - j.played.value(unit)) and j.gap >= 0
    assert j.error >= 0 and j.loss == pytest.approx(max(0.0, j.gap - j.error))
    assert all(m.action in legal for m in j.moves)
    assert all((m.win is None) == (m.chances is None) == (players == 1) for m in j.moves), "alone: points only"


def test_a_forced_move_is_not_judged():
    match = _position("museum", 2)
    seat = match.to_act()[0]
    legal = match.legal_actions(seat)[:1]
    view = match.view(seat)
    j = analyst(match.game, seat, 2, BUDGET).judge(view, legal, decision_rng(0, view), legal[0])
    assert j.forced and j.moves == [] and j.loss == 0 and j.gap == 0 and j.mark is None


@pytest.mark.parametrize("unit", [CHANCES, POINTS])
def test_marks_follow_the_published_thresholds(unit):
    (blunder, b), (mistake, m), (inaccuracy, i) = THRESHOLDS[unit]
    assert (blunder, mistake, inaccuracy) == ("blunder", "mistake", "inaccuracy") and b > m > i > 0
    assert mark(0.0, unit) is None and mark(i * 0.99, unit) is None
    assert mark(i, unit) == "inaccuracy" and mark(m, unit) == "mistake" and mark(b, unit) == "blunder"
    assert mark(b * 10, unit) == "blunder"


def test_the_generator_comes_from_the_view_and_the_analysis_seed_never_the_match_seed():
    a = shoal.new_match("museum", 2, seed=1, position="W3W4 L1,L2,L3 T8,B7,W5 W6,T7,B5,L4 0")
    b = shoal.new_match("museum", 2, seed=99, position="W3W4 L1,L2,L3 L6,W2,B6 W6,T6,B5,W1 0")
    assert a.view(0) == b.view(0)
    assert decision_rng(0, a.view(0)).state == decision_rng(0, b.view(0)).state
    assert decision_rng(0, a.view(0)).state != decision_rng(1, a.view(0)).state
    assert decision_rng(0, a.view(0)).state != decision_rng(0, a.view(1)).state


def test_the_default_budget_shrinks_as_the_table_grows_and_a_given_budget_is_kept():
    brunch = shoal.GAMES["brunch"]
    assert budget_for(brunch, 3) > budget_for(brunch, 7) > 0
    assert budget_for(brunch, 7, 50) == 50
    with pytest.raises(ValueError):
        budget_for(brunch, 3, 0)


def test_where_the_page_analyses_every_seat_the_default_budget_shrinks_with_the_seats_too():
    """AQUA has no secrets between seats, so the page analyses all of them: the whole game's playouts (seats times
    decisions times budget) stay within the solo game's at every table size, longer playouts aside."""
    reef, brunch = shoal.GAMES["reef"], shoal.GAMES["brunch"]
    assert not reef.private_views and brunch.private_views
    for players in (2, 3, 4):
        assert budget_for(reef, players) * players * players <= budget_for(reef, 1)
    assert budget_for(brunch, 4) * 4 > budget_for(brunch, 3) * 3 - 4, "a game with hidden hands: one seat analysed"


def test_as_a_bot_the_analysis_plays_its_best_move():
    match = _position("aquarena", 2)
    seat = match.to_act()[0]
    view, legal = match.view(seat), match.legal_actions(seat)
    judge: Analyst = analyst(match.game, seat, 2, BUDGET)
    assert judge(view, legal, decision_rng(0, view)) == judge.judge(view, legal, decision_rng(0, view)).best.action
    assert judge.capped(4).iterations == 4


def test_the_gap_s_error_is_the_standard_error_of_the_paired_differences():
    from shoal.bots.analysis import _paired_error

    assert _paired_error([1.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 0.0]) == pytest.approx((1 / 3 / 4) ** 0.5)
    assert _paired_error([0.5, 0.5], [0.5, 0.5]) == 0 and _paired_error([1.0], [0.0]) == 0
