"""A one-line notation for Aqua Brunch positions, so a lesson or a test can set up hands, Aqua cards and food.

Space-separated ``key=value`` fields, in any order; per-seat lists are separated by ``/`` (seat 0 first), cards in a
list by ``,`` and ``-`` is an empty list::

    round=2 phase=pass passes=1 hands=orca8,walrus,shark575/baby,octopus,walrus/shark626,shark626,walrus aqua=-1/-/-

| key | meaning | default |
|---|---|---|
| ``hands`` | every seat's three predators (``orca8 orca5 baby octopus walrus shark575 shark626 shark717``) | required |
| ``round`` | the round, 1–6 | 1 |
| ``phase`` | ``lunch`` (Lunch or keep passing), ``pass`` (pick a card to pass), ``food`` (play food) | ``lunch`` |
| ``passes`` | passes made this round; with 0 the first two cards of each hand are its face-up deal | 0 |
| ``caller`` | the seat whose Lunch call ended the passing (``phase=food`` only) | required for food |
| ``aqua`` | the Aqua cards each seat holds (values 0, -1, -2, -4) | none |
| ``stack`` | the Aqua cards left, top card last | the others, shuffled by the seed |
| ``food`` | each seat's food values still in hand (its own colour) | all seven |
| ``got`` | food each seat has collected, as ``colour.value`` (``red.7``) | none |

The predator deck is every other card, shuffled by the seed. :func:`dump` writes every field, so
``dump(parse(dump(state)))`` is ``dump(state)``.
"""

from __future__ import annotations

from typing import Any

from shoal.core import Rng, ShoalError
from shoal.core.notation import key_value_fields

from .data import AQUA_VALUES, COLOURS, FACE_UP, FOOD_VALUES, HAND_SIZE, PREDATOR_COUNTS, ROUNDS, predator_deck
from .state import BrunchState

KEYS = ("round", "phase", "passes", "caller", "hands", "aqua", "stack", "food", "got")
PHASES = ("lunch", "pass", "food")


def _fields(text: str) -> dict[str, str]:
    return key_value_fields(text, KEYS)


def _per_seat(value: str, players: int, key: str) -> list[list[str]]:
    parts = value.split("/")
    if len(parts) != players:
        raise ShoalError(f"{key} lists {len(parts)} seats, the match has {players}")
    return [[] if p == "-" else p.split(",") for p in parts]


