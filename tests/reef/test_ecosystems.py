"""Each Ecosystem 1–18 scored on a position built by hand (Small Animals at chosen Habitat spots, see H())."""

from __future__ import annotations

import pytest

from shoal.games.reef.notation import parse_board
from shoal.games.reef.scoring import find_reefs

from .helpers import H, animals, eco_points

# A little cluster: two crabs side by side, a turtle touching both, a seahorse touching one crab, a far starfish.
CLUSTER = {H(0, 0): "crab", H(1, 0): "crab", H(0, 1): "turtle", H(-1, 0): "seahorse", H(5, 5): "starfish"}


def with_large(board, *animals_points):
    for animal, points in animals_points:
        board.large.append((animal, points, ()))
    return board


def test_ecosystem_1_native_scores_per_neighbour_of_any_species():
    """Ecosystem 1: "For every native Small Animal you have, score 1 point per Small Animal adjacent to it (any
    color, including its own)." Crab (0,0) touches crab, turtle, seahorse; crab (1,0) touches crab, turtle."""
    b = animals(CLUSTER)
    assert eco_points(1, "crab", [b]) == 3 + 2
    assert eco_points(1, "turtle", [b]) == 2
    assert eco_points(1, "starfish", [b]) == 0
    assert eco_points(1, "jellyfish", [b]) == 0


@pytest.mark.parametrize(
    "number,shape_animals,per",
    [
        (2, ("barracuda", "moray_eel"), 2),
        (3, ("dolphin", "dugong"), 3),
        (4, ("manta_ray", "octopus"), 3),
        (5, ("hammerhead", "blacktip"), 3),
        (6, ("humpback", "whale_shark"), 4),
    ],
)
def test_ecosystems_2_to_6_large_animal_of_a_shape_times_natives(number, shape_animals, per):
    """Ecosystems 2–6: "For each <Large Animal> you have, score <n> points for every native Small Animal you have";
    both sides of the shape count."""
    b = with_large(
        animals(CLUSTER), (shape_animals[0], 5), (shape_animals[1], 4), ("barracuda" if number != 2 else "humpback", 3)
    )
    assert eco_points(number, "crab", [b]) == per * 2 * 2
    assert eco_points(number, "turtle", [b]) == per * 2 * 1
    assert eco_points(number, "jellyfish", [b]) == 0
    assert eco_points(number, "crab", [animals(CLUSTER)]) == 0


@pytest.mark.parametrize(
    "number,species",
    [
        (7, "crab"),
        (8, "jellyfish"),
        (9, "clownfish"),
        (10, "starfish"),
        (11, "turtle"),
        (12, "seahorse"),
    ],
)
def test_ecosystems_7_to_12_species_scores_per_native_next_to_it(number, species):
    """Ecosystems 7–12: "For each <species> you have, score 3 points for every native Small Animal adjacent to it."
    The printed species sits at (0, 0) with two natives and one stranger round it; a far one touches nothing."""
    native = "turtle" if species != "turtle" else "crab"
    stranger = "seahorse" if species != "seahorse" else "starfish"
    b = animals({H(0, 0): species, H(1, 0): native, H(0, 1): native, H(-1, 0): stranger, H(6, 6): species})
    assert eco_points(number, native, [b]) == 3 * 2
    assert eco_points(number, stranger, [b]) == 3 * 1


def test_ecosystems_7_to_12_count_a_pair_of_natives_from_each_side():
    """RULINGS 9: "Ecosystems 7–12 count each pair of adjacent animals from each side." Two adjacent crabs with
    Ecosystem 7 native to crabs: each crab has one native neighbour."""
    b = animals({H(0, 0): "crab", H(1, 0): "crab"})
    assert eco_points(7, "crab", [b]) == 3 * 2


def test_ecosystem_13_reef_scores_per_native_next_to_it():
    """Ecosystem 13: "For each Reef you have, score 3 points for every native Small Animal adjacent to it." Built
    with tiles: four red corals make one Reef, and two yellow Habitats each touch it along an edge."""
    b = parse_board("P H- 0,0:RRY@0 1,0:RRY@3 -1,0:YGB@0 0,-1:YBG@2 2,0:YPK@3 1,1:YKP@5")
    assert sorted(b.habitats.values()) == ["clownfish", "clownfish"]
    reefs = find_reefs(b)
    assert [(r.colour, len(r.corals), len(r.animals)) for r in reefs] == [("R", 4, 2)]
    assert eco_points(13, "clownfish", [b]) == 3 * 2
    assert eco_points(13, "crab", [b]) == 0


