"""Phase 1: the deal, the Lunch window, the Aqua poll and the passes (RULINGS.md, Aqua Brunch 1 and 3–6)."""

from __future__ import annotations

from collections import Counter

import pytest

from shoal.core import IllegalAction
from shoal.games.brunch.data import AQUA_VALUES, FOOD_VALUES, PREDATOR_COUNTS

from .helpers import everyone, keep_passing, new, only_caller, pass_first, to_food


def all_predators(match) -> Counter:
    s = match.state
    return Counter(s.deck + s.discard + [c for h in s.hands for c in h])


def test_components_match_the_card_ids_of_the_rulings():
    """RULINGS 1: "`orca8` ×4, `orca5` ×6, `baby` ×5, `octopus` ×6, `walrus` ×14, `shark575` ×8, `shark626` ×7,
    `shark717` ×5 ... Food values -1, 0, 2, 3, 4, 5, 7 in each of 7 colours. Aqua cards 0, -1, -2, -4."""
    m = new(7)
    assert all_predators(m) == Counter(PREDATOR_COUNTS) and sum(PREDATOR_COUNTS.values()) == 55
    assert [seat["food_left"] for seat in m.view(None)["table"]["seats"]] == [FOOD_VALUES] * 7
    assert FOOD_VALUES == [-1, 0, 2, 3, 4, 5, 7]
    assert sorted(m.state.aqua_stack) == sorted(AQUA_VALUES) == [-4, -2, -1, 0]


def test_setup_shuffles_the_predator_deck_and_the_aqua_cards_with_the_match_rng():
    """Setup: "Shuffle the aqua cards and place them face down in a stack ... Shuffle the predator cards and form the
    predator deck." The shuffles come from the match's seeded RNG: the same seed deals the same, others differ."""

    def first_deal(seed):
        m = new(4, seed)
        return [list(h) for h in m.state.hands] + [list(m.state.deck)], list(m.state.aqua_stack)

    assert first_deal(3) == first_deal(3)
    deals = [first_deal(seed) for seed in range(12)]
    assert len({repr(d) for d, _ in deals}) == 12, "every seed deals other predators"
    assert len({tuple(a) for _, a in deals}) > 4, "the Aqua stack comes in many orders"


@pytest.mark.parametrize("players", [3, 7])
def test_deal_gives_three_cards_two_public_until_the_first_pass(players):
    """RULINGS 3: "3 cards each, 2 face up (public: every seat's view shows them until the first pass) and 1 face
    down"."""
    m = new(players, seed=5)
    up = [h[:2] for h in m.state.hands]
    for viewer in [None, *range(players)]:
        table = m.view(viewer)["table"]
        assert table["up_cards"] == up
        assert all(seat["cards"] == 3 for seat in table["seats"])
    assert m.view(1)["table"]["hand"] == m.state.hands[1]
    keep_passing(m)
    assert m.view(None)["table"]["up_cards"] == up, "still public in the pass phase"
    pass_first(m)
    assert all(m.view(v)["table"]["up_cards"] is None for v in [None, *range(players)])


def test_up_cards_stay_public_when_lunch_ends_phase_one_without_a_pass():
    """RULINGS 3 shows the up-cards "until the first pass"; with no pass at all they stay public to the reveal."""
    m = new(4, seed=2)
    up = [h[:2] for h in m.state.hands]
    to_food(m, caller=1)
    assert m.view(3)["table"]["up_cards"] == up


def test_lunch_window_after_the_deal_asks_every_seat_at_once_and_hides_choices():
    """RULINGS 4: "right after the deal and after every completed pass, every seat decides at once: "Lunch" or
    "keep passing"". Until all have decided, another seat sees only that a seat has decided."""
    m = new(5, seed=1)
    assert m.to_act() == [0, 1, 2, 3, 4]
    assert m.legal_actions(2) == [{"type": "lunch"}, {"type": "keep_passing"}]
    m.play(3, {"type": "lunch"})
    assert m.to_act() == [0, 1, 2, 4]
    for viewer in (None, 0, 4):
        table = m.view(viewer)["table"]
        assert table["chosen"] == [3] and table["my_choice"] is None
        assert "Lunch" not in " ".join(m.view(viewer)["log"][-1:])
    assert m.view(3)["table"]["my_choice"] == "lunch"
    everyone(m, lambda s: {"type": "keep_passing"})
    assert m.state.phase == "aqua" and m.state.caller == 3


