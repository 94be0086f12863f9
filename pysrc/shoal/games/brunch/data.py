"""Every table of Aqua Brunch in one place: the predator deck, the food cards, the Aqua cards, the seat colours.

Card ids and counts follow RULINGS.md (Aqua Brunch 1). No value here is a placeholder: the rulebook prints them all.
"""

from __future__ import annotations

ROUNDS = 6
HAND_SIZE = 3
FACE_UP = 2  # of the 3 dealt cards, the first two are dealt face up (public until the first pass)

# Predator kinds: id -> how many copies are in the deck.
PREDATOR_COUNTS: dict[str, int] = {
    "orca8": 4,
    "orca5": 6,
    "baby": 5,
    "octopus": 6,
    "walrus": 14,
    "shark575": 8,
    "shark626": 7,
    "shark717": 5,
}
PREDATORS: list[str] = list(PREDATOR_COUNTS)

# An adult orca's printed strength.
ORCA_VALUE: dict[str, int] = {"orca8": 8, "orca5": 5}

# A shark's strength when it is the only shark / one of two / one of three sharks in hand.
SHARK_VALUES: dict[str, tuple[int, int, int]] = {
    "shark575": (5, 3, 5),
    "shark626": (6, 2, 6),
    "shark717": (7, 1, 7),
}

BABY_ALONE = 2  # a baby orca with no adult orca beside it
WALRUS_VALUES = (2, 4, 6)  # each walrus, by the number of walruses in hand

PREDATOR_NAMES: dict[str, str] = {
    "orca8": "Orca 8",
    "orca5": "Orca 5",
    "baby": "Baby orca",
    "octopus": "Octopus",
    "walrus": "Walrus",
    "shark575": "Shark 5/3/5",
    "shark626": "Shark 6/2/6",
    "shark717": "Shark 7/1/7",
}

# Food: every colour has one card of each of these values. value -> name.
FOOD_NAMES: dict[int, str] = {
    -1: "jellyfish",
    0: "fishbone",
    2: "lobster",
    3: "crab",
    4: "clownfish",
    5: "pufferfish",
    7: "perch",
}
FOOD_VALUES: list[int] = sorted(FOOD_NAMES)

# Seat s plays food of colour COLOURS[s]. The rulebook does not name its colours; these follow the seat colours of
# the web page (web/app.js), so a seat's chip and its food cards look alike.
COLOURS: list[str] = ["red", "blue", "green", "purple", "yellow", "teal", "pink"]

AQUA_VALUES: list[int] = [0, -1, -2, -4]


def predator_deck() -> list[str]:
    """The 55 predator cards, unshuffled."""
    return [kind for kind, n in PREDATOR_COUNTS.items() for _ in range(n)]
