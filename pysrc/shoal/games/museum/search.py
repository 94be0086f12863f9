"""What the shared search needs to play the museum game: positions sampled from a view, a value, a fast policy.

Hidden from a seat: the opponent's hand, the deck order, the face-down cards it did not place (the set-up face-down
card is hidden from both). ``sample`` deals exactly those from the cards the seat has not seen; everything else is
copied from the view.
"""

from __future__ import annotations

from shoal.bots.flat import FlatBot
from shoal.bots.search import GameSearch, squash
from shoal.core import Action, QuietLog, Rng, View

from . import rules
from .data import (
    AXES,
    BOAT,
    CARDS,
    ICON_KINDS,
    LILY,
    LILY_RUN_POINTS,
    LINE_MAX,
    LINE_MIN,
    SET_POINTS,
    SPAN,
    TOKEN_BONUS,
    TOKENS_PER_BOAT,
    TURTLE,
    TURTLE_POINTS,
    WAVE,
)
from .scoring import table_points
from .state import OVER, PLACE, MuseumState

FACES = [(c.kind, c.number) for c in CARDS]
_KIND = [c.kind for c in CARDS]
_NUMBER = [c.number for c in CARDS]
_IS_LILY = [k == LILY for k in _KIND]
_IS_BOAT = [k == BOAT for k in _KIND]
_IS_TURTLE = [k == TURTLE for k in _KIND]
_LINE_MEMO: dict[tuple[int, ...], int] = {}
QUIET = QuietLog()

# A card in a line is one int, ``entry(at, card, tokens)``: sorting entries sorts by place along the line, and a line
# (a tuple of entries) hashes fast for the memo. ``at`` is a coordinate (the display spans 5, so |at| < 16), cards
# are ids < 256 and tokens < 16 (six in the box).
_AT, _CARD = 12, 4
_CODE = (1 << _AT) - 1  # an entry without its place: card and tokens
_CANON: dict[tuple[int, ...], int] = {}  # a line's points by its cards (and, with a turtle, their relative places)


def entry(at: int, card: int, tokens: int) -> int:
    return ((at + 16) << _AT) | (card << _CARD) | tokens


def line_points(line: tuple[int, ...]) -> int:
    """Points of one line given as its entries (:func:`entry`) in order; memoised.

    The same sums as ``scoring.score_line`` (a test checks them against ``score_axis``), without building reports.
    Places along the line matter only for a turtle's neighbours, so a line without a turtle is remembered by its
    cards and tokens alone and one with a turtle by places counted from its first card: a search meets far fewer
    of those than of exact lines.
    """
    got = _LINE_MEMO.get(line)
    if got is not None:
        return got
    if any(_IS_TURTLE[(e >> _CARD) & 255] for e in line):
        first = line[0] >> _AT << _AT
        key = tuple(e - first for e in line)
    else:
        key = tuple(sorted(e & _CODE for e in line))
    points = _CANON.get(key)
    if points is None:
        if len(_CANON) > 200_000:  # both memos are bounded: a long session (or a tournament) must not grow without end
            _CANON.clear()
        points = _CANON[key] = _line_points(line)
    if len(_LINE_MEMO) > 100_000:
        _LINE_MEMO.clear()
    _LINE_MEMO[line] = points
    return points


def _line_points(line: tuple[int, ...]) -> int:
    cards = [((e >> _AT) - 16, (e >> _CARD) & 255, e & 15) for e in line]
    total = sum(_NUMBER[c] for _, c, _ in cards)
    points = 0
    if LINE_MIN <= total <= LINE_MAX:
        groups: dict[object, list[int]] = {}
        for _, c, tok in cards:
            groups.setdefault(_NUMBER[c], []).append(tok)
            if _KIND[c] in ICON_KINDS:
                groups.setdefault(_KIND[c], []).append(tok)
        for toks in groups.values():
            if len(toks) >= 2:
                points += table_points(SET_POINTS, len(toks)) + TOKEN_BONUS * sum(toks)
        waves = {at for at, c, _ in cards if _KIND[c] == WAVE}
        for at, c, tok in cards:
            if _KIND[c] == TURTLE:
                n = (at - 1 in waves) + (at + 1 in waves)
                if n:
                    points += TURTLE_POINTS[n] + TOKEN_BONUS * tok
    return points


