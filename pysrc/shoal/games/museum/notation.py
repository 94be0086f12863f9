"""A one-line text notation for museum positions (in the spirit of chess FEN), so tests can build any position.

    <display> <row player's hand> <column player's hand> <deck> <to place>

- ``display``: rows top to bottom, separated by ``/``; in a row, ``.`` is an empty cell and a card is its code (kind
  letter ``W``ave, ``L``ily pad, ``B``oat, ``T``urtle, then its number: ``W3``). Upper case: face up; lower case:
  face down, followed by ``@0`` or ``@1`` for the seat that placed it (no ``@``: a set-up card nobody knows). Each
  ``*`` after a card is a visitor token on it. The top-left cell is ``(0, 0)``; x grows right, y down.
- hands and deck: card codes separated by commas, ``-`` for none; the deck is listed top card first.
- ``to place``: ``0`` (row player) or ``1`` (column player), or ``-`` once the game is over (both hands empty,
  every card face up).

Example: ``W3b5@0/.L2* W1,L6 T8,B7 W4,L1 1`` — a face-up 3 Wave with the row player's face-down 5 Boat to its right,
a face-up 2 Lily Pad carrying one visitor token below that boat; the column player is to place.
"""

from __future__ import annotations

import re
from typing import Any

from shoal.core import BadRecord, Rng

from . import grid
from .data import BY_CODE, CARDS, SPAN
from .grid import Pos
from .state import OVER, PLACE, MuseumState

_CELL = re.compile(r"\.|([WLBTwlbt][0-9])(?:@([01]))?(\**)")


def read_display(text: str) -> tuple[dict[Pos, int], dict[Pos, bool], dict[Pos, int | None], dict[Pos, int]]:
    """The display field: card ids, facings, placers and visitor tokens, each keyed by ``(x, y)``."""
    cards: dict[Pos, int] = {}
    face_up: dict[Pos, bool] = {}
    placer: dict[Pos, int | None] = {}
    tokens: dict[Pos, int] = {}
    for y, row in enumerate(text.split("/")):
        x, at = 0, 0
        while at < len(row):
            m = _CELL.match(row, at)
            if not m:
                raise BadRecord(f"cannot read museum cell at {row[at:]!r} in row {y + 1}")
            at = m.end()
            if m.group(1):
                code, up = m.group(1), m.group(1)[0].isupper()
                card = BY_CODE.get(code.upper())
                if card is None:
                    raise BadRecord(f"no card {code.upper()!r} in the deck")
                if card.id in cards.values():
                    raise BadRecord(f"card {card.code} appears twice")
                if up and m.group(2):
                    raise BadRecord(f"{code}: only face-down cards name who placed them")
                cards[(x, y)] = card.id
                face_up[(x, y)] = up
                placer[(x, y)] = int(m.group(2)) if m.group(2) else None
                if m.group(3):
                    tokens[(x, y)] = len(m.group(3))
            x += 1
    if not cards:
        raise BadRecord("a museum display needs at least one card")
    return cards, face_up, placer, tokens


def _cards(field: str) -> list[int]:
    if field == "-":
        return []
    out = []
    for code in field.split(","):
        card = BY_CODE.get(code.upper())
        if card is None:
            raise BadRecord(f"no card {code!r} in the deck")
        out.append(card.id)
    return out


def parse(text: str, seed: int = 0) -> MuseumState:
    """A :class:`MuseumState` from one line of notation (its RNG seeded with ``seed``); raises ``BadRecord``."""
    fields = text.split()
    if len(fields) != 5:
        raise BadRecord(f"museum notation has 5 fields (display, hand, hand, deck, to place), got {len(fields)}")
    state = MuseumState(2, {}, Rng(seed))
    state.grid, state.face_up, state.placer, state.tokens = read_display(fields[0])
    state.hands = [_cards(fields[1]), _cards(fields[2])]
    state.deck = list(reversed(_cards(fields[3])))  # drawn from the end
    every = list(state.grid.values()) + state.hands[0] + state.hands[1] + state.deck
    if len(set(every)) != len(every):
        raise BadRecord("a card appears twice in the position")
    if fields[4] == "-":
        if any(state.hands):
            raise BadRecord("a finished position has empty hands")
        if not all(state.face_up.values()):
            raise BadRecord("in a finished position every card is face up")
        state.phase = OVER
    elif fields[4] in ("0", "1"):
        state.turn = state.start_player = int(fields[4])
        if not state.hands[state.turn]:
            raise BadRecord(f"seat {state.turn} is to place but holds no card")
        state.phase = PLACE
    else:
        raise BadRecord(f"to place must be 0, 1 or -, got {fields[4]!r}")
    state.placements = sum(1 for p in state.placer.values() if p is not None)
    return state


def dump(state: MuseumState) -> str:
    """The notation of a position in a place step (or over); every card shown, so this is not for players' eyes."""
    xs = [p[0] for p in state.grid]
    ys = [p[1] for p in state.grid]
    rows = []
    for y in range(min(ys), max(ys) + 1):
        cells = []
        for x in range(min(xs), max(xs) + 1):
            pos = (x, y)
            if pos not in state.grid:
                cells.append(".")
                continue
            code = CARDS[state.grid[pos]].code
            if not state.face_up[pos]:
                code = code.lower()
                if state.placer.get(pos) is not None:
                    code += f"@{state.placer[pos]}"
            cells.append(code + "*" * state.tokens.get(pos, 0))
        rows.append("".join(cells).rstrip("."))
    hands = [",".join(CARDS[c].code for c in h) or "-" for h in state.hands]
    deck = ",".join(CARDS[c].code for c in reversed(state.deck)) or "-"
    turn = "-" if state.phase == OVER else str(state.turn)
    return " ".join(["/".join(rows), *hands, deck, turn])


def start(text: str, options: dict[str, Any], rng: Rng) -> MuseumState:
    """The position a match starts from (``Game.from_position``): :func:`parse`, with ``?`` as the deck meaning every
    card not placed or held, shuffled by the match's seed, and the display held to the museum's span."""
    fields = text.split()
    shuffle = len(fields) == 5 and fields[3] == "?"
    if shuffle:
        fields[3] = "-"
    state = parse(" ".join(fields))
    min_x, max_x, min_y, max_y = grid.bounds(state.grid)
    if max_x - min_x >= SPAN or max_y - min_y >= SPAN:
        raise ValueError(f"the display spans more than {SPAN} columns or rows")
    state.rng = rng
    state.options = options
    if shuffle:
        seen = set(state.grid.values()) | set(state.hands[0]) | set(state.hands[1])
        state.deck = [c.id for c in CARDS if c.id not in seen]
        rng.shuffle(state.deck)
    return state
