"""No violation of impact serious or critical in an axe-core scan of the lobby, each game's table
mid-game and at the end, the pass-the-device screen and the progress track; in the light theme and the dark one, as
the device asks for it and as chosen in the Settings (a11y.in_every_theme)."""

from __future__ import annotations

import json
import random

import pytest

from tests.e2e.a11y import in_every_theme
from tests.e2e.driver import click_through, click_until, open_match, open_near_end, wait_idle

TABLES = {
    "museum": "game=museum&players=2&seats=human,random&seed=3",
    "brunch": "game=brunch&players=3&seats=human,random,random&seed=3",
    "aquarena": "game=aquarena&players=2&seats=human,random&seed=3",
    "reef": "game=reef&players=2&seats=human,random&seed=3",
}


def test_the_lobby_has_no_serious_accessibility_violation(page):
    page.goto(f"{page.site_url}index.html")
    page.wait_for_selector(".game-card")
    found = in_every_theme(page)
    assert found == [], "\n".join(found)


# Four players on the track (one row colour each), each with a two-figure achievement marked (axe judges the contrast
# of two characters; one is too short for it).
TRACK = {
    "format": "shoal-aqua-progress",
    "version": 1,
    "players": [
        {"name": name, "marks": {mark: "2025-05-01" for mark in marks}}
        for name, marks in [
            ("Ann", ["S-A", "C-10"]),
            ("Bo", ["C-11", "C-12"]),
            ("Cy", ["M-10"]),
            ("Di", ["S-C", "C-13", "M-2"]),
        ]
    ],
}


@pytest.mark.parametrize("players", ["none", "four"])
def test_the_progress_track_has_no_serious_accessibility_violation(page, players):
    if players == "four":
        page.add_init_script(f"localStorage.setItem('shoal.aqua.progress.v1', {json.dumps(json.dumps(TRACK))});")
    page.goto(f"{page.site_url}progress.html")
    page.wait_for_load_state("networkidle")
    assert len(page.query_selector_all(".ach.marked")) == (8 if players == "four" else 0)
    found = in_every_theme(page)
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_table_mid_game_and_at_the_end_has_no_serious_accessibility_violation(page, site_dir, game):
    open_match(page, TABLES[game])
    click_until(page, random.Random(1), clicks=4)  # a few moves in: the table mid-game
    found = in_every_theme(page)
    assert found == [], "\n".join(["mid-game:", *found])
    open_near_end(page, site_dir, TABLES[game])  # the end screen, from the same deal one move before its end
    click_through(page, random.Random(2))
    assert wait_idle(page) == "over"
    found = in_every_theme(page)
    assert found == [], "\n".join(["end screen:", *found])


def test_the_pass_the_device_screen_has_no_serious_accessibility_violation(page):
    open_match(page, "game=brunch&players=3&seats=human,human,human&seed=4")
    click_until(page, random.Random(4), '[data-step="continue"]')
    found = in_every_theme(page)
    assert found == [], "\n".join(found)


LEARN = {
    "the Learn index": "learn.html",
    "the AQUA Learn page": "learn.html?game=reef",
    "an Aquarena lesson step": "learn.html?game=aquarena&lesson=aquarena-order&step=2",
    "a Museum lesson step": "learn.html?game=museum&lesson=museum-lines&step=2",
    "a Brunch lesson step": "learn.html?game=brunch&lesson=brunch-catch&step=2",
    "an AQUA lesson step": "learn.html?game=reef&lesson=reef-large-animals&step=3",
    "the teaching example": "examples/teaching.html",
}


@pytest.mark.parametrize("name", sorted(LEARN))
def test_the_learn_pages_and_the_teaching_example_have_no_serious_accessibility_violation(page, name):
    """No violation of impact serious or critical on the Learn and lesson pages either."""
    page.goto(page.site_url + LEARN[name])
    page.wait_for_function(
        "() => document.body.dataset.status === 'learn' || !!document.querySelector('.shoal-view[data-painted]')"
    )
    page.wait_for_load_state("networkidle")
    found = in_every_theme(page)
    assert found == [], "\n".join(found)
    assert not page.errors


def test_every_aqua_coral_colour_carries_its_own_pattern(page):
    """Colour is never the only carrier of meaning: the six coral colours each have a pattern of their own, and every
    coral drawn (on the reef, in the market) wears its colour's pattern over its fill."""
    open_match(page, TABLES["reef"])
    click_until(page, random.Random(1), clicks=6)
    found = page.evaluate("""() => {
      const patterns = {};
      for (const p of document.querySelectorAll('pattern[id^="reef-pat-"]')) patterns[p.id.slice(9)] = p.innerHTML;
      const corals = [...document.querySelectorAll('.table g.coral')].map((g) => {
        const colour = [...g.classList].find((c) => c.startsWith('c-')).slice(2);
        const pat = g.querySelector('polygon.pat');
        return [colour, pat ? pat.getAttribute('fill') : null];
      });
      return {patterns, corals};
    }""")
    patterns = found["patterns"]
    assert sorted(patterns) == sorted("RYGBPK"), patterns.keys()
    assert all(patterns.values()) and len(set(patterns.values())) == 6, "six different, non-empty patterns"
    corals = [c for c in found["corals"] if c[0] != "."]
    assert len({c for c, _ in corals}) >= 4, "a table that shows most colours"
    assert all(fill == f"url(#reef-pat-{colour})" for colour, fill in corals), [
        c for c in corals if c[1] != f"url(#reef-pat-{c[0]})"
    ][:5]


def test_aquarena_cards_on_the_pond_carry_their_owners_number(page):
    """Seat colours also carry a letter or pattern: every card along a pond's edge and in a catch
    shows its owner's seat number on the owner's colour (drawn by CSS, read out in the card's name)."""
    open_match(page, "game=aquarena&players=3&seats=human,random,random&seed=3")
    click_until(page, random.Random(1), clicks=8)
    cards = page.evaluate("""() => [
      ...document.querySelectorAll('.aq-pond .aq-card[data-seat], .aq-catch .aq-card[data-seat]')].map((c) => {
      const mark = c.querySelector('.aq-mark');
      return [c.dataset.seat, mark ? getComputedStyle(mark, '::after').content : null, c.getAttribute('aria-label')];
    })""")
    assert len(cards) >= 3, cards
    for seat, shown, label in cards:
        assert shown == f'"{int(seat) + 1}"', (seat, shown)
        assert label, "every card is named"