def _lines(
    grid: dict[tuple[int, int], int], tokens: dict[tuple[int, int], int]
) -> tuple[dict[int, list[int]], dict[int, list[int]], set[int], set[int]]:
    """Each row's and column's entries (unsorted), and the rows and columns holding a lily pad."""
    rows: dict[int, list[int]] = {}
    cols: dict[int, list[int]] = {}
    lily_rows: set[int] = set()
    lily_cols: set[int] = set()
    for (x, y), c in grid.items():
        tok = tokens.get((x, y), 0)
        code = (c << _CARD) | tok
        if y in rows:
            rows[y].append(((x + 16) << _AT) | code)
        else:
            rows[y] = [((x + 16) << _AT) | code]
        if x in cols:
            cols[x].append(((y + 16) << _AT) | code)
        else:
            cols[x] = [((y + 16) << _AT) | code]
        if _IS_LILY[c]:
            lily_rows.add(y)
            lily_cols.add(x)
    return rows, cols, lily_rows, lily_cols


def _axis_score(lines: dict[int, list[int]], lily: set[int]) -> int:
    score = 0
    for line in lines.values():
        line.sort()
        score += line_points(tuple(line))
    return score + _lily_points(lily)


def fast_score(cards: dict[tuple[int, int], int], tokens: dict[tuple[int, int], int], axis: str) -> int:
    """What ``scoring.score_axis(...)["score"]`` gives for card ids laid at positions, computed quickly."""
    rows, cols, lily_rows, lily_cols = _lines(cards, tokens)
    return _axis_score(rows, lily_rows) if axis == "row" else _axis_score(cols, lily_cols)


def sample(view: View, rng: Rng) -> MuseumState:
    """A full position consistent with ``view``: unseen cards dealt at random to the unknown places."""
    t = view["table"]
    me = view["seat"]
    state = MuseumState(view["players"], dict(view["options"]), Rng(rng.next64()))
    state.log = QUIET
    seen = {c["card"]["id"] for c in t["cards"] if c["card"]} | {c["id"] for c in t["hand"] or []}
    unseen = [c.id for c in CARDS if c.id not in seen]
    rng.shuffle(unseen)
    for c in t["cards"]:
        pos = (c["x"], c["y"])
        state.grid[pos] = c["card"]["id"] if c["card"] else unseen.pop()
        state.face_up[pos] = c["face"] == "up"
        state.placer[pos] = c["placer"]
        if c["tokens"]:
            state.tokens[pos] = c["tokens"]
    for seat, size in enumerate(t["hand_sizes"]):
        state.hands[seat] = [c["id"] for c in t["hand"]] if seat == me else [unseen.pop() for _ in range(size)]
    state.deck = unseen
    state.start_player = t["start_player"]
    state.phase = t["phase"]
    state.turn = t["turn"] if t["turn"] is not None else 0
    state.placements = t["placements"]
    if t["boat"]:
        b = t["boat"]
        state.boat, state.mover = (b["x"], b["y"]), b["mover"]
        state.moves_left = TOKENS_PER_BOAT - b["step"] + 1
    return state


def margin(state: MuseumState, seat: int) -> int:
    """Own score minus the opponent's with every card as it lies (face down ones included)."""
    rows, cols, lily_rows, lily_cols = _lines(state.grid, state.tokens)
    m = _axis_score(rows, lily_rows) - _axis_score(cols, lily_cols)  # the row player's margin
    return m if AXES[seat] == "row" else -m


def evaluate(state: MuseumState, seat: int) -> float:
    """Win (or, before the end, a soft win chance from the margin on all cards as sampled) plus a little margin."""
    m = margin(state, seat)
    if state.phase == OVER:
        win = 1.0 if m > 0 else 0.5 if m == 0 else 0.0
    else:
        win = squash(m / 4)
    return 0.8 * win + 0.2 * squash(m / 10)


