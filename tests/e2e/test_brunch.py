"""Aqua Brunch in the browser: whole matches played by clicking what the page offers, checked against CPython.

A 3-player and a 7-player match (one person, the rest bots), and a 3-seat hot-seat match in which every screen shows
only the hand of the seat at the device.
"""

from __future__ import annotations

import json
import random

import shoal
from tests.e2e.driver import (
    assert_levels_named,
    assert_no_outside_requests,
    assert_scores_match_cpython,
    click,
    click_through,
    open_match,
    record,
    visible,
    wait_idle,
)


def lunch_leaning(rng: random.Random, lunch_chance: float = 0.45):
    """Steer random clicks a little towards ending the passing, so a match takes a sensible number of clicks."""

    def prefer(handles):
        kinds = {json.loads(h.get_attribute("data-action"))["type"]: h for h in handles}
        if "lunch" in kinds and rng.random() < lunch_chance:
            return kinds["lunch"]
        if "agree" in kinds and rng.random() < 0.7:
            return kinds["agree"]
        return None

    return prefer


def test_brunch_three_players_one_human_to_the_end(page):
    rng = random.Random(3)
    open_match(page, "game=brunch&players=3&seats=human,bot,bot&seed=5")
    assert page.locator(".brunch-ring .seat-box").count() == 3
    clicks = click_through(page, rng, prefer=lunch_leaning(rng))
    assert clicks > 6 * 2, "at least a Lunch decision and a food card each round"
    rec = assert_scores_match_cpython(page)
    assert len(shoal.replay(rec).state.history) == 6
    assert page.locator(".score-table").count() == 1 and page.locator(".reveal").count() == 1
    assert_no_outside_requests(page)
    assert not page.errors


def test_brunch_seven_players_one_human_against_every_level_to_the_end(page):
    """A 7-player match in the browser to the end, one bot of each level at the table (the seat chips name them)."""
    rng = random.Random(7)
    open_match(page, "game=brunch&players=7&seats=human,hard,normal,easy,beginner,bot,bot&seed=3")
    assert page.locator(".brunch-ring .seat-box").count() == 7
    click_through(page, rng, prefer=lunch_leaning(rng, 0.6))
    rec = assert_scores_match_cpython(page)
    assert rec["players"] == 7
    assert_levels_named(page, ["hard", "normal", "easy", "beginner"])
    # Bots' moves are in the log: every bot seat's Lunch decisions show up there.
    log = page.locator(".log").inner_text()
    for seat in range(2, 8):
        assert f"Bot {seat}" in log
    assert not page.errors


def shown_hand(page) -> list[str]:
    return [h.get_attribute("data-card") for h in page.query_selector_all(".my-hand .bcard")]


def test_brunch_hot_seat_shows_each_person_only_their_own_hand(page):
    """Hot-seat: between two people's turns the page asks to pass the device and shows no hand; after it, the hand
    on screen is exactly the seat's own (compared with CPython's view of the same record)."""
    rng = random.Random(11)
    open_match(page, "game=brunch&players=3&seats=human,human,human&seed=8")
    prefer = lunch_leaning(rng, 0.3)
    handovers = 0
    for _ in range(3000):
        status = wait_idle(page)
        if status == "over":
            break
        step = page.query_selector('[data-step="continue"]')
        if step and step.is_visible():
            assert page.locator(".my-hand").count() == 0, "no hand while the device is being passed"
            handovers += 1
            step.click()
            continue
        viewer = page.evaluate("window.shoal.viewer()")
        match = shoal.replay(json.loads(json.dumps(record(page))))
        assert shown_hand(page) == match.view(viewer)["table"]["hand"]
        handles = visible(page, "[data-action]")
        assert handles, "a person to act always has something to click"
        click(page, prefer(handles) or rng.choice(handles))
    assert wait_idle(page) == "over"
    assert handovers >= 6 * 3, "every round passes the device around at least once"
    assert_scores_match_cpython(page)
    assert not page.errors


def test_brunch_on_a_phone_the_page_is_no_wider_than_the_screen(page):
    """At 420 px, a round's result (eight columns on a desktop) and the score sheet fit: nothing scrolls sideways."""
    page.set_viewport_size({"width": 420, "height": 900})
    rng = random.Random(5)
    open_match(page, "game=brunch&players=5&seats=human,bot,bot,bot,bot&seed=4")
    prefer = lunch_leaning(rng, 0.6)
    for _ in range(200):
        wait_idle(page)
        # The score sheet lists finished rounds, so it appears once round 1 is over (the reveal stays beside it).
        if page.locator(".reveal").count() and page.locator(".score-table").count():
            break
        handles = visible(page, "[data-action]")
        click(page, prefer(handles) or rng.choice(handles))
    assert page.locator(".reveal").count() == 1 and page.locator(".score-table").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 420
    assert not page.errors
