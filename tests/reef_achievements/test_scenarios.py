"""Scenarios A–O: "Arrange the Ecosystems in the shown order. To complete a scenario, you need to reach the minimum
score and fulfill the objective, if any apply." Each Scenario's set-up, then its objective met and missed on built
finished positions (with points to spare, so only the objective decides), then its minimum score alone."""

from __future__ import annotations

import pytest

import shoal
from shoal.games.reef import data
from shoal.games.reef.achievements.tables import SCENARIOS

from .build import achievements, board, chain, field, merge, pad, row, scenario_line

TABLE = {  # the rulebook's table: Ecosystems, minimum score, objective
    "A": ((1, 2, 3, 4, 5, 6), 60, "—"),
    "B": ((7, 8, 9, 10, 11, 12), 60, "—"),
    "C": ((16, 16, 3, 5, 15, 15), 65, "—"),
    "D": ((3, 4, 5, 6, 17, 17), 65, "At least 20 points from Small Animals"),
    "E": ((13, 13, 18, 18, 4, 6), 70, "At least 20 points from Large Animals"),
    "F": ((1, 2, 3, 10, 11, 12), 70, "At least 20 points from Reefs"),
    "G": ((7, 14, 8, 14, 9, 16), 75, "At least 1 of each Small Animal"),
    "H": ((2, 6, 17, 17, 18, 18), 75, "At most 20 points from Small Animals"),
    "I": ((15, 15, 8, 11, 13, 13), 80, "Score at least four Ecosystems"),
    "J": ((7, 8, 11, 4, 5, 6), 80, "Have all Small Animals covered by Large Animals"),
    "K": ((10, 13, 14, 14, 13, 9), 85, "At most 20 points from Large Animals"),
    "L": ((17, 17, 13, 13, 2, 3), 85, "At most 20 points from Reefs"),
    "M": ((16, 14, 16, 15, 14, 15), 90, "At least 25 points from Small Animals"),
    "N": ((18, 12, 10, 9, 7, 17), 95, "At most 2 of each Small Animal"),
    "O": ((12, 13, 14, 15, 16, 18), 100, "Score at least five Ecosystems"),
}
SIX = ["crab", "clownfish", "turtle", "seahorse", "starfish", "jellyfish"]


def test_the_table_has_the_rulebooks_15_scenarios():
    assert {k: (s.ecosystems, s.min_score, s.objective) for k, s in SCENARIOS.items()} == TABLE


@pytest.mark.parametrize("letter", sorted(TABLE))
@pytest.mark.parametrize("players", [1, 3])
def test_scenario_setup_lays_its_ecosystems_in_order(letter, players):
    """Setup: "Arrange the Ecosystems in the shown order" (doubles included), a native each as usual; "You may play
    them in any order and at any player counts"."""
    m = shoal.new_match("reef", players, seed=ord(letter), options={"scenario": letter})
    assert tuple(n for n, _ in m.state.line) == TABLE[letter][0]
    assert sorted(sp for _, sp in m.state.line) == sorted(data.SPECIES)
    shown = m.view(0)["table"]["achievements"]["scenario"]
    assert (shown["letter"], tuple(shown["ecosystems"]), shown["min_score"], shown["objective"]) == (
        letter,
        *TABLE[letter],
    )
    assert [e["number"] for e in m.view(0)["table"]["ecosystems"]] == list(TABLE[letter][0])


def test_a_scenario_played_with_the_family_variant_keeps_its_ecosystems_and_reefs():
    """Ruling: a Scenario brings its own Ecosystems and is scored in full, so with Family it plays as Core."""
    m = shoal.new_match("reef", 2, seed=1, options={"scenario": "F", "variant": "family"})
    assert tuple(n for n, _ in m.state.line) == TABLE["F"][0]
    assert m.state.rules.scores_reefs() and m.state.rules.uses_ecosystems()


def _ecosystems_i(with_seahorse: bool):
    """I (15, 15, 8, 11, 13, 13; natives crab, clownfish, turtle, seahorse, starfish, jellyfish): a crab beside a
    clownfish scores both 15s, a jellyfish beside a turtle scores 8, the turtle beside a seahorse scores 11."""
    tail = ("jellyfish", "turtle", "seahorse") if with_seahorse else ("jellyfish", "turtle")
    return {**chain("crab", "clownfish"), **chain(*tail, start=5)}


def _ecosystems_o(with_jellyfish: bool):
    """O (12, 13, 14, 15, 16, 18; natives as above): seahorse beside crab (12) and turtle (15); turtles tie for the
    most of one species (14, solo); three starfish (16); a jellyfish scores 18."""
    spec = {
        **chain("crab", "seahorse", "turtle"),
        **row("starfish", "starfish", "starfish", "turtle", "turtle", start=5),
    }
    if with_jellyfish:
        spec[(20, 0)] = "jellyfish"
    return spec


def _jelly(n):
    return row(*["jellyfish"] * n, start=30)


