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


LEARN = {
    "the Learn index": "learn.html",
    "the AQUA Learn page": "learn.html?game=reef",
    "an Aquarena lesson step": "learn.html?game=aquarena&lesson=aquarena-order&step=1",
    "a Museum lesson step": "learn.html?game=museum&lesson=museum-lines&step=1",
    "a Brunch lesson step": "learn.html?game=brunch&lesson=brunch-catch&step=1",
    "an AQUA lesson step": "learn.html?game=reef&lesson=reef-large-animals&step=2",
    "the teaching example": "examples/teaching.html",
}


@pytest.mark.parametrize("name", sorted(LEARN))
def test_the_learn_pages_and_the_teaching_example_have_no_serious_accessibility_violation(page, name):
    """Issue 13: "zero violations of impact serious or critical on … the Learn/lesson pages where they exist"."""
    page.goto(page.site_url + LEARN[name])
    page.wait_for_function("() => document.body.dataset.status === 'learn' || !!document.querySelector('.shoal-view[data-painted]')")
    page.wait_for_load_state("networkidle")
    found = serious_violations(page)
    assert found == [], "\n".join(found)
    assert not page.errors
