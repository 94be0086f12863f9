""" "Try it yourself" (``shoal.tryit``, the bridge's ``try_move``): the engine, not the page, says whether a tried move
is accepted: the better move, a judged move within the inaccuracy threshold of the best, or any move whose own
judgement earns no mark; the move played keeps its mark."""

from __future__ import annotations

import json

import pytest

import shoal
from shoal import analysis, bridge
from shoal.bots.analysis import thresholds
from shoal.tryit import verdict

from .helpers import BUDGET, record

A, B, C, D = ({"type": "take", "card": n} for n in range(4))


def decision(unit: str, gaps: list[float], loss: float) -> dict:
    """A judged decision: A best, then B, C at ``gaps`` below it; C was played, with ``loss``."""
    key = "points" if unit == "points" else "chances"
    top = 30.0 if unit == "points" else 0.8
    moves = [{"action": a, "points": 0.0, key: top - g} for a, g in zip((A, B, C), [0.0, *gaps])]
    if unit != "points":
        for m in moves:
            m["points"] = 20.0
    return {"ply": 3, "seat": 0, "played": C, "best": A, "loss": loss, "mark": None, "unit": unit, "moves": moves}


@pytest.mark.parametrize("unit", ["chances", "points"])
def test_the_better_move_and_a_judged_move_within_the_inaccuracy_threshold_are_accepted_at_once(unit):
    at = thresholds(unit)["inaccuracy"]
    d = decision(unit, [at * 0.9, at * 3], loss=at * 2.5)
    assert verdict(d, A) == {"accepted": True, "reason": "best", "loss": 0.0, "mark": None, "unit": unit}
    close = verdict(d, B)
    assert close["accepted"] and close["reason"] == "close" and close["loss"] == pytest.approx(at * 0.9)


@pytest.mark.parametrize("unit", ["chances", "points"])
def test_a_judged_move_at_the_threshold_is_not_accepted_without_its_own_judgement(unit):
    at = thresholds(unit)["inaccuracy"]
    d = decision(unit, [at, at * 3], loss=at * 2.5)
    assert verdict(d, B) is None, "a gap that would earn a mark: judged on its own before it is refused"
    assert verdict(d, B, {"loss": at * 0.5, "mark": None})["accepted"]


@pytest.mark.parametrize("unit", ["chances", "points"])
def test_the_move_played_keeps_its_mark_and_an_unjudged_move_is_judged_first(unit):
    at = thresholds(unit)
    d = decision(unit, [at["inaccuracy"] * 0.5, at["mistake"] * 1.5], loss=at["mistake"] * 1.2)
    played = verdict(d, C)
    assert played == {
        "accepted": False,
        "reason": "played",
        "loss": round(at["mistake"] * 1.2, 4),
        "mark": "mistake",
        "unit": unit,
    }
    assert verdict(d, D) is None
    wrong = verdict(d, D, {"loss": at["blunder"], "mark": "blunder"})
    assert wrong == {"accepted": False, "reason": "judged", "loss": at["blunder"], "mark": "blunder", "unit": unit}
    assert verdict(d, D, {"loss": 0.0, "mark": None})["accepted"]


@pytest.fixture(scope="module")
def museum() -> tuple[dict, dict]:
    """A museum record and the analysis's judgement of seat 1's first decision."""
    rec = record("museum", 2, seed=6, seats=["greedy", "random"])
    first = next(analysis.walk(rec, analysis.plan(rec, [1])[:1]))
    return rec, analysis.judge(shoal.replay(rec).game, first, BUDGET)


@pytest.fixture
def fresh_bridge(monkeypatch):
    monkeypatch.setattr(
        bridge, "_analysis", {"session": None, "hint": None, "hint_key": None, "move": None, "move_key": None}
    )


def ask(**request) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def test_the_bridge_answers_the_verdict_in_slices_as_the_engine_judges_the_move(fresh_bridge, museum):
    rec, d = museum
    ply = d["ply"]
    common = {"cmd": "try_move", "record": rec, "ply": ply, "decision": d, "budget": BUDGET}
    best = ask(**common, action=d["best"], ms=1)
    assert best["verdict"]["accepted"] and best["verdict"]["reason"] == "best" and best["progress"] == 1.0
    legal = shoal.replay({**rec, "actions": rec["actions"][: ply - 1]}).legal_actions(1)
    judged = {json.dumps(m["action"], sort_keys=True) for m in d["moves"]}
    other = next(a for a in legal if json.dumps(a, sort_keys=True) not in judged)
    slices = [ask(**common, action=other, ms=1)]
    while slices[-1]["verdict"] is None:
        slices.append(ask(**common, action=other, ms=1))
    assert len(slices) > 1 and slices[-1]["progress"] == 1.0
    own = analysis.attempt(rec, ply, other, BUDGET).advance(lambda: False)
    assert slices[-1]["verdict"] == {
        "accepted": own["mark"] is None,
        "reason": "judged",
        "loss": own["loss"],
        "mark": own["mark"],
        "unit": own["unit"],
    }


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"decision": None}, "cannot be read: it must be"),
        ({"decision": "ply"}, "it is for move"),
        ({"decision": "played"}, "not the record's"),
        ({"decision": "moves"}, "its moves must"),
        ({"action": {"type": "x"}}, "not a legal move"),
        ({"ply": 0}, "ply must be"),
    ],
)
def test_a_bad_try_move_request_is_refused_with_its_reason(fresh_bridge, museum, change, error):
    rec, d = museum
    spoilt = {
        None: None,
        "ply": {**d, "ply": d["ply"] + 1},
        "played": {**d, "played": d["best"] if d["best"] != d["played"] else {"type": "x"}},
        "moves": {**d, "moves": [{"action": d["best"]}]},
    }
    req = {"cmd": "try_move", "record": rec, "ply": d["ply"], "action": d["best"], "decision": d, "budget": BUDGET}
    if "decision" in change:
        change = {"decision": spoilt[change["decision"]]}
    answer = ask(**{**req, **change})
    assert not answer["ok"] and error in answer["error"]
