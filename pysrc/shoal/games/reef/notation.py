"""AQUA's one text notation for positions: for lessons, tests, bug reports and teaching pages.

One line per item; the first three describe what is scored (a *plain position*, :func:`parse_position`, the input
of ``scoring.score_position``)::

    V core                                           variant (core, family, advanced)
    E 1:crab 2:clownfish 3:turtle 4:seahorse 5:starfish 6:jellyfish     the Ecosystem line, left to right
    P H0 -1,1:RRY@0 0,1:RRK@4 L:barracuda=5:-1,1/2,2                    one board per P line

On a ``P`` line: ``H<n>`` is the Hot Spot (``H-`` none); ``q,r:COLOURS@rot`` lays a tile (Habitats it completes
form at once, in order); ``manual`` instead forms only the Habitats listed as ``S:species@u,v``; ``L:animal=points:
u,v/u,v/...`` is a Large Animal on the Habitats at those lattice points. Coordinates: see docs/reef-geometry.md.

A whole match position (:func:`parse`, what ``Game.from_position`` reads, so a lesson or a test can start a match
from it) adds what a match needs::

    R 5                 the round being played (default 1)
    M RRY GGB KKP       the market, left to right, by colours (a tile's colours in any of its rotations); at
                        least one tile per seat still to play this round
    T 1                 the seat to play now; the round's order runs on from it, every seat still to play (default 0)
    T 1 2               with a D line: exactly the seats still to play this round, in order (the first plays now)
    D 0                 the seats that have played this round, in the order they did (default: none)
    S 1                 the Sea Snail's holder, the Snail still in the market (default: the seat to play); ``S -``
                        in solo; ``S 1 2``: seat 2 has taken it this round (it plays last, and opens the next round)
    O 1 2 0             the last finished round's turn order (default: none, as in round 1)
    X GGB               solo: the tiles discarded face up from earlier markets
    A 3,1 4,0           the seat to play has laid its tile, which formed these Habitats (lattice points): it now
                        chooses whether to attract a Large Animal onto them

There, lines may be separated by newlines or by `` ; `` (so the position fits one line of a record). :func:`dump`
writes any position of a match but the end's Reef-colour choices, so that ``parse(dump(state))`` shows every seat the
same view (its log aside). Every tile on a
board or in the market leaves the pile; the rest of the pile is shuffled with the match's seed, with as many tiles set
aside unseen as the set-up would, less those already used. Small Animals and Large Animal stacks lose what the boards
show. Without an ``E`` line the Ecosystems are chosen as the match's options would choose them.
"""

from __future__ import annotations

from typing import Any

from shoal.core import Rng, ShoalError

from . import data
from .achievements.modifications import rules_for
from .board import Board, from_json
from .geometry import Point, point_cell
from .state import LARGE, OVER, PLACE, REEF_COLOUR, ReefState


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",")]


def parse_board(line: str) -> Board:
    """A board from the tokens of one ``P`` line (the leading ``P`` optional)."""
    tokens = line.split()
    if tokens and tokens[0] == "P":
        tokens = tokens[1:]
    obj: dict[str, Any] = {"hot_spot": 0, "tiles": [], "habitats": [], "large": []}
    manual = False
    for tok in tokens:
        if tok == "manual":
            manual = True
        elif tok.startswith("H"):
            obj["hot_spot"] = None if tok == "H-" else int(tok[1:])
        elif tok.startswith("S:"):
            species, at = tok[2:].split("@")
            if species not in data.SPECIES:
                raise ValueError(f"unknown species {species!r}")
            obj["habitats"].append({"at": _ints(at), "species": species})
        elif tok.startswith("L:"):
            head, cells = tok[2:].split(":")
            animal, points = head.split("=")
            if animal not in data.SHAPE_OF_ANIMAL:
                raise ValueError(f"unknown Large Animal {animal!r}")
            obj["large"].append(
                {"animal": animal, "points": int(points), "cells": [_ints(c) for c in cells.split("/")]}
            )
        else:
            obj["tiles"].append(_tile(tok))
    return from_json(obj, auto_habitats=not manual)


