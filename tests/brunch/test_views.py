"""Views never show what a seat may not see: another seat's hand, an unrevealed choice, the deck or Aqua order.

The proof is by difference: two matches that differ only in a hidden card (or a hidden choice) must give the same
view to every seat that may not see it, and to a spectator.
"""

from __future__ import annotations

import json

import pytest

from shoal.core import Rng

from .helpers import everyone, keep_passing, new, to_food


def dump(match, seat):
    return json.dumps(match.view(seat), sort_keys=True)


def twin_with_other_hidden_card(players: int, seed: int, seat: int = 1):
    """Two matches, alike except the face-down card dealt to ``seat`` (swapped with a deck card of another kind)."""
    a, b = new(players, seed), new(players, seed)
    hidden = b.state.hands[seat][2]
    swap = next(i for i, c in enumerate(b.state.deck) if c != hidden)
    b.state.hands[seat][2], b.state.deck[swap] = b.state.deck[swap], hidden
    return a, b, hidden, b.state.hands[seat][2]


@pytest.mark.parametrize("players,seed", [(3, 0), (3, 7), (5, 1), (7, 2), (7, 12)])
def test_two_matches_differing_only_in_a_hidden_card_look_the_same_to_others(players, seed):
    """A seat's face-down card, and every card it holds that nobody else has handled, stay out of others' views
    through all of phase 1 and the food choice, whatever the others do (RULINGS 3: only 2 cards are public)."""
    a, b, hidden_a, hidden_b = twin_with_other_hidden_card(players, seed)
    assert hidden_a != hidden_b and dump(a, 1) != dump(b, 1)
    rng = Rng(seed, 77)
    others = [None, *(s for s in range(players) if s != 1)]
    steps = 0
    while a.state.phase != "food" or a.to_act() != [1]:
        for viewer in others:
            assert dump(a, viewer) == dump(b, viewer), f"seat {viewer} can tell the matches apart"
        if a.state.phase == "food":
            seat = next(s for s in a.to_act() if s != 1)
        else:
            seat = rng.choice(a.to_act())
        if seat == 1 and a.state.phase == "pass":
            rest = list(a.state.hands[1])
            rest.remove(hidden_a)
            action = {"type": "pass", "card": rng.choice(rest)}  # never the hidden card: its receiver would see it
        else:
            action = rng.choice(a.legal_actions(seat))
            if a.state.phase == "lunch" and a.state.passes < 2 and steps < 40:
                action = {"type": "keep_passing"}
        a.play(seat, action)
        b.play(seat, action)
        steps += 1
    for viewer in others:
        assert dump(a, viewer) == dump(b, viewer)
    assert a.state.passes >= 2


def test_a_spectator_and_the_other_seats_never_get_a_hand():
    m = new(4, seed=3)
    keep_passing(m)
    everyone(m, lambda s: {"type": "pass", "card": m.state.hands[s][2]})
    assert m.view(None)["table"]["hand"] is None and m.view(None)["table"]["passed"] is None
    table = m.view(0)["table"]
    assert table["hand"] == m.state.hands[0] and table["up_cards"] is None
    assert all(
        set(seat) == {"seat", "colour", "cards", "aqua_cards", "food_left", "collected", "points", "own_colour"}
        for seat in table["seats"]
    )


def test_the_card_a_seat_passed_is_secret_to_all_but_giver_and_receiver():
    """RULINGS 6: "A seat knows the card it gave"; the others only know that a card moved."""

    def after_pass(card_of_seat_1):
        m = new(4, seed=5)
        m.state.hands[1] = ["orca8", "walrus", "baby"]
        keep_passing(m)
        everyone(m, lambda s: {"type": "pass", "card": card_of_seat_1 if s == 1 else m.state.hands[s][0]})
        return m

    a, b = after_pass("orca8"), after_pass("baby")
    for viewer in (None, 0, 3):
        assert dump(a, viewer) == dump(b, viewer)
    assert a.view(1)["table"]["passed"] == "orca8" and b.view(2)["table"]["received"] == "baby"


def test_an_unrevealed_food_choice_is_secret():
    """RULINGS 7: food is picked "at once; revealed together": before the last choice nobody sees another's."""

    def chosen(value):
        m = new(3, seed=4)
        to_food(m, caller=1)
        m.play(1, {"type": "food", "value": value})
        m.play(0, {"type": "food", "value": 2})
        return m

    a, b = chosen(7), chosen(-1)
    for viewer in (None, 0, 2):
        assert dump(a, viewer) == dump(b, viewer)
    assert dump(a, 1) != dump(b, 1)


