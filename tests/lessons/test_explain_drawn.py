"""Explain this score, end to end in Python: every ref of every final score row is drawn on the end screen, from every
seat's view and the spectator's. Focusing or hovering a score-sheet row highlights on the board exactly what earned it,
so a ref the end screen does not draw would light nothing. What the board draws is tests/lessons/drawn.py (docs/refs.md,
"What the board draws"), checked against the renderers by tests/e2e/test_explain.py.
"""

from __future__ import annotations

import pytest

import shoal
from tests.lessons.drawn import drawn_refs

# Every player count each game allows, several seeds each (random bots: many different endings).
TABLES = (
    [("museum", 2)]
    + [("brunch", n) for n in range(3, 8)]
    + [("aquarena", n) for n in range(2, 7)]
    + [("reef", n) for n in range(1, 5)]
)
SEEDS = range(1, 7)


def finished(game: str, players: int, seed: int):
    match = shoal.new_match(game, players, seed=seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, match.bot_action(seat, "random"))
    return match


@pytest.mark.parametrize("game, players", TABLES, ids=lambda x: str(x))
def test_every_ref_of_every_final_score_row_is_drawn_on_the_end_screen(game, players):
    """Every final breakdown row's refs ⊆ what the end screen draws, for every viewer; a row with points names
    something."""
    for seed in SEEDS:
        match = finished(game, players, seed)
        for viewer in [None, *range(players)]:
            view = match.view(viewer)
            drawn = drawn_refs(view)
            for seat, rows in enumerate(view["outcome"]["breakdown"]):
                for row in rows:
                    missing = set(row["refs"]) - drawn
                    assert not missing, (seed, viewer, seat, row["label"], sorted(missing))
                    assert not row["points"] or row["refs"], (seed, seat, row["label"], "points with nothing named")
