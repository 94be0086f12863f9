"""``python -m shoal tournament GAME …`` pits any bots against each other with seats rotated, uses every core, shows
progress, and prints win shares with 95% intervals, mean scores and seconds per decision; ``python -m shoal show
record.json`` replays or summarises a saved record in the terminal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import shoal
from shoal import tournament

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "pysrc")}
    return subprocess.run([sys.executable, "-m", "shoal", *args], capture_output=True, text=True, env=env, timeout=240)


def test_seats_are_rotated_so_every_bot_sits_everywhere():
    assert [tournament.rotated(["a", "b", "c"], i) for i in range(3)] == [
        ["a", "b", "c"],
        ["b", "c", "a"],
        ["c", "a", "b"],
    ]


def test_win_shares_count_ties_as_shared_and_sum_to_one():
    results = [tournament.GameResult(1, ["x", "y"], [5, 5], [0, 1]), tournament.GameResult(2, ["y", "x"], [3, 1], [0])]
    summary = tournament.summarise(results)
    assert summary["x"]["win"] == 0.25 and summary["y"]["win"] == 0.75
    assert summary["x"]["win95"] > 0


def test_tournament_command_prints_shares_intervals_scores_and_seconds(tmp_path):
    out = _cli(
        "tournament",
        "museum",
        "--seats",
        "greedy,random",
        "--games",
        "4",
        "--jobs",
        "2",
        "--json",
        str(tmp_path / "t.json"),
    )
    assert out.returncode == 0, out.stderr
    assert "4/4 games" in out.stderr, "progress is shown"
    lines = {line.split()[0]: line for line in out.stdout.splitlines() if line.startswith(("greedy", "random"))}
    assert "±" in lines["greedy"] and "±" in lines["random"]
    summary = json.loads((tmp_path / "t.json").read_text())["summary"]
    assert abs(summary["greedy"]["win"] + summary["random"]["win"] - 1) < 1e-9
    assert summary["greedy"]["decisions"] > 0 and summary["greedy"]["sec_mean"] > 0


def test_tournament_refuses_an_unknown_bot():
    out = _cli("tournament", "museum", "--seats", "greedy,nobody", "--games", "1", "--jobs", "1")
    assert out.returncode != 0 and "nobody" in out.stderr


def test_show_replays_a_record_with_its_log_and_final_scores(tmp_path):
    m = shoal.new_match("museum", 2, seed=3)
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, m.bot_action(seat, "greedy"))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(m.record()))
    out = _cli("show", str(path))
    assert out.returncode == 0, out.stderr
    assert "The start card is" in out.stdout and "Final scores:" in out.stdout
    for seat, score in enumerate(m.outcome()["scores"]):
        assert f"Player {seat + 1}: {score}" in out.stdout
    summary = _cli("show", str(path), "--summary")
    assert "Final scores:" in summary.stdout and "placed" not in summary.stdout


def test_show_refuses_a_corrupt_record(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps(
            {
                "format": "shoal-record",
                "game": "museum",
                "rules_version": 1,
                "players": 2,
                "seed": 1,
                "actions": [[0, {"type": "nonsense"}]],
            }
        )
    )
    out = _cli("show", str(path))
    assert out.returncode == 2 and "not a playable record" in out.stderr and not out.stdout