def test_after_every_pass_comes_a_lunch_window():
    """RULINGS 4: the Lunch window comes "after every completed pass"."""
    m = new(3, seed=4)
    for passes in range(1, 4):
        keep_passing(m)
        assert m.state.phase == "pass" and m.to_act() == [0, 1, 2]
        pass_first(m)
        assert m.state.phase == "lunch" and m.to_act() == [0, 1, 2] and m.state.passes == passes


def test_several_callers_the_rng_picks_who_touched_first():
    """RULINGS 4: "If several call Lunch together, the RNG picks who touched the card first"."""
    winners = set()
    for seed in range(40):
        m = new(5, seed=seed)
        everyone(m, lambda s: {"type": "lunch"} if s in (1, 3, 4) else {"type": "keep_passing"})
        assert m.state.caller in (1, 3, 4) and m.state.callers == [1, 3, 4]
        winners.add(m.state.caller)
    assert winners == {1, 3, 4}


def test_result_is_the_same_whatever_order_seats_submit_in():
    """Simultaneous choices resolve only when the last seat submits, by seat, so submission order changes nothing."""

    def run(order):
        m = new(5, seed=9)

        def choice(s):
            return {"type": "lunch"} if s in (0, 2) else {"type": "keep_passing"}

        everyone(m, choice, order)
        while m.state.phase == "aqua":
            m.play(m.to_act()[0], {"type": "agree"})
        everyone(m, lambda s: {"type": "food", "value": [7, 5, 4, 3, 2][s]}, order)
        return m.view(None)["table"], m.view(1)["table"]

    assert run([0, 1, 2, 3, 4]) == run([4, 2, 0, 3, 1]) == run([3, 1, 4, 0, 2])

    def passes(order):
        m = new(4, seed=3)
        keep_passing(m)
        everyone(m, lambda s: {"type": "pass", "card": m.state.hands[s][-1]}, order)
        return [m.view(s)["table"] for s in range(4)]

    assert passes([0, 1, 2, 3]) == passes([3, 2, 1, 0])


def test_aqua_poll_goes_clockwise_from_the_callers_left_and_skips_the_caller():
    """RULINGS 5: "the other seats are asked in clockwise order from the caller's left ... The caller may not answer
    its own call"."""
    m = new(5, seed=0)
    only_caller(m, 3)
    asked = []
    while m.state.phase == "aqua":
        seat = m.to_act()[0]
        asked.append(seat)
        assert m.legal_actions(seat) == [{"type": "aqua"}, {"type": "agree"}]
        m.play(seat, {"type": "agree"})
    assert asked == [4, 0, 1, 2]
    assert m.state.phase == "food", "all agree: phase 1 ends"


def test_first_aqua_takes_the_top_card_and_passing_resumes_at_once():
    """RULINGS 5: "The first who says "Aqua" takes the top Aqua card (only that seat sees its value) and passing
    resumes at once; the rest are not asked"."""
    m = new(5, seed=0)
    only_caller(m, 1)
    m.play(2, {"type": "agree"})
    top = m.state.aqua_stack[-1]
    m.play(3, {"type": "aqua"})
    assert m.state.phase == "pass" and m.to_act() == [0, 1, 2, 3, 4], "seats 4 and 0 are not asked"
    assert m.state.aqua[3] == [top] and len(m.state.aqua_stack) == 3
    assert m.view(3)["table"]["aqua_mine"] == [top]
    assert m.view(3)["table"]["total"] == m.view(3)["table"]["strength"] + top
    for viewer in (None, 0, 1, 2, 4):
        view = m.view(viewer)
        assert view["table"]["seats"][3]["aqua_cards"] == 1
        assert f"Aqua card is {top}" not in " ".join(view["log"])
    assert f"Your Aqua card is {top}." in m.view(3)["log"]
    assert m.view(None)["table"]["calls"][-1]["aqua_by"] == 3


