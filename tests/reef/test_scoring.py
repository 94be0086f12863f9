"""End scoring as a pure function over a plain position: Large, Small, Reefs, Ecosystems."""

from __future__ import annotations

import json

import pytest

import shoal
from shoal.games.reef.notation import format_position, parse_board, parse_position
from shoal.games.reef.scoring import find_reefs, score_position
from shoal.games.reef.variants import Rules

# Eight tiles on Hot Spot 3 (index 2): a turtle and a jellyfish under a Moray eel, a crab beside the jellyfish; a
# purple Reef of 4 and a green Reef of 5 both touch the crab and the jellyfish.
EXAMPLE = """
V core
E 1:crab 2:jellyfish 3:turtle 4:seahorse 5:starfish 6:clownfish
P H2 2,-1:GGK@0 2,0:YBG@0 0,1:RPK@2 1,1:YGK@0 0,2:GGR@0 0,3:GGP@2 -1,2:RBP@0 -1,1:PPY@0 L:moray_eel=5:2,2/5,1
"""


def _rows(sheet):
    return {r["label"]: r["points"] for r in sheet["rows"]}


def test_documented_example_scores_every_category():
    """End of Game & Scoring steps 1–4 on a built position. By hand: Large Animals 5 (the Moray eel); Small Animals
    2 + 3 + 1 (turtle, jellyfish, crab — covered ones still score); Reefs: each of the two Reefs scores the crab and
    the jellyfish, 4 + 4; Ecosystem 1: the native crab has one neighbour (the jellyfish), 1; Ecosystem 2: one
    Barracuda/Moray eel × one native jellyfish × 2 = 2; nothing else."""
    position = parse_position(EXAMPLE)
    board = parse_board(EXAMPLE.strip().splitlines()[-1])
    assert sorted(board.habitats.values()) == ["crab", "jellyfish", "turtle"]
    [sheet] = score_position(position)
    rows = _rows(sheet)
    assert rows["Large Animals"] == 5
    assert rows["Small Animals"] == 6
    assert rows["Reefs"] == 8
    assert rows["Ecosystem 1 (Trapezia crab)"] == 1
    assert rows["Ecosystem 2 (Box jellyfish)"] == 2
    assert sum(v for k, v in rows.items() if k.startswith("Ecosystem")) == 3
    assert sheet["total"] == 5 + 6 + 8 + 3
    assert json.loads(json.dumps(sheet)) == sheet


def test_a_small_animal_may_count_for_several_reefs():
    """Reefs step: "A Small Animal may count for several Reefs." The jellyfish touches both Reefs."""
    board = parse_board(EXAMPLE.strip().splitlines()[-1])
    reefs = find_reefs(board)
    jelly = next(v for v, s in board.habitats.items() if s == "jellyfish")
    assert sorted((r.colour, len(r.corals)) for r in reefs) == [("G", 5), ("P", 4)]
    assert all(jelly in r.animals for r in reefs)


def test_reefs_do_not_score_for_large_animals():
    """Core concept: "Reefs do not score for Large Animals." Removing the Moray eel changes only Large Animals."""
    with_eel = _rows(score_position(parse_position(EXAMPLE))[0])
    without = _rows(score_position(parse_position(EXAMPLE.replace(" L:moray_eel=5:2,2/5,1", "")))[0])
    assert with_eel["Reefs"] == without["Reefs"]
    assert with_eel["Large Animals"] - without["Large Animals"] == 5


def test_reef_minimum_size_is_one_rule():
    """RULINGS 5: a Reef has ≥ 4 corals; the minimum lives in Rules.reef_min_size, for Modifications to change."""

    class FivePlus(Rules):
        def reef_min_size(self):
            return 5

    rows = _rows(score_position(parse_position(EXAMPLE), rules=FivePlus("core"))[0])
    assert rows["Reefs"] == 4, "only the green Reef of five remains"


def test_family_position_has_no_reefs_or_ecosystems():
    """Family: "do not score for Reefs or Ecosystems", even if a position lists Ecosystems."""
    rows = _rows(score_position(parse_position(EXAMPLE.replace("V core", "V family")))[0])
    assert set(rows) == {"Large Animals", "Small Animals"}
    assert "Reefs" not in rows


def test_hand_built_position_may_leave_habitats_to_the_tiles():
    """score_position: with "auto_habitats" every Habitat the tiles complete holds its Small Animal."""
    position = {
        "variant": "core",
        "auto_habitats": True,
        "ecosystems": [[1, "clownfish"]],
        "boards": [
            {
                "hot_spot": None,
                "tiles": [
                    {"q": 0, "r": 0, "colours": "RRY", "rot": 0},
                    {"q": 1, "r": 0, "colours": "RRY", "rot": 3},
                    {"q": -1, "r": 0, "colours": "YGB", "rot": 0},
                    {"q": 0, "r": -1, "colours": "YBG", "rot": 2},
                ],
            }
        ],
    }
    [sheet] = score_position(position)
    assert _rows(sheet) == {"Large Animals": 0, "Small Animals": 1, "Reefs": 1, "Ecosystem 1 (Clownfish)": 0}


@pytest.mark.parametrize("players,variant", [(1, "core"), (2, "advanced"), (3, "family"), (4, "core")])
def test_match_outcome_equals_the_pure_function_on_its_final_boards(players, variant):
    """The engine's outcome and score_position agree on every finished match (one scoring, two doors)."""
    m = shoal.new_match("reef", players, seed=players, options={"variant": variant})
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, m.bot_action(seat, "greedy"))
    s = m.state
    text = format_position(s.boards, s.line, variant)
    sheets = score_position(parse_position(text))
    out = m.outcome()
    assert [sh["total"] for sh in sheets] == out["scores"]
    # The outcome's rows also name what earned them ("refs", docs/refs.md); the pure function scores only.
    assert [sh["rows"] for sh in sheets] == [
        [{k: v for k, v in r.items() if k != "refs"} for r in rows] for rows in out["breakdown"]
    ]


def test_the_scoring_docstring_example_runs():
    """The teaching example in scoring.py's docstring is a doctest: what it promises, it does."""
    import doctest

    from shoal.games.reef import scoring

    result = doctest.testmod(scoring, verbose=False)
    assert result.attempted >= 5 and result.failed == 0


def test_small_animals_always_score_even_if_covered():
    """Core concept, Animal scoring: "Small Animals always score, even if covered by a Large Animal. For scoring
    purposes it never matters which Large Animals covered specific Small Animals." Moving the Moray eel from the
    turtle and jellyfish onto the jellyfish and crab changes no row; removing it changes only the Large Animals."""
    covered = _rows(score_position(parse_position(EXAMPLE))[0])
    moved = _rows(score_position(parse_position(EXAMPLE.replace("L:moray_eel=5:2,2/5,1", "L:moray_eel=5:-1,3/2,2")))[0])
    bare = _rows(score_position(parse_position(EXAMPLE.replace(" L:moray_eel=5:2,2/5,1", "")))[0])
    assert covered == moved
    assert covered["Small Animals"] == bare["Small Animals"] == 2 + 3 + 1
    assert covered["Large Animals"] == 5 and bare["Large Animals"] == 0
