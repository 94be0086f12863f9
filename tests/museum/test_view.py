"""What each seat sees: its own hand and face-down cards, never the other's, and running totals that leak nothing."""

from __future__ import annotations

import json

import shoal
from shoal.core import Rng
from shoal.games.museum.data import CARDS

from .helpers import at, card_at, cid, place


def _play_some(seed: int, plies: int):
    m = shoal.new_match("museum", 2, seed=seed)
    rng = Rng(seed, 7)
    for _ in range(plies):
        if m.is_over():
            break
        seat = m.to_act()[0]
        m.play(seat, rng.choice(m.legal_actions(seat)))
    return m


def _unknowable(m, seat):
    """Cards ``seat`` may not know: the deck, the other hand, face-down cards it did not place."""
    st = m.state
    hidden = set(st.deck)
    for other in range(2):
        if other != seat:
            hidden |= set(st.hands[other])
    hidden |= {c for p, c in st.grid.items() if not st.face_up[p] and (seat is None or st.placer[p] != seat)}
    return hidden


def test_no_view_names_a_card_its_seat_may_not_know():
    """Engine contract: a view is "Never anything a seat may not see (other hands, face-down cards it did not place,
    deck order, RNG state)". Checked on every name and code in the whole view, log included."""
    for seed in range(8):
        for plies in (0, 5, 13, 22):
            m = _play_some(seed, plies)
            for seat in (None, 0, 1):
                text = json.dumps(m.view(seat))
                for card in (CARDS[c] for c in _unknowable(m, seat)):
                    assert f'"{card.code}"' not in text and card.name not in text, (seed, plies, seat, card)


def test_a_hidden_card_changes_nothing_the_others_see():
    """Issue brief: running totals "only from face-up/known cards — never leak hidden numbers": two positions that
    differ only in a face-down card give the other seat and a spectator identical views."""
    base = "W6W4/.L5 {0} L1 - 0"
    views = []
    for card in ("L6", "T8"):  # a lily pad 6 or a turtle 8, placed face down at (0, 1) by the row player
        m = at(base.format(card))
        place(m, 0, card, 0, 1, "down")
        views.append((m.view(1), m.view(None)))
    assert views[0] == views[1]


def test_each_seat_sees_its_own_hand_and_only_the_size_of_the_other():
    """Rulebook: each player holds three cards; the view shows "own hand, opponent hand size"."""
    m = shoal.new_match("museum", 2, seed=2)
    for seat in (0, 1):
        t = m.view(seat)["table"]
        assert [c["id"] for c in t["hand"]] == m.state.hands[seat]
        assert t["hand_sizes"] == [3, 3]
    assert m.view(None)["table"]["hand"] is None


def test_the_view_names_the_roles_and_whose_turn_it_is():
    """Brief: "seat 0 is the row player, seat 1 the column player (say so in the view and the rules text)"."""
    m = at("W3w4 L1 L2 - 1")
    t = m.view(0)["table"]
    assert t["roles"] == ["Row player", "Column player"] and t["you"]["scores"] == "rows"
    assert t["turn"] == 1 and t["phase"] == "place"
    assert t["prompt"] == "Waiting for {seat:1} (column player) to place a card."
    assert m.view(1)["table"]["prompt"].startswith("Place a card")


def test_the_prompt_explains_each_token_decision():
    """Rulebook: the placer "may then move the token", then "the other player may move the other token"."""
    m = at("W1w2@1 B7 L2 T8 0")
    place(m, 0, "B7", 2, 0, "up")
    assert "Your boat" in m.view(0)["table"]["prompt"] and "leave it" in m.view(0)["table"]["prompt"]
    assert m.view(0)["table"]["boat"] == {"x": 2, "y": 0, "mover": 0, "step": 1, "reach": 3}
    m.play(0, {"type": "leave_token"})
    assert "other visitor token" in m.view(1)["table"]["prompt"]
    assert m.view(1)["table"]["boat"]["step"] == 2


def test_the_room_is_the_window_a_card_may_still_go_in():
    """RULINGS museum 2: at most 5 columns and 5 rows: the view gives the renderer that window."""
    m = at("W1W2W3/W4 L1 L2 - 0")
    assert m.view(0)["table"]["room"] == {"min_x": -2, "max_x": 4, "min_y": -3, "max_y": 4}
    for a in m.legal_actions(0):
        room = m.view(0)["table"]["room"]
        assert room["min_x"] <= a["x"] <= room["max_x"] and room["min_y"] <= a["y"] <= room["max_y"]


def test_running_totals_count_known_cards_and_flag_lines_with_hidden_ones():
    """Brief: "which lines currently score and their running totals from the viewer's knowledge"; Rulebook: lines of
    10–20 score."""
    m = at("W6W4/L5T8 - - - -")
    assert [ln["status"] for ln in m.view(None)["table"]["lines"]["row"]] == ["scores", "scores"]
    m = at("W6W4/l5@0T8 L1 L2 - 0")
    rows = m.view(1)["table"]["lines"]["row"]
    assert rows[0] == {"coord": 0, "known_total": 10, "hidden": 0, "status": "scores", "points": 2}
    assert rows[1] == {"coord": 1, "known_total": 8, "hidden": 1, "status": "unknown", "points": 0}
    mine = m.view(0)["table"]["lines"]["row"][1]
    assert mine["known_total"] == 13 and mine["hidden"] == 0 and mine["status"] == "scores"
    assert m.view(1)["table"]["running"][0] == 2


