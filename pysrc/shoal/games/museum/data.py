"""Every number of the museum game in one place: the deck and the point tables.

The card numbers are **placeholders** (RULINGS.md, museum ruling 1): no public source lists the printed numbers, so
they are a reconstruction (all 1–8 as printed cards are). When the real values turn up, edit ``DECK`` and nothing else.
"""

from __future__ import annotations

from typing import NamedTuple

WAVE, LILY, BOAT, TURTLE = "wave", "lily", "boat", "turtle"
KINDS = (WAVE, LILY, BOAT, TURTLE)
KIND_NAMES = {WAVE: "Wave", LILY: "Lily Pad", BOAT: "Boat", TURTLE: "Sea Turtle"}
KIND_CODES = {WAVE: "W", LILY: "L", BOAT: "B", TURTLE: "T"}
CODE_KINDS = {code: kind for kind, code in KIND_CODES.items()}
# Kinds whose icon forms sets; a sea turtle scores next to waves instead (RULINGS museum 6).
ICON_KINDS = (WAVE, LILY, BOAT)

# The deck, kind by kind, with each card's number. PLACEHOLDER numbers (RULINGS museum 1); the counts are settled:
# 6 waves, 6 lily pads, 3 boats (3 × 2 visitor tokens = the box's 6 tokens), 3 sea turtles.
DECK: dict[str, tuple[int, ...]] = {
    WAVE: (1, 2, 3, 4, 5, 6),  # placeholder numbers
    LILY: (1, 2, 3, 4, 5, 6),  # placeholder numbers
    BOAT: (5, 6, 7),  # placeholder numbers
    TURTLE: (6, 7, 8),  # placeholder numbers
}


class Card(NamedTuple):
    """One painting: its id (its index in ``CARDS``), its kind and its number."""

    id: int
    kind: str
    number: int

    @property
    def code(self) -> str:
        """Two characters, e.g. ``W3``: kind letter and number (unique in this deck)."""
        return f"{KIND_CODES[self.kind]}{self.number}"

    @property
    def name(self) -> str:
        return f"{self.number} {KIND_NAMES[self.kind]}"

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "kind": self.kind, "number": self.number, "code": self.code, "name": self.name}


CARDS: tuple[Card, ...] = tuple(
    Card(i, kind, number) for i, (kind, number) in enumerate((kind, n) for kind in KINDS for n in DECK[kind])
)
BY_CODE: dict[str, Card] = {card.code: card for card in CARDS}
MAX_NUMBER = max(card.number for card in CARDS)

# Seats and the axis each one scores.
ROW_PLAYER, COLUMN_PLAYER = 0, 1
ROLE_NAMES = ("Row player", "Column player")
AXES = ("row", "column")

HAND_SIZE = 3
SPAN = 5  # the display is at most SPAN columns by SPAN rows (RULINGS museum 2)
TOKENS_PER_BOAT = 2
TOKEN_REACH = 3  # a visitor token moves to a card at Manhattan distance 1..TOKEN_REACH from its boat

LINE_MIN, LINE_MAX = 10, 20  # a line scores sets and turtles when its card total is in this range, ends included
SET_POINTS = {2: 2, 3: 3, 4: 5, 5: 8}  # cards in a set of equal numbers or icons -> points
LILY_RUN_POINTS = {2: 2, 3: 3, 4: 5, 5: 8}  # adjacent lines holding a lily pad -> points
TURTLE_POINTS = {1: 2, 2: 5}  # waves beside a turtle along the line -> points
TOKEN_BONUS = 1  # per visitor token, each time its card scores