def _tile(tok: str) -> dict[str, Any]:
    """A laid tile, ``q,r:COLOURS@rot``; a bad one is refused naming what is wrong in it."""
    where, colon, rest = tok.partition(":")
    colours, at, rot = rest.partition("@")
    if not colon or not at:
        raise ValueError(f"bad tile {tok!r}: a tile is q,r:COLOURS@rotation, e.g. 0,1:RRY@0")
    try:
        q, r = _ints(where)
    except ValueError:
        raise ValueError(f"bad tile {tok!r}: {where!r} is not a cell q,r (two whole numbers)") from None
    named = ", ".join(f"{c} {data.COLOUR_NAMES[c]}" for c in data.COLOURS)
    wrong = [c for c in colours if c not in data.COLOURS]
    if wrong:
        raise ValueError(f"bad tile {tok!r}: {wrong[0]!r} is not a coral colour ({named})")
    if len(colours) != 3:
        raise ValueError(f"bad tile {tok!r}: a tile has 3 corals, {colours!r} has {len(colours)}")
    if not rot.isdigit() or not 0 <= int(rot) < 6:
        raise ValueError(f"bad tile {tok!r}: the rotation after @ is 0–5, got {rot!r}")
    return {"q": q, "r": r, "colours": colours, "rot": int(rot)}


def _pt(p: Point) -> str:
    return f"{p[0]},{p[1]}"


def format_board(board: Board) -> str:
    """The ``P`` line of a board (``manual`` when its Habitats differ from what its tiles complete)."""
    parts = ["P", "H-" if board.hot_spot is None else f"H{board.hot_spot}"]
    for cell, _, colours, rot in board.laid_tiles():
        q, r = point_cell(cell)
        parts.append(f"{q},{r}:{colours}@{rot}")
    rebuilt = parse_board(" ".join(parts))
    if rebuilt.habitats != board.habitats:
        parts.insert(2, "manual")
        parts += [f"S:{s}@{_pt(v)}" for v, s in board.habitats.items()]
    for animal, points, cells in board.large:
        parts.append(f"L:{animal}={points}:" + "/".join(_pt(c) for c in cells))
    return " ".join(parts)


def parse_position(text: str) -> dict[str, Any]:
    """A plain position (the input of ``scoring.score_position``) from the notation."""
    position: dict[str, Any] = {"variant": "core", "ecosystems": [], "boards": []}
    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head = line.split()[0]
        if head == "V":
            position["variant"] = line.split()[1]
        elif head == "E":
            position["ecosystems"] = [[int(n), s] for n, s in (tok.split(":") for tok in line.split()[1:])]
        elif head == "P":
            position["boards"].append(parse_board(line).to_json())
        else:
            raise ValueError(f"unknown line {line!r}")
    return position


def format_position(boards: list[Board], line: list[tuple[int, str]], variant: str = "core") -> str:
    rows = [f"V {variant}"]
    if line:
        rows.append("E " + " ".join(f"{n}:{s}" for n, s in line))
    rows += [format_board(b) for b in boards]
    return "\n".join(rows)


_TILE_OF: dict[str, int] = {}
for _i, _c in enumerate(data.TILES):
    for _k in range(3):
        _TILE_OF[_c[_k:] + _c[:_k]] = _i


def tile_id(colours: str) -> int:
    """The tile with these corals clockwise (any starting coral), or ``ShoalError``."""
    if colours not in _TILE_OF:
        wrong = [c for c in colours if c not in data.COLOURS]
        named = ", ".join(f"{c} {data.COLOUR_NAMES[c]}" for c in data.COLOURS)
        if wrong:
            raise ShoalError(f"no coral tile {colours!r}: {wrong[0]!r} is not a coral colour ({named})")
        raise ShoalError(f"no coral tile {colours!r} (three corals of {data.COLOURS}, two or three colours)")
    return _TILE_OF[colours]


def lines_of(text: str) -> list[str]:
    return [ln.strip() for part in text.split("\n") for ln in part.split(";") if ln.strip()]


