"""The one-line position notation used to build test positions (documented in shoal.games.museum.notation)."""

from __future__ import annotations

import pytest

import shoal
from shoal.core import BadRecord, Rng
from shoal.games.museum.notation import dump, parse

from .helpers import at, card_at


def test_notation_reads_facing_placer_and_tokens():
    """notation docstring: upper case face up, lower case face down with @seat for its placer, * per token."""
    m = at("W3b5@0/.L2** W1 T8 - 1")
    assert card_at(m.view(0), 1, 0)["card"]["code"] == "B5"
    assert card_at(m.view(1), 1, 0)["card"] is None
    assert card_at(m.view(None), 1, 1)["tokens"] == 2
    assert m.to_act() == [1]


def test_notation_round_trips_positions_of_real_matches():
    """A position written and read back is the same position."""
    for seed in range(6):
        m = shoal.new_match("museum", 2, seed=seed)
        rng = Rng(seed)
        while not m.is_over():
            if m.state.phase == "place":
                text = dump(m.state)
                assert dump(parse(text)) == text
            seat = m.to_act()[0]
            m.play(seat, rng.choice(m.legal_actions(seat)))
        assert dump(parse(dump(m.state))) == dump(m.state)


@pytest.mark.parametrize(
    "bad",
    [
        "W3 L1 L2 -",
        "X3 L1 L2 - 0",
        "W3W3 L1 L2 - 0",
        "W3 W3 L2 - 0",
        "W3 L1 L2 - 0 boat=0,0",
        "W3 L1 L2 - 0 at=1",
        "W3 L1 L2 - 0 colour=red",
        "B7* L1 L2 - 0 token=2",
        "W3 - L2 - 0",
        "W3 L1 L2 - 2",
        "W3 L1 - - -",
        "W3w4 - - - -",
        ". L1 L2 - 0",
        "W3? L1 L2 - 0",
    ],
)
def test_notation_refuses_what_it_cannot_read(bad):
    """A bad position is refused with BadRecord, never half-built."""
    with pytest.raises(BadRecord):
        parse(bad)