def test_running_lily_pad_runs_use_known_lily_pads_only():
    """Rulebook: lily pads score in runs of adjacent lines; a face-down lily pad is not known to the other seat."""
    m = at("L1/l2@0 W1 W2 - 0")
    assert m.view(0)["table"]["lines"]["row_lily"] == [{"coords": [0, 1], "points": 2}]
    assert m.view(1)["table"]["lines"]["row_lily"] == []


def test_the_log_names_face_down_cards_only_to_their_placer():
    """RULINGS museum 3: "A seat knows the face-down cards it placed"."""
    m = at("W3W4 L1 L2 - 0")
    place(m, 0, "L1", 0, 1, "down")
    assert "{seat:0} placed the 1 Lily Pad face down, below the 3 Wave." in m.view(0)["log"]
    assert "{seat:0} placed a card face down, below the 3 Wave." in m.view(1)["log"]
    assert "{seat:0} placed a card face down, below the 3 Wave." in m.view(None)["log"]


def test_the_last_placement_is_public():
    """The table shows what just happened; the last placement's place and facing are public."""
    m = at("W3W4 L1 L2 - 0")
    place(m, 0, "L1", 0, 1, "down")
    assert m.view(1)["table"]["last"] == {"seat": 0, "x": 0, "y": 1, "face": "down", "revealed": []}
    assert card_at(m.view(1), 0, 1)["placer"] == 0


def test_the_other_hand_the_deck_and_the_rng_change_nothing_a_seat_sees():
    """Engine contract: a view never holds "another seat's hand, a face-down card the viewer did not place, deck order,
    or the RNG". Two positions differing only in the column player's hand, the cards it places face down and draws,
    and the RNG seed give the row player (and a spectator) identical views, logs and legal actions, move after move;
    the card the row player itself draws next is the same in both."""
    a = at("W3W4 L1,L2,L3 T8,B7,W5 W6,T7,B5,L4 0", seed=1)
    b = at("W3W4 L1,L2,L3 L6,W2,B6 W6,T6,B5,W1 0", seed=2)
    assert a.view(0) == b.view(0) and a.legal_actions(0) == b.legal_actions(0)
    place(a, 0, "L1", 0, 1, "down")
    place(b, 0, "L1", 0, 1, "down")
    assert a.view(0) == b.view(0) and a.legal_actions(0) == b.legal_actions(0) == []
    place(a, 1, "T8", 1, 1, "down")  # beside the face-up 4 Wave and the face-down 1 Lily Pad: a choice
    place(b, 1, "L6", 1, 1, "down")
    for seat in (0, None):
        assert a.view(seat) == b.view(seat), seat
    assert a.legal_actions(0) == b.legal_actions(0)
    place(a, 0, "L2", -1, 1, "up")  # draws the 5 Boat in both
    place(b, 0, "L2", -1, 1, "up")
    for seat in (0, None):
        assert a.view(seat) == b.view(seat), seat
    assert a.view(1) != b.view(1), "the column player does see its own cards"


def test_a_waiting_seat_has_no_legal_actions():
    """Engine contract: ``legal_actions`` is ``[]`` for a seat not to act, so it cannot list the other's hand."""
    m = at("W3W4 L1,L2 T8,B7 - 0")
    assert m.legal_actions(1) == [] and {a["card"] for a in m.legal_actions(0)} <= {cid("L1"), cid("L2")}


def test_the_prompt_offers_a_facing_choice_only_when_there_is_one():
    """RULINGS museum 3: "next to both → the placer chooses"; a player dealt a real game never meets the choice
    (docs/rulings.md, observation), so the prompt mentions it only when some square offers it."""
    forced = at("W3w4 L1 L2 - 0").view(0)["table"]["prompt"]
    assert forced.startswith("Place a card") and "you choose" not in forced
    assert "face down" in forced and "face up" in forced
    choice = at("W3W1/w4 L1 L2 - 0").view(0)["table"]["prompt"]
    assert "Beside both, you choose" in choice


def test_the_view_counts_the_cards_still_to_place():
    """Rulebook: the game ends "when both players have played every card from their hand": the view says how many
    placements the whole game has (16 from a real deal), so the page need not know the deck."""
    m = shoal.new_match("museum", 2, seed=3)
    assert m.view(0)["table"]["placements_total"] == 16
    seat = m.to_act()[0]
    m.play(seat, m.legal_actions(seat)[0])
    t = m.view(0)["table"]
    assert (t["placements"], t["placements_total"]) == (1, 16)
    assert at("W3W4 L1,L2 T8 W1 0").view(1)["table"]["placements_total"] == 4


def test_the_log_says_where_a_visitor_token_went():
    """RULINGS museum 5: a token goes "to any card at most 3 orthogonal steps" away; the log names the card, or where a
    face-down one lies, without its face."""
    m = at("W1w2@1/.L3 B7 L4 T8 0")
    place(m, 0, "B7", 2, 0, "up")
    m.play(0, {"type": "move_token", "x": 1, "y": 0})
    for seat in (None, 0):
        assert (
            "{seat:0} moved a visitor token from the 7 Boat to the face-down card above the 3 Lily Pad."
            in m.view(seat)["log"]
        )
    m.play(1, {"type": "move_token", "x": 1, "y": 1})
    assert "{seat:1} moved a visitor token from the 7 Boat to the 3 Lily Pad." in m.view(0)["log"]
    assert not any("2 Wave" in line for line in m.view(0)["log"]), "the face-down card stays unnamed"
