"""Scoring, through the pure function a teaching page calls: lines of 10–20, sets, turtles, tokens, lily pads."""

from __future__ import annotations

import pytest

from shoal.games.museum.scoring import score_layout

ROW, COLUMN = 0, 1


def line(layout, tokens=None, seat=ROW, index=0):
    """The scored line ``index`` (row or column by seat) of a drawn layout."""
    return score_layout(layout, tokens)["players"][seat]["lines"][index]


def points(layout, tokens=None, seat=ROW):
    return score_layout(layout, tokens)["scores"][seat]


# --- which lines score ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "cards,total,scores",
    [
        (["W4", "W6"], 10, True),
        (["W6", "L6", "B6", "W2"], 20, True),
        (["W3", "W6"], 9, False),
        (["W6", "L6", "B6", "W3"], 21, False),
    ],
)
def test_only_lines_totalling_10_to_20_score_sets(cards, total, scores):
    """Rulebook: "Only rows and columns with a total card value between 10 and 20 are considered for scoring."
    RULINGS: "ranges written "between a and b" include both ends"."""
    scored = line([cards])
    assert scored["total"] == total and scored["scores"] is scores
    assert (sum(scored["points"].values()) > 0) is scores


def test_the_row_player_scores_rows_and_the_column_player_columns():
    """Rulebook: "one player will score points for how the cards are arranged in columns, while the other player will
    score for how the cards are arranged in rows." Seat 0 is the row player."""
    layout = [["W4", "W6"], ["L1", "L3"]]
    result = score_layout(layout)
    assert [ln["label"] for ln in result["players"][ROW]["lines"]] == ["Row 1", "Row 2"]
    assert [ln["label"] for ln in result["players"][COLUMN]["lines"]] == ["Column 1", "Column 2"]
    assert result["players"][ROW]["totals"]["icons"] == 2  # two waves in row 1 (total 10)
    assert result["players"][COLUMN]["totals"]["icons"] == 0  # columns total 5 and 9: nothing scores
    assert result["players"][COLUMN]["totals"]["lily_pads"] == 2  # both columns hold a lily pad


# --- sets ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "cards,expected",
    [
        (["W6", "L6", "T7"], 2),  # two 6s
        (["W6", "L6", "B6", "L2"], 3),  # three 6s
        (
            [
                {"kind": "wave", "number": 3},
                {"kind": "lily", "number": 3},
                {"kind": "boat", "number": 3},
                {"kind": "turtle", "number": 3},
            ],
            5,
        ),  # four 3s (drawn cards: the deck has no four equal low numbers)
        ([{"kind": k, "number": 2} for k in ("wave", "lily", "boat", "turtle", "wave")], 8),  # five 2s
    ],
)
def test_sets_of_equal_numbers_score_2_3_5_8(cards, expected):
    """Rulebook table: "Cards in Set 2 | 3 | 4 | 5 — Victory Points 2 | 3 | 5 | 8", for "sets of matching numbers"."""
    assert line([cards])["points"]["numbers"] == expected


@pytest.mark.parametrize(
    "cards,expected",
    [
        (["B5", "B6"], 2),
        (["L1", "L2", "L3", "W4"], 3),
        (["W1", "W2", "W3", "W4"], 5),
        (["W1", "W2", "W3", "W4", "W5"], 8),
    ],
)
def test_sets_of_equal_icons_score_2_3_5_8(cards, expected):
    """Rulebook: "Players earn points for sets of matching numbers or icons (wave, lily pad, or boat)"; same table."""
    assert line([cards])["points"]["icons"] == expected


def test_a_card_counts_in_a_number_set_and_an_icon_set_at_once():
    """Rulebook: "a token could count as part of a set for the card's number AND for its symbol" — so a card counts in
    both kinds of set."""
    scored = line([["W6", "L6", "W2"]])  # total 14: two 6s and two waves
    assert scored["points"]["numbers"] == 2 and scored["points"]["icons"] == 2


