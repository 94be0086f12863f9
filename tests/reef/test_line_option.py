"""A setup choice the rulebook allows: AQUA's solo rules say "Use the core and/or advanced Ecosystems as
you prefer", so the player may pick the six Ecosystems of the line, in order, from all 18 (option ``line``); the
natives are laid at random as the set-up says. With 2–4 players the same choice is a house rule."""

from __future__ import annotations

import json

import pytest

import shoal
from shoal.games.reef import GAME, data


def test_solo_use_the_core_and_or_advanced_ecosystems_as_you_prefer():
    """ "SETUP: Use the core and/or advanced Ecosystems as you prefer": the line is the six picked, left to right."""
    m = shoal.new_match("reef", 1, seed=5, options={"line": [1, 2, 3, 10, 11, 12]})
    assert [n for n, _ in m.state.line] == [1, 2, 3, 10, 11, 12]
    assert [e["number"] for e in m.view(0)["table"]["ecosystems"]] == [1, 2, 3, 10, 11, 12]
    assert m.options["line"] == [1, 2, 3, 10, 11, 12]
    assert "The players chose the Ecosystem line." in m.view(0)["log"]


def test_a_picked_line_gets_its_natives_at_random_one_species_each():
    """ "place one [Small Animal] at random above each Ecosystem": six different species, depending on the seed."""
    lines = set()
    for seed in range(8):
        m = shoal.new_match("reef", 1, seed=seed, options={"line": [7, 8, 9, 13, 14, 15]})
        natives = [sp for _, sp in m.state.line]
        assert sorted(natives) == sorted(data.SPECIES)
        lines.add(tuple(natives))
    assert len(lines) > 1


def test_ecosystems_13_to_18_may_be_picked_twice_as_the_box_holds_two_of_each():
    """The box holds two tiles of each of 13–18 (Scenarios lay them twice); 1–12 once each."""
    m = shoal.new_match("reef", 1, seed=1, options={"line": [13, 13, 18, 18, 4, 6]})
    assert [n for n, _ in m.state.line] == [13, 13, 18, 18, 4, 6]
    assert shoal.replay(json.loads(json.dumps(m.record()))).state.line == m.state.line


@pytest.mark.parametrize(
    "line,words",
    [
        ([1, 2, 3], "must be 6 values from 1–18 in order, got [1, 2, 3]"),
        ([1, 2, 3, 4, 5, 6, 7], "must be 6 values from 1–18 in order"),
        ([0, 1, 2, 3, 4, 5], "0 is not one of them"),
        ([1, 2, 3, 4, 5, 19], "19 is not one of them"),
        (["1", 2, 3, 4, 5, 6], '"1" is not one of them'),
        ([True, 2, 3, 4, 5, 6], "true is not one of them"),
        ([1, 1, 2, 3, 4, 5], "1 appears 2 times, at most once"),
        ([13, 13, 13, 1, 2, 3], "13 appears 3 times, at most 2 times"),
        ("1,2,3,4,5,6", "must be 6 values from 1–18 in order"),
        ({"a": 1}, "must be 6 values from 1–18 in order"),
    ],
)
def test_a_line_that_is_not_six_valid_ecosystems_is_refused_clearly(line, words):
    with pytest.raises(shoal.ShoalError) as e:
        shoal.new_match("reef", 1, seed=0, options={"line": line})
    assert str(e.value).startswith("option 'line' ") and words in str(e.value), str(e.value)


def test_with_two_to_four_players_a_picked_line_is_a_house_rule():
    m = shoal.new_match("reef", 3, seed=2, options={"line": [16, 14, 16, 15, 14, 15]})
    assert [n for n, _ in m.state.line] == [16, 14, 16, 15, 14, 15]
    assert "The players chose the Ecosystem line (a house rule)." in m.view(None)["log"]
    assert "house rule" in GAME.options["line"].help


def test_a_picked_line_goes_with_neither_a_scenario_nor_the_family_variant():
    """A Scenario "Arrange[s] the Ecosystems in the shown order"; Family uses none: either with a line is refused."""
    with pytest.raises(shoal.ShoalError, match="Scenario B sets its own Ecosystems"):
        shoal.new_match("reef", 1, options={"line": [1, 2, 3, 4, 5, 6], "scenario": "B"})
    with pytest.raises(shoal.ShoalError, match="the Family variant uses no Ecosystems"):
        shoal.new_match("reef", 2, options={"line": [1, 2, 3, 4, 5, 6], "variant": "family"})
    advanced = shoal.new_match("reef", 2, seed=3, options={"line": [12, 11, 10, 9, 8, 7], "variant": "advanced"})
    assert [n for n, _ in advanced.state.line] == [12, 11, 10, 9, 8, 7]


def test_without_a_picked_line_the_variant_lays_the_ecosystems_as_before():
    assert [n for n, _ in shoal.new_match("reef", 1, seed=0).state.line] == [1, 2, 3, 4, 5, 6]
    assert shoal.new_match("reef", 1, seed=0, options={"line": []}).options["line"] == []


def test_the_lobby_learns_the_line_option_from_info_as_json():
    """games.json describes it: six values in order from the choices, each at most ``repeats`` times."""
    opt = json.loads(json.dumps(GAME.info()))["options"]["line"]
    assert opt["length"] == 6 and opt["default"] == [] and opt["choices"] == list(range(1, 19))
    assert opt["repeats"] == [1] * 12 + [2] * 6
    assert len(opt["labels"]) == 18 and opt["labels"][12].startswith("13: ")
    assert "length" not in GAME.info()["options"]["variant"]


def test_the_match_options_hold_their_own_copy_of_the_line():
    picked = [1, 2, 3, 4, 5, 6]
    m = shoal.new_match("reef", 1, seed=0, options={"line": picked})
    picked.append(7)
    assert m.options["line"] == [1, 2, 3, 4, 5, 6]
