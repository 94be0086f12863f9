"""Every game writes a live match's position in its own notation (``Match.notation``, ``Game.to_position``), and a match
started from what it writes is that position: every seat's view is the same. Positions are reached by random play,
at every decision of several games per table size.

What happened *before* a position is not part of it: the log, and the parts of a view that recount the past (the
museum's last placement, Brunch's finished rounds, this round's Lunch calls and the last pass, Aquarena's finished
rounds and the last tile's resolution). Aquarena cannot write the middle of a tile's resolution (a card eating).
"""

from __future__ import annotations

import random

import pytest

import shoal
from shoal.core import ShoalError

PAST = {
    "museum": ("last",),
    "brunch": ("history", "calls", "passed", "received"),
    "aquarena": ("last_resolution", "history"),
    "reef": (),
}


def present(view: dict) -> dict:
    """A view without what recounts the past (a position started from notation has none)."""
    table = {k: v for k, v in view["table"].items() if k not in PAST[view["game"]]}
    return {**{k: v for k, v in view.items() if k != "log"}, "table": table}


TABLES = [("museum", 2, None), ("brunch", 3, None), ("brunch", 6, None), ("aquarena", 2, None), ("aquarena", 5, None)]
TABLES += [("reef", n, None) for n in (1, 2, 4)]
TABLES += [("reef", 2, {"variant": "family"}), ("reef", 3, {"variant": "advanced"}), ("reef", 1, {"scenario": "B"})]


@pytest.mark.parametrize("game, players, options", TABLES, ids=str)
def test_a_written_position_starts_a_match_that_shows_every_seat_the_same(game, players, options):
    written = 0
    for seed in range(3):
        match = shoal.new_match(game, players, seed, options)
        rng = random.Random(seed)
        while not match.is_over():
            try:
                text = match.notation()
            except ShoalError as e:
                assert game == "aquarena" and "a tile is being resolved" in str(e), e
                text = None
            if text is not None:
                written += 1
                twin = shoal.new_match(game, players, seed + 100, match.options, position=text)
                assert twin.notation() == text, "what it writes, it reads back and writes again the same"
                for viewer in [None, *range(players)]:
                    assert present(twin.view(viewer)) == present(match.view(viewer)), (seed, len(match.actions), text)
            seat = rng.choice(match.to_act())
            match.play(seat, rng.choice(match.legal_actions(seat)))
    assert written > 20


@pytest.mark.parametrize("game", list(shoal.GAMES))
def test_a_finished_game_has_no_position_to_write(game):
    match = shoal.new_match(game, shoal.GAMES[game].min_players, 1)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, match.bot_action(seat, "random"))
    with pytest.raises(ShoalError, match="the game is over"):
        match.notation()
