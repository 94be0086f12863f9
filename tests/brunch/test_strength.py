"""``strength()`` on every example of the rulebook, and on each clause of RULINGS.md, Aqua Brunch 2."""

from __future__ import annotations

import pytest

from shoal.games.brunch.strength import card_strengths, hand_distribution, share_below, strength

RULEBOOK_EXAMPLES = [
    # "Walrus + shark (7, 1, 7) + octopus = 2 (one walrus) + 7 (one shark) + 2 (...) = 11."
    (["walrus", "shark717", "octopus"], 11),
    # "Adult orca (5) + walrus + walrus = 5 (adult orca) + 4 + 4 (the strength of each walrus is 4) = 13."
    (["orca5", "walrus", "walrus"], 13),
    # "Shark (7, 1, 7) + shark (5, 3, 5) + octopus = 1 + 3 + 0 (the octopus does not copy the strength of a shark) = 4."
    (["shark717", "shark575", "octopus"], 4),
    # "Adult orca (5) + adult orca (8) + baby orca = 5 + 8 + 5 (...lowest strength of the adult orcas...) = 18."
    (["orca5", "orca8", "baby"], 18),
    # "Adult orca (8) + shark (7, 1, 7) + walrus = 8 + 0 (...shark is 0 when an adult orca is in hand) + 2 = 10."
    (["orca8", "shark717", "walrus"], 10),
    # "Baby orca + shark (7, 1, 7) + octopus = 2 + 7 + 2 (the octopus copies the strength of the baby orca) = 11."
    (["baby", "shark717", "octopus"], 11),
    # "Shark (7, 1, 7) + shark (7, 1, 7) + shark (5, 3, 5) = 7 + 7 + 5 (three sharks ... right is used) = 19."
    (["shark717", "shark717", "shark575"], 19),
    # "Octopus + octopus + shark (5, 3, 5) = 0 + 0 + 5 (one shark, so the value on the left is used) = 5."
    (["octopus", "octopus", "shark575"], 5),
    # "Walrus + walrus + walrus = 6 + 6 + 6 ... = 18."
    (["walrus", "walrus", "walrus"], 18),
]


@pytest.mark.parametrize("cards,expected", RULEBOOK_EXAMPLES)
def test_strength_of_every_rulebook_example(cards, expected):
    """The nine "Examples of Predator Combinations and Their Strength" of the rulebook, in any card order."""
    assert strength(cards) == expected
    assert strength(list(reversed(cards))) == expected
    assert sum(card_strengths(cards)) == expected


def test_andreys_aqua_example():
    """ "Andrey has 3 predators: a walrus, a shark and a baby orca. The strength of his combination is 9 (2 + 5 + 2).
    But during the round he twice said "Aqua!" and drew the cards with values −2 and 0, so ... 7 (9 − 2 − 0)."""
    hand = ["walrus", "shark575", "baby"]
    assert strength(hand) == 9
    assert card_strengths(hand) == [2, 5, 2]
    assert strength(hand, aqua=[-2, 0]) == 7


def test_adult_orca_zeroes_every_shark():
    """RULINGS 2: "every shark is 0 if the hand holds an adult orca"."""
    assert card_strengths(["orca5", "shark626", "shark717"]) == [5, 0, 0]


def test_baby_orca_is_two_or_copies_the_lowest_adult_orca():
    """RULINGS 2: "a baby orca is 2, or the lowest adult orca's value if there is one"."""
    assert card_strengths(["baby", "walrus", "walrus"]) == [2, 4, 4]
    assert card_strengths(["baby", "orca8"]) == [8, 8]
    assert card_strengths(["baby", "baby", "orca5"]) == [5, 5, 5]


def test_sharks_use_left_middle_right_value_by_count():
    """RULINGS 2: "sharks take the left/middle/right value by the number of sharks in hand"."""
    assert card_strengths(["shark626", "walrus", "baby"]) == [6, 2, 2]
    assert card_strengths(["shark626", "shark575", "walrus"]) == [2, 3, 2]
    assert card_strengths(["shark626", "shark575", "shark717"]) == [6, 5, 7]


def test_walruses_are_two_four_six_each():
    """RULINGS 2: "walruses are 2/4/6 each by the number of walruses"."""
    assert strength(["walrus", "orca8", "baby"]) == 2 + 8 + 8
    assert strength(["walrus", "walrus", "shark717"]) == 4 + 4 + 7


def test_octopus_copies_the_weakest_non_shark_non_octopus_card_or_is_zero():
    """RULINGS 2: "an octopus copies the lowest strength among the hand's cards that are neither sharks nor
    octopuses, and is 0 if there are none"."""
    assert card_strengths(["octopus", "orca8", "shark717"]) == [8, 8, 0]  # the zeroed shark is not copied
    assert card_strengths(["octopus", "octopus", "octopus"]) == [0, 0, 0]
    assert card_strengths(["octopus", "walrus", "walrus"]) == [4, 4, 4]
    assert card_strengths(["octopus", "orca5", "baby"]) == [5, 5, 5]


def test_unknown_card_is_refused_by_name():
    with pytest.raises(ValueError, match="orca9"):
        strength(["orca9", "walrus", "walrus"])


def test_hand_distribution_is_a_probability_table():
    """The table the heuristic bot ranks hands with: every 3-card hand of the 55-card deck, weighted by its copies."""
    table = hand_distribution()
    assert abs(sum(p for _, p in table) - 1) < 1e-9
    assert min(s for s, _ in table) == 0 and max(s for s, _ in table) == 24  # 3 × Orca 8
    assert share_below(0) < share_below(10) < share_below(25) == 1.0
