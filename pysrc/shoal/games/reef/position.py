"""A whole match position of AQUA in text, so a lesson or a test can start a match from it (``Game.from_position``).

It is the scoring notation of :mod:`.notation` (``V``, ``E``, one ``P`` line per seat) plus what a match needs::

    R 5                 the round being played (default 1)
    M RRY GGB KKP       the market, left to right, by colours (a tile's colours in any of its rotations); at
                        least one tile per seat, as every seat plays the round from T on
    T 1                 the seat to play now; the round's order runs on from it (default 0)
    S 1                 the Sea Snail's holder (default: the seat to play); ``S -`` in solo

Lines may be separated by newlines or by `` ; `` (so the position fits one line of a record). Every tile on a board or
in the market leaves the pile; the rest of the pile is shuffled with the match's seed, with as many tiles set aside
unseen as the set-up would, less those already used. Small Animals and Large Animal stacks lose what the boards show.
Without an ``E`` line the Ecosystems are chosen as the match's options would choose them.
"""

from __future__ import annotations

from typing import Any

from shoal.core import Rng, ShoalError

from . import data
from .board import from_json
from .notation import parse_board
from .achievements.modifications import rules_for
from .state import PLACE, ReefState

_TILE_OF: dict[str, int] = {}
for _i, _c in enumerate(data.TILES):
    for _k in range(3):
        _TILE_OF[_c[_k:] + _c[:_k]] = _i


def tile_id(colours: str) -> int:
    """The tile with these corals clockwise (any starting coral), or ``ShoalError``."""
    if colours not in _TILE_OF:
        raise ShoalError(f"no coral tile {colours!r} (three corals of {data.COLOURS}, two or three colours)")
    return _TILE_OF[colours]


def lines_of(text: str) -> list[str]:
    return [ln.strip() for part in text.split("\n") for ln in part.split(";") if ln.strip()]


def parse(text: str, players: int, options: dict[str, Any], rng: Rng) -> ReefState:
    rules = rules_for(options)
    s = ReefState(players, options, rng)
    s.memo = {}
    s.rules = rules
    boards, line, market = [], None, []
    round_, turn, snail = 1, 0, "?"
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
            market = [tile_id(c) for c in rest.split()]
        elif head == "T":
            turn = int(rest)
        elif head == "S":
            snail = rest
        else:
            raise ShoalError(f"unknown line {ln!r} (lines start with V, E, P, R, M, T or S)")
    if len(boards) != players:
        raise ShoalError(f"{len(boards)} boards (P lines) for {players} players")
    if not 1 <= round_ <= rules.rounds:
        raise ShoalError(f"round must be 1–{rules.rounds}, got {round_}")
    if not 0 <= turn < players:
        raise ShoalError(f"T names seat {turn}, there are {players}")
    if not market:
        raise ShoalError("the market (M line) is empty")
    if len(market) > rules.market_size(players):
        raise ShoalError(f"the market holds at most {rules.market_size(players)} tiles, got {len(market)}")
    # Boards: give every laid tile its real id, so the pile loses it.
    used: list[int] = []
    s.boards = []
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
        s.boards.append(board)
    used += market
    dup = sorted({data.TILES[t] for t in used if used.count(t) > 1})
    if dup:
        raise ShoalError(f"tile(s) {', '.join(dup)} used twice (each coral tile exists once)")
    # Every seat plays this round from T on and takes one tile: a market that cannot serve them all leaves a seat
    # with no move (docs/rulings.md).
    if len(market) < players:
        raise ShoalError(f"the market holds {len(market)} tile{'s' if len(market) != 1 else ''} for the {players} "
                         f"seats still to play round {round_}, and each takes one: give it at least {players} "
                         f"({rules.market_size(players)} when a round begins)")
    # Ecosystems.
    if line is None:
        numbers = rules.ecosystem_line(players, rng)
        line = list(zip(numbers, rng.sample(list(data.SPECIES), len(numbers)))) if numbers else []
    s.line = line
    # Supply: what the boards hold is no longer in it.
    s.small = {sp: rules.small_per_species(players) for sp in data.SPECIES}
    for b in s.boards:
        for sp in b.habitats.values():
            s.small[sp] -= 1
    if any(n < 0 for n in s.small.values()):
        raise ShoalError("more Small Animals of one species than the box holds")
    s.large = {shape.id: list(rules.large_stack(shape, players)) for shape in data.LARGE_SHAPES}
    for b in s.boards:
        for animal, points, _ in b.large:
            stack = s.large[data.SHAPE_OF_ANIMAL[animal]]
            if points not in stack:
                raise ShoalError(f"no {points}-point tile left for {animal}")
            stack.remove(points)
    # The pile: enough for the rounds still to come, shuffled with the seed.
    pile = [t for t in range(len(data.TILES)) if t not in set(used)]
    rng.shuffle(pile)
    per_round = players if rules.keeps_leftover(players) else rules.market_size(players)
    need = (rules.rounds - round_) * per_round
    if rules.keeps_leftover(players):
        need += rules.market_size(players) - len(market)
    if len(pile) < need:
        raise ShoalError(f"too many tiles used: {len(pile)} left in the pile, {need} needed for the rounds to come")
    del pile[:len(pile) - need]
    s.pile = pile
    s.market = market
    s.round = round_
    s.queue = [(turn + i) % players for i in range(players)]
    s.done = []
    s.last_order = []
    s.reef_colours = [None] * players
    s.fresh = []
    s.phase = PLACE
    s.snail_taker = None
    if rules.uses_snail(players):
        s.snail_holder = turn if snail in ("?", "") else int(snail)
        s.snail_in_market = True
    else:
        s.snail_holder, s.snail_in_market = None, False
    s.log.add(f"The lesson's position: round {round_}.")
    return s
