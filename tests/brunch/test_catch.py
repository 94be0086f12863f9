"""Phases 2 and 3, the round's end and the game's end (RULINGS.md, Aqua Brunch 7–10)."""

from __future__ import annotations

from collections import Counter

import pytest

from shoal.core import Match
from shoal.games.brunch import GAME
from shoal.games.brunch.data import AQUA_VALUES, COLOURS, PREDATOR_COUNTS
from shoal.games.brunch.scoring import taking_order, winners

from .helpers import new, only_caller, pass_first, play_food, rig_hands, to_food


def test_food_is_chosen_at_once_and_hidden_until_all_have_chosen():
    """RULINGS 7: "every seat picks one food card of its own at once; revealed together"."""
    m = new(4, seed=0)
    to_food(m, caller=0)
    assert m.to_act() == [0, 1, 2, 3]
    assert m.legal_actions(2) == [{"type": "food", "value": v} for v in (-1, 0, 2, 3, 4, 5, 7)]
    m.play(2, {"type": "food", "value": 7})
    for viewer in (None, 0, 1, 3):
        table = m.view(viewer)["table"]
        assert table["chosen"] == [2] and table["my_choice"] is None and table["reveal"] is None
        assert table["seats"][2]["food_left"] == [-1, 0, 2, 3, 4, 5, 7]
        assert not any("perch" in line for line in m.view(viewer)["log"])
    assert m.view(2)["table"]["my_choice"] == 7


def test_strongest_hand_takes_the_most_valuable_food_first():
    """RULINGS 8: "Dividing: by strength, highest first" — each taker gets the most valuable card left."""
    m = new(3, seed=0)
    to_food(m, caller=0)
    rig_hands(m, [["walrus", "baby", "octopus"], ["orca8", "orca8", "baby"], ["walrus", "walrus", "walrus"]])
    play_food(m, [7, -1, 3])
    takes = m.state.history[-1]["takes"]
    assert [(t["seat"], t["value"]) for t in takes] == [(1, 7), (2, 3), (0, -1)]
    assert m.state.collected[1] == [["red", 7]]
    assert m.state.history[-1]["reasons"] == ["strength", "strength"]


def test_aqua_cards_count_in_the_strength_at_the_reveal():
    """RULINGS 2: "Aqua cards held are added"; the reveal shows them to everyone."""
    m = new(3, seed=0)
    to_food(m, caller=0)
    rig_hands(
        m,
        [["walrus", "walrus", "walrus"], ["orca8", "orca5", "walrus"], ["baby", "baby", "baby"]],
        aqua=[[-4], [0, -1], []],
    )
    play_food(m, [0, 2, 3])
    reveal = m.state.history[-1]
    assert reveal["predator"] == [18, 15, 6] and reveal["strength"] == [14, 14, 6]
    assert reveal["aqua"] == [[-4], [0, -1], []]


def test_equal_strength_higher_food_played_takes_first():
    """RULINGS 8: "Equal strength: the one who played the higher food card first"."""
    m2 = new(3, seed=0)
    to_food(m2, caller=0)
    rig_hands(m2, [["walrus", "walrus", "baby"], ["walrus", "walrus", "baby"], ["orca8", "orca8", "orca8"]])
    play_food(m2, [2, 4, -1])
    reveal = m2.state.history[-1]
    assert reveal["order"] == [2, 1, 0] and reveal["reasons"] == ["strength", "food"]
    assert "tie-break 1, higher food played (4 vs 2)" in reveal["explain"][1]


@pytest.mark.parametrize("caller,expected", [(0, [0, 1, 2, 3]), (2, [2, 3, 0, 1]), (3, [3, 0, 1, 2])])
def test_still_equal_nearest_clockwise_to_the_caller_takes_first(caller, expected):
    """RULINGS 8: "still equal: the one nearest clockwise to the caller of the Lunch that ended phase 1, the caller
    itself being nearest"."""
    m = new(4, seed=0)
    to_food(m, caller=caller)
    rig_hands(m, [["walrus", "walrus", "baby"]] * 4)
    play_food(m, [3, 3, 3, 3])
    while m.state.phase == "take":
        m.play(m.to_act()[0], m.legal_actions(m.to_act()[0])[0])
    reveal = m.state.history[-1]
    assert reveal["order"] == expected and reveal["reasons"] == ["seat"] * 3
    assert f"tie-break 2, nearer clockwise to the Lunch caller {{seat:{caller}}}" in reveal["explain"][0]
    assert [t["seat"] for t in reveal["takes"]] == expected


