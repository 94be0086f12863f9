"""A one-line notation for Aqua Brunch positions, so a lesson or a test can set up hands, Aqua cards and food.

Space-separated ``key=value`` fields, in any order; per-seat lists are separated by ``/`` (seat 0 first), cards in a
list by ``,`` and ``-`` is an empty list::

    round=2 phase=pass passes=1 hands=orca8,walrus,shark575/baby,octopus,walrus/shark626,shark626,walrus aqua=-1/-/-

- ``hands``: every seat's three predators (``orca8 orca5 baby octopus walrus shark575 shark626 shark717``) (default:
  required)
- ``round``: the round, 1–6 (default: 1)
- ``phase``: ``lunch`` (everyone decides: Lunch or keep passing), ``pass`` (everyone picks a card to pass), ``aqua``
  (a Lunch call is being answered, one seat at a time), ``food`` (passing is over: everyone plays a food card) or
  ``take`` (the catch is being divided and a taker chooses a colour) (default: ``lunch``)
- ``passes``: passes made this round; with 0 the first two cards of each hand are its face-up deal (default: 0)
- ``caller``: the seat whose Lunch call ended the passing (``food``, ``take``) or is being answered (``aqua``)
  (default: required there)
- ``callers``: ``aqua``: every seat that called in that Lunch window (the caller touched the card first) (default: the
  caller)
- ``poll``: ``aqua``: the seats still to answer, in order (the ones before them agreed) (default: every other seat)
- ``chosen``: ``lunch``, ``pass``, ``food``: what each seat has chosen already, secretly (``lunch`` or ``keep``, a
  predator, a food value; ``-`` not yet) (default: nobody has)
- ``played``: ``take``: the food value each seat played this round (default: required for take)
- ``took``: ``take``: the colours taken so far this round, in taking order (default: none)
- ``discard``: the predator discard pile (default: empty)
- ``aqua``: the Aqua cards each seat holds (values 0, -1, -2, -4) (default: none)
- ``stack``: the Aqua cards left, top card last (default: the others, shuffled by the seed)
- ``food``: each seat's food values still in hand (its own colour) (default: all seven)
- ``got``: food each seat has collected, as ``colour.value`` (``red.7``) (default: none)

The predator deck is every other card, shuffled by the seed. :func:`dump` writes every field of any position of a
match, so ``dump(parse(dump(state)))`` is ``dump(state)`` and every seat sees the position it was written from (what
happened before it aside: the log, the finished rounds' score sheet, this round's earlier Lunch calls and the last
pass).
"""

from __future__ import annotations

from typing import Any

from shoal.core import Rng, ShoalError
from shoal.core.notation import key_value_fields

from .data import AQUA_VALUES, COLOURS, FACE_UP, FOOD_VALUES, HAND_SIZE, PREDATOR_COUNTS, ROUNDS, predator_deck
from .scoring import top_choices
from .state import BrunchState

KEYS = (
    "round", "phase", "passes", "caller", "callers", "poll", "hands", "aqua", "stack", "food", "got", "chosen",
    "played", "took", "discard",
)  # fmt: skip
PHASES = ("lunch", "pass", "aqua", "food", "take")
SIMULTANEOUS = ("lunch", "pass", "food")


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
    discard = [] if f.get("discard", "-") == "-" else f["discard"].split(",")
    for where, cards in (("hands", [c for h in s.hands for c in h]), ("discard", discard)):
        for card in cards:
            if card not in PREDATOR_COUNTS:
                raise ShoalError(f"{where}: unknown predator {card!r} (cards: {', '.join(PREDATOR_COUNTS)})")
            if card not in deck:
                raise ShoalError(f"{where}: more {card} cards than the deck's {PREDATOR_COUNTS[card]}")
            deck.remove(card)
    rng.shuffle(deck)
    s.deck, s.discard = deck, discard
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
    left = ROUNDS - s.round + (s.phase != "take")  # in the division this round's food is played already
    for seat in range(players):
        if len(s.food[seat]) < left:
            raise ShoalError(f"food: seat {seat} needs a food card for each of the {left} rounds left")
    s.caller = None
    if s.phase in ("aqua", "food", "take"):
        if "caller" not in f:
            raise ShoalError(f"phase={s.phase} needs caller=<seat> (whose Lunch call ended the passing)")
        s.caller = _int(f["caller"], "caller")
        if not 0 <= s.caller < players:
            raise ShoalError(f"caller must be a seat 0–{players - 1}")
    elif "caller" in f:
        raise ShoalError("caller is given only with phase=aqua, food or take")
    for key, phases in (("callers", ("aqua",)), ("poll", ("aqua",)), ("chosen", SIMULTANEOUS), ("played", ("take",))):
        if key in f and s.phase not in phases:
            raise ShoalError(f"{key} is given only with phase={' or '.join(phases)}")
    if "took" in f and s.phase != "take":
        raise ShoalError("took is given only with phase=take")
    s.log.add(f"Round {s.round}: the lesson's position.")
    if s.phase == "aqua":
        _poll(s, f)
    elif s.phase in SIMULTANEOUS and "chosen" in f:
        _chosen(s, f["chosen"])
    elif s.phase == "take":
        _division(s, f)
    return s


