"""What the shared search (``shoal.bots.search``) needs to play AQUA: positions sampled from a view, a value, a fast
placement policy and a move ordering.

Hidden in AQUA is only the face-down pile: its order, and which tiles went back to the box unseen at set-up. A
sampled position therefore draws its pile from *every tile the seat has not seen* — the 70 minus the tiles laid and
minus every tile ever shown in a market (solo discards its leftovers face up, and the view lists them) —
never by reshuffling the real pile, which would tell the bot which tiles were boxed.

The policy judges a placement locally, in O(1) per placement once each frontier cell is read: for each of the six
corners of the cell, how far its hexagon is from becoming a Habitat (0–2 matching corals, or dead) before and after
the tile; a Habitat it completes is worth its Small Animal, its Ecosystems, its neighbours and the Large Animal it may
let in at once; a hexagon it kills costs what it promised. So the rollouts value Ecosystems, keep clusters of
different species free for Large Animals, and judge a placement together with the Large Animal it brings.
"""

from __future__ import annotations

import copy
from typing import Any

from shoal.bots.flat import FlatBot
from shoal.bots.search import GameSearch, SearchBot, action_key
from shoal.core import Action, Rng, View

from . import data
from .achievements.modifications import rules_for
from .bots import board_from_view, greedy_bot
from .geometry import CELL_STEPS, EDGE_CORAL, STEPS, cell_point, point_cell
from .rules import is_final_round, legal_actions, market_spots, score_sheets
from .scoring import winner
from .state import LARGE, OVER, PLACE, ReefState


# --- sampling -----------------------------------------------------------------------------------------------------
def seen_tiles(view: View) -> set[int]:
    """Every tile the seat has seen: laid on any reef, in the market, or discarded face up from a solo market."""
    table = view["table"]
    seen = {m["tile"] for m in table["market"]} | set(table["discarded"])
    for bv in table["boards"]:
        seen.update(t["tile"] for t in bv["tiles"] if not t["hot_spot"])
    return seen


def _base(view: View) -> tuple[ReefState, list[int], int]:
    """The public position of ``view`` as a state (no pile yet), the unseen tiles, and the pile's size."""
    table = view["table"]
    snail = table["snail"]
    current = table["current"]
    fresh = [tuple(h["at"]) for h in table["boards"][current]["habitats"] if h["fresh"]] if current is not None else []
    s = ReefState(
        view["players"],
        dict(view["options"]),
        Rng(0),
        rules=rules_for(view["options"]),
        boards=[board_from_view(bv) for bv in table["boards"]],
        line=[(e["number"], e["native"]) for e in table["ecosystems"]],
        small={sp["species"]: sp["left"] for sp in table["supply"]["small"]},
        large={sh["shape"]: list(sh["stack"]) for sh in table["supply"]["large"]},
        pile=[],
        market=[m["tile"] for m in table["market"]],
        round=table["round"],
        queue=list(table["queue"]),
        done=list(table["done"]),
        snail_holder=snail["holder"] if snail else None,
        snail_in_market=bool(snail and snail["in_market"]),
        snail_taker=snail["taker"] if snail else None,
        phase=table["phase"],
        fresh=fresh,
        last_order=list(table.get("turn_order", [])),
        reef_colours=[bv["reef_colour"] if bv.get("reef_colour_chosen") else None for bv in table["boards"]],
        discarded=list(table["discarded"]),
    )
    unseen = sorted(set(range(len(data.TILES))) - seen_tiles(view))
    return s, unseen, table["pile"]


_CACHE: list[Any] = [None, None]  # [the last view sampled, its base]: the search samples one view many times


def sample(view: View, rng: Rng) -> ReefState:
    """A full position consistent with ``view``: its pile drawn at random from the tiles the seat has not seen."""
    if _CACHE[0] is not view:
        _CACHE[0], _CACHE[1] = view, _base(view)
    base, unseen, size = _CACHE[1]
    s = base.clone()
    s.rng = Rng(rng.next64())
    pool = list(unseen)
    rng.shuffle(pool)
    s.pile = pool[:size]
    return s


