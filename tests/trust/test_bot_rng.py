"""A bot must not recover the match seed from the RNG it is handed (``Rng(seed, ply, seat)`` could be run backwards
to the seed), so bots' randomness is derived one-way (a hash over seed, ply and seat)."""

from __future__ import annotations

import pytest

import shoal
from shoal.core import Rng
from shoal.core.rng import _GOLDEN, _MASK

_M1, _M2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def _unshift(x, k):
    """Inverse of ``x ^ (x >> k)`` on 64 bits."""
    y = x
    for _ in range(64 // k + 1):
        y = x ^ (y >> k)
    return y


def _unmix(z):
    z = _unshift(z, 31)
    z = (z * pow(_M2, -1, 1 << 64)) & _MASK
    z = _unshift(z, 27)
    z = (z * pow(_M1, -1, 1 << 64)) & _MASK
    return _unshift(z, 30)


def run_back(state, *salt):
    """The attack: undo ``Rng(seed, *salt)`` knowing the (public) salt, and get the seed back."""
    for s in reversed(salt):
        state = ((_unmix(state) - _GOLDEN) & _MASK) ^ (s & _MASK)
    return _unmix(state)


def test_the_attack_works_on_a_salted_splitmix():
    """The test's own check: the attack works, giving the seed back in microseconds from a plain ``Rng(seed, ply,
    seat)``."""
    assert run_back(Rng(123456789, 4, 1).state, 4, 1) == 123456789


@pytest.mark.parametrize("game_id", list(shoal.GAMES))
def test_a_bot_cannot_run_its_generator_back_to_the_match_seed(game_id, monkeypatch):
    game = shoal.GAMES[game_id]
    handed = []

    def spy(view, legal, rng):
        handed.append((len(match.actions), view["seat"], rng.state))
        return legal[0]

    monkeypatch.setitem(game.bots, "spy", spy)
    seed = 2**53 - 12345
    match = shoal.new_match(game_id, game.max_players, seed=seed)
    for _ in range(8):
        seat = match.to_act()[0]
        match.play(seat, match.bot_action(seat, "spy"))
    assert len(handed) == 8
    for ply, seat, state in handed:
        assert run_back(state, ply, seat) != seed
        assert run_back(state) != seed and run_back(state, seat, ply) != seed


def test_bots_still_choose_the_same_way_for_the_same_match():
    """Derived one way, but still from the seed: a match replays with the same bot moves."""
    a = Rng.for_bot(7, 3, 1)
    assert a.state == Rng.for_bot(7, 3, 1).state
    assert (
        len(
            {
                Rng.for_bot(7, 3, 1).state,
                Rng.for_bot(8, 3, 1).state,
                Rng.for_bot(7, 4, 1).state,
                Rng.for_bot(7, 3, 2).state,
            }
        )
        == 4
    )
