"""The worker's analysis commands (``analyse_start``/``analyse_next``/``analyse_stop``, ``hint``): a slice of work a
request, cancelled by asking no more, and never an answer holding what the seat may not see (twins, as for bots)."""

from __future__ import annotations

import json
import random

import pytest

import shoal
from shoal import analysis, bridge
from tests.core.test_undo import TWINS, _hidden_part
from tests.trust.test_twins import fork

from .helpers import BUDGET, record


@pytest.fixture(autouse=True)
def _fresh_bridge(monkeypatch):
    monkeypatch.setattr(bridge, "_matches", {})
    monkeypatch.setattr(
        bridge, "_analysis", {"session": None, "hint": None, "hint_key": None, "move": None, "move_key": None}
    )


def ask(**request) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def to_the_end() -> dict:
    """``analyse_next`` asked until the analysis is over (a slice is time, and a loaded machine does less in it):
    the last answer, with every decision the answers gave."""
    decisions = []
    while True:
        step = ask(cmd="analyse_next", ms=2_000)
        decisions += step["decisions"]
        if step["over"]:
            return {**step, "decisions": decisions}


def hint_found(**request) -> dict:
    """The same ``hint`` request asked until the hint is found."""
    while (answer := ask(cmd="hint", **request))["hint"] is None:
        pass
    return answer["hint"]


def test_a_record_is_analysed_a_slice_at_a_time_with_progress_and_the_same_results_as_at_once():
    rec = record("museum", 2, seed=6, seats=["greedy", "random"])
    started = ask(cmd="analyse_start", record=rec, seats=[1], budget=BUDGET)
    assert started["ok"] and started["unit"] == "chances" and started["total"] == len(started["plies"])
    assert started["thresholds"] == {"blunder": 0.2, "mistake": 0.1, "inaccuracy": 0.05}
    decisions, progress = [], []
    while True:
        step = ask(cmd="analyse_next", ms=1)  # the shortest slice: one sampled position a request
        assert step["ok"] and step["total"] == started["total"]
        decisions += step["decisions"]
        progress.append(step["progress"])
        assert step["done"] == len(decisions)
        if step["over"]:
            break
        assert "summary" not in step
    assert progress == sorted(progress) and progress[-1] == 1.0 and len(progress) > 2 * started["total"]
    whole = analysis.analyse(rec, seats=[1], budget=BUDGET)
    assert decisions == whole["decisions"] and step["summary"] == whole["summary"]
    assert [[d["ply"], d["seat"]] for d in decisions] == started["plies"]


def test_an_analysis_is_cancelled_by_asking_no_more_or_by_a_new_start_or_stop():
    rec = record("aquarena", 2, seed=3, plies=20)
    ask(cmd="analyse_start", record=rec, budget=BUDGET)
    first = ask(cmd="analyse_next", ms=1)
    assert not first["over"]
    other = record("museum", 2, seed=2, plies=6)
    again = ask(cmd="analyse_start", record=other, budget=BUDGET)
    step = to_the_end()
    assert step["over"] and step["total"] == again["total"]
    assert all(other["actions"][d["ply"] - 1] == [d["seat"], d["played"]] for d in step["decisions"])
    assert ask(cmd="analyse_stop") == {"ok": True}
    assert ask(cmd="analyse_next")["error"] == "no analysis under way: analyse_start first"


def test_a_record_without_decisions_is_over_at_once():
    rec = record("aquarena", 2, seed=3, plies=0)
    assert ask(cmd="analyse_start", record=rec)["total"] == 0
    step = ask(cmd="analyse_next")
    assert step["over"] and step["progress"] == 1.0 and step["decisions"] == []
    assert [s["decisions"] for s in step["summary"]["seats"]] == [0, 0]


@pytest.mark.parametrize(
    "request_,error",
    [
        ({"record": {"game": "museum"}}, "record has no"),
        ({"record": None}, "must be a JSON object"),
        ({"seats": [9]}, "numbered 0 to 1"),
        ({"budget": "lots"}, "budget"),
        ({"seed": 2**60}, "seed"),
    ],
)
def test_a_bad_analysis_request_is_refused_and_keeps_the_analysis_under_way(request_, error):
    rec = record("museum", 2, seed=2, plies=4)
    assert ask(cmd="analyse_start", record=rec, budget=BUDGET)["ok"]
    refused = ask(cmd="analyse_start", **{"record": rec, **request_})
    assert not refused["ok"] and error in refused["error"]
    assert to_the_end()["total"] == len(analysis.plan(rec)), "the earlier analysis is still there"
    assert "ms must be" in ask(cmd="analyse_next", ms=0)["error"]


