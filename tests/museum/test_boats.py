"""Boats: two visitor tokens on a boat played face up, the placer's move, the opponent's move, and no tokens else."""

from __future__ import annotations

from .helpers import at, card_at, cid, place

# The 7 Boat goes face up at (4, 0), right of the face-down 4 Wave; cards lie 1–4 steps from it.
LINE = "W1W2W3w4@1/.L1L2 B7,L3 L4,L5 T8,T7 0"


def tokens(match) -> dict[tuple[int, int], int]:
    return {(c["x"], c["y"]): c["tokens"] for c in match.view(None)["table"]["cards"] if c["tokens"]}


def test_a_boat_played_face_up_gets_two_visitor_tokens():
    """Rulebook: "When a boat card is played faceup, the active player places two visitor tokens on the card."
    (RULINGS museum 5: "Boat played face up from hand: 2 visitor tokens go on it")."""
    m = at(LINE)
    place(m, 0, "B7", 4, 0, "up")
    assert tokens(m) == {(4, 0): 2}
    assert m.view(None)["table"]["boat"]["x"] == 4


def test_the_placer_decides_first_then_the_opponent():
    """Rulebook: "That player may then move the token ... Once the player has finalized their token placement, the
    other player may move the other token using the same guidelines." (RULINGS museum 5)."""
    m = at(LINE)
    place(m, 0, "B7", 4, 0, "up")
    assert m.to_act() == [0]
    m.play(0, {"type": "move_token", "x": 2, "y": 0})
    assert m.to_act() == [1], "the opponent decides on the other token"
    m.play(1, {"type": "move_token", "x": 3, "y": 0})
    assert tokens(m) == {(2, 0): 1, (3, 0): 1}
    assert m.to_act() == [1] and m.view(1)["table"]["phase"] == "place", "then the column player's own turn"


def test_a_token_may_stay_on_the_boat():
    """Rulebook: the player "may then move the token" — may, so leaving it on the boat is a legal choice."""
    m = at(LINE)
    place(m, 0, "B7", 4, 0, "up")
    assert {"type": "leave_token"} in m.legal_actions(0)
    m.play(0, {"type": "leave_token"})
    assert {"type": "leave_token"} in m.legal_actions(1)
    m.play(1, {"type": "leave_token"})
    assert tokens(m) == {(4, 0): 2}


def test_a_token_moves_up_to_three_orthogonal_steps():
    """RULINGS museum 5: "move one token to any card at most 3 orthogonal steps (Manhattan distance ≤ 3) away"."""
    m = at(LINE)
    place(m, 0, "B7", 4, 0, "up")
    targets = {(a["x"], a["y"]) for a in m.legal_actions(0) if a["type"] == "move_token"}
    # (3,0) 1 step, (2,0) 2, (1,0) 3, (2,1) 2+1 = 3; (0,0) is 4 steps and (1,1) 3+1 = 4: too far.
    assert targets == {(1, 0), (2, 0), (3, 0), (2, 1)}


def test_a_token_may_move_to_a_face_down_card():
    """Rulebook example: "The active player then moves one of the tokens to a facedown card three spaces away."""
    m = at(LINE)
    place(m, 0, "B7", 4, 0, "up")
    assert {"type": "move_token", "x": 3, "y": 0} in m.legal_actions(0)
    m.play(0, {"type": "move_token", "x": 3, "y": 0})
    assert card_at(m.view(None), 3, 0)["face"] == "down" and tokens(m)[(3, 0)] == 1


def test_both_tokens_may_end_on_the_same_card():
    """Ruling (docs/rulings.md, museum): both tokens start together on the boat and a token may go to any card in
    reach, so the second may join the first; each counts on its own when scoring."""
    m = at(LINE)
    place(m, 0, "B7", 4, 0, "up")
    m.play(0, {"type": "move_token", "x": 2, "y": 1})
    m.play(1, {"type": "move_token", "x": 2, "y": 1})
    assert tokens(m) == {(2, 1): 2}