# letter -> (board meeting the objective, board missing it); points are added so the minimum score is no issue.
OBJECTIVES = {
    "D": (board(_jelly(7), pad(60)), board(_jelly(6), pad(60))),  # 21 vs 18 from Small Animals
    "E": (
        board(_jelly(34), [("humpback", 12, []), ("manta_ray", 8, [])]),
        board(_jelly(34), [("humpback", 12, []), ("manta_ray", 7, [])]),
    ),  # 20 vs 19 from Large Animals
    "F": (
        merge(field(*["jellyfish"] * 7), board(large=pad(60))),
        merge(field(*["jellyfish"] * 6), board(large=pad(60))),
    ),  # Reefs 21 vs 18
    "G": (board(row(*SIX), pad(90)), board(row(*SIX[:-1], "crab"), pad(90))),
    "H": (board(_jelly(6), pad(90)), board(_jelly(7), pad(90))),  # 18 vs 21 from Small Animals
    "I": (board(_ecosystems_i(True), pad(90)), board(_ecosystems_i(False), pad(90))),
    "J": (
        board(chain("crab", "clownfish"), [("barracuda", 5, [(0, 0), (1, 0)])] + pad(90)),
        board({**chain("crab", "clownfish"), (4, 0): "turtle"}, [("barracuda", 5, [(0, 0), (1, 0)])] + pad(90)),
    ),
    "K": (
        board(_jelly(34), [("humpback", 12, []), ("manta_ray", 8, [])]),
        board(_jelly(34), [("humpback", 12, []), ("manta_ray", 9, [])]),
    ),  # 20 vs 21 from Large Animals
    "L": (
        merge(field(*["jellyfish"] * 6), board(large=pad(90))),
        merge(field(*["jellyfish"] * 7), board(large=pad(90))),
    ),  # Reefs 18 vs 21
    "M": (board(_jelly(9), pad(90)), board(_jelly(8), pad(90))),  # 27 vs 24 from Small Animals
    "N": (board(row(*SIX, *SIX), pad(100)), board(row(*SIX, *SIX, "crab"), pad(100))),
    "O": (board(_ecosystems_o(True), pad(100)), board(_ecosystems_o(False), pad(100))),
}


# Boards meeting the objective but short of the minimum, where dropping the padding would spoil the objective.
SHORT = {
    "E": board(row("crab"), [("humpback", 12, []), ("manta_ray", 8, [])]),
    "K": board(_jelly(22)),  # 66 points from Small Animals: 19 from Large Animals reach 85 and keep "at most 20"
}


def _scenario(letter: str, b) -> dict:
    return achievements(b, scenario=letter, ecosystems=scenario_line(letter))[0]["scenario"]


@pytest.mark.parametrize("letter", sorted(OBJECTIVES))
def test_scenario_objective_met_and_missed(letter):
    """The objective of each Scenario D–O, checked at the end for the player, with its reason."""
    meets, misses = OBJECTIVES[letter]
    good, bad = _scenario(letter, meets), _scenario(letter, misses)
    assert good["score_met"] and bad["score_met"], "points to spare: only the objective decides"
    assert good["objective_met"] and good["completed"]
    assert not bad["objective_met"] and not bad["completed"]
    assert bad["reasons"][1].startswith(f"Objective — {TABLE[letter][2]}")


@pytest.mark.parametrize("letter", sorted(TABLE))
def test_scenario_needs_its_minimum_score(letter):
    """ "you need to reach the minimum score": the same reef short of it fails, with it (by Large Animals) succeeds."""
    base = OBJECTIVES.get(letter, (board(row("crab")), None))[0]
    low = SHORT.get(letter) or dict(base, large=[x for x in base["large"] if x["cells"]])
    short = _scenario(letter, low)
    assert short["objective_met"] and not short["score_met"] and not short["completed"]
    total = achievements(low, scenario=letter, ecosystems=scenario_line(letter))[0]["score"]
    assert short["reasons"][0] == f"Total score: {total} ({TABLE[letter][1]}+ needed)"
    enough = dict(low, large=low["large"] + [{"animal": "humpback", "points": TABLE[letter][1] - total, "cells": []}])
    exact = _scenario(letter, enough)
    assert exact["score_met"] and exact["completed"], "exactly the minimum is enough"


def test_scenario_j_needs_small_animals_to_cover():
    """Ruling: "Have all Small Animals covered by Large Animals" is not met by having no Small Animal at all."""
    none = _scenario("J", board(large=pad(90)))
    assert none["score_met"] and not none["objective_met"]
    assert none["reasons"][1].endswith("covered by Large Animals: 0 of 0")


def test_a_scenario_is_judged_for_each_player():
    """ "mark off the achievement for yourself": one player may complete it while another does not."""
    results = achievements(board(row("crab"), pad(60)), board(row("crab")), scenario="A", ecosystems=scenario_line("A"))
    assert [r["scenario"]["completed"] for r in results] == [True, False]


def test_a_scenario_is_only_completed_on_its_own_ecosystems():
    with pytest.raises(ValueError):
        achievements(board(row("crab"), pad(60)), scenario="B", ecosystems=scenario_line("A"))