def test_turtles_form_no_icon_set_but_their_numbers_count():
    """RULINGS museum 6: "(wave, lily pad, boat; turtles have no icon set)"; a turtle's number still makes sets."""
    assert sum(line([["T6", "T7"]])["points"].values()) == 0  # two turtles, total 13: no set
    assert line([["T6", "W6"]])["points"]["numbers"] == 2  # the turtle's 6 pairs with the wave's 6


def test_single_cards_score_no_set():
    """Rulebook table: sets start at 2 cards."""
    assert sum(line([["W3", "L2", "B5"]])["points"].values()) == 0


# --- turtles -------------------------------------------------------------------------------------------------
def test_turtle_with_a_wave_on_one_side_scores_2():
    """Rulebook: "a turtle card scores 2 victory points if a wave card is either directly above OR below it" (column
    player); "for the row player ... the cards directly to the left and right"."""
    assert line([["L4", "T6", "W1"]])["points"]["turtles"] == 2
    assert line([["L4"], ["T6"], ["W1"]], seat=COLUMN)["points"]["turtles"] == 2


def test_turtle_with_waves_on_both_sides_scores_5():
    """Rulebook: "It will score 5 victory points if wave cards are both above AND below it." (RULINGS museum 6: "5 with
    waves on both")."""
    assert line([["W1", "T6", "W3"]])["points"]["turtles"] == 5
    assert line([["W1"], ["T6"], ["W3"]], seat=COLUMN)["points"]["turtles"] == 5


def test_turtles_look_only_along_the_players_own_axis():
    """Rulebook: column player looks above and below; "For the row player ... the cards directly to the left and right
    of the turtle are considered." A wave above a turtle is nothing to the row player."""
    layout = [["W4", ".", "."], ["T6", "L1", "L3"]]
    assert line(layout, index=1)["points"]["turtles"] == 0  # row 2 totals 10 but has no wave beside the turtle
    layout = [["W5", "T7", "."]]  # a wave to the left: the row player's
    assert line(layout)["points"]["turtles"] == 2
    assert score_layout(layout)["players"][COLUMN]["totals"]["turtles"] == 0


def test_the_wave_must_be_directly_beside_the_turtle():
    """Rulebook: a wave "directly above OR below" — a gap or a card between them breaks it."""
    assert line([["W1", "L4", "T6"]])["points"]["turtles"] == 0
    assert line({(0, 0): "W4", (2, 0): "T6"})["points"]["turtles"] == 0


def test_turtles_score_only_in_lines_of_10_to_20():
    """RULINGS museum 6: "Scoring lines are rows (row player) or columns (column player) whose card total is between
    10 and 20. In such a line: ... a turtle scores 2 ..., 5 with waves on both"."""
    assert line([["W6", "T8", "W5", "W4"]])["points"]["turtles"] == 0  # total 23


# --- visitor tokens ------------------------------------------------------------------------------------------
def test_a_visitor_token_adds_one_each_time_its_card_scores():
    """Rulebook: "any scoring card that has a visitor token is worth an additional point each time that it is scored.
    Thus, a token could count as part of a set for the card's number AND for its symbol."""
    scored = line([["W6", "L6", "W2"]], tokens=[[0, 0]])  # the 6 Wave: in the 6s and in the waves
    assert scored["points"]["tokens"] == 2
    assert sum(scored["points"].values()) == 2 + 2 + 2


def test_a_token_on_a_card_that_scores_nothing_adds_nothing():
    """Rulebook: the point is for a "scoring card"."""
    assert line([["W6", "L6", "B5"]], tokens=[[2, 0]])["points"]["tokens"] == 0  # the boat is in no set
    assert line([["W6", "L6", "T8"]], tokens=[[2, 0]])["points"]["tokens"] == 0  # a lone turtle, no wave beside


