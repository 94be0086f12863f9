"""Aquarena in the browser: whole matches by clicking only what the page offers, scores equal to a CPython replay,
and face-down cards drawn as backs for every seat but their owner."""

from __future__ import annotations

import json
import random

import shoal
from tests.e2e.driver import (
    assert_levels_named,
    assert_no_outside_requests,
    assert_scores_match_cpython,
    click_through,
    open_match,
    open_near_end,
    record,
)


def _hidden_cards_drawn_as_backs(page) -> int:
    """The pond shows exactly as many card backs as the seat at the device may not see, and nothing on them."""
    viewer = page.get_attribute(".aq-pond", "data-viewer")
    if viewer in (None, ""):
        return 0
    match = shoal.replay(json.loads(json.dumps(record(page))))
    table = match.view(int(viewer))["table"]
    hidden = [c for t in table["tiles"] for c in t["cards"] if c["card"] is None]
    backs = page.query_selector_all(".aq-pond .aq-card.back")
    assert len(backs) == len(hidden), (viewer, len(backs), hidden)
    assert all(b.inner_text().strip() == "?" for b in backs)
    # And the CPython view really hides them: another seat's face-down card never has a number for this viewer.
    for t in match.state.tiles:
        for s, n, up in t.cards:
            if s != int(viewer) and not up:
                shown = [c for c in table["tiles"][match.state.tiles.index(t)]["cards"] if c["seat"] == s]
                assert all(c["card"] != n or c["face_up"] for c in shown)
    return len(hidden)


def test_aquarena_two_players_hot_seat_to_the_end(page):
    """A full game at 2 players, hot-seat; final scores equal to a CPython replay."""
    open_match(page, "game=aquarena&players=2&seats=human,human&seed=3")
    seen_backs = []

    def prefer(handles):
        if page.query_selector(".aq-pond"):
            seen_backs.append(_hidden_cards_drawn_as_backs(page))
        return None

    click_through(page, random.Random(3), prefer=prefer)
    assert max(seen_backs) > 0, "the other player's face-down cards were on screen, as backs"
    assert_scores_match_cpython(page)
    assert page.query_selector(".aq-rounds-final")
    assert_no_outside_requests(page)
    assert not page.errors


def test_aquarena_six_players_one_human_and_bots_of_every_level_to_the_end(page):
    """A 6-player match in the browser to the end, one bot of each level at the table (the seat chips name them)."""
    open_match(page, "game=aquarena&players=6&seats=human,hard,normal,easy,beginner,bot&seed=5")
    clicks = click_through(page, random.Random(5))
    assert clicks >= 8 * 4, "the human placed and discarded in every round"
    rec = assert_scores_match_cpython(page)
    assert rec["players"] == 6 and len(page.query_selector_all("[data-score-seat]")) == 6
    assert_levels_named(page, ["hard", "normal", "easy", "beginner"])
    assert_no_outside_requests(page)
    assert not page.errors


def test_aquarena_deep_link_shows_the_pond_and_a_placement_takes_two_clicks(page):
    open_match(page, "game=aquarena&players=4&seats=human,bot,bot,bot&seed=5")
    assert len(page.query_selector_all(".aq-tile")) == 5
    assert not page.query_selector_all(".aq-tile[data-action]"), "no tile is a target before a card is chosen"
    page.click(".aq-hand [data-step]")
    targets = page.query_selector_all(".aq-tile[data-action]")
    assert len(targets) == 5
    action = json.loads(targets[2].get_attribute("data-action"))
    targets[2].click()
    page.wait_for_function("() => !document.body.dataset.busy")
    assert record(page)["actions"][0] == [0, action]
    assert page.query_selector_all(".aq-hand [data-action]"), "then a discard: the hand cards commit it"


def test_aquarena_on_a_phone_prey_and_fly_moves_are_offered_on_the_pond(page):
    """At phone width the page never scrolls sideways; when a predator of the player's chooses prey (RULINGS 5) or a
    Dragonfly moves a fly (RULINGS 6), the pond offers exactly the legal choices and the prompt says what to do."""
    page.set_viewport_size({"width": 420, "height": 900})
    # The old one-move bots keep this deal's path through prey and fly choices (the search levels play it otherwise).
    open_match(page, "game=aquarena&players=5&seats=human,heuristic,heuristic,heuristic,heuristic&seed=3")
    decisions = []

    def prefer(handles):
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        view = shoal.replay(json.loads(json.dumps(record(page)))).view(0)
        kinds = {a["type"] for a in view["legal"]}
        if kinds & {"eat_fly", "eat_card", "move_fly"}:
            on_pond = {h.get_attribute("data-action") for h in page.query_selector_all(".aq-pond [data-action]")}
            assert sorted(map(json.loads, on_pond), key=json.dumps) == sorted(view["legal"], key=json.dumps)
            prompt = page.inner_text(".aq-prompt")
            assert prompt.startswith("Your ") and prompt.endswith("choose which."), prompt
            decisions.append(kinds)
        return None

    click_through(page, random.Random(3), prefer=prefer)
    assert decisions, "the player chose prey or moved a fly at least once"
    assert_scores_match_cpython(page)
    assert not page.errors


# Every ring drawn in the end screen's catch table: the mark's outline box (its box grown by the outline's offset and
# width) and the box of the table cell it is in (none for a ring around a whole row).
CATCH_RINGS_JS = """() => [...document.querySelectorAll(".aq-catches *")].filter((n) => {
  const cs = getComputedStyle(n);
  return cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) > 0;
}).map((n) => {
  const cs = getComputedStyle(n);
  const out = parseFloat(cs.outlineOffset) + parseFloat(cs.outlineWidth);
  const b = n.getBoundingClientRect();
  const cell = n.parentElement.closest("td");
  const c = cell && cell.getBoundingClientRect();
  return { what: `${n.tagName}.${n.getAttribute("class")}`, ring: [b.left - out, b.top - out, b.right + out,
    b.bottom + out], cell: c && [c.left, c.top, c.right, c.bottom] };
})"""


def test_the_last_moves_marks_in_every_catch_stay_inside_their_own_cell(page, site_dir):
    """The end screen's "Every catch" table rings what the last moves caught: each ring lies inside the cell of the
    card or flies it marks and crosses no other ring, on a wide screen and on a phone."""
    open_near_end(page, site_dir, "game=aquarena&players=3&seats=human,bot,bot&seed=1")
    click_through(page, random.Random(1))
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished))")
        rings = page.evaluate(CATCH_RINGS_JS)
        assert rings, "the last round's catch is marked"
        for r in rings:
            assert r["cell"], f"{width}px: {r['what']} is ringed outside any cell"
            (left, top, right, bottom), (cl, ct, cr, cb) = r["ring"], r["cell"]
            assert cl - 0.5 <= left and ct - 0.5 <= top and right <= cr + 0.5 and bottom <= cb + 0.5, (width, r)
        for i, a in enumerate(rings):
            for b in rings[i + 1 :]:
                (al, at, ar, ab), (bl, bt, br, bb) = a["ring"], b["ring"]
                assert min(ar, br) - max(al, bl) <= 0.5 or min(ab, bb) - max(at, bt) <= 0.5, (width, a, b)
    assert not page.errors