# --- value --------------------------------------------------------------------------------------------------------
SOLO_PAR = 80  # a solo score worth 0.5 (the chart's "Outstanding!")
PAR = 60  # with 2+ players (fewer tiles each, shared supply)


def _squash(x: float) -> float:
    return 0.5 + 0.5 * x / (1.0 + abs(x))


def evaluate(s: ReefState, seat: int) -> float:
    """Mostly the seat's own score, squashed round par; with 2+ players a smaller part is the margin over the best
    other seat (the win, on ties, by the final turn order). Before the end, the live scores stand in for the final
    ones.

    Why own score first: the players meet only at the market, so what a placement does to the opponent's final score
    is small, while the opponent's rollout score is as noisy as one's own; a margin value doubles the noise of every
    rollout and the search ranked placements worse than its own policy (measured: 2-player flat Monte Carlo over the
    policy's best six scored 56.7 a game valuing the margin, 66.3 valuing its own score, 10 games each against
    frozen greedy)."""
    scores = [sum(r["points"] for r in rows) for rows in score_sheets(s)]
    own = _squash((scores[seat] - (SOLO_PAR if s.players == 1 else PAR)) / 15)
    if s.players == 1:
        return own
    margin = scores[seat] - max(v for i, v in enumerate(scores) if i != seat)
    if s.phase == OVER:
        win = 1.0 if winner(scores, s.last_order or list(range(s.players))) == seat else 0.0
    else:
        win = _squash(margin / 6)
    return 0.8 * own + 0.1 * win + 0.1 * _squash(margin / 10)


# --- the placement policy -----------------------------------------------------------------------------------------
ADJ = 0.7  # a new Habitat per Small Animal already next to it (Large Animals need clusters)
PROMISE = (0.0, 0.1, 0.5)  # share of a Habitat's worth that a hexagon with 0/1/2 matching corals promises
HABITAT = 1.0  # a Habitat's worth beyond its Small Animal's points (Reefs and Large Animals it feeds)
LARGE_SHARE = 0.8  # share of a Large Animal's points counted when a new Habitat lets one in at once
EDGE = 0.12  # per edge matching the neighbour's colour (Reefs)
# Corners round a vertex: (du, dv, d) such that the cell (u-du, v-dv) points its coral d at the vertex.
_CORNERS = {
    cls: tuple((STEPS[d][0], STEPS[d][1], d) for d in range(6) if (cls - STEPS[d][0]) % 3 == 0) for cls in (1, 2)
}
_DEAD = ("", -1)


