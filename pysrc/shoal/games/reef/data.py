"""AQUA's components as plain tables: one place each for tiles, Hot Spots, animals, shapes and Ecosystems.

Values that no public source gives are marked **PLACEHOLDER** (see ``../shared/rules/RULINGS.md``, AQUA section);
the in-app rules say that they are reconstructions. Edit them here and nowhere else.
"""

from __future__ import annotations

from typing import NamedTuple

# --- colours and Small Animals ----------------------------------------------------------------------------------
COLOURS = "RYGBPK"  # red, yellow, green, blue, purple, pink
COLOUR_NAMES = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "purple", "K": "pink"}

# The Small Animal that lives on a Habitat of each colour (RULINGS 2).
SPECIES_OF_COLOUR = {"R": "crab", "Y": "clownfish", "G": "turtle", "B": "seahorse", "P": "starfish", "K": "jellyfish"}
COLOUR_OF_SPECIES = {s: c for c, s in SPECIES_OF_COLOUR.items()}
SPECIES = tuple(SPECIES_OF_COLOUR[c] for c in COLOURS)
SPECIES_NAMES = {
    "crab": "Trapezia crab",
    "clownfish": "Clownfish",
    "turtle": "Green turtle",
    "seahorse": "Long-snouted seahorse",
    "starfish": "Crown-of-thorns starfish",
    "jellyfish": "Box jellyfish",
}
# PLACEHOLDER (RULINGS 6): points printed on each Small Animal.
SMALL_POINTS = {"crab": 1, "clownfish": 1, "turtle": 2, "seahorse": 2, "starfish": 3, "jellyfish": 3}
SMALL_PER_SPECIES = 12  # 72 Small Animal tiles

# --- the 70 Coral tiles (RULINGS 2, a reconstruction) --------------------------------------------------------------
# Each string lists a tile's three corals clockwise; every tile of 2 or 3 colours up to rotation, each once.
TILES: tuple[str, ...] = (
    # two colours (the doubled colour first)
    "RRY",
    "RRG",
    "RRB",
    "RRP",
    "RRK",
    "YYR",
    "YYG",
    "YYB",
    "YYP",
    "YYK",
    "GGR",
    "GGY",
    "GGB",
    "GGP",
    "GGK",
    "BBR",
    "BBY",
    "BBG",
    "BBP",
    "BBK",
    "PPR",
    "PPY",
    "PPG",
    "PPB",
    "PPK",
    "KKR",
    "KKY",
    "KKG",
    "KKB",
    "KKP",
    # three colours, both clockwise orders of each set
    "RYG",
    "RGY",
    "RYB",
    "RBY",
    "RYP",
    "RPY",
    "RYK",
    "RKY",
    "RGB",
    "RBG",
    "RGP",
    "RPG",
    "RGK",
    "RKG",
    "RBP",
    "RPB",
    "RBK",
    "RKB",
    "RPK",
    "RKP",
    "YGB",
    "YBG",
    "YGP",
    "YPG",
    "YGK",
    "YKG",
    "YBP",
    "YPB",
    "YBK",
    "YKB",
    "YPK",
    "YKP",
    "GBP",
    "GPB",
    "GBK",
    "GKB",
    "GPK",
    "GKP",
    "BPK",
    "BKP",
)

# --- Hot Spots (RULINGS 3) ----------------------------------------------------------------------------------------
# PLACEHOLDER colour orders: the six outer corals clockwise, starting from the west cell's first coral. A Hot Spot
# covers cells (0, 0), (1, -1), (1, 0) round one vertex; see ``board.hot_spot_tiles`` for where each coral goes.
HOT_SPOTS: tuple[str, ...] = ("RYGBPK", "RGYPBK", "RBPYGK", "RPBGYK")


# --- Large Animals (RULINGS 7) ------------------------------------------------------------------------------------
class LargeShape(NamedTuple):
    id: str
    label: str
    cells: tuple[tuple[int, int], ...]  # axial offsets of the polyhex in one orientation
    animals: tuple[str, str]  # the two sides of each tile
    points: tuple[int, ...]  # the stack, top first; the shark icon is on the last


# PLACEHOLDER shapes and points.
LARGE_SHAPES: tuple[LargeShape, ...] = (
    LargeShape("pair", "2 in a line", ((0, 0), (1, 0)), ("barracuda", "moray_eel"), (5, 4, 3)),
    LargeShape("line", "3 in a line", ((0, 0), (1, 0), (2, 0)), ("dolphin", "dugong"), (8, 7, 6)),
    LargeShape("triangle", "3 in a triangle", ((0, 0), (1, 0), (0, 1)), ("manta_ray", "octopus"), (9, 8, 7)),
    LargeShape("bend", "3 in a 120° bend", ((0, 0), (1, 0), (2, -1)), ("hammerhead", "blacktip"), (8, 7, 6)),
    LargeShape("rhombus", "4 in a rhombus", ((0, 0), (1, 0), (0, 1), (1, 1)), ("humpback", "whale_shark"), (12, 10, 8)),
)
SHAPES = {s.id: s for s in LARGE_SHAPES}
SHAPE_OF_ANIMAL = {a: s.id for s in LARGE_SHAPES for a in s.animals}
LARGE_NAMES = {
    "barracuda": "Barracuda",
    "moray_eel": "Moray eel",
    "dolphin": "Bottlenose dolphin",
    "dugong": "Dugong",
    "manta_ray": "Manta ray",
    "octopus": "Reef octopus",
    "hammerhead": "Hammerhead shark",
    "blacktip": "Blacktip reef shark",
    "humpback": "Humpback whale",
    "whale_shark": "Whale shark",
}


