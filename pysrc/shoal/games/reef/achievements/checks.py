"""The tests behind Scenario objectives and Challenges: one small function per ``kind`` of the tables.

Each reads :class:`SeatFacts` (one player's finished reef, scored) and :class:`MatchFacts` (everyone's scores and
the winner) and answers ``(met, reason)``: the reason states what was measured, so a player sees why an
achievement was or was not completed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .. import data
from ..board import Board
from ..geometry import habitat_neighbours
from ..scoring import BoardFacts, Reef, facts_for, score_rows, total, winner
from ..variants import Rules

WHALE_SHAPE = "rhombus"  # Humpback whale / Whale shark


class SeatFacts(NamedTuple):
    seat: int
    total: int
    large_points: int
    small_points: int
    reef_points: int
    ecosystem_points: list[int]  # per Ecosystem in the line
    species: dict[str, int]  # Small Animals of each of the six species (zeros included)
    habitats: dict  # vertex -> species
    covered: frozenset  # vertices under a Large Animal
    large: list  # (animal, points, cells)
    reefs: list[Reef]  # every Reef on the board (as the rules define a Reef)
    scored_reef_points: list[int]  # what each Reef that counts at the end scores
    rows: list[dict[str, Any]]  # the score sheet


class MatchFacts(NamedTuple):
    players: int
    scores: list[int]
    winner: int
    seats: list[SeatFacts]


def _row_points(rows: list[dict[str, Any]], category: str) -> int:
    return sum(r["points"] for r in rows if r["category"] == category)


def seat_facts(
    seat: int, board: Board, facts: list[BoardFacts], line: list[tuple[int, str]], rules: Rules
) -> SeatFacts:
    f = facts[seat]
    rows = score_rows(facts, line, rules, seat)
    scored = [rules.reef_points(f, r) for r in rules.reefs_scored(f)] if rules.scores_reefs() else []
    return SeatFacts(
        seat=seat,
        total=total(rows),
        large_points=_row_points(rows, "large"),
        small_points=_row_points(rows, "small"),
        reef_points=_row_points(rows, "reefs"),
        ecosystem_points=[r["points"] for r in rows if r["category"] == "ecosystem"],
        species={sp: f.counts.get(sp, 0) for sp in data.SPECIES},
        habitats=dict(board.habitats),
        covered=frozenset(board.covered),
        large=list(board.large),
        reefs=list(f.reefs),
        scored_reef_points=scored,
        rows=rows,
    )


def match_facts(
    boards: list[Board],
    line: list[tuple[int, str]],
    rules: Rules,
    turn_order: list[int],
    reef_colours: list[str | None] | None = None,
) -> MatchFacts:
    """Score every board and name the winner (most points; ties to the earliest in the final round's order).
    ``reef_colours``: under Modification 6, the Reef colour each seat chose (None: the colour worth most)."""
    facts = facts_for(boards, rules, reef_colours)
    seats = [seat_facts(i, b, facts, line, rules) for i, b in enumerate(boards)]
    scores = [s.total for s in seats]
    return MatchFacts(len(boards), scores, winner(scores, turn_order or list(range(len(boards)))), seats)


# --- measures ---------------------------------------------------------------------------------------------------
def _name(species: str) -> str:
    return data.SPECIES_NAMES[species]


def _at_least(value: int, param: int, what: str) -> tuple[bool, str]:
    return value >= param, f"{what}: {value} ({param}+ needed)"


def _at_most(value: int, param: int, what: str) -> tuple[bool, str]:
    return value <= param, f"{what}: {value} (at most {param} allowed)"


def total_at_least(f: SeatFacts, m: MatchFacts, p: int) -> tuple[bool, str]:
    return _at_least(f.total, p, "Total score")


def small_at_least(f, m, p):
    return _at_least(f.small_points, p, "Points from Small Animals")


def small_at_most(f, m, p):
    return _at_most(f.small_points, p, "Points from Small Animals")


def large_at_least(f, m, p):
    return _at_least(f.large_points, p, "Points from Large Animals")


def large_at_most(f, m, p):
    return _at_most(f.large_points, p, "Points from Large Animals")


def reefs_at_least(f, m, p):
    return _at_least(f.reef_points, p, "Points from Reefs")


def reefs_at_most(f, m, p):
    return _at_most(f.reef_points, p, "Points from Reefs")


def each_species_at_least(f, m, p):
    fewest = min(data.SPECIES, key=lambda s: f.species[s])
    n = f.species[fewest]
    return n >= p, f"Fewest of one species: {n} {_name(fewest)} ({p}+ of each needed)"


def each_species_at_most(f, m, p):
    most = max(data.SPECIES, key=lambda s: f.species[s])
    n = f.species[most]
    return n <= p, f"Most of one species: {n} {_name(most)} (at most {p} of each allowed)"


def one_species_at_least(f, m, p):
    most = max(data.SPECIES, key=lambda s: f.species[s])
    n = f.species[most]
    return n >= p, f"Most of one species: {n} {_name(most)} ({p}+ needed)"


def ecosystems_scored_at_least(f, m, p):
    scored = sum(1 for x in f.ecosystem_points if x > 0)
    return scored >= p, f"Ecosystems scored: {scored} of {len(f.ecosystem_points)} ({p}+ needed)"


def all_ecosystems_scored(f, m, p):
    scored = sum(1 for x in f.ecosystem_points if x > 0)
    n = len(f.ecosystem_points)
    return n == p and scored == n, f"Ecosystems scored: {scored} of {n} ({p} of {p} needed)"


def all_small_covered(f, m, p):
    n = len(f.habitats)
    covered = sum(1 for v in f.habitats if v in f.covered)
    return n > 0 and covered == n, f"Small Animals covered by Large Animals: {covered} of {n}"


def _margin(f: SeatFacts, m: MatchFacts) -> int:
    return f.total - max(s for i, s in enumerate(m.scores) if i != f.seat)


def win_by(f, m, p):
    if m.winner != f.seat:
        return False, "Did not win"
    margin = _margin(f, m)
    return margin >= p, f"Won by {margin} points ({p}+ needed)"


def win_without_large(f, m, p):
    if m.winner != f.seat:
        return False, "Did not win"
    n = len(f.large)
    return n == 0, f"Won with {n} Large Animal{'s' if n != 1 else ''} (none allowed)"


def win_fewest_small(f, m, p):
    if m.winner != f.seat:
        return False, "Did not win"
    mine = len(f.habitats)
    fewest = min(len(s.habitats) for s in m.seats)
    return mine == fewest, f"Won with {mine} Small Animals; the fewest at the table: {fewest}"


def different_large(f, m, p):
    kinds = sorted({animal for animal, _, _ in f.large})
    return _at_least(len(kinds), p, "Different Large Animals")


def whales(f, m, p):
    n = sum(1 for animal, _, _ in f.large if data.SHAPE_OF_ANIMAL[animal] == WHALE_SHAPE)
    return _at_least(n, p, "Humpback whales and Whale sharks")


def large_touch(a: tuple, b: tuple) -> bool:
    """Two Large Animals are adjacent when a cell of one shares an edge with a cell of the other."""
    cells_b = set(b[2])
    return any(n in cells_b for c in a[2] for n in habitat_neighbours(c))


def most_apart(large: list) -> int:
    """The most Large Animals one can pick so that no two of them share an edge (others may touch them)."""
    adjacent = [{j for j, b in enumerate(large) if j != i and large_touch(a, b)} for i, a in enumerate(large)]

    def best(nodes: frozenset) -> int:
        if not nodes:
            return 0
        # An animal touching none of the rest is always worth taking.
        lonely = next((v for v in nodes if not adjacent[v] & nodes), None)
        if lonely is not None:
            return 1 + best(nodes - {lonely})
        v = min(nodes)
        return max(best(nodes - {v}), 1 + best(nodes - {v} - adjacent[v]))

    return best(frozenset(range(len(large))))


def large_apart(f, m, p):
    return _at_least(most_apart(f.large), p, "Large Animals not adjacent to one another")


def scoring_reefs(f, m, p):
    return _at_least(sum(1 for x in f.scored_reef_points if x > 0), p, "Scoring Reefs")


def animal_next_to_reefs(f, m, p):
    most = max((sum(1 for r in f.reefs if v in r.animals) for v in f.habitats), default=0)
    return _at_least(most, p, "Most Reefs next to a single Small Animal")


def reef_with_animals(f, m, p):
    most = max((len(r.animals) for r in f.reefs), default=0)
    return _at_least(most, p, "Most Small Animals next to a single Reef")


def all_small_next_to_reef(f, m, p):
    n = len(f.habitats)
    near = set().union(*(r.animals for r in f.reefs)) if f.reefs else set()
    k = sum(1 for v in f.habitats if v in near)
    return n > 0 and k == n, f"Small Animals next to a Reef: {k} of {n}"


def large_next_to_reef(f, m, p):
    near = set().union(*(r.animals for r in f.reefs)) if f.reefs else set()
    n = sum(1 for _, _, cells in f.large if any(c in near for c in cells))
    return _at_least(n, p, "Large Animals next to a Reef")


Check = Callable[[SeatFacts, MatchFacts, int], tuple[bool, str]]
KINDS: dict[str, Check] = {
    fn.__name__: fn
    for fn in (
        total_at_least,
        small_at_least,
        small_at_most,
        large_at_least,
        large_at_most,
        reefs_at_least,
        reefs_at_most,
        each_species_at_least,
        each_species_at_most,
        one_species_at_least,
        ecosystems_scored_at_least,
        all_ecosystems_scored,
        all_small_covered,
        win_by,
        win_without_large,
        win_fewest_small,
        different_large,
        whales,
        large_apart,
        scoring_reefs,
        animal_next_to_reefs,
        reef_with_animals,
        all_small_next_to_reef,
        large_next_to_reef,
    )
}
