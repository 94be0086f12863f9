"""The text notation for positions reads what it writes."""

from __future__ import annotations

import pytest

import shoal
from shoal.games.reef.notation import format_board, format_position, parse_board, parse_position


def test_board_round_trip_through_a_played_game():
    m = shoal.new_match("reef", 2, seed=3)
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, m.bot_action(seat, "greedy"))
    for b in m.state.boards:
        again = parse_board(format_board(b))
        assert again.habitats == b.habitats and again.large == b.large and again.corals == b.corals
    text = format_position(m.state.boards, m.state.line)
    assert parse_position(text)["ecosystems"] == [list(x) for x in m.state.line]


def test_manual_habitats_keep_only_those_listed():
    """``manual`` stops the tiles forming Habitats by themselves (a species that ran out, a Modification)."""
    auto = parse_board("P H0 -1,1:RRY@0 0,1:RRK@4")
    assert auto.habitats == {(-1, 1): "crab"}
    manual = parse_board("P H0 manual -1,1:RRY@0 0,1:RRK@4")
    assert manual.habitats == {}
    assert "manual" in format_board(manual) and parse_board(format_board(manual)).habitats == {}


@pytest.mark.parametrize("bad", ["P 0,0:RRZ@0", "P 0,0:RRY@6", "P S:shark@1,1", "P L:whale=3:1,1"])
def test_bad_tokens_are_refused(bad):
    with pytest.raises(ValueError):
        parse_board(bad)
