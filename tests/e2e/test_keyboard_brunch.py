"""One full game of Aqua Brunch played with the keyboard only (no mouse clicks, no data-action clicking — key presses
only), to the end screen, with scores matching CPython's replay."""

from __future__ import annotations

import random

from tests.e2e.driver import assert_scores_match_cpython, open_match, wait_idle
from tests.e2e.keyboard import play_by_keyboard
from tests.e2e.test_brunch import lunch_leaning


def test_brunch_is_played_to_the_end_with_the_keyboard_only(page):
    """Lunch / Keep passing / Aqua / Agree are buttons (Tab, Enter); the hand, the food cards and the food to take
    are one Tab stop each (arrows, then Enter or Space). Hot-seat of two people, so the pass-the-device dialog is
    answered from the keyboard too."""
    rng = random.Random(6)
    open_match(page, "game=brunch&players=3&seats=human,human,random&seed=6")
    moves = play_by_keyboard(page, rng, prefer=lunch_leaning(rng, 0.5))
    assert wait_idle(page) == "over"
    assert moves >= 6 * 3, "six rounds of choices, each made by keyboard"
    assert_scores_match_cpython(page)
    # 'Brunch food colours also carry a letter or pattern': each colour's food cards show its own shape.
    shapes = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.food[data-ref]')]
        .map(f => [f.dataset.ref.split(':')[1].split('.')[0], f.querySelector('.shape').textContent]))""")
    assert len(shapes) == 3 and len(set(shapes.values())) == 3 and all(shapes.values()), shapes
    assert not page.errors
