"""The bots: random first, heuristic last; the heuristic's three habits (what it passes, when it calls Lunch, which
food it plays), its speed, its strength."""

from __future__ import annotations

from shoal.core import Match, Rng
from shoal.games.brunch import GAME
from shoal.games.brunch.bots import choose_food, choose_pass, heuristic_bot, lunch_threshold

from .helpers import new, to_food


def test_bots_are_random_heuristic_and_beginner_then_the_search_levels():
    """Levels beginner, easy, normal, hard in every game, random kept for tests; the old heuristic stays."""
    assert list(GAME.bots) == ["random", "heuristic", "beginner", "easy", "normal", "hard"]


def test_heuristic_passes_the_card_that_weakens_its_combination_least():
    """The heuristic passes the card that weakens its combination least."""

    def legal(hand):
        return [{"type": "pass", "card": c} for c in dict.fromkeys(hand)]

    assert choose_pass(["walrus", "walrus", "shark717"], legal(["walrus", "walrus", "shark717"]))["card"] == "shark717"
    assert choose_pass(["orca8", "shark717", "baby"], legal(["orca8", "shark717", "baby"]))["card"] == "shark717"
    assert choose_pass(["orca8", "orca8", "octopus"], legal(["orca8", "orca8", "octopus"]))["card"] == "octopus"


def test_lunch_threshold_depends_on_round_players_and_passes():
    """The heuristic calls Lunch at a strength threshold that depends on the round and the players; it falls with every
    pass so that a round of heuristic bots always ends."""
    assert lunch_threshold(3, 7, 0) > lunch_threshold(3, 3, 0)
    assert lunch_threshold(1, 4, 0) > lunch_threshold(5, 4, 0)
    assert lunch_threshold(3, 4, 1) < lunch_threshold(3, 4, 0)
    assert lunch_threshold(1, 7, 12) < 0


def test_heuristic_calls_lunch_with_a_strong_hand_and_passes_with_a_weak_one():
    m = new(4, seed=0)
    m.state.hands[0] = ["orca8", "orca8", "baby"]
    m.state.hands[1] = ["shark717", "shark575", "octopus"]
    assert heuristic_bot(m.view(0), m.legal_actions(0), Rng(1)) == {"type": "lunch"}
    assert heuristic_bot(m.view(1), m.legal_actions(1), Rng(1)) == {"type": "keep_passing"}


def test_heuristic_says_aqua_with_a_weak_hand_and_agrees_with_a_strong_one():
    m = new(3, seed=0)
    m.play(0, {"type": "lunch"})
    m.play(1, {"type": "keep_passing"})
    m.play(2, {"type": "keep_passing"})
    m.state.hands[1] = ["octopus", "shark717", "shark626"]
    m.state.hands[2] = ["orca8", "orca5", "baby"]
    assert heuristic_bot(m.view(1), m.legal_actions(1), Rng(0)) == {"type": "aqua"}
    m.play(1, {"type": "agree"})
    assert heuristic_bot(m.view(2), m.legal_actions(2), Rng(0)) == {"type": "agree"}


def test_heuristic_plays_food_by_its_expected_rank():
    """The heuristic plays food by its expected rank: strong hand → valuable card, weak hand → its cheapest."""
    assert choose_food([-1, 0, 2, 3, 4, 5, 7], 1.0) == 7
    assert choose_food([-1, 0, 2, 3, 4, 5, 7], 0.0) == -1
    assert choose_food([-1, 0, 2, 3, 4, 5, 7], 0.5) == 3
    m = new(3, seed=0)
    to_food(m, caller=0)
    m.state.hands[0] = ["orca8", "orca8", "orca8"]
    m.state.hands[1] = ["octopus", "octopus", "octopus"]
    assert heuristic_bot(m.view(0), m.legal_actions(0), Rng(0)) == {"type": "food", "value": 7}
    assert heuristic_bot(m.view(1), m.legal_actions(1), Rng(0)) == {"type": "food", "value": -1}


def test_heuristic_takes_its_own_colour_among_equal_cards():
    m = new(3, seed=0)
    to_food(m, caller=0)
    m.state.hands = [["walrus", "walrus", "baby"], ["orca8", "orca8", "orca5"], ["walrus", "walrus", "walrus"]]
    for seat in range(3):
        m.play(seat, {"type": "food", "value": 5})
    assert m.to_act() == [1]
    assert heuristic_bot(m.view(1), m.legal_actions(1), Rng(0)) == {"type": "take", "colour": "blue"}


def test_heuristic_beats_random_bots():
    """One heuristic seat among random ones wins far more than its fair share (1 in 3)."""
    wins = 0
    games = 45
    for seed in range(games):
        hero = seed % 3
        m = Match(GAME, 3, seed=seed)
        while not m.is_over():
            seat = m.to_act()[0]
            m.play(seat, m.bot_action(seat, "heuristic" if seat == hero else "random"))
        wins += hero in m.outcome()["winners"]
    assert wins / games > 0.5