def test_an_unrevealed_lunch_decision_is_secret():
    """RULINGS 4: every seat decides "at once": until the last has decided, a decision is private."""

    def decided(kind):
        m = new(3, seed=4)
        m.play(2, {"type": kind})
        return m

    a, b = decided("lunch"), decided("keep_passing")
    for viewer in (None, 0, 1):
        assert dump(a, viewer) == dump(b, viewer)


def test_aqua_values_and_the_aqua_stack_order_are_secret():
    """RULINGS 5: the Aqua taker's value is seen "only by that seat"; the stack's order by nobody."""

    def with_stack(stack):
        m = new(4, seed=2)
        m.state.aqua_stack = list(stack)
        everyone(m, lambda s: {"type": "lunch"} if s == 0 else {"type": "keep_passing"})
        m.play(1, {"type": "aqua"})
        return m

    a, b = with_stack([0, -1, -2, -4]), with_stack([-4, -2, 0, -1])
    for viewer in (None, 0, 2, 3):
        assert dump(a, viewer) == dump(b, viewer)
    assert a.view(1)["table"]["aqua_mine"] == [-4] and b.view(1)["table"]["aqua_mine"] == [-1]


def test_deck_order_and_rng_state_are_secret():
    """Nobody sees the deck order or the RNG (docs/engine.md): two matches alike but for the order of the undealt
    predators and the RNG's state look the same to every seat and a spectator, log and legal actions included,
    through Lunch calls, an Aqua, passes and the food choice."""
    a, b = new(4, seed=6), new(4, seed=6)
    Rng(12345).shuffle(b.state.deck)
    b.state.rng = Rng(999)
    assert a.state.deck != b.state.deck

    def both(seat, action):
        a.play(seat, action)
        b.play(seat, action)

    def check():
        for viewer in (None, 0, 1, 2, 3):
            assert dump(a, viewer) == dump(b, viewer), f"seat {viewer} can tell the matches apart"

    check()
    for seat in range(4):
        both(seat, {"type": "lunch"} if seat == 2 else {"type": "keep_passing"})
    check()
    both(3, {"type": "aqua"})
    for seat in range(4):
        both(seat, {"type": "pass", "card": a.state.hands[seat][0]})
    check()
    for seat in range(4):
        both(seat, {"type": "lunch"} if seat == 0 else {"type": "keep_passing"})
    for seat in (1, 2, 3):
        check()
        both(seat, {"type": "agree"})
    for seat in (0, 1, 2):
        both(seat, {"type": "food", "value": 5})
        check()


def test_the_reveal_makes_hands_and_aqua_public():
    """Phase 3: players "reveal the predator cards and aqua cards": after the round everybody sees them."""
    m = new(3, seed=0)
    hands = [list(h) for h in m.state.hands]
    to_food(m, caller=0)
    everyone(m, lambda s: {"type": "food", "value": [7, 5, 4][s]})
    for viewer in (None, 0, 1, 2):
        assert m.view(viewer)["table"]["history"][0]["hands"] == hands


def test_every_view_has_a_prompt_for_the_seat():
    m = new(3, seed=0)
    assert "Call Lunch" in m.view(0)["table"]["prompt"]
    m.play(0, {"type": "keep_passing"})
    assert m.view(0)["table"]["prompt"] == "Waiting for {seat:1} and {seat:2} to call Lunch or keep passing."
    assert "Waiting" in m.view(None)["table"]["prompt"]


def test_prompts_say_when_a_decision_ends_the_passing():
    """Rulebook: phase 1 ends when "no player said Aqua" or "there are no available aqua cards left ... when someone
    says Lunch": the prompt tells the last seat asked, and every seat once the Aqua stack is empty."""
    m = new(3, seed=0)
    assert "ends the passing" not in m.view(0)["table"]["prompt"]
    everyone(m, lambda s: {"type": "lunch"} if s == 0 else {"type": "keep_passing"})
    assert "last to answer" not in m.view(1)["table"]["prompt"]
    m.play(1, {"type": "agree"})
    assert "You are the last to answer: if you agree, the passing ends." in m.view(2)["table"]["prompt"]
    m = new(3, seed=0)
    m.state.aqua_stack = []
    assert m.view(1)["table"]["prompt"].endswith("No Aqua card is left: a Lunch call now ends the passing.")
