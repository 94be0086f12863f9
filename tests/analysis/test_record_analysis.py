"""A record's analysis (``shoal.analysis``) and its command, ``python -m shoal analyse``: every decision of the seats
asked for, forced moves skipped, the same marks every time, however the work is cut."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import shoal
from shoal import analysis
from shoal.bots.analysis import MARKS, mark

from .helpers import BUDGET, record

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def museum_record():
    return record("museum", 2, seed=3, seats=["greedy", "random"])


def test_the_same_record_analysed_twice_gives_the_same_marks_and_values(museum_record):
    first = analysis.analyse(museum_record, budget=BUDGET)
    again = analysis.analyse(museum_record, budget=BUDGET)
    assert first == again
    assert first["decisions"], "a museum game has decisions"
    other_seed = analysis.analyse(museum_record, budget=BUDGET, seed=1)
    assert other_seed["decisions"] != first["decisions"], "the analysis seed is what its samples come from"


def test_a_record_judged_a_step_at_a_time_or_in_two_processes_gives_the_same_analysis(museum_record):
    whole = analysis.analyse(museum_record, seats=[1], budget=BUDGET)
    session = analysis.Session(museum_record, seats=[1], budget=BUDGET)
    calls = 0
    while not session.over:
        session.advance(lambda: True)  # one sampled position a call
        calls += 1
    assert calls > session.total, "decisions were cut into many steps"
    assert session.results == whole["decisions"] and session.summary() == whole["summary"]
    assert analysis.analyse(museum_record, seats=[1], budget=BUDGET, jobs=2) == whole


def test_forced_moves_are_skipped_and_every_other_move_of_the_seats_asked_is_a_decision():
    rec = record("brunch", 3, seed=1, plies=80)  # seat 1 passes with a hand of one kind at move 77: forced
    full = shoal.replay(rec)
    match = shoal.replay({**rec, "actions": []})
    expected = []
    for i, (seat, action) in enumerate(full.actions):
        if seat == 1 and len(match.legal_actions(seat)) > 1:
            expected.append((i + 1, seat))
        match.play(seat, action)
    assert analysis.plan(rec, [1]) == expected
    assert len(expected) < sum(1 for s, _ in full.actions if s == 1), "some of seat 1's moves were forced"


def test_simultaneous_choices_are_decisions_judged_from_the_view_at_the_moment_of_choosing():
    """Brunch's passes and Lunch windows are chosen by every seat at once; each seat's choice is its decision."""
    rec = record("brunch", 3, seed=2, plies=24)
    plies = analysis.plan(rec)
    match = shoal.replay({**rec, "actions": []})
    simultaneous = 0
    for i, (seat, action) in enumerate(rec["actions"]):
        if (i + 1, seat) in plies and len(match.to_act()) > 1:
            simultaneous += 1
        match.play(seat, action)
    assert simultaneous >= 3
    for d in analysis.walk(rec, plies[:4]):
        assert d.played in d.legal and d.view["seat"] == d.seat


def test_every_decision_says_what_was_played_the_best_found_the_loss_and_its_mark(museum_record):
    out = analysis.analyse(museum_record, budget=BUDGET)
    assert set(out) == {"game", "decisions", "summary"} and out["game"] == "museum"
    for d in out["decisions"]:
        assert {
            "ply",
            "seat",
            "played",
            "best",
            "loss",
            "mark",
            "unit",
            "played_value",
            "best_value",
            "moves",
            "samples",
            "gap",
            "error",
        } <= set(d)
        assert museum_record["actions"][d["ply"] - 1] == [d["seat"], d["played"]]
        assert d["loss"] >= 0 and d["mark"] == mark(d["loss"], "chances") and d["unit"] == "chances"
        assert d["mark"] in (None, *MARKS)
        assert d["loss"] == pytest.approx(max(0.0, d["gap"] - d["error"]), abs=2e-4) and d["error"] >= 0
        if d["loss"] == 0:
            assert d["best"] == d["played"], "the samples show no better move: the move played is the best"
        else:
            assert d["best_value"]["chances"] - d["played_value"]["chances"] == pytest.approx(d["gap"], abs=2e-4)
    seats = out["summary"]["seats"]
    assert [s["seat"] for s in seats] == [0, 1]
    for s in seats:
        mine = [d for d in out["decisions"] if d["seat"] == s["seat"]]
        assert s["decisions"] == len(mine)
        assert sum(s[m] for m in MARKS) == sum(1 for d in mine if d["mark"])
        assert s["mean_loss"] == pytest.approx(sum(d["loss"] for d in mine) / len(mine), abs=1e-4)


def test_alone_the_loss_is_in_points():
    rec = record("reef", 1, seed=2, plies=3)
    out = analysis.analyse(rec, budget=8)
    assert out["summary"]["unit"] == "points" and out["decisions"]
    assert all(d["unit"] == "points" and {"win", "chances"}.isdisjoint(d["played_value"]) for d in out["decisions"])


@pytest.mark.parametrize(
    "bad,message",
    [
        ({"game": "museum"}, "record has no"),
        ("not a record", "must be a JSON object"),
    ],
)
def test_a_bad_record_is_refused_whole(bad, message):
    with pytest.raises(shoal.BadRecord, match=message):
        analysis.Session(bad)


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"seats": [2]}, "numbered 0 to 1"),
        ({"seats": "0"}, "list of seats"),
        ({"seats": [True]}, "numbered"),
        ({"budget": 0}, "budget"),
        ({"budget": 10**9}, "budget"),
        ({"seed": -1}, "seed"),
        ({"seed": 1.5}, "seed"),
    ],
)
def test_bad_seats_budgets_and_seeds_are_refused(museum_record, kwargs, message):
    with pytest.raises(shoal.ShoalError, match=message):
        analysis.Session(museum_record, **kwargs)


def _cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "pysrc")}
    return subprocess.run(
        [sys.executable, "-m", "shoal", "analyse", *args], capture_output=True, text=True, env=env, timeout=240
    )


def test_the_command_prints_a_table_and_each_seats_summary(tmp_path, museum_record):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(museum_record))
    out = _cli(str(path), "--seat", "1", "--budget", str(BUDGET))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["ply", "seat", "played", "best", "loss", "mark"]
    expected = analysis.analyse(museum_record, seats=[1], budget=BUDGET)
    assert len([line for line in lines[1:] if line[:1].isdigit()]) == len(expected["decisions"])
    summary = expected["summary"]["seats"][0]
    assert f"seat 1: {summary['decisions']} decisions" in out.stdout and "mean loss" in out.stdout
    assert "seat 0:" not in out.stdout
    counts = [f"{summary[m]} {m if summary[m] == 1 else m + 's'}" for m in ("mistake", "blunder")]
    counts.insert(0, f"{summary['inaccuracy']} {'inaccuracy' if summary['inaccuracy'] == 1 else 'inaccuracies'}")
    assert ", ".join(counts) in out.stdout, "each mark counted, in good English"
    assert f"{len(expected['decisions'])}/{len(expected['decisions'])} decisions" in out.stderr, "progress is shown"


def test_the_command_prints_one_json_object_with_the_same_analysis_in_two_processes(tmp_path, museum_record):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(museum_record))
    out = _cli(str(path), "--json", "--budget", str(BUDGET), "--jobs", "2", "--quiet")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == analysis.analyse(museum_record, budget=BUDGET)
    assert out.stderr == ""


@pytest.mark.parametrize(
    "content,message",
    [
        (None, "cannot read"),
        ("{not json", "cannot read"),
        ('{"game": "museum"}', "not a playable record"),
    ],
)
def test_the_command_refuses_a_bad_file_in_one_line_with_exit_code_2(tmp_path, content, message):
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content)
    out = _cli(str(path))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith(message) and len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr


def test_the_command_refuses_a_seat_the_game_has_not(tmp_path, museum_record):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(museum_record))
    out = _cli(str(path), "--seat", "7")
    assert out.returncode == 2 and "numbered 0 to 1" in out.stderr and len(out.stderr.strip().splitlines()) == 1