# --- Ecosystems (RULINGS 8) ---------------------------------------------------------------------------------------
class Ecosystem(NamedTuple):
    number: int
    kind: str  # which scoring rule (see ecosystems.py)
    subject: str | None  # the Large Animal shape or the Small Animal species the rule counts, if any
    points: int  # the number printed in the rule
    copies: int  # tiles in the box
    local: bool  # Local (needs adjacency) or Global
    text: str  # the criterion, in our own words


ECOSYSTEMS: dict[int, Ecosystem] = {
    e.number: e
    for e in (
        Ecosystem(
            1,
            "native_neighbours",
            None,
            1,
            1,
            True,
            "Each native Small Animal scores 1 per Small Animal next to it, of any species.",
        ),
        Ecosystem(
            2, "large_times_native", "pair", 2, 1, False, "Each Barracuda/Moray eel scores 2 per native Small Animal."
        ),
        Ecosystem(
            3,
            "large_times_native",
            "line",
            3,
            1,
            False,
            "Each Bottlenose dolphin/Dugong scores 3 per native Small Animal.",
        ),
        Ecosystem(
            4,
            "large_times_native",
            "triangle",
            3,
            1,
            False,
            "Each Manta ray/Reef octopus scores 3 per native Small Animal.",
        ),
        Ecosystem(
            5,
            "large_times_native",
            "bend",
            3,
            1,
            False,
            "Each Hammerhead/Blacktip reef shark scores 3 per native Small Animal.",
        ),
        Ecosystem(
            6,
            "large_times_native",
            "rhombus",
            4,
            1,
            False,
            "Each Humpback whale/Whale shark scores 4 per native Small Animal.",
        ),
        Ecosystem(
            7,
            "species_next_to_native",
            "crab",
            3,
            1,
            True,
            "Each Trapezia crab scores 3 per native Small Animal next to it.",
        ),
        Ecosystem(
            8,
            "species_next_to_native",
            "jellyfish",
            3,
            1,
            True,
            "Each Box jellyfish scores 3 per native Small Animal next to it.",
        ),
        Ecosystem(
            9,
            "species_next_to_native",
            "clownfish",
            3,
            1,
            True,
            "Each Clownfish scores 3 per native Small Animal next to it.",
        ),
        Ecosystem(
            10,
            "species_next_to_native",
            "starfish",
            3,
            1,
            True,
            "Each Crown-of-thorns starfish scores 3 per native Small Animal next to it.",
        ),
        Ecosystem(
            11,
            "species_next_to_native",
            "turtle",
            3,
            1,
            True,
            "Each Green turtle scores 3 per native Small Animal next to it.",
        ),
        Ecosystem(
            12,
            "species_next_to_native",
            "seahorse",
            3,
            1,
            True,
            "Each Long-snouted seahorse scores 3 per native Small Animal next to it.",
        ),
        Ecosystem(13, "reef_native", None, 3, 2, True, "Each Reef scores 3 per native Small Animal next to it."),
        Ecosystem(
            14,
            "majority",
            None,
            7,
            2,
            False,
            "Most native Small Animals of all players: 7; the next count below: 3 (at least one needed). Solo: 7 if "
            "the native is the species you have most of, 3 if next most.",
        ),
        Ecosystem(
            15,
            "native_next_to_neighbours",
            None,
            2,
            2,
            True,
            "Each native Small Animal scores 2 per Small Animal next to it that is native to the Ecosystem just "
            "left or right of this one.",
        ),
        Ecosystem(16, "three_natives", None, 7, 2, False, "3 or more native Small Animals: 7."),
        Ecosystem(
            17,
            "native_uncovered",
            None,
            4,
            2,
            False,
            "Each native Small Animal scores 4; no Large Animal may be placed on a native Small Animal.",
        ),
        Ecosystem(
            18,
            "native_crowd",
            None,
            1,
            2,
            False,
            "Each native Small Animal scores 1; a Large Animal may cover several native Small Animals "
            "(biodiversity does not apply to them).",
        ),
    )
}
SECOND_PLACE_POINTS = 3  # Ecosystem 14's second prize
CORE_ECOSYSTEMS = (1, 2, 3, 4, 5, 6)
ALL_ECOSYSTEM_TILES = tuple(n for n in sorted(ECOSYSTEMS) for _ in range(ECOSYSTEMS[n].copies))  # 24 tiles

# --- solo rating (the rulebook's chart) --------------------------------------------------------------------------
SOLO_RATINGS: tuple[tuple[int, str], ...] = (
    (100, "That is satisfying!"),
    (90, "Expert!"),
    (80, "Outstanding!"),
    (70, "Well done!"),
    (60, "A great start!"),
)
