"""The end of a match: the score sheet per line and category, and the winner."""

from __future__ import annotations

import shoal
from shoal.core import Rng
from shoal.games.museum import rules
from shoal.games.museum.notation import parse
from shoal.games.museum.scoring import score_layout

from .helpers import at, place

FINISHED_ROWS_WIN = "W1T6*W3L5/L1L2L3W4 - - - -"  # rows 15 and 10 score; columns are pairs, all under 10


def test_the_player_with_most_points_wins():
    """Rulebook: "After totaling up all their points, the player with the most wins!"""
    out = rules.outcome(parse(FINISHED_ROWS_WIN))
    assert out["scores"][0] > out["scores"][1] and out["winners"] == [0]


def test_a_tie_is_a_shared_win():
    """Ruling (docs/rulings.md, museum): the rulebook names no tie-breaker, so equal scores share the win."""
    out = rules.outcome(parse("W1W2 - - - -"))  # nothing scores for anyone
    assert out["scores"] == [0, 0] and out["winners"] == [0, 1]
    layout = "W1T6W3L5/L1W6L6B6*/B5L2T8W4B7/W2L3T7W5L4 - - - -"
    out = rules.outcome(parse(layout))
    assert out["scores"][0] == out["scores"][1] and out["winners"] == [0, 1]


def test_the_breakdown_has_a_row_per_line_and_category_adding_up_to_the_score():
    """Scoring comes with a breakdown per line and category."""
    out = rules.outcome(parse(FINISHED_ROWS_WIN))
    rows = out["breakdown"][0]
    assert [(r["line"], r["category"]) for r in rows] == [
        ("Row 1", "icons"),
        ("Row 1", "turtles"),
        ("Row 1", "tokens"),
        ("Row 2", "icons"),
        (None, "lily_pads"),
    ]
    assert [r["points"] for r in rows] == [2, 5, 1, 3, 2]
    assert all(r["points"] > 0 for r in rows)
    assert rows[0]["label"].startswith("Row 1 (total 15)")
    for seat in (0, 1):
        assert sum(r["points"] for r in out["breakdown"][seat]) == out["scores"][seat]


def test_every_line_appears_on_the_sheet_even_when_it_scores_nothing():
    """Rulebook: "tally their scores one column / row at a time" — the sheet says why a line gave nothing."""
    out = rules.outcome(parse(FINISHED_ROWS_WIN))
    cols = out["breakdown"][1]
    assert [r["line"] for r in cols if r["category"] == "none"] == ["Column 1", "Column 2", "Column 3", "Column 4"]
    assert "outside 10–20" in cols[0]["label"]
    assert cols[-1]["category"] == "lily_pads"


def test_the_match_outcome_equals_the_pure_scoring_of_the_final_layout():
    """docs/museum-scoring.md: the engine scores with the same pure function a teaching page calls."""
    for seed in range(5):
        m = shoal.new_match("museum", 2, seed=seed)
        rng = Rng(seed, 1)
        while not m.is_over():
            seat = m.to_act()[0]
            m.play(seat, rng.choice(m.legal_actions(seat)))
        t = m.view(None)["table"]
        layout = {(c["x"], c["y"]): c["card"]["code"] for c in t["cards"]}
        tokens = {(c["x"], c["y"]): c["tokens"] for c in t["cards"]}
        assert score_layout(layout, tokens)["scores"] == m.outcome()["scores"]


def test_the_final_reveal_counts_in_the_score():
    """Rulebook: "After the last card has been placed, all facedown cards are turned faceup. Afterwards, the scoring
    phase begins." A card placed face down scores like any other."""
    m = at("W4w6@0 - L2 - 1")  # the row holds 4 + 6 = 10 with two waves once revealed
    place(m, 1, "L2", 0, 1, "down")
    assert m.outcome()["scores"][0] == 2
