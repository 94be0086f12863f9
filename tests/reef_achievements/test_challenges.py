"""Challenges 1–25: each on a finished position built to meet it and one built to miss it.

Rulebook: "after you finish a game, check if you completed any of the Challenges. If you complete multiple Challenges
in a single game, you choose one of them." RULINGS "AQUA achievements" settles 14, 17, 20 and 25.
"""

from __future__ import annotations

import pytest

from shoal.games.reef.achievements.checks import large_touch
from shoal.games.reef.achievements.tables import CHALLENGES

from .build import H, achievements, board, chain, challenge, field, merge, pad, row, star

CORE = [[1, "crab"], [2, "clownfish"], [3, "turtle"], [4, "seahorse"], [5, "starfish"], [6, "jellyfish"]]


def met(number: int, *boards, seat: int = 0, **kw) -> bool:
    result = achievements(*boards, **kw)[seat]
    c = challenge(result, number)
    assert c["reason"], "every check says why"
    assert (c["id"] in result["choose_one"]) == c["completed"]
    return c["completed"]


def to_entry(large):
    animal, points, cells = large
    return (animal, points, tuple(tuple(H(*c)) for c in cells))


def total_board(points: int):
    """A board scoring exactly ``points`` (no Ecosystems): Large Animals and crabs (1 point each)."""
    return board(row(*["crab"] * (points % 12)), pad(points - points % 12))


@pytest.mark.parametrize("number,points", [(1, 70), (2, 80), (3, 90), (4, 100)])
def test_challenges_1_to_4_score_70_80_90_100_points(number, points):
    """1–4: "Score 70+ / 80+ / 90+ / 100+ points"."""
    assert CHALLENGES[number].text == f"Score {points}+ points"
    assert met(number, total_board(points))
    assert not met(number, total_board(points - 1))


def test_challenge_5_score_all_six_ecosystems():
    """5: "Score all six Ecosystems" — core line: the crab touches an animal (1), and every shape of Large Animal
    multiplies its native (2–6). Without a whale Ecosystem 6 gives nothing."""
    animals = {**chain("crab", "clownfish"), **row("turtle", "seahorse", "starfish", "jellyfish", start=4)}
    shapes = [("barracuda", 5, []), ("dolphin", 8, []), ("manta_ray", 9, []), ("hammerhead", 8, [])]
    assert met(5, board(animals, shapes + [("humpback", 12, [])]), ecosystems=CORE)
    assert not met(5, board(animals, shapes), ecosystems=CORE)
    assert not met(5, board(animals, shapes + [("humpback", 12, [])]), variant="family"), "no Ecosystems, none scored"


@pytest.mark.parametrize("number,points", [(6, 30), (7, 35)])
def test_challenges_6_and_7_points_from_large_animals(number, points):
    """6, 7: "Score 30+ / 35+ points from Large Animals"."""
    stacks = {
        30: [("humpback", 12), ("whale_shark", 10), ("humpback", 8)],
        35: [("humpback", 12), ("manta_ray", 9), ("dolphin", 8), ("hammerhead", 6)],
    }
    large = [(a, p, []) for a, p in stacks[points]]
    assert met(number, board(large=large))
    animal, points_last, _ = large[-1]
    assert not met(number, board(large=large[:-1] + [(animal, points_last - 1, [])]))


