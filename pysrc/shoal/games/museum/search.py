"""What the shared search needs to play the museum game: positions sampled from a view, a value, a fast policy.

Hidden from a seat: the opponent's hand, the deck order, the face-down cards it did not place (the set-up face-down
card is hidden from both). ``sample`` deals exactly those from the cards the seat has not seen; everything else is
copied from the view.
"""

from __future__ import annotations

from shoal.bots.search import GameSearch, levels, squash
from shoal.core import Action, Rng, View

from .data import (
    AXES, BOAT, CARDS, ICON_KINDS, LILY, LILY_RUN_POINTS, LINE_MAX, LINE_MIN, SET_POINTS, TOKEN_BONUS, TOKENS_PER_BOAT,
    TURTLE, TURTLE_POINTS, WAVE,
)
from .scoring import table_points
from .state import OVER, MuseumState

FACES = [(c.kind, c.number) for c in CARDS]
_KIND = [c.kind for c in CARDS]
_NUMBER = [c.number for c in CARDS]
_LINE_MEMO: dict[tuple, int] = {}


def line_points(line: tuple[tuple[int, int, int], ...]) -> int:
    """Points of one line given as ``((coord along the line, card id, tokens), ...)`` in order; memoised.

    The same sums as ``scoring.score_line`` (a test checks them against ``score_axis``), without building reports.
    """
    got = _LINE_MEMO.get(line)
    if got is not None:
        return got
    total = sum(_NUMBER[c] for _, c, _ in line)
    points = 0
    if LINE_MIN <= total <= LINE_MAX:
        groups: dict[object, list[int]] = {}
        for _, c, tok in line:
            groups.setdefault(_NUMBER[c], []).append(tok)
            if _KIND[c] in ICON_KINDS:
                groups.setdefault(_KIND[c], []).append(tok)
        for toks in groups.values():
            if len(toks) >= 2:
                points += table_points(SET_POINTS, len(toks)) + TOKEN_BONUS * sum(toks)
        waves = {at for at, c, _ in line if _KIND[c] == WAVE}
        for at, c, tok in line:
            if _KIND[c] == TURTLE:
                n = (at - 1 in waves) + (at + 1 in waves)
                if n:
                    points += TURTLE_POINTS[n] + TOKEN_BONUS * tok
    if len(_LINE_MEMO) > 200_000:
        _LINE_MEMO.clear()
    _LINE_MEMO[line] = points
    return points


def fast_score(cards: dict[tuple[int, int], int], tokens: dict[tuple[int, int], int], axis: str) -> int:
    """What ``scoring.score_axis(...)["score"]`` gives for card ids laid at positions, computed quickly."""
    along = 1 if axis == "row" else 0
    lines: dict[int, list[tuple[int, int, int]]] = {}
    for pos, c in cards.items():
        lines.setdefault(pos[along], []).append((pos[1 - along], c, tokens.get(pos, 0)))
    score = 0
    lily = []
    for coord, line in lines.items():
        line.sort()
        score += line_points(tuple(line))
        if any(_KIND[c] == LILY for _, c, _ in line):
            lily.append(coord)
    lily.sort()
    run = 1
    for a, b in zip(lily, lily[1:] + [None]):
        if b is not None and b == a + 1:
            run += 1
        else:
            if run >= 2:
                score += table_points(LILY_RUN_POINTS, run)
            run = 1
    return score


def sample(view: View, rng: Rng) -> MuseumState:
    """A full position consistent with ``view``: unseen cards dealt at random to the unknown places."""
    t = view["table"]
    me = view["seat"]
    state = MuseumState(view["players"], dict(view["options"]), Rng(rng.next64()))
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
    return fast_score(state.grid, state.tokens, AXES[seat]) - fast_score(state.grid, state.tokens, AXES[1 - seat])


