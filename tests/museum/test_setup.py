"""Set-up: the deck, the start card, the face-down card beside it, the start player, the deal."""

from __future__ import annotations

from collections import Counter

import shoal
from shoal.games.museum import GAME
from shoal.games.museum.data import CARDS, DECK

from .helpers import card_at

SEEDS = range(40)


def test_deck_is_18_cards_six_waves_six_lily_pads_three_boats_three_turtles():
    """RULINGS museum 1: "The deck is 18 cards: Wave ×6, Lily Pad ×6, Boat ×3, Sea Turtle ×3"."""
    assert len(CARDS) == 18
    assert Counter(c.kind for c in CARDS) == {"wave": 6, "lily": 6, "boat": 3, "turtle": 3}


def test_placeholder_numbers_are_the_ruling_ones():
    """RULINGS museum 1: "Numbers (placeholder, all 1–8 as printed cards are): waves 1–6, lily pads 1–6, boats 5, 6, 7,
    turtles 6, 7, 8"."""
    assert DECK == {"wave": (1, 2, 3, 4, 5, 6), "lily": (1, 2, 3, 4, 5, 6), "boat": (5, 6, 7), "turtle": (6, 7, 8)}
    assert all(1 <= c.number <= 8 for c in CARDS)
    assert any("placeholder" in line for line in GAME.rules), "the in-app rules say the numbers are placeholders"


def test_three_boats_carry_the_six_visitor_tokens():
    """RULINGS museum 1: "3 boats × 2 visitor tokens = the 6 tokens"."""
    from shoal.games.museum.data import TOKENS_PER_BOAT

    assert sum(1 for c in CARDS if c.kind == "boat") * TOKENS_PER_BOAT == 6


def test_start_card_face_up_in_the_middle():
    """Rulebook, Start Player: "Place the top card from the deck faceup in the middle of the table"."""
    for seed in SEEDS:
        m = shoal.new_match("museum", 2, seed=seed)
        start = card_at(m.view(None), 0, 0)
        assert start["face"] == "up" and start["card"] is not None and start["placer"] is None


def test_odd_start_card_face_down_card_below_and_row_player_starts():
    """Rulebook: "If the painting card number is odd, place a card facedown below the starting card. The row player
    will start the game." Seat 0 is the row player."""
    seen = 0
    for seed in SEEDS:
        m = shoal.new_match("museum", 2, seed=seed)
        v = m.view(None)
        if card_at(v, 0, 0)["card"]["number"] % 2 == 1:
            seen += 1
            assert {(c["x"], c["y"]) for c in v["table"]["cards"]} == {(0, 0), (0, 1)}
            assert card_at(v, 0, 1)["face"] == "down"
            assert m.to_act() == [0] and v["table"]["roles"][0] == "Row player"
    assert seen, "some seed starts with an odd card"


def test_even_start_card_face_down_card_to_the_right_and_column_player_starts():
    """Rulebook: "If the card number is even, place a card facedown to the right of the starting card. The column
    player will start the game." Seat 1 is the column player."""
    seen = 0
    for seed in SEEDS:
        m = shoal.new_match("museum", 2, seed=seed)
        v = m.view(None)
        if card_at(v, 0, 0)["card"]["number"] % 2 == 0:
            seen += 1
            assert {(c["x"], c["y"]) for c in v["table"]["cards"]} == {(0, 0), (1, 0)}
            assert card_at(v, 1, 0)["face"] == "down"
            assert m.to_act() == [1] and v["table"]["roles"][1] == "Column player"
    assert seen, "some seed starts with an even card"


def test_set_up_face_down_card_is_unknown_to_both_players():
    """RULINGS museum 3: "the set-up face-down card is unknown to both"."""
    for seed in SEEDS:
        m = shoal.new_match("museum", 2, seed=seed)
        for seat in (None, 0, 1):
            hidden = [c for c in m.view(seat)["table"]["cards"] if c["face"] == "down"]
            assert len(hidden) == 1 and hidden[0]["card"] is None


def test_three_cards_dealt_to_each_player():
    """Rulebook, Starting Cards: "Deal three cards to each player"."""
    for seed in SEEDS:
        m = shoal.new_match("museum", 2, seed=seed)
        t = m.view(0)["table"]
        assert t["hand_sizes"] == [3, 3] and len(t["hand"]) == 3
        assert t["deck"] == 18 - 2 - 6


def test_the_shuffle_comes_from_the_seed():
    """Engine contract: all randomness from the match's seeded RNG; different seeds deal different games."""
    starts = {shoal.new_match("museum", 2, seed=s).view(None)["table"]["cards"][0]["card"]["id"] for s in SEEDS}
    assert len(starts) > 5
    assert shoal.new_match("museum", 2, seed=5).view(0) == shoal.new_match("museum", 2, seed=5).view(0)


def test_museum_is_a_two_player_game():
    """Rulebook: two player aid cards, one row player and one column player."""
    assert (GAME.min_players, GAME.max_players) == (2, 2)
    assert GAME.rules[0].startswith("Seat 0 is the row player")