def test_a_move_tried_instead_of_the_one_played_is_judged_from_that_seats_view():
    """ "Try it yourself": any legal move at a decision of the record is judged as if it had been played there."""
    rec = record("museum", 2, seed=6, seats=["greedy", "random"])
    ply = analysis.plan(rec, [1])[0][0]
    before = shoal.replay({**rec, "actions": rec["actions"][: ply - 1]})
    tried = before.legal_actions(1)[-1]
    answer = ask(cmd="analyse_move", record=rec, ply=ply, action=tried, budget=BUDGET)
    decision = answer["decision"]
    assert answer["progress"] == 1.0 and decision["ply"] == ply and decision["seat"] == 1
    assert decision["played"] == tried and decision["mark"] in (None, "inaccuracy", "mistake", "blunder")
    slices = [ask(cmd="analyse_move", record=rec, ply=ply, action=tried, budget=BUDGET, ms=1)]
    while slices[-1]["decision"] is None:
        slices.append(ask(cmd="analyse_move", record=rec, ply=ply, action=tried, budget=BUDGET, ms=1))
    assert len(slices) > 2 and slices[-1]["decision"] == decision
    played = ask(cmd="analyse_move", record=rec, ply=ply, action=rec["actions"][ply - 1][1], budget=BUDGET)
    whole = analysis.analyse(rec, seats=[1], budget=BUDGET)["decisions"][0]
    assert played["decision"] == whole, "the move played, tried again, is judged as the analysis judged it"
    assert "not a legal move" in ask(cmd="analyse_move", record=rec, ply=ply, action={"type": "x"})["error"]
    assert "ply must be" in ask(cmd="analyse_move", record=rec, ply=0, action=tried)["error"]
    assert "ply must be" in ask(cmd="analyse_move", record=rec, ply=len(rec["actions"]) + 1, action=tried)["error"]


def test_a_hint_answers_the_best_move_and_the_best_alternative_for_a_seat_to_act():
    ask(cmd="new", game="museum", players=2, seed=4, viewer=0)
    match = bridge._matches["main"]
    answer = ask(cmd="hint", seat=0, budget=BUDGET)
    assert answer["ok"] and answer["progress"] == 1.0
    hint = answer["hint"]
    assert set(hint) == {"seat", "unit", "forced", "best", "alternative"}
    assert hint["seat"] == 0 and hint["unit"] == "chances" and not hint["forced"]
    legal = match.legal_actions(0)
    assert hint["best"]["action"] in legal and hint["alternative"]["action"] in legal
    assert hint["best"]["action"] != hint["alternative"]["action"]
    best, other = hint["best"], hint["alternative"]
    assert (best["chances"], best["points"]) >= (other["chances"], other["points"])
    assert match.actions == [], "a hint plays nothing"
    assert ask(cmd="hint", seat=1)["error"] == "seat 1 is not to act now"
    assert "seat must be" in ask(cmd="hint", seat="0")["error"]


def test_a_hint_found_a_slice_at_a_time_is_the_hint_found_at_once_and_a_move_drops_it():
    ask(cmd="new", game="aquarena", players=2, seed=4, viewer=0)
    seat = bridge._matches["main"].to_act()[0]
    at_once = ask(cmd="hint", seat=seat, budget=4 * BUDGET)["hint"]
    slices = [ask(cmd="hint", seat=seat, budget=4 * BUDGET, ms=1)]
    while slices[-1]["hint"] is None:
        slices.append(ask(cmd="hint", seat=seat, budget=4 * BUDGET, ms=1))
    assert len(slices) > 3 and slices[-1]["hint"] == at_once
    assert [s["progress"] for s in slices] == sorted(s["progress"] for s in slices)
    ask(cmd="hint", seat=seat, budget=4 * BUDGET, ms=1)  # under way ...
    match = bridge._matches["main"]
    match.play(seat, match.legal_actions(seat)[0])  # ... and the match moves on
    later = match.to_act()[0]
    fresh = ask(cmd="hint", seat=later, budget=BUDGET)["hint"]
    assert fresh["seat"] == later and fresh["best"]["action"] in match.legal_actions(later)


def test_a_hint_under_way_is_not_taken_up_by_another_match_of_the_same_name():
    seat = ask(cmd="new", game="museum", players=2, seed=4, viewer=0)["to_act"][0]
    assert ask(cmd="hint", seat=seat, budget=4 * BUDGET, ms=1)["hint"] is None
    seeds = [s for s in range(5, 40) if shoal.new_match("museum", 2, seed=s).to_act() == [seat]]
    ask(cmd="new", game="museum", players=2, seed=seeds[0], viewer=0)  # the same name, the same (no) moves
    found = hint_found(seat=seat, budget=4 * BUDGET, ms=2_000)
    bridge._analysis.update(hint=None, hint_key=None)
    assert found == ask(cmd="hint", seat=seat, budget=4 * BUDGET)["hint"]