@pytest.mark.parametrize("number,points", [(8, 25), (9, 30)])
def test_challenges_8_and_9_points_from_small_animals(number, points):
    """8, 9: "Score 25+ / 30+ points from Small Animals" (jellyfish 3, crab 1)."""

    def small(n):
        return board(row(*["jellyfish"] * (n // 3) + ["crab"] * (n % 3)))

    assert met(number, small(points))
    assert not met(number, small(points - 1))
    assert not met(number, board(row("crab"), pad(points))), "Large Animal points do not count"


@pytest.mark.parametrize("number,points", [(10, 25), (11, 30)])
def test_challenges_10_and_11_points_from_reefs(number, points):
    """10, 11: "Score 25+ / 30+ points from Reefs": one Reef touching n jellyfish scores 3n."""
    enough = -(-points // 3)
    assert met(number, field(*["jellyfish"] * enough))
    assert not met(number, field(*["jellyfish"] * (enough - 1)))
    assert not met(number, field(*["jellyfish"] * enough), variant="family"), "Family scores no Reefs"


def test_challenge_12_win_by_10_points_not_solo():
    """12: "Win a game by 10+ points (not solo)"."""
    assert met(12, board(row(*["jellyfish"] * 4)), board(row("turtle")))  # 12 to 2
    assert not met(12, board(row(*["jellyfish"] * 4)), board(row("jellyfish")))  # 12 to 3: by 9
    assert not met(12, board(row("crab")), board(row(*["jellyfish"] * 4)))  # lost
    assert not met(12, board(row(*["jellyfish"] * 10))), "never in solo"


def test_challenge_13_win_by_20_points_not_solo():
    """13: "Win a game by 20+ points (not solo)"."""
    assert met(13, board(row(*["jellyfish"] * 7)), board(row("crab")), board(row())) is True  # 21 to 1
    assert not met(13, board(row(*["jellyfish"] * 7)), board(row("turtle")))  # 21 to 2: by 19
    assert not met(13, board(row(*["jellyfish"] * 10))), "never in solo"


def test_challenge_14_four_different_large_animals_counts_the_side_shown():
    """14: "Have 4+ different Large Animals"; RULINGS: "counts different animals (the side shown), not shapes"."""
    two_sides = [("barracuda", 5, []), ("moray_eel", 4, []), ("dolphin", 8, []), ("dugong", 7, [])]
    assert met(14, board(large=two_sides)), "two shapes, four animals"
    repeated = [("barracuda", 5, []), ("barracuda", 4, []), ("dolphin", 8, []), ("manta_ray", 9, [])]
    assert not met(14, board(large=repeated))


def test_challenge_15_two_humpback_whales_or_whale_sharks():
    """15: "Have 2+ Humpback Whales/Whale Sharks" — either side of the rhombus tile."""
    assert met(15, board(large=[("humpback", 12, []), ("whale_shark", 10, [])]))
    assert not met(15, board(large=[("humpback", 12, []), ("manta_ray", 9, [])]))


def test_challenge_16_win_with_no_large_animals_not_solo():
    """16: "Win with no Large Animals (not solo)"."""
    assert met(16, board(row(*["jellyfish"] * 4)), board(row("crab")))
    assert not met(16, board(row("crab"), [("barracuda", 5, [])]), board(row("crab")))
    assert not met(16, board(row("crab")), board(row("jellyfish"))), "did not win"
    assert not met(16, board(row("crab"))), "never in solo"


def test_challenge_16_a_tie_is_won_by_the_earliest_in_the_final_rounds_order():
    """RULINGS 9: "Ties: the tied player earliest in the final round's turn order wins" — so a tied seat may win."""
    tied = (board(row("jellyfish")), board(row("jellyfish")))
    assert met(16, *tied, seat=1, turn_order=[1, 0])
    assert not met(16, *tied, seat=1, turn_order=[0, 1])


def test_challenge_17_three_large_animals_not_adjacent_to_one_another():
    """17: "Have 3+ Large Animals that are not adjacent to each other"; RULINGS: "counts Large Animals sharing no
    edge with one another" — three pairs with a gap between each; in a chain of touching pairs only the two ends
    are apart."""
    animals = chain(*["crab", "clownfish"] * 4)  # H(0,0) .. H(7,0), each touching the next
    apart = [("barracuda", 5, [(0, 0), (1, 0)]), ("moray_eel", 4, [(3, 0), (4, 0)]), ("barracuda", 3, [(6, 0), (7, 0)])]
    assert met(17, board(animals, apart))
    touching = [
        ("barracuda", 5, [(0, 0), (1, 0)]),
        ("moray_eel", 4, [(2, 0), (3, 0)]),
        ("barracuda", 3, [(4, 0), (5, 0)]),
    ]
    assert not met(17, board(animals, touching))


def test_challenge_17_a_fourth_animal_touching_them_does_not_spoil_three_apart():
    """RULINGS: Challenge 17 counts the Large Animals that share no edge with one another: others may touch them."""
    animals = {**chain(*["crab", "clownfish"] * 4), **chain("turtle", "seahorse", start=1, r=1)}
    apart = [("barracuda", 5, [(0, 0), (1, 0)]), ("moray_eel", 4, [(3, 0), (4, 0)]), ("barracuda", 3, [(6, 0), (7, 0)])]
    bridge = ("moray_eel", 3, [(1, 1), (2, 1)])
    assert [large_touch(to_entry(bridge), to_entry(a)) for a in apart] == [True, True, False], "it touches two"
    assert met(17, board(animals, apart + [bridge]))


def test_challenge_18_four_of_a_single_small_animal():
    """18: "Have 4+ of a single Small Animal"."""
    assert met(18, board(row("turtle", "turtle", "crab", "turtle", "turtle")))
    assert not met(18, board(row("turtle", "turtle", "crab", "crab", "turtle", "crab")))


def test_challenge_19_two_of_each_small_animal():
    """19: "Have 2+ of each Small Animal"."""
    six = ["crab", "clownfish", "turtle", "seahorse", "starfish", "jellyfish"]
    assert met(19, board(row(*six, *six)))
    assert not met(19, board(row(*six, *six[:-1], "crab")))


def test_challenge_20_win_with_the_fewest_small_animals_not_solo():
    """20: "Win with the fewest Small Animals (not solo)"; RULINGS: "met when no other player has fewer Small
    Animals than the winner" (equal counts are fine)."""
    assert met(20, board(row("jellyfish", "jellyfish")), board(row("crab", "crab", "crab")))
    assert met(20, board(row("jellyfish", "jellyfish")), board(row("crab", "crab"))), "equal is fewest"
    assert not met(20, board(row(*["crab"] * 7)), board(row("jellyfish", "jellyfish")))
    assert not met(20, board(row("jellyfish"))), "never in solo"


def test_challenge_21_five_scoring_reefs():
    """21: "Have 5+ scoring Reefs"; RULINGS 10: a Reef "scores" when it gives more than 0 points."""
    assert met(21, star(5))
    assert not met(21, star(4))
    assert not met(21, star(6), modification="6"), "Modification 6: one colour of Reef scores"


def test_challenge_22_a_single_small_animal_adjacent_to_four_reefs():
    """22: "Have a single Small Animal adjacent to 4+ Reefs"."""
    assert met(22, star(4))
    assert not met(22, star(3))


def test_challenge_23_six_small_animals_adjacent_to_the_same_reef():
    """23: "Have 6+ Small Animals adjacent to the same Reef"."""
    assert met(23, field(*["crab"] * 6))
    assert not met(23, field(*["crab"] * 5))
    assert not met(23, merge(field(*["crab"] * 5), star(6, "turtle"))), "six Reefs round one animal are not one"


def test_challenge_24_all_small_animals_adjacent_to_a_reef():
    """24: "Have all Small Animals adjacent to a Reef"."""
    assert met(24, field("crab", "turtle", "jellyfish"))
    assert not met(24, merge(field("crab", "turtle"), board(row("jellyfish"))))
    assert not met(24, board()), "no Small Animal at all: nothing to have adjacent"


def test_challenge_25_three_large_animals_adjacent_to_a_reef():
    """25: "Have 3+ Large Animals adjacent to a Reef"; RULINGS: counts Large Animals "each touching some Reef
    (sharing an edge with one of its corals)". The field's spots 3–4, 5–7... hold pairs."""
    species = ["crab", "clownfish", "turtle", "seahorse", "starfish", "jellyfish", "crab"]
    # Field spots in order: (-3,0) (-3,1) (-3,2) (-2,-1) (-2,0) (-2,1) (-2,2): pairs along them touch each other.
    pairs = [
        ("barracuda", 5, [(-3, 0), (-3, 1)]),
        ("moray_eel", 4, [(-2, -1), (-2, 0)]),
        ("barracuda", 3, [(-2, 1), (-2, 2)]),
    ]
    assert met(25, field(*species, large=pairs))
    away = board(chain("crab", "turtle"), [("moray_eel", 3, [(0, 0), (1, 0)])])
    assert not met(25, merge(field(*species, large=pairs[:2]), away))


def test_every_challenge_is_tested_here():
    """The rulebook's 25 Challenges, each with a test in this file."""
    import inspect
    import sys

    source = inspect.getsource(sys.modules[__name__])
    assert len(CHALLENGES) == 25
    for n in CHALLENGES:
        assert f"met({n}," in source or f"({n}, " in source, n