class _Ctx:
    """What a placement is worth on one seat's reef, computed once per decision."""

    __slots__ = ("board", "worth", "adj", "next_to", "pair", "large_best", "rules", "line")

    def __init__(self, s: ReefState, seat: int) -> None:
        board = s.boards[seat]
        self.board = board
        self.rules = s.rules
        self.line = s.line
        held: dict[str, int] = {}
        for animal, _, _ in board.large:
            shape = data.SHAPE_OF_ANIMAL[animal]
            held[shape] = held.get(shape, 0) + 1
        counts: dict[str, int] = {}
        for sp in board.habitats.values():
            counts[sp] = counts.get(sp, 0) + 1
        eco = s.rules.uses_ecosystems()
        line = s.line if eco else []
        worth, adj, next_to = {}, {}, {}
        for colour in data.COLOURS:
            sp = data.SPECIES_OF_COLOUR[colour]
            if s.small[sp] <= 0 or not s.rules.habitat_may_form(board, colour):
                worth[colour], adj[colour], next_to[colour] = 0.0, 0.0, {}
                continue
            w, a = float(data.SMALL_POINTS[sp]) + HABITAT, ADJ
            near: dict[str, float] = {}  # extra worth per neighbouring Small Animal of a given species
            for slot, (number, native) in enumerate(line):
                e = data.ECOSYSTEMS[number]
                if e.kind == "native_neighbours":  # each native scores per animal next to it
                    if native == sp:
                        a += e.points
                    else:
                        near[native] = near.get(native, 0.0) + e.points
                elif e.kind == "large_times_native" and native == sp:
                    w += e.points * (held.get(e.subject, 0) + 0.6)
                elif e.kind == "species_next_to_native":  # each animal of the subject scores per native next to it
                    if sp == e.subject:
                        near[native] = near.get(native, 0.0) + e.points
                    if sp == native:
                        near[e.subject] = near.get(e.subject, 0.0) + e.points
                elif e.kind == "native_next_to_neighbours":  # natives score per neighbour native to the line's
                    wanted = {line[i][1] for i in (slot - 1, slot + 1) if 0 <= i < len(line)}  # neighbours
                    if sp == native:
                        for other in wanted:
                            near[other] = near.get(other, 0.0) + e.points
                    if sp in wanted:
                        near[native] = near.get(native, 0.0) + e.points
                elif e.kind == "three_natives" and native == sp:
                    w += e.points / 3 if counts.get(sp, 0) < 3 else 0
                elif e.kind in ("native_uncovered", "native_crowd") and native == sp:
                    w += e.points
                elif e.kind == "majority" and native == sp:
                    w += 2.0
                elif e.kind == "reef_native" and native == sp:
                    w += 1.0
            worth[colour], adj[colour], next_to[colour] = w, a, near
        self.worth, self.adj, self.next_to = worth, adj, next_to
        stacks = s.large
        self.pair = float(stacks["pair"][0]) if stacks.get("pair") else 0.0
        self.large_best = max((float(v[0]) for k, v in stacks.items() if v and k != "pair"), default=0.0)

    def corner(self, cell, d: int) -> tuple[str, int]:
        """The hexagon at corner ``d`` of empty ``cell``, from its other two cells: (colour, matching corals), or
        dead (a coral of another colour, a tile pointing elsewhere, the Hot Spot's blank, a Habitat already)."""
        tiles = self.board.tiles
        u, v = cell[0] + STEPS[d][0], cell[1] + STEPS[d][1]
        colour, n = "", 0
        for du, dv, dd in _CORNERS[u % 3]:
            c = (u - du, v - dv)
            if c == cell:
                continue
            t = tiles.get(c)
            if t is None:
                continue
            rot = t[2]
            if (dd - rot) % 2:
                return _DEAD
            col = t[1][((dd - rot) % 6) // 2]
            if col == "." or (n and col != colour):
                return _DEAD
            colour, n = col, n + 1
        return colour, n

    def habitat(self, vertex, colour: str) -> float:
        """What a Habitat completed at ``vertex`` is worth: its animal, Ecosystems, neighbours, a Large Animal."""
        worth = self.worth[colour]
        if not worth:
            return 0.0
        habitats, covered = self.board.habitats, self.board.covered
        sp = data.SPECIES_OF_COLOUR[colour]
        near = free = 0
        extra = 0.0
        next_to = self.next_to[colour]
        for step in CELL_STEPS:
            n = (vertex[0] + step[0], vertex[1] + step[1])
            other = habitats.get(n)
            if other is not None:
                near += 1
                if next_to:
                    extra += next_to.get(other, 0.0)
                if n not in covered and other != sp:
                    free += 1
        value = worth + self.adj[colour] * near + extra
        if free >= 2 and self.large_best:
            value += LARGE_SHARE * self.large_best
        elif free >= 1 and self.pair:
            value += LARGE_SHARE * self.pair
        return value


def _step_index(u: int, v: int) -> int:
    return STEPS.index((u, v))


# Corner d of a cell is shared with the neighbours across edges d-1 and d: (edge k, direction from that neighbour's
# centre to the corner) for each.
_CORNER_NEIGHBOURS = tuple(
    tuple((k, _step_index(STEPS[d][0] - CELL_STEPS[k][0], STEPS[d][1] - CELL_STEPS[k][1])) for k in ((d - 1) % 6, d))
    for d in range(6)
)
# _CORAL_AT[rot][d]: which coral of a tile laid with ``rot`` points in direction d (0..2), or -1 (none does).
_CORAL_AT = tuple(tuple(((d - rot) % 6) // 2 if (d - rot) % 2 == 0 else -1 for d in range(6)) for rot in range(6))
_OPPOSITE_EDGE = tuple((k + 3) % 6 for k in range(6))


def _cell_corners(ctx: _Ctx, cell) -> tuple[list[tuple[str, int, float]], tuple[float, float], list]:
    """For an empty cell: its six corners (colour, matching corals or -1 if dead, what the hexagon promises now);
    for each rotation parity what the three corners that parity points no coral at promised (lost if it lands
    so); and the colours across its edges (``Board.needs``)."""
    tiles = ctx.board.tiles
    u, v = cell
    nb = [tiles.get((u + su, v + sv)) for su, sv in CELL_STEPS]
    corners = []
    lost = [0.0, 0.0]
    worth = ctx.worth
    for d in range(6):
        colour, n = "", 0
        for k, dd in _CORNER_NEIGHBOURS[d]:
            t = nb[k]
            if t is None:
                continue
            i = _CORAL_AT[t[2]][dd]
            col = t[1][i] if i >= 0 else "."
            if col == "." or (n and col != colour):
                n = -1
                break
            colour, n = col, n + 1
        promise = PROMISE[n] * worth[colour] if n > 0 else 0.0
        corners.append((colour, n, promise))
        lost[(d + 1) % 2] += promise  # a rotation of the other parity points nothing at corner d
    needs = [(k, t[1][EDGE_CORAL[t[2]][_OPPOSITE_EDGE[k]]]) for k, t in enumerate(nb) if t is not None]
    return corners, (lost[0], lost[1]), needs


def placement_value(ctx: _Ctx, corners, lost, needs, colours: str, cell, rot: int) -> float:
    """The local value of laying ``colours`` at ``cell`` with ``rot``, given the cell's corners before."""
    value = -lost[rot % 2]
    worth = ctx.worth
    for i in range(3):
        d = (rot + 2 * i) % 6
        bc, bn, promise = corners[d]
        if bn < 0:
            continue
        c = colours[i]
        if bn == 0:
            value += PROMISE[1] * worth[c]
        elif bc == c:
            if bn == 2:
                value += ctx.habitat((cell[0] + STEPS[d][0], cell[1] + STEPS[d][1]), c) - promise
            else:
                value += (PROMISE[2] - PROMISE[1]) * worth[c]
        else:
            value -= promise
    edge = EDGE_CORAL[rot]
    for k, colour in needs:
        if colours[edge[k]] == colour:
            value += EDGE
    return value


def place_values(s: ReefState, seat: int, legal: list[Action]) -> list[tuple[float, int]]:
    """(value, index into ``legal``) of every placement in ``legal``."""
    ctx = _Ctx(s, seat)
    if legal is s.memo.get("legal"):  # the engine's own list: read its cells straight from the market's spots
        return _spot_values(ctx, s, legal)
    per_cell: dict = {}
    out = []
    tiles = [data.TILES[t] for t in s.market]
    for i, a in enumerate(legal):
        if a["type"] != "place":
            continue
        cell = cell_point(a["q"], a["r"])
        got = per_cell.get(cell)
        if got is None:
            got = per_cell[cell] = _cell_corners(ctx, cell)
        out.append((placement_value(ctx, got[0], got[1], got[2], tiles[a["tile"]], cell, a["rot"]), i))
    return out


def _scan(ctx: _Ctx, s: ReefState) -> list[tuple[float, int, Any, int]]:
    """(value, market index, cell, rot) of every placement, in the order of the engine's legal list
    (``rules.place_actions``: tile by tile, rotation by rotation, the cells of ``market_spots``)."""
    out = []
    per_cell: dict = {}
    for ti, (tile, per_rot) in enumerate(zip(s.market, market_spots(s))):
        colours = data.TILES[tile]
        for rot, cells in enumerate(per_rot):
            for cell in cells:
                got = per_cell.get(cell)
                if got is None:
                    got = per_cell[cell] = _cell_corners(ctx, cell)
                out.append((placement_value(ctx, got[0], got[1], got[2], colours, cell, rot), ti, cell, rot))
    return out


def _spot_values(ctx: _Ctx, s: ReefState, legal: list[Action]) -> list[tuple[float, int]]:
    """:func:`place_values` for the engine's own legal list (the Sea Snail first, if offered): no action is read."""
    first = 1 if s.snail_in_market else 0
    out = [(v, first + k) for k, (v, _, _, _) in enumerate(_scan(ctx, s))]
    assert first + len(out) == len(legal)
    return out


def _pick(values: list, rng: Rng) -> int:
    """Index of the best value; ties go to the first best after a random starting point (one draw in all)."""
    start = rng.below(len(values))
    best, index = values[start][0], start
    for k in range(start, len(values)):
        if values[k][0] > best:
            best, index = values[k][0], k
    for k in range(start):
        if values[k][0] > best:
            best, index = values[k][0], k
    return index


def large_value(s: ReefState, seat: int, action: Action) -> float:
    """A Large Animal's points plus what the Ecosystems pay for its shape."""
    shape = data.SHAPE_OF_ANIMAL[action["animal"]]
    value = float(s.large[shape][0])
    if s.rules.uses_ecosystems():
        board = s.boards[seat]
        for number, native in s.line:
            e = data.ECOSYSTEMS[number]
            if e.kind == "large_times_native" and e.subject == shape:
                value += e.points * sum(1 for sp in board.habitats.values() if sp == native)
    return value - 0.3 * len(action["cells"])  # small animals it covers cannot carry another


SNAIL_BELOW = 0.6  # take the Sea Snail (not in the final round) when no placement is worth more than this


def _snail_ok(s: ReefState) -> bool:
    return not is_final_round(s) and len(s.market) > 2


def policy(s: ReefState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The rollout policy: the best placement by local value (a little noise breaks ties), the best Large Animal."""
    if s.phase not in (PLACE, LARGE):  # Modification 6's colour: the one worth most comes first
        return legal[0]
    if s.phase == LARGE:
        best, choice = 0.0, None
        for a in legal:
            if a["type"] == "large":
                v = large_value(s, seat, a)
                if choice is None or v > best:
                    best, choice = v, a
        return choice if choice is not None else legal[-1]
    values = place_values(s, seat, legal)
    if not values:
        return legal[0]
    best, index = values[_pick(values, rng)]
    if best < SNAIL_BELOW and legal[0]["type"] == "snail" and _snail_ok(s):
        return legal[0]
    return legal[index]


def fast_policy(s: ReefState, seat: int, rng: Rng) -> Action | None:
    """:func:`policy`'s placement without building the legal list (the same choice, the same draws); None outside
    the placement phase or when fewer than two actions are legal."""
    if s.phase != PLACE or seat != s.queue[0]:
        return None
    values = _scan(_Ctx(s, seat), s)
    if len(values) + s.snail_in_market < 2 or not values:
        return None
    best, ti, cell, rot = values[_pick(values, rng)]
    if best < SNAIL_BELOW and s.snail_in_market and _snail_ok(s):
        return {"type": "snail"}
    q, r = point_cell(cell)
    return {"type": "place", "tile": ti, "q": q, "r": r, "rot": rot}


def step(s: ReefState, seat: int, rng: Rng) -> Action | None:
    """The rollouts' move (``GameSearch.step``): :func:`policy`'s choice, placements read without the legal list."""
    if s.phase == PLACE and s.phase != OVER:
        action = fast_policy(s, seat, rng)
        if action is not None:
            return action
    if s.phase == OVER:
        return None
    legal = legal_actions(s, seat)
    if not legal:
        return None
    return policy(s, seat, legal, rng) if len(legal) > 1 else legal[0]


def candidates(s: ReefState, seat: int, legal: list[Action]) -> list[Action]:
    """Actions best first by the policy's judgement; the Sea Snail is dropped in the final round (it brings
    nothing there) unless it is the only move."""
    if s.phase not in (PLACE, LARGE):
        return list(legal)
    if s.phase == LARGE:
        larges = sorted(
            ((large_value(s, seat, a), i) for i, a in enumerate(legal) if a["type"] == "large"), reverse=True
        )
        skip = [a for a in legal if a["type"] != "large"]
        return [legal[i] for _, i in larges] + skip
    ranked = [legal[i] for _, i in sorted(place_values(s, seat, legal), key=lambda x: (-x[0], x[1]))]
    if legal and legal[0]["type"] == "snail" and (_snail_ok(s) or not ranked):
        ranked.insert(min(3, len(ranked)), legal[0])
    return ranked


def old_bot_choice(view: View, legal: list[Action], rng: Rng) -> list[Action]:
    """The old ``greedy`` bot's move, which the root always searches: the search may rank it out only by its
    rollouts, never by pruning (the final round's Sea Snail excepted, as everywhere)."""
    kinds = {a["type"] for a in legal}
    if not kinds & {"place", "large"}:
        return []
    move = greedy_bot(view, legal, Rng(rng.next64()))
    if move["type"] == "snail" and view["table"]["round"] >= rules_for(view["options"]).rounds:
        return []
    return [move]


# The analysis's typical winning margin, in points (the median of games between beginner seats): a win by this
# much is worth 0.75 of the margin's part of a playout's winning chances (shoal.bots.analysis.chances).
MARGIN_SCALE = 10

SEARCH = GameSearch(
    sample=sample, evaluate=evaluate, policy=policy, candidates=candidates, step=step, root_extra=old_bot_choice
)


def solo_order(keep: int):
    """The root's moves for the paired solo search, from the view alone: the policy's ``keep`` best (ranked on one
    sampled position: a placement's local value does not depend on the pile) plus old greedy's move."""

    def order(view: View, legal: list[Action], rng: Rng) -> list[Action]:
        by_key = {action_key(a): a for a in legal}
        ranked = [a for a in candidates(sample(view, rng), view["seat"], list(legal)) if action_key(a) in by_key]
        chosen = list({action_key(a): a for a in ranked}.values())[:keep]
        for a in old_bot_choice(view, legal, rng):
            if action_key(a) in by_key and all(action_key(a) != action_key(c) for c in chosen):
                chosen.append(by_key[action_key(a)])
        return chosen or list(legal)

    return order


def solo_score(s: ReefState, seat: int) -> float:
    """A solo playout's value: its final score itself (the goal is the score; no rival, no win to weigh)."""
    return float(sum(r["points"] for r in score_sheets(s)[seat]))


def solo_work(work: int):
    """A cap on a solo decision's playouts: ``work // rounds left``. A playout from round ``r`` of 17 lays about
    ``17 - r + 1`` tiles, so early decisions cost most; the cap bounds the longest decision without thinning the
    later, cheaper ones (counted in playouts, never time)."""

    def limit(view: View) -> int:
        return work // max(1, rules_for(view["options"]).rounds - view["table"]["round"] + 1)

    return limit


def paired_solo(game, playouts: int, keep: int, work: int, name: str) -> FlatBot:
    """Alone, a paired flat search with successive halving (``shoal.bots.flat``) over :func:`solo_order`'s ``keep``
    moves, each playout valued by its final score (:func:`solo_score`).

    Why paired, and why solo only: every kept candidate is played out on the same sampled pile with the same rollout
    draws, and a solo market is refilled from that pile whatever was taken, so all candidates meet the same tiles for
    the rest of the game and most of the pile's luck cancels out of their differences (with rivals, their choices
    split the futures apart again)."""
    return FlatBot(
        SEARCH,
        game,
        playouts,
        order=solo_order(keep),
        value=lambda start, end, seat: solo_score(end, seat),
        halving=True,
        limit=solo_work(work),
        name=name,
    )


class Level(SearchBot):
    """An AQUA level: ISMCTS (the :class:`SearchBot` it is) with rivals at the table; alone, the bot ``alone`` (its
    own search and budgets) if it is given."""

    def __init__(self, game, alone: SearchBot | None = None, **knobs: Any) -> None:
        super().__init__(SEARCH, game, **knobs)
        self.alone = alone  # the search a one-player game gets instead (its own budgets), if any

    def capped(self, budget: int) -> Level:
        plain = super().capped(budget)
        bot = copy.copy(self)  # every knob kept; only the budgets below are capped
        bot.iterations, bot.solo_iterations = plain.iterations, plain.solo_iterations
        if self.alone is not None:
            bot.alone = self.alone.capped(budget)
        return bot

    def __call__(self, view: View, legal: list[Action], rng: Rng) -> Action:
        if self.alone is not None and view["players"] == 1:
            choice = self.alone(view, legal, rng)
            self.last_iterations = self.alone.last_iterations
            return choice
        return super().__call__(view, legal, rng)


def make_levels(game) -> dict:
    """easy / normal / hard: iterations a decision, every rollout to the end of the game, over the policy's few best
    placements plus old greedy's move. Deeper in the tree only the policy's two best moves are tried (a wider tree
    spreads a few hundred noisy rollouts thinner), and exploration is low: placements differ by a point or two while
    one rollout's score varies by ten. Measured (CPython CPU seconds, 12 seeds/games each): solo core
    median 92 with 160 iterations (88 with the earlier 140 iterations, 5 moves deep, exploration 0.7); hard's 2-player
    decisions cost about 0.8 s on average at this budget. A solo game has no rival turns in its rollouts, so hard
    searches 225 iterations there for about the same thinking time (solo advanced, seeds 1–40: median 79 at 150
    iterations with the species-blind policy, 82 at 225 with the policy that reads which species each Ecosystem wants
    next to which; headless Chromium: 1.67 CPU s a decision on average, 2.98 s for the first, longest one).
    hard alone plays :func:`paired_solo` instead (340 playouts a decision, at most 4,400 // rounds left; measured in
    docs/strength.md)."""
    knobs = {"rollout_depth": None, "exploration": 0.4}
    hard = {**knobs, "iterations": 150, "root_candidates": 8, "node_candidates": 2}
    # Alone, easy and normal search as they always have (their solo rows stand). With rivals they are one step down
    # each: the old easy (10 iterations over the policy's 3 best) is normal, and easy plays the policy's best move.
    # Why (docs/strength.md): at 2 players the old normal was only ~3 points a game behind hard (head to head 57.5% of
    # 40 games), too close to show, while the old easy was 17 points of win share below hard against the frozen bot.
    alone = {
        "easy": {**knobs, "iterations": 10, "root_candidates": 3, "node_candidates": 1},
        "normal": {**knobs, "iterations": 50, "root_candidates": 5, "node_candidates": 2},
    }
    rivals = {"easy": {**knobs, "iterations": 1, "root_candidates": 1, "node_candidates": 1}, "normal": alone["easy"]}
    out = {
        name: Level(game, name=name, alone=SearchBot(SEARCH, game, name=name, **alone[name]), **rivals[name])
        for name in ("easy", "normal")
    }
    out["hard"] = Level(
        game, alone=paired_solo(game, playouts=340, keep=8, work=4400, name="hard"), name="hard", **hard
    )
    return out


__all__ = [
    "SEARCH",
    "Level",
    "candidates",
    "evaluate",
    "fast_policy",
    "make_levels",
    "old_bot_choice",
    "paired_solo",
    "policy",
    "sample",
    "seen_tiles",
    "solo_order",
    "solo_score",
    "solo_work",
    "step",
]