def evaluate(state: MuseumState, seat: int) -> float:
    """Win (or, before the end, a soft win chance from the margin on all cards as sampled) plus a little margin."""
    m = margin(state, seat)
    if state.phase == OVER:
        win = 1.0 if m > 0 else 0.5 if m == 0 else 0.0
    else:
        win = squash(m / 4)
    return 0.8 * win + 0.2 * squash(m / 10)


def _lily_points(coords: set[int]) -> int:
    score, run = 0, 0
    for c in sorted(coords):
        run = run + 1 if c - 1 in coords else 1
        if c + 1 not in coords and run >= 2:
            score += table_points(LILY_RUN_POINTS, run)
    return score


def values(state: MuseumState, seat: int, actions: list[Action]) -> list[float]:
    """Own-minus-opponent score change of each action, on every card as it lies in ``state`` (tokens counted).

    A placement changes only its row and its column (and the lily-pad runs), so only those are rescored.
    """
    grid, tokens = state.grid, state.tokens
    rows: dict[int, list[tuple[int, int, int]]] = {}
    cols: dict[int, list[tuple[int, int, int]]] = {}
    lily_rows: set[int] = set()
    lily_cols: set[int] = set()
    for (x, y), c in grid.items():
        tok = tokens.get((x, y), 0)
        rows.setdefault(y, []).append((x, c, tok))
        cols.setdefault(x, []).append((y, c, tok))
        if _KIND[c] == LILY:
            lily_rows.add(y)
            lily_cols.add(x)
    base_rows = {y: line_points(tuple(sorted(v))) for y, v in rows.items()}
    base_cols = {x: line_points(tuple(sorted(v))) for x, v in cols.items()}
    lily_base = (_lily_points(lily_rows), _lily_points(lily_cols))
    sign = 1 if seat == 0 else -1  # seat 0 scores rows, seat 1 columns
    out: list[float] = []
    before = None
    for a in actions:
        if a["type"] != "place":
            if before is None:
                before = margin(state, seat)
            out.append(_token_margin(state, seat, a) - before)
            continue
        c, x, y = a["card"], a["x"], a["y"]
        tok = TOKENS_PER_BOAT if a["face"] == "up" and _KIND[c] == BOAT else 0
        d_row = line_points(tuple(sorted(rows.get(y, []) + [(x, c, tok)]))) - base_rows.get(y, 0)
        d_col = line_points(tuple(sorted(cols.get(x, []) + [(y, c, tok)]))) - base_cols.get(x, 0)
        if _KIND[c] == LILY:
            d_row += _lily_points(lily_rows | {y}) - lily_base[0]
            d_col += _lily_points(lily_cols | {x}) - lily_base[1]
        out.append(sign * (d_row - d_col))
    return out


def _token_margin(state: MuseumState, seat: int, action: Action) -> int:
    tokens = state.tokens
    if action["type"] == "move_token":
        tokens = dict(tokens)
        tokens[state.boat] -= 1
        target = (action["x"], action["y"])
        tokens[target] = tokens.get(target, 0) + 1
    return fast_score(state.grid, tokens, AXES[seat]) - fast_score(state.grid, tokens, AXES[1 - seat])


def candidates(state: MuseumState, seat: int, legal: list[Action]) -> list[Action]:
    """Legal actions best first by the greedy measure on the sampled position (face down first among equals)."""
    vals = values(state, seat, legal)
    order = sorted(range(len(legal)), key=lambda i: (-(vals[i] + (0.01 if legal[i].get("face") == "down" else 0)), i))
    return [legal[i] for i in order]


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


SEARCH = GameSearch(sample=sample, evaluate=evaluate, policy=policy, candidates=candidates)


def make_levels(game) -> dict:
    return levels(SEARCH, game,
                  easy={"iterations": 40, "rollout_depth": None, "root_candidates": 8},
                  normal={"iterations": 200, "rollout_depth": None, "root_candidates": 16},
                  hard={"iterations": 800, "rollout_depth": None, "root_candidates": 24, "node_candidates": 12})


__all__ = ["SEARCH", "candidates", "evaluate", "make_levels", "policy", "sample"]
