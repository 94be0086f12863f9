"""The strength table wants at least 200 games per row where time allows, so a row may be played in parts
(``tournament.run(first=…)``, ``benchmarks/strength.py --extend``), and the parts must add up to exactly the row one
run would have given."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

from shoal import tournament

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import strength  # noqa: E402


def test_a_run_in_parts_plays_the_same_games_as_one_run():
    """Game i plays seed seed+i with the seats rotated i places, whichever part it is played in."""
    whole = tournament.run("museum", 2, ["greedy", "random"], 5, 1, 1)
    parts = tournament.run("museum", 2, ["greedy", "random"], 2, 1, 1) + tournament.run(
        "museum", 2, ["greedy", "random"], 3, 1, 1, first=2
    )
    assert [(r.seed, r.seats, r.scores, r.winners) for r in parts] == [
        (r.seed, r.seats, r.scores, r.winners) for r in whole
    ]


def _row(results: list[tournament.GameResult], level: str, base: str) -> dict:
    summary = tournament.summarise(results)
    return {
        "row": "museum",
        "level": level,
        "games": len(results),
        "minutes": 1.0,
        **{f"level_{k}": v for k, v in summary[level].items()},
        **{f"base_{k}": v for k, v in summary[base].items()},
        "per_game": [strength.per_game(r, level) for r in results],
    }


def test_joined_parts_give_the_win_share_interval_and_means_of_the_whole():
    whole = tournament.run("museum", 2, ["greedy", "random"], 7, 1, 1)
    one = _row(whole, "greedy", "random")
    joined = strength.join(_row(whole[:3], "greedy", "random"), _row(whole[3:], "greedy", "random"))
    for key in (
        "games",
        "level_win",
        "level_win95",
        "base_win",
        "base_win95",
        "level_mean_score",
        "base_mean_score",
        "level_sec_max",
        "level_decisions",
    ):
        assert abs(joined[key] - one[key]) < 1e-9, key
    assert abs(joined["level_sec_mean"] - one["level_sec_mean"]) < 1e-9
    assert joined["per_game"] == one["per_game"] and joined["parts"] == [[1, 3], [4, 7]]
    assert strength.next_game(joined) == 7  # the next part starts at game 7, seed 8


def test_joined_solo_parts_give_the_median_of_all_seeds():
    rows = [
        {
            "row": "reef-solo",
            "level": "hard",
            "games": len(s),
            "minutes": 1.0,
            "level_sec_mean": 0.5,
            "level_sec_max": m,
            "per_game": [[i, 1.0, float(x)] for i, x in s],
        }
        for s, m in (([(1, 80), (2, 95), (3, 91)], 1.0), ([(4, 70), (5, 99)], 2.0))
    ]
    joined = strength.join(*rows)
    assert joined["median"] == statistics.median([80, 95, 91, 70, 99]) == 91
    assert joined["at_least_90"] == 3 / 5 and joined["level_sec_max"] == 2.0 and joined["games"] == 5


def test_head_to_head_rows_seat_a_level_against_the_next_one_down():
    """ "normal and easy: each clearly below the next level (show it)": a head-to-head row plays the level against
    the next level down, seats rotated, and is clearly above only when its interval lies above one half."""
    row = strength.run_head("museum-head", "normal", 2, 1)
    assert row["base"] == "easy" and row["games"] == 2 and [g[0] for g in row["per_game"]] == [1, 2]
    assert abs(row["level_win"] + row["base_win"] - 1) < 1e-9
    sure = dict(row, level_win=0.7, level_win95=0.1)
    unsure = dict(row, level_win=0.7, level_win95=0.25, per_game=[[1, 1.0, 9.0], [2, 0.0, -5.0]])
    ahead_on_points = dict(unsure, per_game=[[1, 1.0, 9.0], [2, 0.0, 8.0]])
    assert strength.head_to_head([sure])[-1].endswith("| yes |")
    assert strength.head_to_head([unsure])[-1].endswith("| not shown |")
    assert strength.head_to_head([ahead_on_points])[-1].endswith("| by score margin only |")


def test_hard_meets_its_target_only_when_the_estimate_does_and_says_whether_the_interval_does():
    """The table's verdict column: "yes" when the 95% interval's low end reaches the target, "on the point estimate"
    when only the estimate does, "no" otherwise; blank for the levels that have no target."""
    row = {"row": "brunch", "level": "hard", "level_win": 0.515, "level_win95": 0.069}  # target: 45%
    assert strength.verdict(row) == "on the point estimate"
    assert strength.verdict(dict(row, level_win95=0.05)) == "yes"
    assert strength.verdict(dict(row, level_win=0.44)) == "no"
    assert strength.verdict(dict(row, level="normal")) == ""
    solo = {"row": "reef-solo", "level": "hard", "median": 92.0}  # target: median 90
    assert strength.verdict(solo) == "yes" and strength.verdict(dict(solo, median=89.5)) == "no"


def test_the_docs_notes_survive_a_rewrite_of_the_tables(tmp_path):
    """A rerun rewrites the tables and keeps the hand-written notes between their marks, word for word."""
    out = tmp_path / "strength.md"
    out.write_text("old table\n\n<!-- notes:begin -->\nWhy the levels are what they are.\n<!-- notes:end -->\n")
    args = type("Args", (), {"rows": ["museum"], "notes": None})()
    strength.write(out, [], [], {}, args)
    text = out.read_text()
    assert "old table" not in text and text.startswith("# Strength of the search bots")
    assert text.endswith("<!-- notes:begin -->\nWhy the levels are what they are.\n<!-- notes:end -->\n")


def test_the_beginner_block_survives_a_rewrite_of_the_tables_and_is_replaced_in_place(tmp_path):
    """strength.py keeps benchmarks/beginner.py's table as it is; beginner.py replaces only its own block."""
    import beginner

    out = tmp_path / "strength.md"
    block = f"{beginner.BEGIN}\n## The beginner level\nold rows\n{beginner.END}"
    out.write_text(f"old table\n\n{block}\n\n<!-- notes:begin -->\nNotes.\n<!-- notes:end -->\n")
    strength.write(out, [], [], {}, type("Args", (), {"rows": ["museum"], "notes": None})())
    text = out.read_text()
    assert "old table" not in text and block in text and text.index(block) < text.index("<!-- notes:begin -->")
    beginner.write(out, f"{beginner.BEGIN}\nnew rows\n{beginner.END}")
    again = out.read_text()
    assert (
        "old rows" not in again
        and "new rows" in again
        and again.replace("new rows", "## The beginner level\nold rows") == text
    )


def test_the_head_to_head_share_counts_every_seat_a_level_holds():
    """Brunch's head to head seats easy twice and beginner twice: easy's share is the part of the win its seats
    took, ties shared."""
    import beginner

    r = tournament.GameResult(1, ["easy", "beginner", "easy", "beginner"], [3, 5, 5, 1], [1, 2], {})
    assert beginner.share_of_wins(r, "easy") == 0.5 and beginner.share_of_wins(r, "beginner") == 0.5
    r = tournament.GameResult(1, ["easy", "beginner", "easy", "beginner"], [3, 5, 6, 1], [2], {})
    assert beginner.share_of_wins(r, "easy") == 1.0