_LILY_MEMO: dict[frozenset[int], int] = {}


def _lily_points(coords: set[int] | frozenset[int]) -> int:
    key = frozenset(coords)
    got = _LILY_MEMO.get(key)
    if got is not None:
        return got
    score, run = 0, 0
    for c in sorted(coords):
        run = run + 1 if c - 1 in coords else 1
        if c + 1 not in coords and run >= 2:
            score += table_points(LILY_RUN_POINTS, run)
    _LILY_MEMO[key] = score
    return score


def _line_total(cache: dict[int, int], lines: dict[int, list], k: int) -> int:
    """Points of line ``k`` as it stands (0 when empty), computed once per line and kept in ``cache``."""
    got = cache.get(k)
    if got is None:
        line = lines.get(k)
        if line is None:
            got = 0
        else:
            line.sort()
            got = line_points(tuple(line))
        cache[k] = got
    return got


class _Lines:
    """The rows and columns of one position, each scored once, for judging many actions on it."""

    __slots__ = ("rows", "cols", "lily_rows", "lily_cols", "row_base", "col_base", "tokens", "grid")

    def __init__(self, state: MuseumState) -> None:
        self.grid, self.tokens = state.grid, state.tokens
        self.rows, self.cols, self.lily_rows, self.lily_cols = _lines(state.grid, state.tokens)
        self.row_base: dict[int, int] = {}
        self.col_base: dict[int, int] = {}

    def row(self, y: int) -> int:
        return _line_total(self.row_base, self.rows, y)

    def col(self, x: int) -> int:
        return _line_total(self.col_base, self.cols, x)

    def place(self, c: int, x: int, y: int, tok: int) -> int:
        """Rows-minus-columns change of laying card ``c`` at (x, y) with ``tok`` tokens (a line of one card never
        scores: no number reaches LINE_MIN alone)."""
        code = (c << _CARD) | tok
        memo = _LINE_MEMO
        d = 0
        row = self.rows.get(y)
        if row is not None:
            line = row + [((x + 16) << _AT) | code]
            line.sort()
            key = tuple(line)
            got = memo.get(key)
            d += (line_points(key) if got is None else got) - self.row(y)
        col = self.cols.get(x)
        if col is not None:
            line = col + [((y + 16) << _AT) | code]
            line.sort()
            key = tuple(line)
            got = memo.get(key)
            d -= (line_points(key) if got is None else got) - self.col(x)
        if _IS_LILY[c]:
            if y not in self.lily_rows:
                d += _lily_points(self.lily_rows | {y}) - _lily_points(self.lily_rows)
            if x not in self.lily_cols:
                d -= _lily_points(self.lily_cols | {x}) - _lily_points(self.lily_cols)
        return d

    def move_token(self, boat: tuple[int, int], target: tuple[int, int]) -> int:
        """Rows-minus-columns change of moving one token from ``boat`` to ``target`` (lily runs do not change)."""
        tokens = dict(self.tokens)
        tokens[boat] -= 1
        tokens[target] = tokens.get(target, 0) + 1
        grid = self.grid
        d = 0
        for y in {boat[1], target[1]}:
            line = sorted(
                ((x + 16) << _AT) | (c << _CARD) | tokens.get((x, y), 0) for (x, yy), c in grid.items() if yy == y
            )
            d += line_points(tuple(line)) - self.row(y)
        for x in {boat[0], target[0]}:
            line = sorted(
                ((y + 16) << _AT) | (c << _CARD) | tokens.get((x, y), 0) for (xx, y), c in grid.items() if xx == x
            )
            d -= line_points(tuple(line)) - self.col(x)
        return d


