"""The turn: place a card touching the display within the 5×5 span, facing by its neighbours, reveals, the draw,
taking turns, and the end."""

from __future__ import annotations

import shoal
from shoal.core import Rng

from .helpers import at, card_at, cid, faces_at, place, spots


# --- placement -----------------------------------------------------------------------------------------------
def test_a_card_must_touch_a_placed_card_orthogonally():
    """Rulebook: "The card must be placed orthogonally next to a card that's already been placed." (RULINGS museum 2:
    "A placement must touch an existing card orthogonally.")"""
    m = at("W3w5 L1 L2 - 0")
    assert spots(m, 0) == {(0, -1), (1, -1), (-1, 0), (2, 0), (0, 1), (1, 1)}
    assert (2, 1) not in spots(m, 0) and (-1, -1) not in spots(m, 0), "diagonal contact is not enough"


def test_the_display_spans_at_most_five_columns():
    """RULINGS museum 2: "The display spans at most 5 columns and 5 rows ...; a placement that would exceed that is
    illegal"."""
    m = at("W1W2W3W4W5 L1 L2 - 0")
    assert (-1, 0) not in spots(m, 0) and (5, 0) not in spots(m, 0)
    assert {(x, y) for x in range(5) for y in (-1, 1)} == spots(m, 0)


def test_the_display_spans_at_most_five_rows():
    """RULINGS museum 2: "The display spans at most 5 columns and 5 rows"."""
    m = at("W1/W2/W3/W4/W5 L1 L2 - 0")
    assert (0, -1) not in spots(m, 0) and (0, 5) not in spots(m, 0)
    assert spots(m, 0) == {(x, y) for x in (-1, 1) for y in range(5)}


def test_a_card_comes_from_the_players_own_hand():
    """Rulebook: "The player must place one of the cards from their hand into the display."""
    m = at("W3w5 L1,T8 L2 - 0")
    assert {a["card"] for a in m.legal_actions(0)} == {cid("L1"), cid("T8")}
    assert m.legal_actions(1) == [], "only the player whose turn it is may place"


# --- facing --------------------------------------------------------------------------------------------------
def test_next_only_to_face_up_cards_a_card_goes_face_down():
    """Rulebook: "if the card is placed next to a faceup card (or cards), then the card is placed facedown."
    (RULINGS museum 3: "next only to face-up cards → face down")."""
    m = at("W3W4 L1 L2 - 0")
    assert faces_at(m, 0, "L1", 0, 1) == ["down"]
    place(m, 0, "L1", 0, 1, "down")
    assert card_at(m.view(None), 0, 1)["face"] == "down"


def test_next_only_to_face_down_cards_a_card_goes_face_up():
    """Rulebook: "If the card is placed next to a facedown card (or cards), then the card is placed faceup."
    (RULINGS museum 3: "next only to face-down cards → face up")."""
    m = at("W3w4 L1 L2 - 0")
    assert faces_at(m, 0, "L1", 2, 0) == ["up"]
    assert faces_at(m, 0, "L1", 1, 1) == ["up"]
    place(m, 0, "L1", 2, 0, "up")
    assert card_at(m.view(None), 2, 0)["card"]["code"] == "L1"


def test_next_to_both_the_placer_chooses_the_facing():
    """RULINGS museum 3: "next to both → the placer chooses"."""
    m = at("W3W1/w4 L1 L2 - 0")
    assert faces_at(m, 0, "L1", 1, 1) == ["up", "down"]
    for face in ("up", "down"):
        twin = at("W3W1/w4 L1 L2 - 0")
        place(twin, 0, "L1", 1, 1, face)
        assert card_at(twin.view(None), 1, 1)["face"] == face


def test_a_seat_knows_the_face_down_cards_it_placed():
    """RULINGS museum 3: "A seat knows the face-down cards it placed"; the other seat and spectators see a back."""
    m = at("W3W4 L1 L2 - 0")
    place(m, 0, "L1", 0, 1, "down")
    assert card_at(m.view(0), 0, 1)["card"]["code"] == "L1"
    assert card_at(m.view(1), 0, 1)["card"] is None
    assert card_at(m.view(None), 0, 1)["card"] is None


# --- reveals -------------------------------------------------------------------------------------------------
def test_a_face_down_card_surrounded_by_face_up_cards_turns_face_up():
    """Rulebook: "If a facedown card is ever surrounded on all four sides by faceup cards, then the card is flipped
    faceup and remains that way for the rest of the game." (RULINGS museum 4)."""
    m = at("W1w2@1W3/.W4 T8 L2 - 0")
    assert card_at(m.view(0), 1, 0)["card"] is None
    place(m, 0, "T8", 1, -1, "up")
    revealed = card_at(m.view(0), 1, 0)
    assert revealed["face"] == "up" and revealed["card"]["code"] == "W2"
    assert m.view(None)["table"]["last"]["revealed"] == [[1, 0]]
    assert any("turned face up" in line for line in m.view(None)["log"])