# --- a match position ---------------------------------------------------------------------------------------------
def parse(text: str, players: int, options: dict[str, Any], rng: Rng) -> ReefState:
    """The match position ``text`` describes, for ``players`` seats under ``options``, its pile shuffled by ``rng``."""
    rules = rules_for(options)
    boards, line, market = [], None, []
    round_, turn, snail = 1, [0], "?"
    done: list[int] | None = None
    last_order: list[int] = []
    discarded: list[int] = []
    fresh: list[Point] | None = None
    for ln in lines_of(text):
        head, _, rest = ln.partition(" ")
        rest = rest.strip()
        if head == "V":
            if rest != rules.variant:
                raise ShoalError(f"the position is for variant {rest!r}, the match plays {rules.variant!r}")
        elif head == "E":
            line = []
            for tok in rest.split():
                n, _, sp = tok.partition(":")
                if int(n) not in data.ECOSYSTEMS or sp not in data.SPECIES:
                    raise ShoalError(f"bad Ecosystem {tok!r} (number:species, e.g. 1:crab)")
                line.append((int(n), sp))
        elif head == "P":
            boards.append(parse_board(ln))
        elif head == "R":
            round_ = int(rest)
        elif head == "M":
            market = [tile_id(c) for c in rest.split() if c != "-"]
        elif head == "T":
            turn = _seats(rest, players, "T")
        elif head == "D":
            done = _seats(rest, players, "D")
        elif head == "S":
            snail = rest
        elif head == "O":
            last_order = _seats(rest, players, "O")
        elif head == "X":
            discarded = [tile_id(c) for c in rest.split()] if rest != "-" else []
        elif head == "A":
            fresh = [(_ints(p)[0], _ints(p)[1]) for p in rest.split()]
        else:
            raise ShoalError(f"unknown line {ln!r} (lines start with V, E, P, R, M, T, D, S, O, X or A)")
    if len(boards) != players:
        raise ShoalError(f"{len(boards)} boards (P lines) for {players} players")
    if not 1 <= round_ <= rules.rounds:
        raise ShoalError(f"round must be 1–{rules.rounds}, got {round_}")
    if not turn:
        raise ShoalError("T names no seat")
    if done is None:
        if len(turn) > 1:
            raise ShoalError("T lists several seats only beside a D line (the seats that have played this round)")
        queue, done = [(turn[0] + i) % players for i in range(players)], []
    else:
        queue = turn
        if sorted(queue + done) != list(range(players)):
            named = f"T {' '.join(map(str, queue))} and D {' '.join(map(str, done))}"
            raise ShoalError(f"{named} must name every seat once")
    if last_order and sorted(last_order) != list(range(players)):
        raise ShoalError("O names every seat once, in the last round's order")
    if not market and fresh is None:
        raise ShoalError("the market (M line) is empty")
    if len(market) > rules.market_size(players):
        raise ShoalError(f"the market holds at most {rules.market_size(players)} tiles, got {len(market)}")
    # Boards: give every laid tile its real id, so the pile loses it.
    used: list[int] = []
    laid = []
    for seat, b in enumerate(boards):
        obj = b.to_json()
        hot = 3 if obj["hot_spot"] is not None else 0
        if len(b.tiles) != hot + len(obj["tiles"]):
            raise ShoalError(f"board {seat}: two tiles (or a tile and the Hot Spot) share a space")
        for t in obj["tiles"]:
            t["id"] = tile_id(t["colours"])
            used.append(t["id"])
        board = from_json(obj)
        if not board.frontier:
            raise ShoalError(f"board {seat} has nothing to grow from: give it a Hot Spot or a tile")
        laid.append(board)
    used += market + discarded
    if discarded and players > 1:
        raise ShoalError("only a solo game discards its market's leftovers (X line)")
    dup = sorted({data.TILES[t] for t in used if used.count(t) > 1})
    if dup:
        raise ShoalError(f"tile(s) {', '.join(dup)} used twice (each coral tile exists once)")
    # Every seat plays this round from T on and takes one tile: a market that cannot serve them all leaves a seat
    # with no move (docs/rulings.md).
    if len(market) < len(queue) - (fresh is not None):
        raise ShoalError(
            f"the market holds {len(market)} tile{'s' if len(market) != 1 else ''} for the {len(queue)} "
            f"seats still to play round {round_}, and each takes one: give it at least {len(queue)} "
            f"({rules.market_size(players)} when a round begins)"
        )
    # Ecosystems.
    if line is None:
        numbers = rules.ecosystem_line(players, rng)
        line = list(zip(numbers, rng.sample(list(data.SPECIES), len(numbers)))) if numbers else []
    # Supply: what the boards hold is no longer in it.
    small = {sp: rules.small_per_species(players) for sp in data.SPECIES}
    for b in laid:
        for sp in b.habitats.values():
            small[sp] -= 1
    if any(n < 0 for n in small.values()):
        raise ShoalError("more Small Animals of one species than the box holds")
    large = {shape.id: list(rules.large_stack(shape, players)) for shape in data.LARGE_SHAPES}
    for b in laid:
        for animal, points, _ in b.large:
            stack = large[data.SHAPE_OF_ANIMAL[animal]]
            if points not in stack:
                raise ShoalError(f"no {points}-point tile left for {animal}")
            stack.remove(points)
    # The pile: enough for the rounds still to come, shuffled with the seed.
    pile = [t for t in range(len(data.TILES)) if t not in set(used)]
    rng.shuffle(pile)
    per_round = players if rules.keeps_leftover(players) else rules.market_size(players)
    need = (rules.rounds - round_) * per_round
    if rules.keeps_leftover(players) and round_ < rules.rounds:
        # The next round refills the market: what it lacks now, and what the seats still to play take from it.
        still = len(queue) - (fresh is not None)
        need += rules.market_size(players) - len(market) - (players - still)
    if len(pile) < need:
        raise ShoalError(f"too many tiles used: {len(pile)} left in the pile, {need} needed for the rounds to come")
    del pile[: len(pile) - need]
    taker = None
    if rules.uses_snail(players):
        parts = snail.split()
        if snail in ("?", ""):
            holder, in_market = queue[0] if not done else done[0], True
        else:
            holder = _seats(parts[0], players, "S")[0]
            taker = _seats(parts[1], players, "S")[0] if len(parts) > 1 else None
            in_market = taker is None
            if len(parts) > 2:
                raise ShoalError("S is the holder, then the seat that took the Sea Snail this round, if any")
            if taker is not None and queue[-1] != taker and taker not in done:
                raise ShoalError(f"seat {taker} took the Sea Snail, so it plays last this round")
    else:
        holder, in_market = None, False
        if snail not in ("?", "", "-"):
            raise ShoalError(f"no Sea Snail with {players} player{'s' if players != 1 else ''}: S -")
    s = ReefState(
        players,
        options,
        rng,
        rules=rules,
        boards=laid,
        line=line,
        small=small,
        large=large,
        pile=pile,
        market=market,
        round=round_,
        queue=queue,
        done=done,
        snail_holder=holder,
        snail_in_market=in_market,
        snail_taker=taker,
        phase=PLACE if fresh is None else LARGE,
        fresh=fresh,
        last_order=last_order,
        discarded=discarded,
    )
    if fresh is not None:
        from .rules import large_options

        here = s.boards[queue[0]].habitats
        if not fresh or any(v not in here for v in fresh):
            raise ShoalError(f"A names Habitats of seat {queue[0]}'s reef, the ones its tile has just formed")
        if not large_options(s):
            raise ShoalError("A: no Large Animal can come onto those Habitats, so there is nothing to choose")
    s.log.add(f"The lesson's position: round {round_}.")
    return s


