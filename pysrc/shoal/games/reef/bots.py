"""Bots for AQUA. They see only their view and their legal actions, and rebuild boards from the view's plain data.

* ``random``: any legal action.
* ``greedy``: the immediate gain in final score — Small Animals, Reefs, Ecosystems — of each placement, plus the
  best Large Animal it would let it attract; a small bonus for hexagons left two-thirds complete breaks ties.

Every bot but ``random`` makes Modification 6's end-of-game Reef colour choice with :func:`choose_reef_colour`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shoal.bots import random_bot
from shoal.bots.beginner import BeginnerBot
from shoal.core import Action, Rng, View

from . import data
from .achievements.evaluate import evaluate_boards
from .achievements.modifications import rules_for
from .board import Board
from .geometry import EDGE_CORAL, STEPS, add, cell_point, coral_dirs, corners_at
from .scoring import BoardFacts, score_rows, total

SHORTLIST = 14  # placements scored in full after the quick sort
PROMISE = 0.4  # value of a hexagon two-thirds complete with its third cell still empty


def board_from_view(bv: dict[str, Any]) -> Board:
    """Rebuild a :class:`Board` from ``view.table.boards[seat]``."""
    b = Board(bv["hot_spot"])
    for t in bv["tiles"]:
        if not t["hot_spot"]:
            b.lay(cell_point(t["q"], t["r"]), t["tile"], t["colours"], t["rot"])
    for h in bv["habitats"]:
        b.form_habitat(tuple(h["at"]), h["species"])
    for la in bv["large"]:
        b.attract(la["animal"], la["points"], [tuple(c) for c in la["cells"]])
    return b


class _Scorer:
    """Scores one seat's board against the others' fixed facts (Ecosystem 14 compares players)."""

    def __init__(self, table: dict[str, Any], seat: int, options: dict[str, Any]) -> None:
        self.rules = rules_for(options)  # the variant, and a Modification's scoring (Reefs of 5+, 2 per coral, ...)
        self.line = [(e["number"], e["native"]) for e in table["ecosystems"]]
        self.seat = seat
        self.boards = [board_from_view(bv) for bv in table["boards"]]
        self.facts = [BoardFacts(b, self.rules) for b in self.boards]
        self.small_left = {s["species"]: s["left"] for s in table["supply"]["small"]}

    def score(self, board: Board) -> int:
        facts = list(self.facts)
        facts[self.seat] = BoardFacts(board, self.rules)
        return total(score_rows(facts, self.line, self.rules, self.seat))


def _promise(board: Board, cell, rot: int) -> float:
    """Hexagons round the new tile with two matching corals and an empty third cell."""
    out = 0.0
    for d in coral_dirs(rot):
        vertex = add(cell, STEPS[d])
        colours = [board.corals.get(c) for c in corners_at(vertex)]
        have = [c for c in colours if c is not None]
        if len(have) == 2 and have[0] == have[1]:
            out += PROMISE
    return out


def _quick(board: Board, colours: str, action: Action, line_natives: set[str]) -> float:
    """A cheap first estimate: points of Habitats completed, matching edges, promise."""
    cell = cell_point(action["q"], action["r"])
    trial = board.clone()
    formed = trial.lay(cell, 0, colours, action["rot"])
    value = 0.0
    for _, colour in formed:
        species = data.SPECIES_OF_COLOUR[colour]
        value += data.SMALL_POINTS[species] + (3 if species in line_natives else 0) + 2
    value += 0.3 * sum(1 for k, c in board.needs(cell) if colours[EDGE_CORAL[action["rot"]][k]] == c)
    return value + _promise(trial, cell, action["rot"])


def _best_large(scorer: _Scorer, board: Board, fresh: list, table_large: dict[str, list[int]]) -> float:
    """The best score gain a Large Animal could add after a placement that formed ``fresh`` Habitats."""
    base = scorer.score(board)
    best = 0.0
    allowed = lambda species: scorer.rules.large_cover_allowed(species, scorer.line)  # noqa: E731
    for shape in data.LARGE_SHAPES:
        stack = table_large.get(shape.id) or []
        if not stack or not scorer.rules.large_shape_allowed(board, shape.id):
            continue
        spots = board.large_spots(shape, fresh, allowed)
        if spots:
            trial = board.clone()
            trial.attract(shape.animals[0], stack[0], spots[0]["cells"])
            best = max(best, scorer.score(trial) - base)
    return best


def reef_colour_value(view: View, colour: str) -> tuple[int, int, int, int]:
    """What keeping ``colour``'s Reefs (Modification 6) is worth to the seat: its Scenario completed, then the win
    (with 2+ players), then how many Challenges it completes, then its total; the others' choices as they stand."""
    table, seat = view["table"], view["seat"]
    boards = [board_from_view(bv) for bv in table["boards"]]
    colours = [bv.get("reef_colour") for bv in table["boards"]]
    colours[seat] = colour
    line = [(e["number"], e["native"]) for e in table["ecosystems"]]
    mine = evaluate_boards(boards, line, view["options"], table.get("turn_order") or None, colours)[seat]
    scenario = bool(mine["scenario"] and mine["scenario"]["completed"])
    won = bool(mine["won"] and view["players"] > 1)
    return int(scenario), int(won), len(mine["choose_one"]), mine["score"]


