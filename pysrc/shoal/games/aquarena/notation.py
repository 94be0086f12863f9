"""A one-line notation for Aquarena positions, so a lesson or a test can set up tiles, flies, cards and hands.

Space-separated ``key=value`` fields in any order; per-seat lists are separated by ``/`` (seat 0 first), ``-`` is an
empty list::

    round=2 heron=1 phase=planning tiles=2/2:0.9,1.frog*|3/3:|3/3: hands=5,8/1,2,3 scores=4/6

- ``tiles``: the Water tiles (one more than the players), ``|``-separated: ``flies/capacity``, ``r`` if already
  resolved this round, ``:``, then its cards ``seat.card`` (a number 1–10 or a name such as ``frog``, ``fishhook``),
  ``*`` after a face-down one (default: required)
- ``hands``: each seat's hand (card numbers) (default: planning: required; resolution: empty)
- ``round``: 1–4 (default: 1)
- ``heron``: the heron token's holder (default: 0)
- ``phase``: ``planning`` (a seat places a card) or ``resolution`` (a seat picks the next tile) (default:
  ``planning``)
- ``turn``: planning: the seat to place (default: the heron holder)
- ``decision``: planning: ``place``, or ``discard`` (the seat to place has placed and now discards a card) (default:
  ``place``)
- ``chooser``: resolution: the seat to pick the next tile (with one unresolved tile left, it opens by itself)
  (default: the heron holder)
- ``discards``: each seat's discarded cards (default: planning: none; resolution: every card not on a tile or in hand)
- ``catch``: this round's catches so far: ``flies:owner.card@tile,...`` per seat (``2:1.4@0`` = 2 flies and seat 1's
  Frog, eaten on pond A; without ``@`` the tile is 0) (default: nothing)
- ``resolved``: each seat's own cards that have acted this round and are back in front of it (default: none)
- ``tangled``: each seat's own cards that tangled this round and came back unused (default: none)
- ``scores``: points from earlier rounds (default: 0 each)

A seat's remaining cards form its pile, shuffled by the seed. A seat's first two placements of a round go face up
and the others face down, so the number of its cards placed this round (on tiles, eaten, resolved or tangled) decides
how its next card goes. :func:`dump` writes every field of a position waiting for a placement, a discard or a tile
choice, so ``dump(parse(dump(state)))`` is ``dump(state)`` and every seat sees the position it was written from (what
happened before it aside: the log, the finished rounds' catches, the last tile's resolution). A position in the middle
of a tile's resolution (a card eating, a fly moving) cannot be written: write the one before that tile.
"""

from __future__ import annotations

from typing import Any

from shoal.core import Rng, ShoalError
from shoal.core.notation import key_value_fields

from . import data
from .state import AquarenaState, Catch, Tile

KEYS = (
    "round", "heron", "phase", "turn", "decision", "chooser", "tiles", "hands", "discards", "catch", "resolved",
    "tangled", "scores",
)  # fmt: skip
_BY_NAME = {data.name(n).lower().replace(" ", ""): n for n in data.NUMBERS}


def _fields(text: str) -> dict[str, str]:
    return key_value_fields(text, KEYS)


