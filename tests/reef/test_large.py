"""Establish Biodiversity: where a Large Animal may go, which tile it is, and Ecosystems 17 and 18."""

from __future__ import annotations

import pytest

import shoal
from shoal.games.reef import data
from shoal.games.reef.geometry import polyhex_connected
from shoal.games.reef.state import LARGE

from .helpers import H, animals, give, match_with, place


def at_large_phase(spec, fresh, players=1, line=None, seed=0):
    """A match paused in the Large Animal phase of seat 0's turn, its board holding ``spec``."""
    m = shoal.new_match("reef", players, seed=seed)
    s = m.state
    s.boards[0] = animals(spec, hot_spot=0)
    s.queue = [0] + [p for p in range(1, players)]
    s.fresh = list(fresh)
    s.phase = LARGE
    if line is not None:
        s.line = list(line)
    s.memo = {}
    return m


def placements(m, shape=None):
    out = set()
    for a in m.legal_actions(0):
        if a["type"] == "large" and (shape is None or data.SHAPE_OF_ANIMAL[a["animal"]] == shape):
            out.add(tuple(tuple(c) for c in a["cells"]))
    return out


def test_must_cover_a_small_animal_placed_this_turn():
    """Requirement 1: "Large Animals must be placed on top of at least one Small Animal that you placed this turn." """
    spec = {H(0, 0): "crab", H(1, 0): "turtle", H(5, 5): "seahorse", H(6, 5): "starfish"}
    m = at_large_phase(spec, [H(0, 0)])
    assert placements(m, "pair") == {tuple(sorted([H(0, 0), H(1, 0)]))}
    m = at_large_phase(spec, [H(6, 5)])
    assert placements(m, "pair") == {tuple(sorted([H(5, 5), H(6, 5)]))}


def test_rests_only_on_small_animals():
    """Requirement 2: "Large Animals must rest completely on top of Small Animals." Two animals hold only a pair."""
    m = at_large_phase({H(0, 0): "crab", H(1, 0): "turtle"}, [H(0, 0)])
    assert {data.SHAPE_OF_ANIMAL[a["animal"]] for a in m.legal_actions(0) if a["type"] == "large"} == {"pair"}


def test_biodiversity_no_two_of_one_species():
    """Requirement 3 and example 4: each Small Animal beneath a Large Animal must be different; "both turtles cannot
    be covered". A line of turtle–crab–turtle holds no 3-line, but crab with either turtle is fine."""
    spec = {H(0, 0): "turtle", H(1, 0): "crab", H(2, 0): "turtle"}
    m = at_large_phase(spec, [H(1, 0)])
    assert placements(m, "line") == set()
    assert placements(m, "pair") == {tuple(sorted([H(0, 0), H(1, 0)])), tuple(sorted([H(1, 0), H(2, 0)]))}
    m = at_large_phase({H(0, 0): "crab", H(1, 0): "crab"}, [H(0, 0)])
    assert placements(m) == set()
    assert m.legal_actions(0) == [{"type": "skip_large"}]


def test_every_placement_is_a_connected_shape_of_uncovered_animals():
    """RULINGS 1 and 7: a Large Animal's cells are mutually adjacent Habitats, in any rotation or mirror image."""
    spec = {H(q, r): data.SPECIES[(q * 2 + r) % 6] for q in range(-2, 3) for r in range(-2, 3)}
    m = at_large_phase(spec, [H(0, 0)])
    for shape in data.LARGE_SHAPES:
        cells_sets = placements(m, shape.id)
        for cells in cells_sets:
            assert len(cells) == len(shape.cells) and H(0, 0) in cells
            assert polyhex_connected(cells)
            assert len({spec[c] for c in cells}) == len(cells)
        assert cells_sets, f"some {shape.id} fits in a 5×5 field of mixed animals"


def test_covered_small_animals_hold_no_second_large_animal():
    """docs/rulings.md: a Large Animal rests on Small Animals, so never on one already under another Large Animal."""
    m = at_large_phase({H(0, 0): "crab", H(1, 0): "turtle", H(2, 0): "seahorse"}, [H(1, 0)])
    m.state.boards[0].attract("barracuda", 5, [H(0, 0), H(1, 0)])
    m.state.memo = {}
    assert placements(m) == set()
    m = at_large_phase({H(0, 0): "crab", H(1, 0): "turtle", H(2, 0): "seahorse"}, [H(2, 0)])
    m.state.boards[0].attract("barracuda", 5, [H(0, 0), H(1, 0)])
    m.state.memo = {}
    assert placements(m) == set()


def test_take_the_top_tile_of_the_shape_either_side():
    """ "take the most valuable piece in the chosen shape ... Each shape shows two different animals on the front and
    back - pick the one you prefer." The stack then offers its next tile."""
    m = at_large_phase({H(0, 0): "crab", H(1, 0): "turtle"}, [H(0, 0)])
    animals_offered = {a["animal"] for a in m.legal_actions(0) if a["type"] == "large"}
    assert animals_offered == {"barracuda", "moray_eel"}
    cells = [list(c) for c in sorted([H(0, 0), H(1, 0)])]
    m.play(0, {"type": "large", "animal": "moray_eel", "cells": cells})
    assert m.state.boards[0].large == [("moray_eel", 5, tuple(sorted([H(0, 0), H(1, 0)])))]
    assert m.state.large["pair"] == [4, 3]