def test_ecosystem_14_most_and_next_most_natives_among_players():
    """Ecosystem 14: most natives 7, second most 3, at least one needed; RULINGS 9: ties for most all score 7 and
    the next count below scores 3."""

    def crabs(n):
        return animals({H(i, 0): "crab" for i in range(n)})

    boards = [crabs(3), crabs(3), crabs(2), crabs(0)]
    assert [eco_points(14, "crab", boards, seat) for seat in range(4)] == [7, 7, 3, 0]
    boards = [crabs(1), crabs(0), crabs(2)]
    assert [eco_points(14, "crab", boards, seat) for seat in range(3)] == [3, 0, 7]
    boards = [crabs(0), crabs(0)]
    assert [eco_points(14, "crab", boards, seat) for seat in range(2)] == [0, 0]


def test_ecosystem_14_solo_compares_your_own_species():
    """Ecosystem 14, solo: "Score 7/3 points if this is the Small Animal you have the most/second most of among all
    your Small Animals." Three crabs, three turtles, one seahorse."""
    spec = {
        H(0, 0): "crab",
        H(1, 0): "crab",
        H(2, 0): "crab",
        H(0, 2): "turtle",
        H(1, 2): "turtle",
        H(2, 2): "turtle",
        H(0, 4): "seahorse",
    }
    b = animals(spec)
    assert eco_points(14, "crab", [b]) == 7
    assert eco_points(14, "turtle", [b]) == 7
    assert eco_points(14, "seahorse", [b]) == 3
    assert eco_points(14, "starfish", [b]) == 0


def test_ecosystem_15_native_next_to_the_neighbouring_ecosystems_natives():
    """Ecosystem 15: "For every native Small Animal, score 2 points per Small Animal adjacent to it, that is native
    to the Ecosystems immediately to the left and right"; RULINGS 9: at either end it has one neighbour."""
    b = animals({H(0, 0): "crab", H(1, 0): "turtle", H(0, 1): "seahorse", H(-1, 0): "starfish", H(0, -1): "turtle"})
    line = [(1, "turtle"), (15, "crab"), (2, "seahorse"), (3, "starfish")]
    assert eco_points(15, "crab", [b], line=line, slot=1) == 2 * 3
    at_end = [(15, "crab"), (1, "turtle"), (2, "seahorse")]
    assert eco_points(15, "crab", [b], line=at_end, slot=0) == 2 * 2
    at_right_end = [(2, "seahorse"), (1, "starfish"), (15, "crab")]
    assert eco_points(15, "crab", [b], line=at_right_end, slot=2) == 2 * 1


def test_ecosystem_16_three_or_more_natives_score_seven():
    """Ecosystem 16: "If you have 3 or more of the native Small Animal, score 7 points." (once)"""
    assert eco_points(16, "crab", [animals({H(i, 0): "crab" for i in range(2)})]) == 0
    assert eco_points(16, "crab", [animals({H(i, 0): "crab" for i in range(3)})]) == 7
    assert eco_points(16, "crab", [animals({H(i, 0): "crab" for i in range(6)})]) == 7


def test_ecosystem_17_four_per_native():
    """Ecosystem 17: "For every native Small Animal you have, score 4 points." (Its Large Animal rule: test_large.)"""
    assert eco_points(17, "turtle", [animals(CLUSTER)]) == 4
    assert eco_points(17, "crab", [animals(CLUSTER)]) == 8


def test_ecosystem_18_one_per_native():
    """Ecosystem 18: "For every native Small Animal you have, score 1 point." (Its Large Animal rule: test_large.)"""
    assert eco_points(18, "crab", [animals(CLUSTER)]) == 2
    assert eco_points(18, "jellyfish", [animals(CLUSTER)]) == 0


def test_two_copies_of_one_ecosystem_score_each_for_its_own_native():
    """RULINGS 8: tiles 13–18 come in two copies; each copy scores for the native above it."""
    b = animals(CLUSTER)
    line = [(16, "crab"), (16, "turtle"), (17, "crab"), (17, "turtle")]
    assert [eco_points(0, "", [b], line=line, slot=i) for i in range(4)] == [0, 0, 8, 4]