def _int(text: str, key: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ShoalError(f"{key}: {text!r} is not a number") from None


def _number(text: str, key: str) -> int:
    word = text.lower().replace("_", "").replace("-", "")
    n = int(word) if word.isdigit() else _BY_NAME.get(word)
    if n not in data.CARDS:
        raise ShoalError(f"{key}: no card {text!r} (1–10 or a name: {', '.join(_BY_NAME)})")
    return n


def _seat(text: str, players: int, key: str) -> int:
    s = _int(text, key)
    if not 0 <= s < players:
        raise ShoalError(f"{key}: seat {s} does not exist ({players} players)")
    return s


def _card(token: str, players: int, key: str) -> tuple[int, int, bool]:
    up = not token.endswith("*")
    seat, dot, what = token.rstrip("*").partition(".")
    if not dot:
        raise ShoalError(f"{key}: a card is seat.card, got {token!r}")
    return _seat(seat, players, key), _number(what, key), up


def _per_seat(value: str, players: int, key: str) -> list[str]:
    parts = value.split("/")
    if len(parts) != players:
        raise ShoalError(f"{key} lists {len(parts)} seats, the match has {players}")
    return parts


def _numbers(part: str, key: str) -> list[int]:
    return [] if part == "-" else [_number(x, key) for x in part.split(",")]


def parse(text: str, players: int, rng: Rng, options: dict[str, Any] | None = None) -> AquarenaState:
    """The position a line of notation describes (raises ``ShoalError`` naming the field that is wrong)."""
    f = _fields(text)
    s = AquarenaState(players, options or {}, rng)
    s.round = _int(f.get("round", "1"), "round")
    if not 1 <= s.round <= data.ROUNDS:
        raise ShoalError(f"round must be 1–{data.ROUNDS}")
    s.heron = _seat(f.get("heron", "0"), players, "heron")
    s.phase = f.get("phase", "planning")
    if s.phase not in ("planning", "resolution"):
        raise ShoalError(f"phase must be planning or resolution, got {s.phase!r}")
    if "tiles" not in f:
        raise ShoalError("tiles=... is required")
    specs = f["tiles"].split("|")
    if len(specs) != players + 1:
        raise ShoalError(f"tiles: {len(specs)} Water tiles, the pond has one more than the players ({players + 1})")
    for i, spec in enumerate(specs):
        head, colon, cards = spec.partition(":")
        if not colon:
            raise ShoalError(f"tiles: tile {i + 1} is flies/capacity:cards, got {spec!r}")
        resolved = head.endswith("r")
        flies, slash, capacity = head.rstrip("r").partition("/")
        if not slash:
            raise ShoalError(f"tiles: tile {i + 1} needs flies/capacity, got {head!r}")
        tile = Tile(-1, _int(capacity, "tiles"), _int(flies, "tiles"))
        if not 0 <= tile.flies <= tile.capacity:
            raise ShoalError(f"tiles: tile {i + 1} holds {tile.flies} flies, its capacity is {tile.capacity}")
        tile.resolved = resolved
        tile.cards = [_card(t, players, "tiles") for t in cards.split(",") if t]
        if resolved and tile.cards:
            raise ShoalError(f"tiles: tile {i + 1} is resolved, so no card is left on it")
        s.tiles.append(tile)
    hands = _per_seat(f["hands"], players, "hands") if "hands" in f else ["-"] * players
    s.hands = [sorted(_numbers(h, "hands")) for h in hands]
    on_tiles = [[n for t in s.tiles for o, n, _ in t.cards if o == seat] for seat in range(players)]
    s.catches = [Catch() for _ in range(players)]
    if "catch" in f:
        for seat, part in enumerate(_per_seat(f["catch"], players, "catch")):
            flies, _, cards = part.partition(":")
            s.catches[seat].flies = _int(flies or "0", "catch")
            for token in cards.split(",") if cards else []:
                token, at, tile = token.partition("@")
                owner, number, _ = _card(token, players, "catch")
                where = _int(tile, "catch") if at else 0
                if not 0 <= where <= players:
                    raise ShoalError(f"catch: {token}@{tile}: tiles are 0–{players}")
                s.catches[seat].cards.append((owner, number, where))
    caught = [[n for c in s.catches for o, n, _ in c.cards if o == seat] for seat in range(players)]
    for key, attr in (("resolved", "predators"), ("tangled", "returned")):
        if key in f:
            for seat, part in enumerate(_per_seat(f[key], players, key)):
                setattr(s.catches[seat], attr, _numbers(part, key))
    back = [s.catches[seat].predators + s.catches[seat].returned for seat in range(players)]
    if "discards" in f:
        s.discards = [_numbers(d, "discards") for d in _per_seat(f["discards"], players, "discards")]
    elif s.phase == "resolution":
        s.discards = [
            [n for n in data.NUMBERS if n not in s.hands[seat] + on_tiles[seat] + caught[seat] + back[seat]]
            for seat in range(players)
        ]
    else:
        s.discards = [[] for _ in range(players)]
    for seat in range(players):
        every = s.hands[seat] + on_tiles[seat] + s.discards[seat] + caught[seat] + back[seat]
        twice = sorted({n for n in every if every.count(n) > 1})
        if twice:
            raise ShoalError(f"seat {seat}'s card(s) {', '.join(map(str, twice))} appear twice")
        pile = [n for n in data.NUMBERS if n not in every]
        rng.shuffle(pile)
        s.piles[seat] = pile
        s.placed[seat] = len(on_tiles[seat]) + len(caught[seat]) + len(back[seat])
    s.scores = (
        [_int(x, "scores") for x in _per_seat(f["scores"], players, "scores")] if "scores" in f else ([0] * players)
    )
    if sum(t.flies for t in s.tiles) + sum(c.flies for c in s.catches) > data.TOTAL_FLIES:
        raise ShoalError(f"more than the box's {data.TOTAL_FLIES} flies")
    if s.phase == "planning":
        if "chooser" in f:
            raise ShoalError("chooser is for phase=resolution")
        s.turn = _seat(f.get("turn", str(s.heron)), players, "turn")
        s.decision = f.get("decision", "place")
        if s.decision not in ("place", "discard"):
            raise ShoalError(f"decision must be place or discard, got {s.decision!r}")
        if not s.hands[s.turn]:
            raise ShoalError(f"seat {s.turn} is to {s.decision} a card but holds none")
        if s.decision == "place" and s.placed[s.turn] >= data.PLACEMENTS_PER_ROUND:
            raise ShoalError(f"seat {s.turn} has placed its {data.PLACEMENTS_PER_ROUND} cards already")
    else:
        if "turn" in f or "decision" in f:
            raise ShoalError("turn and decision are for phase=planning")
        chooser = _seat(f.get("chooser", str(s.heron)), players, "chooser")
        s.tiles_done = (chooser - s.heron) % players
        if not s.unresolved():
            raise ShoalError("every tile is resolved: nothing is left to choose")
        s.decision = "tile"
    s.log.add(f"Round {s.round}: the lesson's position.")
    if s.phase == "resolution" and len(s.unresolved()) == 1:
        from .resolution import advance

        advance(s)  # the last tile opens by itself
    return s


def dump(s: AquarenaState) -> str:
    """The notation of a position waiting for a placement, a discard or a tile choice, every field written."""
    if s.decision is None:
        raise ShoalError("the game is over: there is no position to play from")
    if s.decision not in ("place", "discard", "tile"):
        raise ShoalError(
            "a tile is being resolved (a card is eating or moving a fly): a position can be written before that "
            "tile's resolution or after it"
        )

    def cards(nums: list[int]) -> str:
        return ",".join(map(str, nums)) or "-"

    tiles = "|".join(
        f"{t.flies}/{t.capacity}{'r' if t.resolved else ''}:"
        + ",".join(f"{o}.{n}{'' if up else '*'}" for o, n, up in t.cards)
        for t in s.tiles
    )
    parts = [f"round={s.round}", f"heron={s.heron}", f"phase={s.phase}"]
    parts.append(f"turn={s.turn}" if s.phase == "planning" else f"chooser={s.chooser()}")
    if s.decision == "discard":
        parts.append("decision=discard")
    parts += [
        f"tiles={tiles}",
        f"hands={'/'.join(cards(h) for h in s.hands)}",
        f"discards={'/'.join(cards(d) for d in s.discards)}",
        "catch=" + "/".join(f"{c.flies}:" + ",".join(f"{o}.{n}@{t}" for o, n, t in c.cards) for c in s.catches),
        f"resolved={'/'.join(cards(c.predators) for c in s.catches)}",
        f"tangled={'/'.join(cards(c.returned) for c in s.catches)}",
        f"scores={'/'.join(map(str, s.scores))}",
    ]
    return " ".join(parts)
