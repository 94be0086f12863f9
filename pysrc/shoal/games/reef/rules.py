"""AQUA's turn rules: set-up, the market and the Sea Snail, a turn's three phases, the end and the outcome.

What a variant, a Scenario or a Modification may change is asked of the state's ``Rules`` (``variants``)."""

from __future__ import annotations

from typing import Any

from shoal.core import Action, Outcome, Rng

from . import data, text
from .achievements.evaluate import evaluate_state
from .achievements.modifications import rules_for
from .board import Board
from .geometry import Point, cell_point, point_cell
from .refs import row_refs
from .scoring import BoardFacts, facts_for, score_rows, total, winner
from .state import LARGE, OVER, PLACE, REEF_COLOUR, ReefState
from .variants import Rules


# --- set-up -------------------------------------------------------------------------------------------------------
def setup(players: int, options: dict[str, Any], rng: Rng, rules: Rules | None = None) -> ReefState:
    """Hot Spots, Ecosystems and natives, Large Animal stacks, the pile with its removals, the first market."""
    rules = rules or rules_for(options)
    spots = rng.sample(range(len(data.HOT_SPOTS)), players)
    numbers = rules.ecosystem_line(players, rng)
    natives = rng.sample(list(data.SPECIES), len(numbers)) if numbers else []
    pile = list(range(len(data.TILES)))
    rng.shuffle(pile)
    del pile[: rules.removed_tiles(players)]
    s = ReefState(
        players,
        options,
        rng,
        rules=rules,
        boards=[Board(h) for h in spots],
        line=list(zip(numbers, natives)),
        small={sp: rules.small_per_species(players) for sp in data.SPECIES},
        large={shape.id: list(rules.large_stack(shape, players)) for shape in data.LARGE_SHAPES},
        pile=pile,
        snail_holder=rng.below(players) if rules.uses_snail(players) else None,
    )
    for seat, h in enumerate(spots):
        s.log.add(f"{text.seat(seat)} started from Hot Spot {h + 1}.")
    if options.get("line"):
        s.log.add("The players chose the Ecosystem line" + (" (a house rule)." if players > 1 else "."))
    if s.line:
        s.log.add("Ecosystems: " + ", ".join(f"{n} ({data.SPECIES_NAMES[sp]})" for n, sp in s.line) + ".")
    if not _start_round(s):  # pragma: no cover - the pile always holds a first market
        s.phase = OVER
    return s


def _start_round(s: ReefState) -> bool:
    """The Sea Snail holder fills the market and opens the round; False when the market can no longer be filled."""
    rules = s.rules
    if s.round >= rules.rounds:
        return False
    need = rules.market_size(s.players) - len(s.market)
    if need > len(s.pile):
        return False
    for _ in range(need):
        s.market.append(s.pile.pop())
    s.round += 1
    first = s.snail_holder if s.snail_holder is not None else 0
    s.queue = [(first + i) % s.players for i in range(s.players)]
    s.done = []
    s.snail_taker = None
    s.snail_in_market = rules.uses_snail(s.players)
    s.phase = PLACE
    s.log.add(
        f"Round {s.round} (first to play: {text.seat(first)}); market: "
        + ", ".join(text.tile(t) for t in s.market)
        + "."
    )
    return True


# --- whose turn, and what they may do -----------------------------------------------------------------------------
def to_act(s: ReefState) -> list[int]:
    return [] if s.phase == OVER else [s.queue[0]]


def market_spots(s: ReefState) -> list[list[list[Point]]]:
    """For each market tile and rotation, the cells of the current seat's reef where it may be laid.

    Should no market tile match any coral along the reef's edge (possible in principle, never seen in play), any
    cell next to the reef is allowed rather than leaving the player without a move (docs/rulings.md)."""
    if "spots" not in s.memo:
        board = s.boards[s.queue[0]]
        cells = sorted(board.frontier)
        needs = [board.needs(cell) for cell in cells]  # shared by every market tile
        spots = [board.spots(data.TILES[tile], cells, needs) for tile in s.market]
        stuck = not any(cells for per_rot in spots for cells in per_rot)
        if stuck:
            everywhere = sorted(board.frontier)
            spots = [[list(everywhere) for _ in range(6)] for _ in s.market]
        s.memo["spots"], s.memo["stuck"] = spots, stuck
    return s.memo["spots"]


def place_actions(s: ReefState) -> list[Action]:
    out = []
    axial: dict[Point, tuple[int, int]] = {}
    for i, per_rot in enumerate(market_spots(s)):
        for rot, cells in enumerate(per_rot):
            for cell in cells:
                qr = axial.get(cell)
                if qr is None:
                    qr = axial[cell] = point_cell(cell)
                out.append({"type": "place", "tile": i, "q": qr[0], "r": qr[1], "rot": rot})
    return out