def values(state: MuseumState, seat: int, actions: list[Action]) -> list[float]:
    """Own-minus-opponent score change of each action, on every card as it lies in ``state`` (tokens counted).

    A placement changes only its row and its column (and the lily-pad runs), a token move only the rows and columns
    of its boat and its target, so only those are rescored; a card's two facings differ only for a boat's tokens.
    """
    lines = _Lines(state)
    sign = 1 if AXES[seat] == "row" else -1
    out: list[float] = []
    seen: dict[int, int] = {}
    for a in actions:
        kind = a["type"]
        if kind == "place":
            c, x, y = a["card"], a["x"], a["y"]
            tok = TOKENS_PER_BOAT if _IS_BOAT[c] and a["face"] == "up" else 0
            key = (((c << 5) | (x + 16)) << 5 | (y + 16)) << 4 | tok
            v = seen.get(key)
            if v is None:
                v = seen[key] = sign * lines.place(c, x, y, tok)
            out.append(v)
        elif kind == "move_token":
            out.append(sign * lines.move_token(state.boat, (a["x"], a["y"])))
        else:
            out.append(0)
    return out


def policy(state: MuseumState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Greedy over a sample of the legal actions (cheap enough for playouts, much better than random)."""
    if len(legal) > 12:
        legal = [legal[rng.below(len(legal))] for _ in range(12)]
    vals = values(state, seat, legal)
    best = 0
    for i in range(1, len(legal)):
        if vals[i] > vals[best]:
            best = i
    return legal[best]


def spot_faces(state: MuseumState) -> list[tuple[int, int, str]]:
    """``(x, y, facing)`` of every open spot and facing, in the rules' order (``grid.open_spots`` in reading order,
    then ``grid.facings``), found in one pass over the laid cards."""
    grid = state.grid
    xs = [p[0] for p in grid]
    ys = [p[1] for p in grid]
    lo_x, hi_x = max(xs) - SPAN + 1, min(xs) + SPAN - 1
    lo_y, hi_y = max(ys) - SPAN + 1, min(ys) + SPAN - 1
    near: dict[tuple[int, int], int] = {}  # open spot -> 1: a face-up neighbour, 2: a face-down one
    for (x, y), up in state.face_up.items():
        bit = 1 if up else 2
        for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if n not in grid and lo_x <= n[0] <= hi_x and lo_y <= n[1] <= hi_y:
                near[n] = near.get(n, 0) | bit
    out = []
    for x, y in sorted(near, key=_reading):
        bits = near[(x, y)]
        if bits & 2:
            out.append((x, y, "up"))
        if bits & 1:
            out.append((x, y, "down"))
    return out


def _reading(pos: tuple[int, int]) -> tuple[int, int]:
    return pos[1], pos[0]


def step(state: MuseumState, seat: int, rng: Rng) -> Action | None:
    """``policy(state, seat, legal_actions(state, seat), rng)`` (or the only legal action, drawing nothing), without
    building the legal list: the sampled actions are found by their index in the rules' enumeration order (card,
    then open spot in reading order, then facing)."""
    if state.phase != PLACE:
        legal = rules.legal_actions(state, seat)
        if len(legal) > 1:
            return policy(state, seat, legal, rng)
        return legal[0] if legal else None
    if seat != state.turn:
        return None
    hand = state.hands[seat]
    spots = spot_faces(state)
    per = len(spots)
    n = len(hand) * per
    if n <= 1:
        if not n:
            return None
        x, y, face = spots[0]
        return {"type": "place", "card": hand[0], "x": x, "y": y, "face": face}
    picks = [rng.below(n) for _ in range(12)] if n > 12 else range(n)
    lines = _Lines(state)
    sign = 1 if AXES[seat] == "row" else -1
    seen: dict[int, int] = {}
    best_i, best_v = -1, 0
    for i in picks:
        c = hand[i // per]
        x, y, face = spots[i % per]
        tok = TOKENS_PER_BOAT if _IS_BOAT[c] and face == "up" else 0
        key = (((c << 5) | (x + 16)) << 5 | (y + 16)) << 4 | tok
        v = seen.get(key)
        if v is None:
            v = seen[key] = sign * lines.place(c, x, y, tok)
        if best_i < 0 or v > best_v:
            best_i, best_v = i, v
    x, y, face = spots[best_i % per]
    return {"type": "place", "card": hand[best_i // per], "x": x, "y": y, "face": face}


# The analysis's typical winning margin, in points (the median of games between beginner seats): a win by this
# much is worth 0.75 of the margin's part of a playout's winning chances (shoal.bots.analysis.chances).
MARGIN_SCALE = 7.5

SEARCH = GameSearch(sample=sample, evaluate=evaluate, policy=policy, step=step)  # the root's order: ranked()


def ranked(view: View, legal: list[Action], rng: Rng, samples: int, sampler=sample) -> list[Action]:
    """Legal actions best first by their greedy value (own-minus-opponent score change) averaged over ``samples``
    positions sampled from the view, face down first among equals, then in the rules' order.

    One sampled position judges a move as if its hidden cards were known (alone that plays worse than the old greedy
    bot, which counts hidden cards at their mean number: 44% of 400 games against it); a few samples average that
    guess away (8 samples: 53%)."""
    me = view["seat"]
    totals = [0.0] * len(legal)
    for _ in range(samples):
        for i, v in enumerate(values(sampler(view, rng), me, legal)):
            totals[i] += v
    down = [0.01 * samples if a.get("face") == "down" else 0.0 for a in legal]
    order = sorted(range(len(legal)), key=lambda i: (-(totals[i] + down[i]), i))
    return [legal[i] for i in order]


def flat_search(
    game, iterations: int, root_candidates: int, rank_samples: int, name: str = "search", spec: GameSearch = SEARCH
) -> FlatBot:
    """Flat Monte Carlo with common random numbers over the root's best few moves (stronger here than ISMCTS,
    as measured below), the shared :class:`~shoal.bots.flat.FlatBot` with ``split=False``.

    A museum game is ~19 plies, so every playout is nearly a whole game and a tree over the opponent's replies gets
    a handful of visits per node: ISMCTS at 300 iterations won 67% of 200 games against the old greedy bot, and more
    iterations hardly helped, because a won/lost playout is so noisy that two moves' means differ by less than their
    error. Here every iteration samples ONE position from the view and one rollout seed, and plays out each of the
    ``root_candidates`` moves (ranked by :func:`ranked` over ``rank_samples`` positions) on a copy of that same
    position with that same seed: the moves are compared on identical hidden cards, deck order and rollout draws, so
    most of the noise cancels in their difference. ``iterations`` counts sampled positions (each costs
    ``root_candidates`` playouts), never time.
    """

    def order(view: View, legal: list[Action], rng: Rng) -> list[Action]:
        return ranked(view, legal, rng, rank_samples, spec.sample)

    return FlatBot(
        spec, game, iterations, rollout_depth=None, name=name, order=order, root_candidates=root_candidates, split=False
    )


def make_levels(game) -> dict:
    """The three levels, all :func:`flat_search` with the same playouts, differing in sampled positions and moves
    searched. Measured against the old greedy bot (benchmarks/strength.py's museum row, seats rotated, 200 games,
    seeds 1-200; 2026-11-30): 30 positions x 8 moves won 82.8% +- 5.1%; 2 x 3 won 64.8% +- 6.4% (tuning runs, with
    token moves judged over all targets in playouts: 1 x 3 63.3%, 2 x 4 64.8%, 3 x 4 and 8 x 6 73.8%, too close to
    hard); ``easy`` plays no playouts at all, only the ranking over one sampled position, so it plays as if it could
    see the hidden cards it guessed: 44.5% +- 6.8% (with 2 positions it won 55.2% +- 6.7%, overlapping normal's
    interval, and each level must sit clearly below the next). ``hard`` keeps to about 2 s a decision in headless
    Chromium (benchmarks/chromium_bots.py: 0.46 s mean, 1.59 s max, the first decision, CPU seconds of the page's
    renderer).
    Rollouts sample 12 of the legal placements per ply: greedy over all of them is slower and weaker (79% +- 7.5% of
    100 games at 30 x 8)."""
    return {
        "easy": flat_search(game, 1, root_candidates=1, rank_samples=1, name="easy"),
        "normal": flat_search(game, 2, root_candidates=3, rank_samples=8, name="normal"),
        "hard": flat_search(game, 30, root_candidates=8, rank_samples=8, name="hard"),
    }


__all__ = ["SEARCH", "evaluate", "flat_search", "make_levels", "policy", "ranked", "sample", "step"]