def test_three_face_up_sides_are_not_enough_to_reveal():
    """Rulebook: a facedown card flips only when "surrounded on all four sides by faceup cards"."""
    m = at("W1w2@1W3/.W4 T8 L2 - 0")
    place(m, 0, "T8", 2, 1, "down")
    assert card_at(m.view(None), 1, 0)["face"] == "down"


def test_several_surrounded_cards_are_revealed_together():
    """Rulebook: "If multiple cards are surrounded at the same time, reveal them simultaneously." (RULINGS museum 4:
    "several at once together")."""
    m = at(".W1.W2/W3l1@0.l2@1W4/.W5.W6 T8 L3 - 0")
    assert faces_at(m, 0, "T8", 2, 1) == ["up"]
    place(m, 0, "T8", 2, 1, "up")
    v = m.view(None)
    assert card_at(v, 1, 1)["face"] == card_at(v, 3, 1)["face"] == "up"
    assert v["table"]["last"]["revealed"] == [[1, 1], [3, 1]]
    assert sum("turned face up" in line for line in v["log"]) == 1, "one simultaneous reveal, one log line"


def test_a_card_placed_into_a_face_up_hole_goes_down_and_is_revealed_at_once():
    """Ruling (docs/rulings.md, museum): a card placed where all four neighbours are face up must go face down
    (RULINGS museum 3) and is then at once surrounded, so it turns face up (RULINGS museum 4)."""
    m = at(".W1/W2.W3/.W4 L1 L2 - 0")
    assert faces_at(m, 0, "L1", 1, 1) == ["down"]
    place(m, 0, "L1", 1, 1, "down")
    assert card_at(m.view(1), 1, 1)["face"] == "up"
    assert m.view(None)["table"]["last"] == {"seat": 0, "x": 1, "y": 1, "face": "down", "revealed": [[1, 1]]}


def test_a_revealed_card_stays_face_up():
    """Rulebook: a revealed card "remains that way for the rest of the game" — even when later cards touch it."""
    m = at("W1w2@1W3/.W4 T8,L4 L2,L5 - 0")
    place(m, 0, "T8", 1, -1, "up")
    place(m, 1, "L2", 2, -1, "down")
    place(m, 0, "L4", 0, -1, "down")
    assert card_at(m.view(None), 1, 0)["face"] == "up"


# --- the draw and the turn order -----------------------------------------------------------------------------
def test_after_placing_the_player_draws_back_to_three():
    """Rulebook: "After placing a card, a player will draw a card to replenish their hand to three cards."""
    m = shoal.new_match("museum", 2, seed=1)
    seat = m.to_act()[0]
    deck = m.view(seat)["table"]["deck"]
    action = next(a for a in m.legal_actions(seat) if a["face"] == "down")
    m.play(seat, action)
    t = m.view(seat)["table"]
    assert len(t["hand"]) == 3 and t["deck"] == deck - 1
    assert action["card"] not in [c["id"] for c in t["hand"]]


def test_the_draw_is_the_top_of_the_deck_and_only_its_drawer_sees_it():
    """Rulebook: "Draw a card"; the drawn card joins a hand, which only its owner sees (RULINGS, engine views)."""
    m = at("W3W4 L1,L2,L3 L4,L5,L6 T8,T7 0")
    place(m, 0, "L1", 0, 1, "down")
    assert [c["code"] for c in m.view(0)["table"]["hand"]] == ["L2", "L3", "T8"]
    assert "{seat:0} drew the 8 Sea Turtle." in m.view(0)["log"]
    assert "{seat:0} drew a card." in m.view(1)["log"]
    assert not any("Sea Turtle" in line for line in m.view(1)["log"])


def test_when_the_deck_is_empty_players_play_on_from_their_hands():
    """Rulebook: "If the draw deck runs out, players will continue to play cards from their hand on their turn
    without drawing new cards."""
    m = at("W3W4 L1,L2 L4,L5 - 0")
    place(m, 0, "L1", 0, 1, "down")
    assert m.view(0)["table"]["hand_sizes"] == [1, 2]
    assert m.to_act() == [1]


def test_players_take_turns():
    """Rulebook: "The start player takes the first turn, and then players take turns until the game ends."""
    for seed in range(6):
        m = shoal.new_match("museum", 2, seed=seed)
        rng = Rng(seed)
        placers = []
        while not m.is_over():
            seat = m.to_act()[0]
            action = rng.choice(m.legal_actions(seat))
            if action["type"] == "place":
                placers.append(seat)
            m.play(seat, action)
        assert placers[0] == m.view(None)["table"]["start_player"]
        assert all(a != b for a, b in zip(placers, placers[1:]))
        assert len(placers) == 16 and placers.count(0) == placers.count(1) == 8