def test_a_token_counts_in_a_line_only_if_that_line_scores():
    """Rulebook: "Only rows and columns with a total card value between 10 and 20 are considered for scoring."""
    layout = [["W6", "L6", "B6", "W3"]]  # row total 21
    assert line(layout, tokens=[[0, 0]])["points"]["tokens"] == 0


def test_a_token_on_the_turtle_adds_one_a_token_on_its_wave_does_not():
    """Rulebook: "A visitor token on the sea turtle gives the scoring sea turtle one additional point and the visitor
    token on the adjacent wave does not."""
    cards = [["L4", "T6", "W1"]]  # the wave is in no set: only the turtle rule could reward its token
    assert line(cards, tokens=[[1, 0]])["points"] == {"numbers": 0, "icons": 0, "turtles": 2, "tokens": 1}
    assert line(cards, tokens=[[2, 0]])["points"] == {"numbers": 0, "icons": 0, "turtles": 2, "tokens": 0}


def test_a_token_on_a_turtle_without_a_wave_adds_nothing():
    """Rulebook: the token point goes to "the scoring sea turtle"; a turtle with no wave beside it does not score."""
    assert line([["L4", "T6", "L1"]], tokens=[[1, 0]])["points"]["tokens"] == 0


def test_each_of_two_tokens_on_one_card_adds_one():
    """Ruling (docs/rulings.md, museum): RULINGS museum 6 says "a visitor token adds 1 each time its card scores", per
    token; two tokens on one card add 2 each time it scores."""
    assert line([["B5", "B6"]], tokens=[[0, 0], [0, 0]])["points"]["tokens"] == 2
    assert line([["B5", "B6"]], tokens={(0, 0): 2})["points"]["tokens"] == 2


# --- lily pads -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("count,expected", [(1, 0), (2, 2), (3, 3), (4, 5), (5, 8)])
def test_adjacent_lines_with_a_lily_pad_score_2_3_5_8(count, expected):
    """Rulebook: "Players earn additional points based on the number of adjacent columns / rows with at least one lily
    pad." Table 2 | 3 | 4 | 5 (Max) -> 2 | 3 | 5 | 8."""
    layout = [[f"L{i + 1}"] for i in range(count)]  # a single column: each row holds one lily pad
    assert score_layout(layout)["players"][ROW]["totals"]["lily_pads"] == expected


def test_all_lines_count_for_lily_pads_not_only_scoring_ones():
    """Rulebook: "All columns / rows are considered for lily pad scoring, not just those that were scored for set
    collection."""
    layout = [
        ["L1", "T8", "T7"],  # row total 16
        ["L2", "W6", "B7"],  # 15
        ["L6", "B6", "B5"],
    ]  # 17 ... and the rows below are out of range
    assert score_layout(layout)["players"][ROW]["totals"]["lily_pads"] == 3
    layout = [["L1"], ["L2"], ["L3"]]  # rows total 1, 2, 3: none scores sets
    result = score_layout(layout)["players"][ROW]
    assert not any(ln["scores"] for ln in result["lines"]) and result["totals"]["lily_pads"] == 3


def test_several_groups_of_lily_pad_lines_each_score():
    """Rulebook: "It is possible to score multiple groups of columns / rows." (RULINGS museum 6: "each maximal run of
    ≥ 2 adjacent lines holding a lily pad")."""
    layout = [["L1"], ["L2"], ["W1"], ["L3"], ["L4"]]
    result = score_layout(layout)["players"][ROW]
    assert [run["size"] for run in result["lily_runs"]] == [2, 2] and result["totals"]["lily_pads"] == 4


def test_a_lily_pad_run_is_counted_whole_not_in_pieces():
    """RULINGS museum 6: "each maximal run": four adjacent lines score 5, not 2 + 2."""
    layout = [["L1"], ["L2"], ["L3"], ["L4"]]
    assert score_layout(layout)["players"][ROW]["lily_runs"] == [
        {"lines": ["Row 1", "Row 2", "Row 3", "Row 4"], "size": 4, "points": 5}
    ]


