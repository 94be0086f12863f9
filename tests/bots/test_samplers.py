"""Issue 10: "a way to sample a full position consistent with a seat's view (hidden cards drawn from what that seat
has not seen, the pile shuffled)". A sampled position must look, to that seat, exactly like the real one."""

from __future__ import annotations

import pytest

import shoal
from shoal.core import Rng
from shoal.games.brunch.search import choose_food
from shoal.games.brunch.search import sample as brunch_sample
from shoal.games.museum.scoring import score_axis
from shoal.games.museum.data import CARDS
from shoal.games.museum.search import fast_score
from shoal.games.museum.search import sample as museum_sample

SAMPLERS = {"museum": museum_sample, "brunch": brunch_sample}


def _table(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in ("prompt", "last")}


@pytest.mark.parametrize("game_id,players", [("museum", 2), ("brunch", 3), ("brunch", 5)])
def test_a_sampled_position_looks_to_the_seat_exactly_like_the_real_one(game_id, players):
    game = shoal.GAMES[game_id]
    checked = 0
    for seed in range(4):
        m = shoal.new_match(game_id, players, seed=seed)
        rng = Rng(seed, 8)
        while not m.is_over():
            for seat in m.to_act():
                view = m.view(seat)
                sampled = SAMPLERS[game_id](view, Rng(seed, len(m.actions), seat))
                assert _table(game.view(sampled, seat)) == _table(view["table"])
                assert game.to_act(sampled) == view["to_act"]
                assert game.legal_actions(sampled, seat) == view["legal"]
                checked += 1
            seat = rng.choice(m.to_act())
            m.play(seat, rng.choice(m.legal_actions(seat)))
    assert checked > 50


def test_museum_samples_draw_hidden_cards_from_the_unseen_ones_and_vary():
    m = shoal.new_match("museum", 2, seed=4)
    view = m.view(0)
    hands = {tuple(museum_sample(view, Rng(i)).hands[1]) for i in range(12)}
    assert len(hands) > 1, "the opponent's hand is drawn, not copied from the real position"
    seen = {c["id"] for c in view["table"]["hand"]} | {c["card"]["id"] for c in view["table"]["cards"] if c["card"]}
    assert all(not seen & set(h) for h in hands)


def test_museum_fast_scoring_equals_the_scoring_module():
    for seed in range(30):
        m = shoal.new_match("museum", 2, seed=seed)
        rng = Rng(seed)
        while not m.is_over():
            seat = m.to_act()[0]
            m.play(seat, rng.choice(m.legal_actions(seat)))
        faces = {p: (CARDS[c].kind, CARDS[c].number) for p, c in m.state.grid.items()}
        for axis in ("row", "column"):
            assert fast_score(m.state.grid, m.state.tokens, axis) == score_axis(faces, m.state.tokens, axis)["score"]


def test_brunch_rollouts_play_the_highest_food_card():
    """Issue 10: brunch heuristic "is beaten by the same bot with one change, always play your highest food card"."""
    assert choose_food([-1, 0, 2, 7], rank=0.0) == 7 and choose_food([-1], rank=1.0) == -1