def _seats(text: str, players: int, head: str) -> list[int]:
    try:
        seats = [int(x) for x in text.split()]
    except ValueError:
        raise ShoalError(f"{head} lists seats by number, got {text!r}") from None
    if any(not 0 <= x < players for x in seats) or len(set(seats)) != len(seats):
        raise ShoalError(f"{head}: seats are 0–{players - 1}, each once, got {text!r}")
    return seats


def _colours(tile: int) -> str:
    return data.TILES[tile]


def dump(s: ReefState) -> str:
    """The match position ``s``, every line written (one line, joined with `` ; ``): what :func:`parse` reads back to
    the same position. It shows the market and every reef, as every view does; the pile stays unwritten (its order
    is the seed's). The end's Reef-colour choices (Modification 6) cannot be written."""
    if s.phase == OVER:
        raise ShoalError("the game is over: there is no position to play from")
    if s.phase == REEF_COLOUR:
        raise ShoalError("the game is choosing its scoring Reef colours: a position from the last round can be written")
    rows = [f"V {s.rules.variant}"]
    if s.line:
        rows.append("E " + " ".join(f"{n}:{sp}" for n, sp in s.line))
    rows += [format_board(b) for b in s.boards]
    rows += [f"R {s.round}", "M " + (" ".join(_colours(t) for t in s.market) or "-")]
    rotation = [(s.queue[0] + i) % s.players for i in range(s.players)]
    if not s.done and s.queue == rotation:
        rows.append(f"T {s.queue[0]}")
    else:
        rows += ["T " + " ".join(map(str, s.queue)), "D " + " ".join(map(str, s.done))]
    if s.rules.uses_snail(s.players):
        rows.append(f"S {s.snail_holder}" + ("" if s.snail_taker is None else f" {s.snail_taker}"))
    else:
        rows.append("S -")
    if s.last_order:
        rows.append("O " + " ".join(map(str, s.last_order)))
    if s.discarded:
        rows.append("X " + " ".join(_colours(t) for t in s.discarded))
    if s.phase == LARGE:
        rows.append("A " + " ".join(_pt(v) for v in s.fresh))
    return " ; ".join(rows)