def _poll(s: BrunchState, f: dict[str, str]) -> None:
    """An Aqua poll under way: the caller's call is answered seat by seat, clockwise from its left."""
    n = s.players
    assert s.caller is not None
    every = [(s.caller + i) % n for i in range(1, n)]
    poll = every if "poll" not in f else [_int(x, "poll") for x in f["poll"].split(",")]
    if not poll or poll != every[len(every) - len(poll) :]:
        raise ShoalError(f"poll lists the seats still to answer the call, in order: the end of {_list(every)}")
    if not s.aqua_stack:
        raise ShoalError("nobody can answer Aqua with the Aqua stack empty: give the stack a card")
    s.poll = poll
    s.answers = [[seat, "agree"] for seat in every[: len(every) - len(poll)]]
    callers = [s.caller] if "callers" not in f else sorted(_int(x, "callers") for x in f["callers"].split(","))
    if s.caller not in callers or any(not 0 <= c < n for c in callers):
        raise ShoalError(f"callers are seats 0–{n - 1}, the caller {s.caller} among them")
    s.callers = callers


def _chosen(s: BrunchState, value: str) -> None:
    """The secret choices made already in a simultaneous phase (at least one seat still has to choose)."""
    for seat, part in enumerate(_per_seat(value, s.players, "chosen")):
        if not part:
            continue
        if len(part) != 1:
            raise ShoalError(f"chosen: seat {seat} makes one choice, got {','.join(part)}")
        choice = part[0]
        if s.phase == "lunch":
            if choice not in ("lunch", "keep"):
                raise ShoalError(f"chosen: in phase=lunch a seat chooses lunch or keep, got {choice!r}")
            s.pending[seat] = "lunch" if choice == "lunch" else "keep_passing"
        elif s.phase == "pass":
            if choice not in s.hands[seat]:
                raise ShoalError(f"chosen: seat {seat} cannot pass {choice!r}, its hand is {','.join(s.hands[seat])}")
            s.pending[seat] = choice
        else:
            v = _int(choice, "chosen")
            if v not in s.food[seat]:
                raise ShoalError(f"chosen: seat {seat} holds no food card {v}")
            s.pending[seat] = v
    if len(s.pending) == s.players:
        raise ShoalError("chosen: every seat has chosen, so the phase is over: leave one seat's choice out (-)")


def _division(s: BrunchState, f: dict[str, str]) -> None:
    """The catch being divided: the food played is revealed, and the colours taken so far are taken again."""
    from . import rules

    if "played" not in f:
        raise ShoalError("phase=take needs played=<each seat's food value>")
    played = [_int(v, "played") for v in f["played"].split("/")]
    if len(played) != s.players:
        raise ShoalError(f"played lists {len(played)} seats, the match has {s.players}")
    for seat, v in enumerate(played):
        if v not in FOOD_VALUES or v in s.food[seat]:
            raise ShoalError(f"played: seat {seat}'s {v} is not a food value or is still in its hand")
        s.food[seat].append(v)  # played from the hand as the phase began
    took = [] if f.get("took", "-") == "-" else f["took"].split(",")
    s.phase = "food"
    s.pending = dict(enumerate(played))
    rules.reveal(s)
    for i, colour in enumerate(took):
        if i < len(s.takes):
            if s.takes[i]["colour"] != colour:
                raise ShoalError(f"took: take {i + 1} had no choice, it was {s.takes[i]['colour']}, not {colour}")
            continue
        if s.phase != "take" or colour not in [c for c, _ in top_choices(s.pool)]:
            raise ShoalError(f"took: {colour!r} cannot be taken at take {i + 1}")
        rules.apply(s, s.takers[0], {"type": "take", "colour": colour})
    if s.phase != "take":
        raise ShoalError("took: those takes finish the division, so nobody is choosing a colour")
    if len(s.takes) != len(took):
        raise ShoalError(f"took lists {len(took)} takes, the division has made {len(s.takes)} by itself")


def _list(seats: list[int]) -> str:
    return ",".join(map(str, seats))


def dump(s: BrunchState) -> str:
    """The notation of a position of a match, every field it needs written (the game over cannot be)."""
    if s.phase not in PHASES:
        raise ShoalError("the game is over: there is no position to play from")

    def seats(lists: list[list[Any]]) -> str:
        return "/".join(",".join(map(str, x)) or "-" for x in lists)

    parts = [f"round={s.round}", f"phase={s.phase}", f"passes={s.passes}"]
    if s.phase in ("aqua", "food", "take"):
        parts.append(f"caller={s.caller}")
    if s.phase == "aqua":
        if s.callers != [s.caller]:
            parts.append(f"callers={_list(s.callers)}")
        parts.append(f"poll={_list(s.poll)}")
    food = [list(v) for v in s.food]
    if s.phase == "take":
        played = s.reveal["food"] if s.reveal else []
        for seat, v in enumerate(played):
            food[seat].remove(v) if v in food[seat] else None
        parts += [f"played={'/'.join(map(str, played))}", f"took={','.join(t['colour'] for t in s.takes) or '-'}"]
    parts += [
        f"hands={seats(s.hands)}",
        f"aqua={seats(s.aqua)}",
        f"stack={','.join(map(str, s.aqua_stack)) or '-'}",
        f"food={seats(food)}",
        f"got={seats([[f'{c}.{v}' for c, v in got] for got in _before_takes(s)])}",
        f"discard={','.join(s.discard) or '-'}",
    ]
    if s.pending:
        shown = {"keep_passing": "keep"}
        parts.append(
            "chosen="
            + "/".join(str(shown.get(s.pending[x], s.pending[x])) if x in s.pending else "-" for x in range(s.players))
        )
    return " ".join(parts)


def _before_takes(s: BrunchState) -> list[list[list[Any]]]:
    """The food each seat had collected before this round's division (``took`` gives it the takes again)."""
    got = [list(c) for c in s.collected]
    if s.phase == "take":
        for t in s.takes:
            got[t["seat"]].remove([t["colour"], t["value"]])
    return got
