"""A one-line text notation for museum positions (in the spirit of chess FEN), so tests can build any position.

    <display> <row player's hand> <column player's hand> <deck> <to place> [key=value ...]

- ``display``: rows top to bottom, separated by ``/``; in a row, ``.`` is an empty cell and a card is its code (kind
  letter ``W``ave, ``L``ily pad, ``B``oat, ``T``urtle, then its number: ``W3``). Upper case: face up; lower case:
  face down. ``@0`` or ``@1`` after a card names the seat that placed it (no ``@``: a set-up card; a face-down one
  without ``@`` is known to nobody). Each ``*`` after a card is a visitor token on it. The top-left cell is
  ``(0, 0)`` unless ``at=`` says otherwise; x grows right, y down.
- hands and deck: card codes separated by commas, ``-`` for none; the deck is listed top card first.
- ``to place``: ``0`` (row player) or ``1`` (column player), or ``-`` once the game is over (both hands empty,
  every card face up).
- optional fields: ``at=x,y`` the coordinates of the display's top-left cell (a match's display grows in every
  direction from its start card at ``0,0``: ``at=-1,-2``); ``start=s`` the seat that placed first (default: the
  seat to place); ``boat=x,y token=1`` (or ``token=2``): the boat just placed at ``x,y`` and whose visitor-token
  decision is due, the placer's (1) or then its opponent's (2).

Example: ``W3b5@0/.L2* W1,L6 T8,B7 W4,L1 1`` — a face-up 3 Wave with the row player's face-down 5 Boat to its right,
a face-up 2 Lily Pad carrying one visitor token below that boat; the column player is to place.
:func:`dump` writes any position of a match (every field it needs), so that :func:`start` reads back the position
that every seat sees the same (its log aside).
"""

from __future__ import annotations

import re
from typing import Any

from shoal.core import BadRecord, Rng
from shoal.core.notation import key_value_fields

from . import grid
from .data import BY_CODE, CARDS, SPAN
from .grid import Pos
from .state import OVER, PLACE, TOKEN, MuseumState

_CELL = re.compile(r"\.|([WLBTwlbt][0-9])(?:@([01]))?(\**)")


def read_display(
    text: str, origin: Pos = (0, 0)
) -> tuple[dict[Pos, int], dict[Pos, bool], dict[Pos, int | None], dict[Pos, int]]:
    """The display field: card ids, facings, placers and visitor tokens, each keyed by ``(x, y)`` (the top-left cell
    at ``origin``)."""
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
                at_ = (x + origin[0], y + origin[1])
                cards[at_] = card.id
                face_up[at_] = up
                placer[at_] = int(m.group(2)) if m.group(2) else None
                if m.group(3):
                    tokens[at_] = len(m.group(3))
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


EXTRA_KEYS = ("at", "start", "boat", "token")


def _pos(text: str, key: str) -> Pos:
    x, comma, y = text.partition(",")
    try:
        return int(x), int(y)
    except ValueError:
        raise BadRecord(f"{key}= is x,y (two whole numbers), got {text!r}") from None


def parse(text: str, seed: int = 0) -> MuseumState:
    """A :class:`MuseumState` from one line of notation (its RNG seeded with ``seed``); raises ``BadRecord``."""
    fields = text.split()
    if len(fields) < 5:
        raise BadRecord(f"museum notation has 5 fields (display, hand, hand, deck, to place), got {len(fields)}")
    try:
        extra = key_value_fields(" ".join(fields[5:]), EXTRA_KEYS)
    except ValueError as e:
        raise BadRecord(str(e)) from None
    state = MuseumState(2, {}, Rng(seed))
    origin = _pos(extra["at"], "at") if "at" in extra else (0, 0)
    state.grid, state.face_up, state.placer, state.tokens = read_display(fields[0], origin)
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
        state.phase = PLACE
        if "boat" in extra:
            _boat(state, extra)
        elif not state.hands[state.turn]:
            raise BadRecord(f"seat {state.turn} is to place but holds no card")
    else:
        raise BadRecord(f"to place must be 0, 1 or -, got {fields[4]!r}")
    if "start" in extra:
        if extra["start"] not in ("0", "1"):
            raise BadRecord(f"start= is the seat that placed first, 0 or 1, got {extra['start']!r}")
        state.start_player = int(extra["start"])
    if "token" in extra and "boat" not in extra:
        raise BadRecord("token= goes with boat=x,y (the boat whose visitor tokens are being moved)")
    state.placements = sum(1 for p in state.placer.values() if p is not None)
    return state


def _boat(state: MuseumState, extra: dict[str, str]) -> None:
    """A visitor-token decision: the boat just placed at ``boat=`` and the step of it (``token=1``: the placer's,
    ``2``: its opponent's)."""
    boat = _pos(extra["boat"], "boat")
    if boat not in state.grid or not state.face_up[boat] or CARDS[state.grid[boat]].kind != "boat":
        raise BadRecord(f"boat={boat[0]},{boat[1]} is not a face-up boat of the display")
    if not state.tokens.get(boat):
        raise BadRecord(f"the boat at {boat[0]},{boat[1]} has no visitor token left to move")
    step = extra.get("token", "1")
    if step not in ("1", "2"):
        raise BadRecord(f"token= is 1 (the placer decides) or 2 (then its opponent), got {step!r}")
    state.phase, state.boat = TOKEN, boat
    state.moves_left = 3 - int(step)
    state.mover = state.turn if step == "1" else 1 - state.turn


def dump(state: MuseumState) -> str:
    """The notation of a position (every field its seats' views need); every card shown, so this is not for players'
    eyes."""
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
    out = ["/".join(rows), *hands, deck, turn]
    if (min(xs), min(ys)) != (0, 0):
        out.append(f"at={min(xs)},{min(ys)}")
    if state.phase != OVER and state.start_player != state.turn:
        out.append(f"start={state.start_player}")
    if state.phase == TOKEN and state.boat is not None:
        out += [f"boat={state.boat[0]},{state.boat[1]}", f"token={3 - state.moves_left}"]
    return " ".join(out)


def start(text: str, options: dict[str, Any], rng: Rng) -> MuseumState:
    """The position a match starts from (``Game.from_position``): :func:`parse`, with ``?`` as the deck meaning every
    card not placed or held, shuffled by the match's seed, and the display held to the museum's span."""
    fields = text.split()
    shuffle = len(fields) >= 5 and fields[3] == "?"
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