def large_options(s: ReefState) -> list[dict[str, Any]]:
    """Every legal Large Animal placement for the current turn: shape, cells and orientations (both sides apply)."""
    if "large" in s.memo:
        return s.memo["large"]
    out: list[dict[str, Any]] = []
    if s.fresh and s.phase != OVER:
        board = s.boards[s.queue[0]]
        allowed = lambda species: s.rules.large_cover_allowed(species, s.line)  # noqa: E731
        for shape in data.LARGE_SHAPES:
            if not s.large[shape.id] or not s.rules.large_shape_allowed(board, shape.id):
                continue
            for spot in board.large_spots(shape, s.fresh, allowed):
                out.append({"shape": shape.id, **spot})
    s.memo["large"] = out
    return out


def reef_colour_options(s: ReefState, seat: int) -> list[tuple[str, int, int]]:
    """Modification 6: the Reef colours ``seat`` may keep, best first, as (colour, points, scoring Reefs)."""
    if not s.rules.scores_reefs():
        return []
    return s.rules.reef_colour_options(board_facts(s)[seat])


def legal_actions(s: ReefState, seat: int) -> list[Action]:
    if s.phase == OVER or seat != s.queue[0]:
        return []
    if "legal" in s.memo:
        return s.memo["legal"]
    if s.phase == REEF_COLOUR:  # the colour worth most first: the default offered
        out = [{"type": "reef_colour", "colour": c} for c, _, _ in reef_colour_options(s, seat)]
    elif s.phase == PLACE:
        out = [{"type": "snail"}] if s.snail_in_market else []
        out += place_actions(s)
    else:
        out = []
        for spot in large_options(s):
            cells = [list(c) for c in spot["cells"]]
            for animal in data.SHAPES[spot["shape"]].animals:
                out.append({"type": "large", "animal": animal, "cells": cells})
        out.append({"type": "skip_large"})
    s.memo["legal"] = out
    return out


def is_legal(s: ReefState, seat: int, action: Action) -> bool | None:
    """A fast exact check for tile placements (the longest list); other actions go through the list."""
    if action.get("type") != "place" or s.phase != PLACE or seat != s.queue[0]:
        return None
    if action.keys() != {"type", "tile", "q", "r", "rot"}:
        return False
    tile, q, r, rot = action["tile"], action["q"], action["r"], action["rot"]
    if not all(type(x) is int for x in (tile, q, r, rot)) or not 0 <= tile < len(s.market) or not 0 <= rot < 6:
        return False
    market_spots(s)
    if s.memo["stuck"]:
        return cell_point(q, r) in s.boards[seat].frontier
    return s.boards[seat].fits(cell_point(q, r), data.TILES[s.market[tile]], rot)


# --- carrying out an action ---------------------------------------------------------------------------------------
def apply(s: ReefState, seat: int, action: Action) -> None:
    s.memo = {}
    kind = action["type"]
    if kind == "snail":
        _take_snail(s, seat)
    elif kind == "place":
        _grow_coral(s, seat, action)
    elif kind == "large":
        _attract(s, seat, action["animal"], [tuple(c) for c in action["cells"]])
        _end_turn(s)
    elif kind == "skip_large":
        s.log.add(f"{text.seat(seat)} attracted no Large Animal.")
        _end_turn(s)
    elif kind == "reef_colour":
        _keep_reef_colour(s, seat, action["colour"])
    s.memo = {}


def is_final_round(s: ReefState) -> bool:
    """Whether no round follows this one (the pile lasts exactly ``rules.rounds`` rounds)."""
    return s.round >= s.rules.rounds


def _take_snail(s: ReefState, seat: int) -> None:
    """The Sea Snail: this seat's turn moves to the end of the round, and it opens the next round (if any)."""
    s.queue.pop(0)
    s.queue.append(seat)
    s.snail_in_market = False
    s.snail_taker = seat
    if is_final_round(s):
        s.log.add(f"{text.seat(seat)} took the Sea Snail: last to play in this final round.")
    else:
        s.log.add(f"{text.seat(seat)} took the Sea Snail: last to play this round, first in the next.")


def _grow_coral(s: ReefState, seat: int, action: Action) -> None:
    tile = s.market.pop(action["tile"])
    colours = data.TILES[tile]
    board = s.boards[seat]
    formed = board.lay(cell_point(action["q"], action["r"]), tile, colours, action["rot"])
    s.log.add(f"{text.seat(seat)} grew {text.a_tile(tile)}.")
    s.fresh = []
    for vertex, colour in formed:
        species = data.SPECIES_OF_COLOUR[colour]
        if s.small[species] <= 0:
            s.log.add(
                f"No {data.SPECIES_NAMES[species]} is left: the {data.COLOUR_NAMES[colour]} hexagon stays open coral."
            )
            continue
        if not s.rules.habitat_may_form(board, colour):
            s.log.add(f"The {data.COLOUR_NAMES[colour]} hexagon may not become a Habitat.")
            continue
        s.small[species] -= 1
        board.form_habitat(vertex, species)
        s.fresh.append(vertex)
        s.log.add(
            f"{text.seat(seat)} created a {data.COLOUR_NAMES[colour]} Habitat: a "
            f"{data.SPECIES_NAMES[species]} moves in."
        )
    s.phase = LARGE
    if not large_options(s):
        _end_turn(s)