def test_a_forced_move_is_its_own_hint():
    rec = record("brunch", 3, seed=1, plies=76)  # seat 1's pass at move 77 is of a hand of one kind
    bridge._matches["main"] = shoal.replay(rec)
    answer = ask(cmd="hint", seat=1)["hint"]
    assert answer["forced"] and answer["alternative"] is None
    assert answer["best"] == {"action": bridge._matches["main"].legal_actions(1)[0]}


def test_in_a_simultaneous_choice_a_hint_ignores_what_the_others_chose_and_a_seat_that_has_chosen_gets_none():
    """Brunch's Lunch window: every seat chooses at once, unseen. The seat still to choose gets the same hint
    whichever choice another seat has made, and the seat that has chosen is refused a hint."""
    start = shoal.new_match("brunch", 3, seed=4)
    assert start.to_act() == [0, 1, 2]
    choices = start.legal_actions(0)
    answers, views = [], []
    for choice in choices:
        match = shoal.replay(start.record())
        match.play(0, choice)
        views.append(json.dumps(match.view(1)))
        bridge._matches["main"] = match
        answers.append(bridge.handle(json.dumps({"cmd": "hint", "seat": 1, "budget": BUDGET})))
        assert ask(cmd="hint", seat=0) == {"ok": False, "error": "seat 0 is not to act now"}
    assert len(choices) == 2 and choices[0] != choices[1]
    assert views[0] == views[1], "seat 1 sees that seat 0 has chosen, not what"
    assert json.loads(answers[0])["hint"]["best"]["action"] in start.legal_actions(1)
    assert answers[0] == answers[1]


TABLES = [("museum", 2, 3), ("brunch", 3, 8), ("aquarena", 3, 9), ("reef", 2, 6)]


@pytest.mark.parametrize("game_id,players,seed", TABLES)
def test_twins_that_differ_only_in_what_the_seat_cannot_see_get_the_same_hint(game_id, players, seed):
    """Twin positions (``tests/core/test_undo.py``: other hidden cards, another deck order, other unrevealed
    choices, another RNG) give the seat byte-identical hints whenever its views agree."""
    match = shoal.new_match(game_id, players, seed=seed)
    rng = random.Random(seed)
    compared = differed = 0
    for ply in range(30):
        if match.is_over():
            break
        if 0 in match.to_act() and ply % 3 == 0:
            twin = TWINS[game_id](match, 0)
            if json.dumps(twin.view(0)) == json.dumps(match.view(0)):
                answers = []
                for m in (match, twin):
                    bridge._matches["twin"] = fork(m)
                    answers.append(
                        bridge.handle(json.dumps({"cmd": "hint", "match": "twin", "seat": 0, "budget": BUDGET}))
                    )
                assert json.loads(answers[0])["ok"] and answers[0] == answers[1], (game_id, ply)
                compared += 1
                differed += _hidden_part(twin) != _hidden_part(match)
        seat = rng.choice(match.to_act())
        match.play(seat, match.bot_action(seat, "random"))
    assert compared >= 2 and differed >= 1, (compared, differed)


def test_twin_records_give_the_seat_the_same_analysis():
    """Two museum games from positions that differ in the column player's hand and the deck, in which the column
    player lays different cards face down: the row player's views agree move by move, and so does its analysis."""
    a = shoal.new_match("museum", 2, seed=1, position="W3W4 L1,L2,L3 T8,B7,W5 W6,T7,B5,L4 0")
    b = shoal.new_match("museum", 2, seed=1, position="W3W4 L1,L2,L3 L6,W2,B6 W6,T6,B5,W1 0")
    rng = random.Random(5)
    hidden_moves = 0
    while not a.is_over() and len(a.actions) < 10:
        assert json.dumps(a.view(0)) == json.dumps(b.view(0))
        seat = a.to_act()[0]
        if seat == 0:
            action = rng.choice(a.legal_actions(0))
            a.play(0, action)
            b.play(0, action)
            continue
        downs = [
            [act for act in m.legal_actions(1) if act["type"] == "place" and act["face"] == "down"] for m in (a, b)
        ]
        if not (downs[0] and downs[1]):
            break  # the column player would have to show a card
        a.play(1, downs[0][0])
        b.play(1, next(act for act in downs[1] if (act["x"], act["y"]) == (downs[0][0]["x"], downs[0][0]["y"])))
        hidden_moves += a.actions[-1] != b.actions[-1]
    assert hidden_moves >= 2 and a.record() != b.record()
    answers = []
    for m in (a, b):
        assert ask(cmd="analyse_start", record=m.record(), seats=[0], budget=BUDGET)["ok"]
        answers.append(json.dumps(to_the_end()))
    assert json.loads(answers[0])["decisions"]
    assert answers[0] == answers[1]
