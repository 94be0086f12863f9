"""Records the tests share: whole games of random moves, the same for every test that asks for one."""

from __future__ import annotations

import random

import shoal


def random_record(game: str, players: int, seed: int = 1) -> dict:
    """The record of a whole game of random moves (the first seat to act moves each time), seeded by `seed`."""
    match = shoal.new_match(game, players, seed=seed)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, rng.choice(match.legal_actions(seat)))
    return match.record()
