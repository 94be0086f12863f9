"""One full museum game played with the keyboard only (no mouse clicks, no data-action clicking — key presses only),
to the end screen, with scores matching CPython's replay."""

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
    # 'the score sheet is a real table with headers': each seat's sheet has a caption with its total and row headers.
    assert page.locator(".score-card table caption [data-score-seat]").count() == 2
    assert page.locator(".score-card table thead th[scope=col]").count() == 4
    assert page.locator(".score-card table tbody th[scope=row]").count() >= 2
    # 'Colour is never the only carrier': every seat chip carries the seat's number beside its colour.
    assert page.evaluate(
        "[...document.querySelectorAll('.seat-chip')].map(c => c.querySelector('.seat-mark').dataset.n)"
    ) == ["1", "2"]
    assert not page.errors