def test_the_caller_may_call_lunch_again_after_an_aqua():
    """Rulebook: "the players continue passing ... until one of the players again says "Lunch!" (including the player
    who said "Lunch!" earlier)"."""
    m = new(3, seed=0)
    only_caller(m, 0)
    m.play(1, {"type": "aqua"})
    pass_first(m)
    to_food(m, caller=0)
    assert m.state.caller == 0 and len(m.view(None)["table"]["calls"]) == 2


def test_no_aqua_card_left_when_lunch_is_called_ends_phase_one():
    """RULINGS 5: "If all agree, or if no Aqua card is left when Lunch is called, phase 1 ends"."""
    m = new(3, seed=8)
    for _ in range(4):
        only_caller(m, 0)
        m.play(1, {"type": "aqua"})
        pass_first(m)
    assert m.state.aqua_stack == [] and sorted(m.state.aqua[1]) == sorted(AQUA_VALUES)
    only_caller(m, 2)
    assert m.state.phase == "food" and m.view(None)["table"]["calls"][-1]["no_aqua_left"] is True


def test_a_seat_that_lost_the_touch_is_still_asked():
    """docs/rulings.md: a seat that called Lunch together with the one who touched first is still asked (RULINGS 5
    asks "the other seats"), and may say Aqua."""
    m = new(4, seed=1)
    everyone(m, lambda s: {"type": "lunch"} if s in (0, 2) else {"type": "keep_passing"})
    caller = m.state.caller
    loser = 2 if caller == 0 else 0
    asked = []
    while m.to_act() != [loser]:
        asked.append(m.to_act()[0])
        m.play(asked[-1], {"type": "agree"})
    assert asked == [(caller + i) % 4 for i in range(1, len(asked) + 1)]
    m.play(loser, {"type": "aqua"})
    assert m.state.phase == "pass" and len(m.state.aqua[loser]) == 1


@pytest.mark.parametrize("players", [3, 6])
def test_a_pass_moves_every_chosen_card_one_seat_left_together(players):
    """RULINGS 6: "every seat picks one card at once; then all cards move to the left together. A seat knows the
    card it gave"."""
    m = new(players, seed=6)
    keep_passing(m)
    before = [list(h) for h in m.state.hands]
    given = [h[1] for h in before]
    everyone(m, lambda s: {"type": "pass", "card": given[s]})
    for seat in range(players):
        right = (seat - 1) % players
        expected = list(before[seat])
        expected.remove(given[seat])
        assert Counter(m.state.hands[seat]) == Counter(expected + [given[right]])
        table = m.view(seat)["table"]
        assert table["passed"] == given[seat] and table["received"] == given[right]
    assert all_predators(m) == Counter(PREDATOR_COUNTS)


def test_pass_offers_each_kind_in_hand_once():
    m = new(3, seed=0)
    keep_passing(m)
    m.state.hands[0] = ["walrus", "walrus", "baby"]
    assert m.legal_actions(0) == [{"type": "pass", "card": "walrus"}, {"type": "pass", "card": "baby"}]
    with pytest.raises(IllegalAction, match="'card'"):
        m.play(0, {"type": "pass", "card": "orca8"})


def test_keeps_shows_what_the_two_remaining_cards_are_worth():
    """The view's ``keeps`` lets a player see the cost of each pass without computing a rule."""
    m = new(3, seed=0)
    keep_passing(m)
    m.state.hands[0] = ["walrus", "walrus", "shark717"]
    assert m.view(0)["table"]["keeps"] == [["walrus", 2 + 7], ["shark717", 8]]
