"""Aquarena's bots: legal, quick, and the heuristic one clearly better than chance."""

from __future__ import annotations

import shoal
from shoal.core import Rng
from shoal.games.aquarena import GAME, bots

from .util import SPARE, legal, pond, resolve


def _view(state, seat):
    return {"table": GAME.view(state, seat), "seat": seat, "players": state.players}


def test_bots_are_registered_random_heuristic_and_beginner_then_the_search_levels():
    """Levels beginner, easy, normal, hard in every game, random kept for tests; the old heuristic stays."""
    assert list(GAME.bots) == ["random", "heuristic", "beginner", "easy", "normal", "hard"]


def test_heuristic_beats_random_players():
    wins = 0
    for seed in range(12):
        players = 2 + seed % 4
        hero = seed % players
        match = shoal.new_match("aquarena", players, seed=seed)
        while not match.is_over():
            seat = match.to_act()[0]
            match.play(seat, match.bot_action(seat, "heuristic" if seat == hero else "random"))
        wins += hero in match.outcome()["winners"]
    assert wins >= 10


def test_heuristic_eats_the_most_valuable_prey():
    """Prey by value: an opposing fish (3) before an opposing amphibian (2) before its own card (0)."""
    s = resolve(pond(2, "2/3 | 0.heron 1.frog 1.toad 0.salamander", *SPARE), 0)
    choice = bots.heuristic(_view(s, 0), legal(s, 0), Rng(0))
    assert choice["type"] == "eat_card" and choice["seat"] == 1
    s = resolve(pond(2, "0/3 | 0.fishhook 0.pike 1.carp", *SPARE), 0)
    assert bots.heuristic(_view(s, 0), legal(s, 0), Rng(0)) == {"type": "eat_card", "tile": 0, "seat": 1, "card": 9}


def test_heuristic_places_where_it_expects_points():
    """With a Pike in hand and an opposing Toad face up on pond B, the Pike goes to pond B."""
    match = shoal.new_match("aquarena", 2, seed=0)
    st = match.state
    st.hands[0], st.hands[1] = [3, 4, 10], [1, 2, 9]
    st.tiles[1].cards.append((1, 5, True))
    view = match.view(0)
    assert bots.heuristic(view, view["legal"], Rng(0)) == {"type": "place", "card": 3, "tile": 1}
