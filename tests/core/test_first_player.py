"""Who starts, where a rulebook leaves it to the table (docs/rulings.md, "Engine (all games)")."""

from __future__ import annotations

import shoal


def test_aquarena_seat_0_starts_with_the_heron_token():
    """Aquarena: "Determine a starting player and give them the Heron token." — Shoal: seat 0 starts."""
    for players in range(2, 7):
        match = shoal.new_match("aquarena", players, seed=players)
        assert match.to_act() == [0]
        assert match.state.heron == 0


def test_aqua_sea_snail_goes_to_a_seat_chosen_by_the_seeded_rng():
    """AQUA: "Randomly assign the Sea Snail token" — from the match's RNG: every seat can get it, the seed decides."""
    holders = {shoal.new_match("reef", 4, seed=seed).state.snail_holder for seed in range(40)}
    assert holders == {0, 1, 2, 3}
    assert (
        shoal.new_match("reef", 4, seed=5).state.snail_holder == shoal.new_match("reef", 4, seed=5).state.snail_holder
    )