def choose_reef_colour(view: View, legal: list[Action]) -> Action:
    """Modification 6: the Reef colour that best serves the seat's objectives and total (ties: the first offered,
    the colour worth most)."""
    options = [a for a in legal if a["type"] == "reef_colour"]
    return max(options, key=lambda a: (reef_colour_value(view, a["colour"]), -options.index(a)))


def _large_gains(
    scorer: _Scorer, board: Board, stacks: dict[str, list[int]], legal: list[Action], noise: Callable[[], float]
) -> list[tuple[Action, float]]:
    """Each Large Animal the seat may attract, with the points it adds (plus ``noise()``, greedy's tie-break)."""
    base = scorer.score(board)
    out = []
    for a in legal:
        if a["type"] != "large":
            continue
        trial = board.clone()
        trial.attract(a["animal"], stacks[data.SHAPE_OF_ANIMAL[a["animal"]]][0], [tuple(c) for c in a["cells"]])
        out.append((a, scorer.score(trial) - base + noise()))
    return out


def _place_gains(
    scorer: _Scorer, board: Board, table: dict[str, Any], places: list[Action], noise: Callable[[], float]
) -> list[tuple[Action, float]]:
    """The :data:`SHORTLIST` placements best by the quick estimate (``noise()`` added to each, greedy's tie-break),
    best first, each with its immediate gain in final score: Habitats formed, the best Large Animal they let in, and
    the promise of hexagons left two-thirds complete."""
    seat = scorer.seat
    stacks = {s["shape"]: s["stack"] for s in table["supply"]["large"]}
    natives = {n for _, n in scorer.line}
    market = [m["colours"] for m in table["market"]]
    quick = sorted(
        ((_quick(board, market[a["tile"]], a, natives) + noise(), i) for i, a in enumerate(places)),
        reverse=True,
    )
    base = scorer.score(scorer.boards[seat])
    out = []
    for q, i in quick[:SHORTLIST]:
        a = places[i]
        trial = board.clone()
        cell = cell_point(a["q"], a["r"])
        formed = trial.lay(cell, 0, market[a["tile"]], a["rot"])
        left = dict(scorer.small_left)
        fresh = []
        for vertex, colour in formed:
            species = data.SPECIES_OF_COLOUR[colour]
            if left[species] > 0 and scorer.rules.habitat_may_form(trial, colour):
                left[species] -= 1
                trial.form_habitat(vertex, species)
                fresh.append(vertex)
        gain = scorer.score(trial) - base + _promise(trial, cell, a["rot"]) + q / 1000
        if fresh:
            gain += _best_large(scorer, trial, fresh, stacks)
        out.append((a, gain))
    return out


def greedy_bot(view: View, legal: list[Action], rng: Rng) -> Action:
    """Greedy on the immediate gain in final score, Habitats and Large Animals included."""
    table = view["table"]
    seat = view["seat"]
    kinds = {a["type"] for a in legal}
    if "reef_colour" in kinds:
        return choose_reef_colour(view, legal)
    scorer = _Scorer(table, seat, view["options"])
    board = scorer.boards[seat]
    noise = lambda: rng.below(100) / 1000  # noqa: E731
    if "large" in kinds or "skip_large" in kinds:
        best, choice = 0.0, {"type": "skip_large"}
        stacks = {s["shape"]: s["stack"] for s in table["supply"]["large"]}
        for a, gain in _large_gains(scorer, board, stacks, legal, noise):
            if gain > best:
                best, choice = gain, a
        return choice
    places = [a for a in legal if a["type"] == "place"]
    if not places:  # the Sea Snail alone (an empty market): nothing to weigh
        return legal[0]
    best_gain, best = None, None
    for a, gain in _place_gains(scorer, board, table, places, noise):
        if best_gain is None or gain > best_gain:
            best_gain, best = gain, a
    if "snail" in kinds and best_gain is not None and best_gain < 1 and len(table["market"]) > 2:
        return {"type": "snail"}
    return best


SNAIL_VALUE = 1.0  # beginner: the Sea Snail is worth about a point (greedy takes it when no placement gains one)


def one_ply_values(view: View, legal: list[Action]) -> list[tuple[Action, float]]:
    """The moves ``greedy`` weighs, each with its immediate gain in final score (points): the shortlisted placements,
    the Sea Snail at :data:`SNAIL_VALUE` while the market holds more than two tiles, every Large Animal and skipping
    (0); Modification 6's colour is greedy's choice alone."""
    table, seat = view["table"], view["seat"]
    kinds = {a["type"] for a in legal}
    if "reef_colour" in kinds:
        return [(choose_reef_colour(view, legal), 0.0)]
    scorer = _Scorer(table, seat, view["options"])
    board = scorer.boards[seat]
    if "large" in kinds or "skip_large" in kinds:
        stacks = {s["shape"]: s["stack"] for s in table["supply"]["large"]}
        return [({"type": "skip_large"}, 0.0), *_large_gains(scorer, board, stacks, legal, lambda: 0.0)]
    places = [a for a in legal if a["type"] == "place"]
    out = _place_gains(scorer, board, table, places, lambda: 0.0) if places else []
    if "snail" in kinds and (len(table["market"]) > 2 or not out):
        out.append(({"type": "snail"}, SNAIL_VALUE))
    return out


# Beginner: a move within 3 points of greedy's best, one a point below weighing a quarter of the best's.
beginner_bot = BeginnerBot(one_ply_values, temperature=1.0, reach=3.0)

BOTS = {"random": random_bot, "greedy": greedy_bot, "beginner": beginner_bot}
