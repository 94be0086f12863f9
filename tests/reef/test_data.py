"""The components as data: counts and the reconstruction RULINGS 2, 3, 7 and 8 describe."""

from __future__ import annotations

import itertools
from collections import Counter

from shoal.games.reef import data


def _canonical(colours: str) -> str:
    return min(colours[i:] + colours[:i] for i in range(3))


def test_seventy_tiles_every_two_or_three_colour_tile_once():
    """RULINGS 2: the 70 tiles are every distinct tile of 2 or 3 colours up to rotation (30 + 40), each once."""
    assert len(data.TILES) == 70
    assert len({_canonical(t) for t in data.TILES}) == 70
    every = {_canonical("".join(p)) for p in itertools.product(data.COLOURS, repeat=3) if len(set(p)) >= 2}
    assert {_canonical(t) for t in data.TILES} == every
    assert sum(1 for t in data.TILES if len(set(t)) == 2) == 30
    assert sum(1 for t in data.TILES if len(set(t)) == 3) == 40


def test_every_colour_on_exactly_35_corals():
    """Issue "Must show": the 70 tiles with every colour on exactly 35 corals."""
    counts = Counter("".join(data.TILES))
    assert counts == {c: 35 for c in data.COLOURS}


def test_hot_spots_hold_one_coral_of_each_colour():
    """RULINGS 3: four Hot Spots, the six outer corals one of each colour, differing by colour order."""
    assert len(data.HOT_SPOTS) == 4 and len(set(data.HOT_SPOTS)) == 4
    assert all(sorted(h) == sorted(data.COLOURS) for h in data.HOT_SPOTS)


def test_small_animals_twelve_of_six_species_one_per_colour():
    """Components: 72 Small Animal tiles; RULINGS 2: one species per colour, 12 each."""
    assert data.SMALL_PER_SPECIES * len(data.SPECIES) == 72
    assert set(data.SPECIES_OF_COLOUR) == set(data.COLOURS)
    assert len(set(data.SPECIES_OF_COLOUR.values())) == 6
    assert data.SPECIES_OF_COLOUR["K"] == "jellyfish" and data.SPECIES_OF_COLOUR["R"] == "crab"
    assert set(data.SMALL_POINTS) == set(data.SPECIES)


def test_fifteen_large_animals_five_shapes_of_three():
    """Components: 15 Large Animal tiles; RULINGS 7: five shapes × 3, two animals per shape, stacks top first."""
    assert len(data.LARGE_SHAPES) == 5
    assert sum(len(s.points) for s in data.LARGE_SHAPES) == 15
    for s in data.LARGE_SHAPES:
        assert list(s.points) == sorted(s.points, reverse=True)
        assert len(s.animals) == 2
    assert [len(s.cells) for s in data.LARGE_SHAPES] == [2, 3, 3, 3, 4]


def test_twenty_four_ecosystem_tiles_numbered_1_to_18():
    """RULINGS 8: 1–6 core, 7–12 single advanced tiles, 13–18 the "x2" tiles in two copies each: 24 tiles."""
    assert len(data.ALL_ECOSYSTEM_TILES) == 24
    counts = Counter(data.ALL_ECOSYSTEM_TILES)
    assert all(counts[n] == 1 for n in range(1, 13)) and all(counts[n] == 2 for n in range(13, 19))
    order = [data.ECOSYSTEMS[n].subject for n in range(7, 13)]
    assert order == ["crab", "jellyfish", "clownfish", "starfish", "turtle", "seahorse"]
    assert [data.ECOSYSTEMS[n].subject for n in range(2, 7)] == ["pair", "line", "triangle", "bend", "rhombus"]


def test_the_rulings_tables_are_the_data_tables():
    """RULINGS 2, 3, 6, 7 and 8 word for word: "red trapezia crab, yellow clownfish, green green turtle, blue
    long-snouted seahorse, purple crown-of-thorns starfish, pink box jellyfish"; Hot Spot orders "RYGBPK, RGYPBK,
    RBPYGK, RPBGYK"; Small Animal points "crab 1, clownfish 1, turtle 2, seahorse 2, starfish 3, jellyfish 3"; the
    Large Animal stacks 5/4/3, 8/7/6, 9/8/7, 8/7/6, 12/10/8; Ecosystems 7–12 for crab, jellyfish, clownfish,
    starfish, turtle, seahorse."""
    assert data.SPECIES_OF_COLOUR == {
        "R": "crab",
        "Y": "clownfish",
        "G": "turtle",
        "B": "seahorse",
        "P": "starfish",
        "K": "jellyfish",
    }
    assert data.HOT_SPOTS == ("RYGBPK", "RGYPBK", "RBPYGK", "RPBGYK")
    assert data.SMALL_POINTS == {"crab": 1, "clownfish": 1, "turtle": 2, "seahorse": 2, "starfish": 3, "jellyfish": 3}
    stacks = {s.animals: s.points for s in data.LARGE_SHAPES}
    assert stacks == {
        ("barracuda", "moray_eel"): (5, 4, 3),
        ("dolphin", "dugong"): (8, 7, 6),
        ("manta_ray", "octopus"): (9, 8, 7),
        ("hammerhead", "blacktip"): (8, 7, 6),
        ("humpback", "whale_shark"): (12, 10, 8),
    }
    assert [data.ECOSYSTEMS[n].subject for n in range(7, 13)] == [
        "crab",
        "jellyfish",
        "clownfish",
        "starfish",
        "turtle",
        "seahorse",
    ]


def test_large_animal_shapes_are_the_rulings_polyhexes():
    """RULINGS 7: "2 hexes in a line", "3 in a line", "3 in a triangle", "3 in a 120° bend", "4 in a rhombus"; told
    apart by which cells touch (axial neighbours) and whether three cells lie on one axis."""
    from shoal.games.reef.geometry import AXIAL_STEPS

    def touching(cells):
        return sum(1 for i, a in enumerate(cells) for b in cells[i + 1 :] if (b[0] - a[0], b[1] - a[1]) in AXIAL_STEPS)

    def straight(cells):
        (a, b, c) = sorted(cells)
        return (b[0] - a[0], b[1] - a[1]) == (c[0] - b[0], c[1] - b[1])

    shapes = {s.id: list(s.cells) for s in data.LARGE_SHAPES}
    assert len(shapes["pair"]) == 2 and touching(shapes["pair"]) == 1
    assert touching(shapes["line"]) == 2 and straight(shapes["line"])
    assert touching(shapes["triangle"]) == 3
    assert touching(shapes["bend"]) == 2 and not straight(shapes["bend"])
    assert len(shapes["rhombus"]) == 4 and touching(shapes["rhombus"]) == 5
