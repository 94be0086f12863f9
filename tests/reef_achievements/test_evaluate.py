"""The pure function "a finished match → which Scenario, Challenges and Modification each player completed, with
reasons", the outcome that carries it, and the view's objective during play."""

from __future__ import annotations

import json

import pytest

import shoal
from shoal.games.reef.achievements.evaluate import evaluate, evaluate_record, evaluate_state
from shoal.games.reef.achievements.tables import CHALLENGES

from .build import achievements, board, row


def _finish(players=1, seed=8, **options):
    m = shoal.new_match("reef", players, seed=seed, options=options)
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, m.bot_action(seat, "greedy"))
    return m


def test_the_outcome_carries_each_players_achievements_and_they_follow_from_the_record():
    """ "after you finish a game, check if you completed any of the Challenges": the outcome does it for everyone,
    and the same answer comes from the match, its record, or the engine state."""
    m = _finish(players=2, scenario="A", modification="3")
    out = m.outcome()
    assert json.loads(json.dumps(out)) == out
    assert out["achievements"] == evaluate(m) == evaluate_record(m.record()) == evaluate(m.record())
    assert out["achievements"] == evaluate_state(m.state)
    for seat, a in enumerate(out["achievements"]):
        assert a["seat"] == seat and a["score"] == out["scores"][seat]
        assert a["won"] == (seat in out["winners"])
        assert a["scenario"]["id"] == "S-A" and a["scenario"]["completed"] == (out["scores"][seat] >= 60)
        assert len(a["challenges"]) == 25 and all(c["reason"] for c in a["challenges"])


def test_every_player_completes_the_modification_played():
    """ "All participating players mark off the Modification here and on the progress track"."""
    m = _finish(players=3, seed=2, modification="10")
    for a in m.outcome()["achievements"]:
        assert a["modification"]["id"] == "M-10" and a["modification"]["completed"]
        assert "M-10" in a["completed"]


def test_no_scenario_or_modification_means_none_to_mark():
    a = _finish(seed=1).outcome()["achievements"][0]
    assert a["scenario"] is None and a["modification"] is None
    assert a["completed"] == a["choose_one"]


def test_several_challenges_completed_the_player_chooses_one():
    """ "If you complete multiple Challenges in a single game, you choose one of them": all completed ones are offered
    (Scenario and Modification are marked besides)."""
    a = achievements(board(row(*["jellyfish"] * 10), [("manta_ray", 9, [])]))[0]
    assert a["choose_one"] == ["C-8", "C-9", "C-18"]  # 30 from Small Animals, ten of one species
    assert a["completed"] == a["choose_one"]


def test_not_solo_challenges_are_not_checked_in_a_solo_game():
    """Challenges 12, 13, 16 and 20 say "(not solo)"."""
    a = achievements(board(row(*["jellyfish"] * 10)))[0]
    skipped = [c["number"] for c in a["challenges"] if not c["applies"]]
    assert skipped == [n for n, c in CHALLENGES.items() if not c.solo] == [12, 13, 16, 20]
    assert all(not c["completed"] and c["reason"] == "Not in a solo game" for c in a["challenges"] if not c["applies"])


def test_the_view_shows_the_scenario_objective_and_each_players_standing_during_play():
    """ "the scenario's objective shown during play": the same checks on the reef so far."""
    m = shoal.new_match("reef", 2, seed=3, options={"scenario": "D", "modification": "6"})
    for seat in (None, 0, 1):
        ach = m.view(seat)["table"]["achievements"]
        sc = ach["scenario"]
        assert sc["objective"] == "At least 20 points from Small Animals" and sc["min_score"] == 65
        assert [s["seat"] for s in sc["so_far"]] == [0, 1]
        assert sc["so_far"][0]["reasons"][1].startswith("Objective — At least 20 points from Small Animals: ")
        assert ach["modification"]["number"] == 6
    plain = shoal.new_match("reef", 2, seed=3).view(0)["table"]["achievements"]
    assert plain == {"scenario": None, "modification": None}


def test_evaluate_refuses_what_is_not_finished():
    m = shoal.new_match("reef", 1, seed=0)
    with pytest.raises(ValueError):
        evaluate(m)
    with pytest.raises(ValueError):
        evaluate_record(m.record())
    with pytest.raises(TypeError):
        evaluate(42)


def test_an_unknown_scenario_or_modification_in_a_position_is_named_with_the_known_ones():
    """evaluate_position with an unknown Scenario or Modification id gives a clear error, not a bare KeyError."""
    from shoal import ShoalError
    from shoal.games.reef.achievements.evaluate import evaluate_position

    position = {"variant": "core", "ecosystems": [], "boards": [{"hot_spot": None, "tiles": []}]}
    with pytest.raises(ShoalError, match=r"unknown Scenario 'Z' \(Scenarios: A, B, C, .*, O, or none\)"):
        evaluate_position({**position, "scenario": "Z"})
    with pytest.raises(ShoalError, match=r"unknown Modification '11' \(Modifications: 1, 2, .*, 10, or none\)"):
        evaluate_position({**position, "modification": "11"})
    for bad in ("x", 6.0, True, [6]):
        with pytest.raises(ShoalError, match="unknown Modification"):
            evaluate_position({**position, "modification": bad})
    with pytest.raises(ShoalError, match="unknown Scenario"):
        evaluate_position({**position, "scenario": ["A"]})
    with pytest.raises(ShoalError, match=r"unknown variant 'solo' \(variants: core, family, advanced\)"):
        evaluate_position({**position, "variant": "solo"})
    assert evaluate_position({**position, "modification": 6})[0]["modification"]["id"] == "M-6"
