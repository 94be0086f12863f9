"""A full position is sampled consistent with a seat's view: hidden cards drawn from what that seat has not seen,
the pile shuffled. A sampled position must look, to that seat, exactly like the real one."""

from __future__ import annotations

import pytest

import shoal
from shoal.core import Rng
from shoal.games.brunch.search import choose_food
from shoal.games.brunch.search import sample as brunch_sample
from shoal.games.brunch.search import sample_informed as brunch_informed
from shoal.games.museum.data import CARDS
from shoal.games.museum.scoring import score_axis
from shoal.games.museum.search import fast_score
from shoal.games.museum.search import sample as museum_sample

SAMPLERS = {"museum": museum_sample, "brunch": brunch_sample, "brunch-informed": brunch_informed}


def _table(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in ("prompt", "last")}


@pytest.mark.parametrize(
    "sampler,players",
    [
        ("museum", 2),
        ("brunch", 3),
        ("brunch", 5),
        ("brunch-informed", 3),
        ("brunch-informed", 4),
        ("brunch-informed", 5),
    ],
)
def test_a_sampled_position_looks_to_the_seat_exactly_like_the_real_one(sampler, players):
    game_id = sampler.split("-")[0]
    game = shoal.GAMES[game_id]
    checked = 0
    for seed in range(4):
        m = shoal.new_match(game_id, players, seed=seed)
        rng = Rng(seed, 8)
        while not m.is_over():
            for seat in m.to_act():
                view = m.view(seat)
                sampled = SAMPLERS[sampler](view, Rng(seed, len(m.actions), seat))
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
    """The Brunch heuristic is beaten by the same bot with one change: always play the highest food card."""
    assert choose_food([-1, 0, 2, 7], rank=0.0) == 7 and choose_food([-1], rank=1.0) == -1


def _heuristic_game(seed: int, players: int = 4):
    """A match of old heuristics, yielding (match, seat 0's view) at each of seat 0's Lunch windows and passes."""
    from shoal.games.brunch.bots import heuristic_bot

    m = shoal.new_match("brunch", players, seed=seed)
    while not m.is_over():
        for seat in m.to_act():
            if seat not in m.to_act():
                continue
            view = m.view(seat)
            if seat == 0 and view["table"]["phase"] in ("lunch", "pass", "aqua"):
                yield m, view
            m.play(seat, heuristic_bot(view, m.legal_actions(seat), Rng(seat)))


def test_informed_brunch_samples_give_the_others_hands_that_explain_their_lunch_window():
    """Brunch samples the rivals' hands consistent with what they revealed: the old heuristic calls
    Lunch exactly when its hand beats the bar, so a seat that kept passing holds a weaker hand. Informed samples
    must agree with the others' last Lunch window far more often than plain ones, and be closer to the real hands."""
    from shoal.games.brunch.bots import lunch_threshold
    from shoal.games.brunch.strength import share_below, strength

    def fits(state, view) -> float:
        t = view["table"]
        if t["phase"] != "pass":
            return -1.0
        call = next((c for c in t["calls"] if c["after_passes"] == t["passes"]), None)
        callers = set(call["callers"]) if call else set()
        judged = [s for s in (1, 2, 3) if not call or s != call["aqua_by"]]  # the Aqua taker's total has changed
        bar = lunch_threshold(t["round"], 4, t["passes"])
        return sum(
            (share_below(strength(state.hands[s], state.aqua[s])) >= bar) == (s in callers) for s in judged
        ) / len(judged)

    plain, informed, error_plain, error_informed, n = 0.0, 0.0, 0, 0, 0
    for seed in range(3):
        for m, view in _heuristic_game(seed):
            for k in range(2):
                a, b = brunch_sample(view, Rng(seed, k, 1)), brunch_informed(view, Rng(seed, k, 2))
                error_plain += sum(abs(strength(a.hands[s]) - strength(m.state.hands[s])) for s in (1, 2, 3))
                error_informed += sum(abs(strength(b.hands[s]) - strength(m.state.hands[s])) for s in (1, 2, 3))
                if fits(a, view) >= 0:
                    plain += fits(a, view)
                    informed += fits(b, view)
                    n += 1
    assert n > 20
    assert informed / n > 0.97 and plain / n < 0.8, (informed / n, plain / n)
    assert error_informed < 0.9 * error_plain, (error_informed, error_plain)


def test_informed_brunch_samples_at_a_lunch_window_replay_the_last_pass():
    """After a pass, the right neighbour's hand before it must have been one from which the heuristic passes the card
    this seat received: the sampled hands before the pass are drawn so, and the pass replayed."""
    found = 0
    for seed in range(4):
        for _, view in _heuristic_game(seed):
            t = view["table"]
            if t["phase"] != "lunch" or t["passes"] < 1:
                continue
            for k in range(3):
                state = brunch_informed(view, Rng(seed, k))
                assert t["passed"] in state.hands[1], "my left neighbour holds the card I passed"
                assert sorted(state.hands[0]) == sorted(t["hand"])
            found += 1
    assert found > 5