def test_visitor_tokens_do_not_add_to_lily_pad_runs():
    """Rulebook: the token point is "When scoring for set collection or turtles" only."""
    layout = [["L1"], ["L2"]]
    assert score_layout(layout, [[0, 0]])["players"][ROW]["totals"]["lily_pads"] == 2
    assert score_layout(layout, [[0, 0]])["players"][ROW]["totals"]["tokens"] == 0


# --- the whole sheet -----------------------------------------------------------------------------------------
def test_a_full_layout_is_scored_line_by_line_then_lily_pads():
    """Rulebook, Win: "Players should tally their scores one column / row at a time for sets and sea turtles, then
    review the entire layout for lily pad bonus scoring."""
    layout = [
        ["W1", "T6", "W3", "L5", "."],
        ["L1", "W6", "L6", "B6", "."],
        ["B5", "L2", "T8", "W4", "B7"],
        ["W2", "L3", "T7", "W5", "L4"],
    ]
    result = score_layout(layout, tokens=[[1, 0], [2, 1]])  # on the 6 Sea Turtle and the 6 Lily Pad
    row = result["players"][ROW]
    assert [ln["total"] for ln in row["lines"]] == [15, 19, 26, 21]
    # Row 1: two waves 2, turtle between waves 5, its token 1. Row 2: three 6s 3, two lily pads 2, the 6 Lily Pad's
    # token in both sets 2. Rows 3–4 out of range. Lily pads in all four rows: 5.
    assert row["totals"] == {"numbers": 3, "icons": 4, "turtles": 5, "tokens": 3, "lily_pads": 5}
    col = result["players"][COLUMN]
    assert [ln["total"] for ln in col["lines"]] == [9, 17, 24, 20, 11]
    assert col["lines"][1]["cards"] == ["T6", "W6", "L2", "L3"], "columns read top to bottom"
    # Column 2: 6s 2, lily pads 2, turtle over a wave 2, the turtle's token twice 2. Column 4: waves 2, 5s 2.
    # Lily pads in all five columns: 8.
    assert col["totals"] == {"numbers": 4, "icons": 4, "turtles": 2, "tokens": 2, "lily_pads": 8}
    assert result["scores"] == [20, 20]


def test_score_layout_reads_ids_codes_dicts_and_position_maps_alike():
    """docs/museum-scoring.md: a layout is a list of rows or a map of positions; a card an id, a code or a dict."""
    as_rows = score_layout([["W1", "T6", "W3"]], [[1, 0]])
    as_ids = score_layout([[0, 15, 2]], [[1, 0]])
    as_map = score_layout({(0, 0): "w1", (1, 0): {"kind": "turtle", "number": 6}, "2,0": "W3"}, {"1,0": 1})
    assert as_rows == as_ids == as_map


def test_score_layout_refuses_what_it_cannot_read():
    """docs/museum-scoring.md: bad input raises ValueError naming the problem."""
    for bad in ([["X9"]], [[99]], [[True]], {(0, 0): {"kind": "shark", "number": 2}}):
        with pytest.raises(ValueError):
            score_layout(bad)
    with pytest.raises(ValueError, match="empty"):
        score_layout([["W1"]], tokens=[[3, 3]])


@pytest.mark.parametrize(
    "cards,total,scores",
    [
        (["W6", "T8", "B5", "W5"], 24, False),
        (["T8", "T7", "W1", "L6"], 22, False),
        (["W2", "T6"], 8, False),
        (["T8", "B6", "W5"], 19, True),
        (["W6", "W3", "L4"], 13, True),
        (["T8", "W6", "L3"], 17, True),
    ],
)
def test_the_rulebook_example_totals(cards, total, scores):
    """Rulebook, Scoring Example: "a line totaling 24, 22 or 8 is not scored, while lines totaling 19, 13 or 17 score
    sets"."""
    scored = line([cards])
    assert scored["total"] == total and scored["scores"] is scores