def test_taking_order_is_a_pure_function_a_page_can_call():
    """The same three rules, on plain lists."""
    assert taking_order([9, 12, 9, 9], [3, 0, 5, 3], caller=3) == [1, 2, 3, 0]


def test_taker_chooses_among_equal_valued_cards_of_different_colours():
    """RULINGS 8: "When several remaining cards share the top value, the taker chooses which (colours matter for the
    final tie-break)"."""
    m = new(3, seed=0)
    to_food(m, caller=0)
    rig_hands(m, [["walrus", "walrus", "baby"], ["orca8", "orca8", "orca5"], ["walrus", "walrus", "walrus"]])
    play_food(m, [5, 5, 5])
    assert m.state.phase == "take" and m.to_act() == [1]
    assert m.legal_actions(1) == [{"type": "take", "colour": c} for c in ("red", "blue", "green")]
    assert m.view(0)["table"]["reveal"]["order"] == [1, 2, 0]
    m.play(1, {"type": "take", "colour": "blue"})
    assert m.to_act() == [2] and [c for c in m.legal_actions(2)] == [
        {"type": "take", "colour": "red"},
        {"type": "take", "colour": "green"},
    ]
    m.play(2, {"type": "take", "colour": "red"})
    assert m.state.phase == "lunch" and m.state.round == 2, "the last card goes by itself"
    assert [m.state.collected[s] for s in range(3)] == [[["green", 5]], [["blue", 5]], [["red", 5]]]
    assert m.state.history[-1]["takes"][0]["choices"] == ["red", "blue", "green"]


def test_round_end_discards_predators_and_reshuffles_the_aqua_cards():
    """RULINGS 9: "Predators go to the discard pile after each round; Aqua cards are reshuffled"."""
    m = new(3, seed=0)
    only = [list(h) for h in m.state.hands]
    to_food(m, caller=0)
    play_food(m, [7, 5, 4])
    assert Counter(m.state.discard) == Counter(c for h in only for c in h)
    assert sorted(m.state.aqua_stack) == sorted(AQUA_VALUES) and m.state.aqua == [[], [], []]
    assert m.state.round == 2 and len(m.state.deck) == 55 - 18


def test_aqua_cards_taken_during_a_round_are_reshuffled_into_the_stack_for_the_next():
    """Phase 3: "After the players have divided the food cards, they put their predator cards into the discard pile,
    shuffle the aqua cards and place them in a stack for the next round": Aqua cards taken come back, none is kept."""
    orders = set()
    for seed in range(8):
        m = new(3, seed=seed)
        only_caller(m, 0)
        m.play(1, {"type": "aqua"})
        pass_first(m)
        only_caller(m, 2)
        m.play(0, {"type": "aqua"})
        assert len(m.state.aqua_stack) == 2
        pass_first(m)
        to_food(m, caller=1)
        play_food(m, [7, 5, 4])
        assert m.state.round == 2 and m.state.aqua == [[], [], []]
        assert sorted(m.state.aqua_stack) == sorted(AQUA_VALUES)
        assert all(seat["aqua_cards"] == 0 for seat in m.view(None)["table"]["seats"])
        orders.add(tuple(m.state.aqua_stack))
    assert len(orders) > 2, "the four cards are shuffled again, not put back in order"


def test_tie_break_counts_from_the_caller_of_the_lunch_that_ended_phase_one():
    """RULINGS 8: "still equal: the one nearest clockwise to the caller of the Lunch that ended phase 1": a Lunch
    answered by Aqua earlier in the round does not count."""
    m = new(4, seed=0)
    only_caller(m, 0)
    m.play(1, {"type": "aqua"})
    pass_first(m)
    to_food(m, caller=2)
    rig_hands(m, [["walrus", "walrus", "baby"]] * 4, aqua=[[], [0], [], []])
    play_food(m, [3, 3, 3, 3])
    while m.state.phase == "take":
        m.play(m.to_act()[0], m.legal_actions(m.to_act()[0])[0])
    assert m.state.history[-1]["caller"] == 2
    assert m.state.history[-1]["order"] == [2, 3, 0, 1]


