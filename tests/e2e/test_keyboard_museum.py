"""Issue 13: "Playwright plays one full game of each title using the keyboard only (no mouse clicks, no data-action
clicking — key presses only), to the end screen, with scores matching CPython's replay" — the museum game."""

from __future__ import annotations

import random

from tests.e2e.driver import assert_scores_match_cpython, open_match, wait_idle
from tests.e2e.keyboard import play_by_keyboard


def test_museum_is_played_to_the_end_with_the_keyboard_only(page):
    """Tab to the hand, arrows to a card, Enter picks it; the focus goes to the museum's first lit square, arrows to
    the chosen square, Enter or Space places it; token moves the same way."""
    open_match(page, "game=museum&players=2&seats=human,random&seed=5")
    moves = play_by_keyboard(page, random.Random(5))
    assert wait_idle(page) == "over"
    assert moves >= 16, "every card of the human's was picked and placed by keyboard"
    assert_scores_match_cpython(page)
    assert not page.errors
