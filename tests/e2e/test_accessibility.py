"""Issue 13: "zero violations of impact serious or critical" in an axe-core scan of the lobby, each game's table
mid-game and at the end, the pass-the-device screen and the progress track."""

from __future__ import annotations

import random

import pytest

from tests.e2e.a11y import serious_violations
from tests.e2e.driver import click_through, click_until, open_match, wait_idle

TABLES = {
    "museum": "game=museum&players=2&seats=human,random&seed=3",
    "brunch": "game=brunch&players=3&seats=human,random,random&seed=3",
    "aquarena": "game=aquarena&players=2&seats=human,random&seed=3",
    "reef": "game=reef&players=2&seats=human,random&seed=3",
}


def test_the_lobby_has_no_serious_accessibility_violation(page):
    page.goto(f"{page.site_url}index.html")
    page.wait_for_selector(".game-card")
    found = serious_violations(page)
    assert found == [], "\n".join(found)


def test_the_progress_track_has_no_serious_accessibility_violation(page):
    page.goto(f"{page.site_url}progress.html")
    page.wait_for_load_state("networkidle")
    found = serious_violations(page)
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_table_mid_game_and_at_the_end_has_no_serious_accessibility_violation(page, game):
    open_match(page, TABLES[game])
    click_until(page, random.Random(1), clicks=4)  # a few moves in: the table mid-game
    found = serious_violations(page)
    assert found == [], "\n".join(["mid-game:", *found])
    click_through(page, random.Random(2))
    assert wait_idle(page) == "over"
    found = serious_violations(page)
    assert found == [], "\n".join(["end screen:", *found])


def test_the_pass_the_device_screen_has_no_serious_accessibility_violation(page):
    open_match(page, "game=brunch&players=3&seats=human,human,human&seed=4")
    click_until(page, random.Random(4), '[data-step="continue"]')
    found = serious_violations(page)
    assert found == [], "\n".join(found)