def test_won_food_is_kept_apart_from_the_food_in_hand():
    """Phase 3: "Keep the food cards you have won face up: they are no longer used during the game ... Under no
    circumstances mix them with the food cards of your color that are lying face down": a seat that wins back its
    own card cannot play it again."""
    m = new(3, seed=0)
    to_food(m, caller=0)
    rig_hands(m, [["orca8", "orca8", "baby"], ["walrus", "walrus", "baby"], ["walrus", "baby", "octopus"]])
    play_food(m, [7, 5, 4])
    assert m.state.collected[0] == [["red", 7]]
    assert m.view(0)["table"]["seats"][0]["food_left"] == [-1, 0, 2, 3, 4, 5]
    to_food(m, caller=0)
    assert {"type": "food", "value": 7} not in m.legal_actions(0)


def test_deck_running_out_mid_deal_reshuffles_the_discard_pile_and_the_deal_goes_on():
    """RULINGS 9: "When the deck runs out mid-deal, the discard pile is shuffled into a new deck and the deal
    continues". Seven seats take 21 cards a round, so round 3 finds 13 in the deck."""
    m = new(7, seed=2)
    for round_no in (1, 2):
        to_food(m, caller=round_no)
        play_food(m, [[7, 5][round_no - 1]] * 7)
        while m.state.phase == "take":
            m.play(m.to_act()[0], m.legal_actions(m.to_act()[0])[-1])
    assert m.state.round == 3 and all(len(h) == 3 for h in m.state.hands)
    assert len(m.state.deck) == 42 - 8 and m.state.discard == []
    assert any("discard pile (42 cards) is shuffled" in line for line in m.view(None)["log"])
    pile = Counter(m.state.deck + [c for h in m.state.hands for c in h])
    assert pile == Counter(PREDATOR_COUNTS)


def play_out(m: Match) -> None:
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, m.bot_action(seat, "heuristic"))


@pytest.mark.parametrize("players", [3, 7])
def test_six_rounds_and_the_seventh_food_card_is_discarded(players):
    """RULINGS 10: "After 6 rounds the 7th food card is discarded. Most points wins"."""
    m = new(players, seed=players)
    play_out(m)
    assert len(m.state.history) == 6 and m.to_act() == []
    assert all(len(m.state.collected[s]) == 6 and len(m.state.food[s]) == 1 for s in range(players))
    out = m.outcome()
    for seat in range(players):
        rows = out["breakdown"][seat]
        assert len(rows) == 7 and out["scores"][seat] == sum(v for _, v in m.state.collected[seat])
    assert m.view(0)["table"]["phase"] == "over"


def test_ties_go_to_most_own_colour_cards_then_the_win_is_shared():
    """RULINGS 10: "Most points wins; tie: most collected cards of one's own colour; still tied: shared win"."""
    assert winners([20, 20, 15], [1, 3, 5]) == [1]
    assert winners([20, 20, 20], [2, 2, 1]) == [0, 1]
    assert winners([9, 21, 20], [0, 0, 6]) == [1]


def test_outcome_applies_the_own_colour_tie_break():
    """The outcome names the own-colour counts and uses them to break a points tie."""
    m = new(3, seed=1)
    play_out(m)
    m.state.collected = [[["red", 7], ["blue", 5]], [["blue", 7], ["blue", 5]], [["red", 2]]]
    m.state.history = []
    out = GAME.outcome(m.state)
    assert out["winners"] == [1] and out["own_colour"] == [1, 2, 0]
    m.state.collected[0] = [["red", 7], ["red", 5]]
    assert GAME.outcome(m.state)["winners"] == [0, 1]


def test_food_colour_is_the_seats_own():
    """Each seat holds the 7 food cards "of one color": seat s plays colour COLOURS[s]."""
    m = new(3, seed=0)
    to_food(m, caller=0)
    play_food(m, [7, 5, 4])
    assert sorted(t["colour"] for t in m.state.history[-1]["takes"]) == sorted(COLOURS[:3])