def test_empty_stack_offers_no_animal_of_that_shape():
    """Only tiles in the supply can be attracted."""
    m = at_large_phase({H(0, 0): "crab", H(1, 0): "turtle"}, [H(0, 0)])
    m.state.large["pair"] = []
    m.state.memo = {}
    assert placements(m) == set()


def test_at_most_one_large_animal_per_turn():
    """RULINGS 4: "At most one Large Animal per turn." Attracting one ends the turn."""
    m = at_large_phase(
        {H(0, 0): "crab", H(1, 0): "turtle", H(0, 1): "seahorse", H(1, 1): "starfish"}, [H(0, 0), H(1, 1)], players=2
    )
    m.play(0, next(a for a in m.legal_actions(0) if a["type"] == "large" and a["animal"] == "barracuda"))
    assert m.to_act() == [1] and m.state.phase == "place"


def test_ecosystem_17_native_may_not_be_covered():
    """Ecosystem 17: "Important: Large Animals may not be placed on top of the native Small Animal.\""""
    spec = {H(0, 0): "crab", H(1, 0): "turtle", H(-1, 0): "seahorse"}
    m = at_large_phase(spec, [H(0, 0)], line=[(17, "turtle"), (1, "crab")])
    assert placements(m, "pair") == {tuple(sorted([H(-1, 0), H(0, 0)]))}
    m = at_large_phase(spec, [H(0, 0)], line=[(17, "turtle"), (17, "seahorse")])
    assert placements(m) == set()


def test_ecosystem_18_native_may_be_covered_several_times():
    """Ecosystem 18: "Large Animals may be placed on top of multiple of the native Small Animals (ignoring
    biodiversity)." Other species under it must still differ."""
    spec = {
        H(0, 0): "crab",
        H(1, 0): "crab",
        H(2, 0): "crab",
        H(0, 1): "turtle",
        H(1, 1): "seahorse",
        H(1, -1): "turtle",
        H(2, -1): "turtle",
    }
    crab_line = tuple(sorted([H(0, 0), H(1, 0), H(2, 0)]))
    plain = at_large_phase(spec, [H(1, 0)])
    assert crab_line not in placements(plain, "line")
    m = at_large_phase(spec, [H(1, 0)], line=[(18, "crab")])
    assert crab_line in placements(m, "line")
    rhombus = tuple(sorted([H(0, 0), H(1, 0), H(0, 1), H(1, 1)]))
    assert rhombus in placements(m, "rhombus") and rhombus not in placements(plain, "rhombus")
    for cells in placements(m):
        assert sum(1 for c in cells if spec[c] == "turtle") <= 1, "biodiversity still holds for turtles"


def test_large_phase_follows_a_habitat_and_is_skipped_without_options():
    """A turn offers a Large Animal only after forming a Habitat and only if one fits; otherwise the turn ends."""
    m = match_with(1, ["RRY", "KKG", "YYB"])
    place(m, 0, "RRY", -1, 1, 0)
    assert m.state.round == 2 and m.state.phase == "place", "no Habitat: the turn is over"
    give(m, ["RRK", "GGB", "YYB"])
    place(m, 0, "RRK", 0, 1, 4)
    assert m.state.boards[0].habitats == {(-1, 1): "crab"}
    assert m.state.round == 3 and m.state.phase == "place", "a lone Small Animal holds no Large Animal"

    m = match_with(1, ["RRY", "KKG", "YYB"])
    place(m, 0, "RRY", -1, 1, 0)
    m.state.boards[0].form_habitat((2, 2), "jellyfish")  # a neighbour of the coming Habitat, built by hand
    give(m, ["RRK", "GGB", "YYB"])
    place(m, 0, "RRK", 0, 1, 4)
    assert m.state.phase == "large" and m.to_act() == [0]
    assert {"type": "large", "animal": "barracuda", "cells": [[-1, 1], [2, 2]]} in m.legal_actions(0)
    m.play(0, {"type": "skip_large"})
    assert m.state.round == 3 and m.state.boards[0].large == []


@pytest.mark.parametrize("players", [1, 4])
def test_large_actions_match_large_spots_in_view(players):
    """The view's large_spots list exactly the placements of the legal actions (each with both sides)."""
    spec = {H(q, r): data.SPECIES[(q + 2 * r) % 6] for q in range(-1, 3) for r in range(-1, 2)}
    m = at_large_phase(spec, [H(0, 0), H(1, 0)], players=players)
    table = m.view(0)["table"]
    listed = {(s["shape"], tuple(tuple(c) for c in s["cells"])) for s in table["large_spots"]}
    legal = {
        (data.SHAPE_OF_ANIMAL[a["animal"]], tuple(tuple(c) for c in a["cells"]))
        for a in m.legal_actions(0)
        if a["type"] == "large"
    }
    assert listed == legal and legal
    for spot in table["large_spots"]:
        assert spot["orientations"] and len(spot["hexes"]) == len(spot["cells"])
