"""Aquarena's printed components as plain tables: the ten predator cards, the pond tiles and the point values.

One place to edit when the printed values are known. Tile capacities are a **placeholder** reconstruction
(RULINGS.md, Aquarena 2): only their total, 21 flies, is certain.
"""

from __future__ import annotations

ROUNDS = 4
HAND_SIZE = 3
DRAW_PER_TURN = 2
PLACEMENTS_PER_ROUND = 4
FACE_UP_PLACEMENTS = 2  # a seat's 1st and 2nd placements of a round are face up, the 3rd and 4th face down
TOTAL_FLIES = 21

# Fly capacity of each of the 7 pond tiles (PLACEHOLDER: reconstructed, the printed values are unknown; total 21).
POND_TILES: list[int] = [2, 2, 3, 3, 3, 4, 4]

FISH, AMPHIBIAN, INSECT = "fish", "amphibian", "insect"

# number -> (name, prey family or None, short effect text in our own words)
CARDS: dict[int, tuple[str, str | None, str]] = {
    1: ("Fish Hook", None, "Catches 1 fish. Two or more hooks on a tile tangle: none catches anything."),
    2: ("Heron", None, "Eats up to 2 amphibians (never a Newt). Two or more herons on a tile fly away."),
    3: ("Pike", FISH, "Eats 1 amphibian; if there is none, up to 2 insects."),
    4: ("Frog", AMPHIBIAN, "Eats 1 insect."),
    5: ("Toad", AMPHIBIAN, "Eats up to 2 insects."),
    6: (
        "Dragonfly",
        INSECT,
        "Eats 1 insect (a fly or another Dragonfly), then moves a fly from its tile to another "
        "Water tile that has room.",
    ),
    7: ("Newt", AMPHIBIAN, "Eats 1 insect. Herons cannot eat it."),
    8: ("Salamander", AMPHIBIAN, "Eats 1 insect from any Water tile: a fly, or a face-up Dragonfly not yet resolved."),
    9: ("Carp", FISH, "Eats up to 3 insects."),
    10: ("Spider Web", None, "Catches 1 insect."),
}
NUMBERS: list[int] = sorted(CARDS)

FISH_HOOK, HERON, PIKE, FROG, TOAD, DRAGONFLY, NEWT, SALAMANDER, CARP, SPIDER_WEB = NUMBERS

# Points for one caught thing, by prey family ("fly" for a fly token); prey of one's own colour scores 0.
POINTS: dict[str, int] = {"fly": 1, INSECT: 1, AMPHIBIAN: 2, FISH: 3}


def name(number: int) -> str:
    return CARDS[number][0]


def family(number: int) -> str | None:
    """The prey family a card belongs to, or None for cards no predator can eat."""
    return CARDS[number][1]