def test_a_token_never_moves_again():
    """RULINGS museum 5: "A token never moves again." Later boats move only their own tokens."""
    m = at("W1w2@1/.. B5,L3 L4,B6 T8,T7 0")
    place(m, 0, "B5", 2, 0, "up")
    m.play(0, {"type": "move_token", "x": 0, "y": 0})
    m.play(1, {"type": "leave_token"})
    assert tokens(m) == {(0, 0): 1, (2, 0): 1}
    place(m, 1, "B6", 1, 1, "up")  # below the face-down 2 Wave: face up
    assert tokens(m) == {(0, 0): 1, (2, 0): 1, (1, 1): 2}
    m.play(1, {"type": "move_token", "x": 0, "y": 0})
    m.play(0, {"type": "move_token", "x": 2, "y": 0})
    assert tokens(m) == {(0, 0): 2, (2, 0): 2}


def test_no_tokens_for_a_boat_played_face_down():
    """Rulebook: "If a boat card is played facedown, then the visitor tokens are not placed on the card." (RULINGS
    museum 5: "No tokens for a boat placed ... face down")."""
    m = at("W1W2 B7 L4 T8 0")
    place(m, 0, "B7", 0, 1, "down")
    assert tokens(m) == {} and m.to_act() == [1]


def test_no_tokens_for_a_boat_revealed_later():
    """Rulebook: "The tokens are also not placed on a boat card that is flipped faceup after being surrounded by
    faceup cards." (RULINGS museum 5: "No tokens for a boat ... revealed face down")."""
    m = at("W1b7@1W3/.W4 T8 L2 - 0")
    place(m, 0, "T8", 1, -1, "up")
    assert card_at(m.view(None), 1, 0)["face"] == "up"
    assert tokens(m) == {} and m.to_act() == [1]


def test_no_tokens_for_a_boat_placed_into_a_face_up_hole():
    """Ruling (docs/rulings.md, museum): a boat placed into a hole of four face-up cards goes face down and is
    revealed at once — "No tokens for a boat placed or revealed face down" (RULINGS museum 5)."""
    m = at(".W1/W2.W3/.W4 B7 L2 - 0")
    place(m, 0, "B7", 1, 1, "down")
    assert card_at(m.view(None), 1, 1)["face"] == "up"
    assert tokens(m) == {} and m.to_act() == [1]


def test_no_tokens_for_boats_of_the_set_up_or_the_final_reveal():
    """Rulebook: tokens go only on a boat "played faceup"; the start card and the end-of-game reveal play nothing."""
    m = at("B7b6 L1 L2 - 0")
    assert tokens(m) == {}
    place(m, 0, "L1", 2, 0, "up")
    place(m, 1, "L2", 0, 1, "down")
    assert m.is_over() and tokens(m) == {}


def test_the_placer_draws_after_the_token_moves():
    """Ruling (docs/rulings.md, museum): the turn is "Place a card", then "Draw a card"; a boat's token moves belong
    to placing it, so the placer draws once both token decisions are made."""
    m = at(LINE)
    place(m, 0, "B7", 4, 0, "up")
    assert m.view(0)["table"]["hand_sizes"] == [1, 2]
    m.play(0, {"type": "leave_token"})
    assert m.view(0)["table"]["hand_sizes"] == [1, 2]
    m.play(1, {"type": "leave_token"})
    assert m.view(0)["table"]["hand_sizes"] == [2, 2] and cid("T8") in [c["id"] for c in m.view(0)["table"]["hand"]]


def test_a_boat_as_the_last_card_still_gets_its_token_moves():
    """Rulebook: the game ends "after the last card has been placed"; placing a boat includes its token moves."""
    m = at("W1w2@1 - B7 - 1")
    place(m, 1, "B7", 2, 0, "up")
    assert not m.is_over() and m.to_act() == [1]
    m.play(1, {"type": "move_token", "x": 0, "y": 0})
    m.play(0, {"type": "leave_token"})
    assert m.is_over() and tokens(m) == {(0, 0): 1, (2, 0): 1}