def test_a_player_with_an_empty_hand_is_skipped():
    """Ruling (docs/rulings.md, museum): a seat with no card left does not get a turn; the other plays on. (Cannot
    arise from a real deal, where turns alternate to the end, but positions built for teaching may have it.)"""
    m = at("W3W4 L1,L2 - - 0")
    place(m, 0, "L1", 0, 1, "down")
    assert m.to_act() == [0]


# --- the end -------------------------------------------------------------------------------------------------
def test_the_game_ends_when_both_players_have_played_every_card():
    """Rulebook: "The game ends when both players have played every card from their hand."""
    m = at("W3W4 L1 L2 - 0")
    place(m, 0, "L1", 0, 1, "down")
    assert not m.is_over() and m.to_act() == [1]
    place(m, 1, "L2", 1, 1, "down")
    assert m.is_over() and m.to_act() == []


def test_after_the_last_card_all_face_down_cards_turn_face_up():
    """Rulebook: "After the last card has been placed, all facedown cards are turned faceup."""
    m = at("W3w4/w5@0 L1 L2 - 0")
    place(m, 0, "L1", 1, 1, "up")
    place(m, 1, "L2", -1, 0, "down")
    v = m.view(None)
    assert all(c["face"] == "up" and c["card"] for c in v["table"]["cards"])
    assert v["table"]["phase"] == "over"


def test_a_full_game_places_all_eighteen_paintings():
    """Rulebook: players place until every card is played: 2 set-up cards + 16 from hands fill the display."""
    m = shoal.new_match("museum", 2, seed=21)
    rng = Rng(3)
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, rng.choice(m.legal_actions(seat)))
    t = m.view(None)["table"]
    assert len(t["cards"]) == 18 and t["deck"] == 0 and t["hand_sizes"] == [0, 0]
    assert {c["card"]["id"] for c in t["cards"]} == set(range(18))
    occ = t["occupied"]
    assert occ["max_x"] - occ["min_x"] < 5 and occ["max_y"] - occ["min_y"] < 5


def test_from_the_deal_the_facing_is_always_forced():
    """docs/rulings.md, museum (observation): face-up cards sit on one colour of a checkerboard and face-down cards on
    the other, and a card is revealed only once all four neighbours are filled, so an empty square never touches both
    kinds: the placer's choice (RULINGS museum 3) arises only in positions built by hand, as in
    test_next_to_both_the_placer_chooses_the_facing."""
    for seed in range(20):
        m = shoal.new_match("museum", 2, seed=seed)
        rng = Rng(seed, 5)
        while not m.is_over():
            seat = m.to_act()[0]
            legal = m.legal_actions(seat)
            places = [(a["card"], a["x"], a["y"]) for a in legal if a["type"] == "place"]
            assert len(places) == len(set(places)), "one facing per card and square"
            m.play(seat, rng.choice(legal))


def test_a_player_must_place_a_card_every_turn():
    """Rulebook: "On each turn, the active player must take two actions in order. - Place a card ... - Draw a card":
    no turn may be passed, and a player holding cards always has somewhere to place one."""
    for seed in range(10):
        m = shoal.new_match("museum", 2, seed=seed)
        rng = Rng(seed, 9)
        while not m.is_over():
            seat = m.to_act()[0]
            legal = m.legal_actions(seat)
            if m.view(seat)["table"]["phase"] == "place":
                assert legal and all(a["type"] == "place" for a in legal)
            m.play(seat, rng.choice(legal))


def test_no_face_down_card_is_ever_left_surrounded():
    """Rulebook: "If a facedown card is ever surrounded on all four sides by faceup cards, then the card is flipped
    faceup". After every move no face-down card has four face-up neighbours (one pass of reveals suffices: a card
    that turns face up had only face-up neighbours, so it completes no other face-down card's ring)."""
    from shoal.games.museum.grid import surrounded

    for seed in range(10):
        m = shoal.new_match("museum", 2, seed=seed)
        rng = Rng(seed, 11)
        while not m.is_over():
            seat = m.to_act()[0]
            m.play(seat, rng.choice(m.legal_actions(seat)))
            assert surrounded(m.state.face_up) == []
    m = at("W3W1/w4 L1,L2,L3,W5 T8,T7,T6,W6 - 0")  # a hand-built position where facings may be chosen
    rng = Rng(4)
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, rng.choice(m.legal_actions(seat)))
        assert m.is_over() or surrounded(m.state.face_up) == []