def _attract(s: ReefState, seat: int, animal: str, cells: list[Point]) -> None:
    shape = data.SHAPE_OF_ANIMAL[animal]
    points = s.large[shape].pop(0)
    s.boards[seat].attract(animal, points, cells)
    s.log.add(f"{text.seat(seat)} attracted a {data.LARGE_NAMES[animal]} ({points} points).")


def _end_turn(s: ReefState) -> None:
    s.done.append(s.queue.pop(0))
    s.fresh = []
    s.phase = PLACE
    s.memo = {}
    if s.queue and not s.market:  # no position or game gets here (docs/rulings.md): never leave a seat without a move
        s.log.add(f"The market has no tile left for {text.seat(s.queue[0])}: the game ends.")
        s.last_order = s.done + s.queue
        _choose_reef_colours_or_end(s)
        return
    if s.queue:
        return
    # End of round: an unclaimed Sea Snail goes to the last player to take a turn.
    if s.rules.uses_snail(s.players):
        if s.snail_taker is None:
            s.snail_holder = s.done[-1]
            s.log.add(f"Nobody took the Sea Snail, so it went to the last to play: {text.seat(s.snail_holder)}.")
        else:
            s.snail_holder = s.snail_taker
    s.last_order = list(s.done)
    if not s.rules.keeps_leftover(s.players) and s.market:
        s.log.add("The rest of the market is discarded: " + ", ".join(text.tile(t) for t in s.market) + ".")
        s.discarded += s.market
        s.market = []
    if not _start_round(s):
        s.log.add("The market can no longer be filled: the game ends.")
        _choose_reef_colours_or_end(s)


def _choose_reef_colours_or_end(s: ReefState) -> None:
    """Modification 6: every player with Reefs of two or more colours chooses the one it scores, one at a time in the
    final round's turn order (docs/rulings.md); then the game is over."""
    s.memo = {}
    choosers = [seat for seat in (s.last_order or range(s.players)) if len(reef_colour_options(s, seat)) > 1]
    if choosers:
        s.phase = REEF_COLOUR
        s.queue = choosers
        s.log.add("Modification 6: each player with Reefs of several colours now chooses the one colour to score.")
    else:
        s.phase = OVER
        s.queue = []


def _keep_reef_colour(s: ReefState, seat: int, colour: str) -> None:
    points = next(p for c, p, _ in reef_colour_options(s, seat) if c == colour)
    s.reef_colours[seat] = colour
    s.log.add(f"{text.seat(seat)} chose to score the {data.COLOUR_NAMES[colour]} Reefs ({points} points).")
    s.queue.pop(0)
    s.memo = {}
    if not s.queue:
        s.phase = OVER


# --- the end ------------------------------------------------------------------------------------------------------
def board_facts(s: ReefState) -> list[BoardFacts]:
    """What scoring reads from each board (Reefs, neighbours, counts), computed once per position."""
    if "facts" not in s.memo:
        s.memo["facts"] = facts_for(s.boards, s.rules, s.reef_colours)
    return s.memo["facts"]


def score_sheets(s: ReefState) -> list[list[dict[str, Any]]]:
    """Every seat's score sheet as things stand (the outcome's breakdown once the game is over)."""
    if "sheets" not in s.memo:
        facts = board_facts(s)
        s.memo["sheets"] = [score_rows(facts, s.line, s.rules, seat) for seat in range(s.players)]
    return s.memo["sheets"]


def solo_rating(score: int) -> str:
    for threshold, words in data.SOLO_RATINGS:
        if score >= threshold:
            return f"{threshold}+: {words}"
    return "Below 60: keep diving!"


def solo_chart() -> list[dict[str, Any]]:
    """The rulebook's solo chart, best row first, each row worded as ``solo_rating`` words it: the page's "My games"
    shows a player's best solo score against it, so its rows are never typed a second time in the browser."""
    rows: list[dict[str, Any]] = [{"from": t, "rating": solo_rating(t)} for t, _ in data.SOLO_RATINGS]
    return [*rows, {"from": 0, "rating": solo_rating(0)}]


def outcome(s: ReefState) -> dict[str, Any]:
    facts = board_facts(s)
    # Every row names what earned it ("explain this score", docs/refs.md).
    o = Outcome(
        s.players,
        [
            [{**r, "refs": row_refs(r, facts, s.line, s.rules, seat)} for r in rows]
            for seat, rows in enumerate(score_sheets(s))
        ],
    )
    scores = o.scores()
    order = s.last_order or list(range(s.players))
    extra: dict[str, Any] = {"turn_order": order}
    if s.players == 1:
        extra["rating"] = solo_rating(scores[0])
    extra["achievements"] = evaluate_state(s)  # each seat's Scenario, Challenges, Modification, with reasons
    return o.to_json(winners=[winner(scores, order)], **extra)


def live_totals(s: ReefState) -> list[int]:
    return [total(rows) for rows in score_sheets(s)]
