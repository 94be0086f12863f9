"""The museum game in a real browser: played to the end by clicking, hot-seat, boats — scores equal CPython's."""

from __future__ import annotations

import json
import random

import shoal
from shoal.games.museum.data import CARDS
from tests.e2e.driver import (
    assert_no_outside_requests,
    assert_scores_match_cpython,
    click_through,
    open_match,
    record,
    visible,
    wait_idle,
)


class LegalOnly:
    """A ``prefer`` for click_through that checks, before every click, that each offered action is legal (CPython
    replays the page's record)."""

    def __init__(self, page):
        self.page = page
        self.checked = 0

    def __call__(self, handles):
        match = shoal.replay(record(self.page))
        viewer = self.page.evaluate("window.shoal.viewer()")
        legal = match.legal_actions(viewer)
        for h in handles:
            action = json.loads(h.get_attribute("data-action"))
            assert action in legal, f"offered {action}, not legal for seat {viewer}"
        self.checked += 1
        return None  # let the driver choose at random


def test_museum_human_vs_bot_to_the_end(page):
    """A museum game played to the end by clicking, in a browser, under a sub-path, with no outside request; final
    scores equal a CPython replay of the same record."""
    open_match(page, "game=museum&players=2&seats=human,bot&seed=7")
    check = LegalOnly(page)
    click_through(page, random.Random(7), prefer=check)
    assert check.checked >= 8, "the human made all of its moves by clicking"
    rec = assert_scores_match_cpython(page)
    assert len([a for s, a in rec["actions"] if a["type"] == "place"]) == 16
    assert page.query_selector(".mu-board") and page.query_selector_all(".mu-badge.scores") is not None
    assert_no_outside_requests(page)
    assert not page.errors


def test_museum_hot_seat_passes_the_device_and_hides_the_hand(page):
    """Hot-seat: a pass-the-device screen whenever the next human seat's hand is secret from the previous one; the
    pass screen shows no hand."""
    open_match(page, "game=museum&players=2&seats=human,human&seed=4")
    # The very first secret screen waits behind "Pass the device to …" too.
    assert visible(page, "[data-step='continue']") and not page.query_selector(".mu-hand")
    page.click("[data-step='continue']")
    wait_idle(page)
    first = page.evaluate("window.shoal.viewer()")
    visible(page, "[data-step='select-card']")[0].click()
    wait_idle(page)
    visible(page, "[data-action]")[0].click()
    wait_idle(page)
    assert visible(page, "[data-step='continue']"), "the device is passed to the other player"
    assert not page.query_selector(".mu-hand") and not page.query_selector(".mu-card")
    page.click("[data-step='continue']")
    wait_idle(page)
    assert page.evaluate("window.shoal.viewer()") == 1 - first
    assert page.query_selector(".mu-hand")
    check = LegalOnly(page)
    click_through(page, random.Random(4), prefer=check)
    assert check.checked >= 16, "both humans made all their moves by clicking"
    assert_scores_match_cpython(page)
    assert_no_outside_requests(page)
    assert not page.errors


def test_museum_boat_tokens_are_moved_by_clicking(page):
    """Rulebook: a boat played face up gets two visitor tokens; the placer may move one, then the other player the
    other — and "leave it on the boat" is offered as a button."""
    open_match(page, "game=museum&players=2&seats=human,bot&seed=1")  # seat 0 starts holding a boat
    boat = next(h for h in visible(page, "[data-step='select-card']") if "Boat" in h.get_attribute("title"))
    boat.click()
    wait_idle(page)
    up = next(h for h in visible(page, "[data-action]") if json.loads(h.get_attribute("data-action"))["face"] == "up")
    up.click()
    wait_idle(page)
    assert page.inner_text(".mu-tokenbar").startswith("Your boat's first visitor token")
    assert len(page.query_selector_all(".mu-card .mu-token")) == 2
    targets = [h for h in visible(page, ".mu-card.target[data-action]")]
    assert targets and visible(page, "button[data-action*='leave_token']")
    targets[0].click()
    wait_idle(page)
    actions = record(page)["actions"]
    assert actions[1][0] == 0 and actions[1][1]["type"] == "move_token"
    assert actions[2][0] == 1 and actions[2][1]["type"] in ("move_token", "leave_token"), "the bot decided the other"
    assert CARDS[actions[0][1]["card"]].kind == "boat"
    click_through(page, random.Random(1))
    assert_scores_match_cpython(page)
    assert not page.errors


def test_museum_on_a_phone_the_hand_sits_under_the_museum(page):
    """Player's screen at phone width: the museum fits the screen, your hand (and any token decision) comes right
    under it, before the legend; the count of cards placed comes from the view."""
    page.set_viewport_size({"width": 420, "height": 900})
    open_match(page, "game=museum&players=2&seats=human,bot&seed=7")
    assert page.evaluate("document.documentElement.scrollWidth") <= 420
    hand = page.query_selector(".mu-hand-area").bounding_box()
    legend = page.query_selector(".mu-legend").bounding_box()
    board = page.query_selector(".mu-board-wrap").bounding_box()
    assert board["y"] < hand["y"] < legend["y"]
    assert "Cards placed: 1 of 16" in page.inner_text(".mu-stats")
    visible(page, "[data-step='select-card']")[0].click()
    wait_idle(page)
    hint = page.inner_text(".mu-prompt")
    assert "▲ face up, ▼ face down" in hint and "offers both" not in hint, "a dealt game never offers a choice"
    assert not page.errors