def _int(text: str, key: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ShoalError(f"{key}: {text!r} is not a number") from None


def parse(text: str, players: int, rng: Rng, options: dict[str, Any] | None = None) -> BrunchState:
    """The position a line of notation describes (raises ``ShoalError`` naming the field that is wrong)."""
    f = _fields(text)
    if "hands" not in f:
        raise ShoalError("hands=... is required")
    s = BrunchState(players, options or {}, rng)
    s.round = _int(f.get("round", "1"), "round")
    if not 1 <= s.round <= ROUNDS:
        raise ShoalError(f"round must be 1–{ROUNDS}, got {s.round}")
    s.phase = f.get("phase", "lunch")
    if s.phase not in PHASES:
        raise ShoalError(f"phase must be one of {', '.join(PHASES)}, got {s.phase!r}")
    s.hands = _per_seat(f["hands"], players, "hands")
    for seat, hand in enumerate(s.hands):
        for card in hand:
            if card not in PREDATOR_COUNTS:
                raise ShoalError(f"hands: unknown predator {card!r} (cards: {', '.join(PREDATOR_COUNTS)})")
        if len(hand) != HAND_SIZE:
            raise ShoalError(f"hands: seat {seat} holds {len(hand)} cards, every hand holds {HAND_SIZE}")
    deck = predator_deck()
    for hand in s.hands:
        for card in hand:
            if card not in deck:
                raise ShoalError(f"hands: more {card} cards than the deck's {PREDATOR_COUNTS[card]}")
            deck.remove(card)
    rng.shuffle(deck)
    s.deck, s.discard = deck, []
    s.passes = _int(f.get("passes", "0"), "passes")
    if s.passes < 0:
        raise ShoalError("passes cannot be negative")
    s.up_cards = [h[:FACE_UP] for h in s.hands] if s.passes == 0 else None
    s.aqua = (
        [[_int(v, "aqua") for v in a] for a in _per_seat(f["aqua"], players, "aqua")]
        if "aqua" in f
        else [[] for _ in range(players)]
    )
    held = [v for a in s.aqua for v in a]
    left = list(AQUA_VALUES)
    for v in held:
        if v not in left:
            raise ShoalError(f"aqua: the Aqua cards are {AQUA_VALUES}, each once; {v} is held too often or unknown")
        left.remove(v)
    if "stack" in f:
        stack = [] if f["stack"] == "-" else [_int(v, "stack") for v in f["stack"].split(",")]
        for v in stack:
            if v not in left:
                raise ShoalError(f"stack: Aqua card {v} is held already or unknown")
            left.remove(v)
        s.aqua_stack = stack
    else:
        rng.shuffle(left)
        s.aqua_stack = left
    if "food" in f:
        s.food = [[_int(v, "food") for v in vals] for vals in _per_seat(f["food"], players, "food")]
    else:
        s.food = [list(FOOD_VALUES) for _ in range(players)]
    s.collected = [[] for _ in range(players)]
    if "got" in f:
        for seat, cards in enumerate(_per_seat(f["got"], players, "got")):
            for card in cards:
                colour, _, value = card.partition(".")
                if colour not in COLOURS[:players]:
                    raise ShoalError(f"got: {card!r}: colours at this table are {', '.join(COLOURS[:players])}")
                s.collected[seat].append([colour, _int(value, "got")])
    seen: set[tuple[str, int]] = set()
    for seat in range(players):
        for v in s.food[seat]:
            if v not in FOOD_VALUES or (COLOURS[seat], v) in seen:
                raise ShoalError(f"food: seat {seat} cannot hold {v} (values {FOOD_VALUES}, each once)")
            seen.add((COLOURS[seat], v))
    for seat in range(players):
        for colour, v in s.collected[seat]:
            if v not in FOOD_VALUES or (colour, v) in seen:
                raise ShoalError(f"got: {colour}.{v} is unknown or held or collected twice")
            seen.add((colour, v))
    for seat in range(players):
        if len(s.food[seat]) < ROUNDS - s.round + 1:
            raise ShoalError(f"food: seat {seat} needs a food card for each of the {ROUNDS - s.round + 1} rounds left")
    s.caller = None
    if s.phase == "food":
        if "caller" not in f:
            raise ShoalError("phase=food needs caller=<seat> (whose Lunch call ended the passing)")
        s.caller = _int(f["caller"], "caller")
        if not 0 <= s.caller < players:
            raise ShoalError(f"caller must be a seat 0–{players - 1}")
    elif "caller" in f:
        raise ShoalError("caller is given only with phase=food")
    s.log.add(f"Round {s.round}: the lesson's position.")
    return s


def dump(s: BrunchState) -> str:
    """The notation of a position in the lunch, pass or food phase (nothing chosen yet), every field written."""
    if s.phase not in PHASES or s.pending:
        raise ShoalError("only positions waiting for everyone's lunch, pass or food choice can be written")

    def seats(lists: list[list[Any]]) -> str:
        return "/".join(",".join(map(str, x)) or "-" for x in lists)

    parts = [f"round={s.round}", f"phase={s.phase}", f"passes={s.passes}"]
    if s.phase == "food":
        parts.append(f"caller={s.caller}")
    parts += [
        f"hands={seats(s.hands)}",
        f"aqua={seats(s.aqua)}",
        f"stack={','.join(map(str, s.aqua_stack)) or '-'}",
        f"food={seats(s.food)}",
        f"got={seats([[f'{c}.{v}' for c, v in got] for got in s.collected])}",
    ]
    return " ".join(parts)
