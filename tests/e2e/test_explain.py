"""Explain this score in the browser, all four games: at the end of every game (and in lessons), focusing or
hovering a score-sheet row highlights on the board exactly what earned it: the museum line and the cards of the set,
the turtle and its waves; the Brunch hand and the card taken; the Aquarena catch; the AQUA Habitat, Reef, animals and
the Ecosystem's counted elements.

Each game is finished in CPython with seeded random bots, saved as a record on the built site and opened by the page
(its seat 1 a human: the end screen a player sees). Then every score row with refs is hovered: something on the board
is lit, every lit element draws one of the row's refs, and every one of the row's refs is lit somewhere.
"""

from __future__ import annotations

import json

import pytest

import shoal
from tests.e2e.test_viewer import settled, write
from tests.lessons.drawn import drawn_refs

# One table per game, with more than two seats where the game allows it (other seats' rows must light too).
TABLES = {"museum": (2, 5), "brunch": (4, 3), "aquarena": (3, 2), "reef": (3, 4)}

LIT = "scope => [...document.querySelector(scope).querySelectorAll('.hl')].map(n => n.dataset.ref.split(' '))"
DRAWN = (
    "scope => [...document.querySelector(scope).querySelectorAll('[data-ref]')].flatMap(n => n.dataset.ref.split(' '))"
)


def finished_record(game: str, players: int, seed: int) -> tuple[dict, dict]:
    """A finished match (random bots, seeded) as a record with a human in seat 0, and seat 0's final view."""
    match = shoal.new_match(game, players, seed=seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, match.bot_action(seat, "random"))
    record = {**match.record(), "seats": ["human"] + ["random"] * (players - 1)}
    return record, match.view(0)


def check_rows(page, scope: str) -> int:
    """Hover each explaining row of the score sheet inside ``scope``; what is lit must be exactly the row's refs."""
    rows = page.query_selector_all(f"{scope} tr.explains")
    assert rows, "the end screen's score rows explain themselves"
    for row in rows:
        refs = set(json.loads(row.get_attribute("data-refs")))
        row.hover()
        lit = page.evaluate(LIT, scope)
        label = row.inner_text()
        assert lit, f"hovering {label!r} lights nothing on the board ({sorted(refs)})"
        assert all(set(r) & refs for r in lit), f"{label!r}: something lit that the row does not name"
        shown = set().union(*(set(r) & refs for r in lit))
        assert shown == refs, f"{label!r}: named but not drawn: {sorted(refs - shown)}"
    page.mouse.move(0, 0)
    assert page.evaluate(LIT, scope) == [], "leaving the row clears the highlight"
    return len(rows)


@pytest.mark.parametrize("game", list(TABLES))
def test_hovering_each_score_row_lights_exactly_what_earned_it(page, site_dir, game):
    players, seed = TABLES[game]
    record, view = finished_record(game, players, seed)
    write(site_dir / "records" / f"explain-{game}.json", json.dumps(record))
    page.goto(page.site_url + f"index.html?record=records/explain-{game}.json&botDelay=0")
    page.wait_for_function(
        "() => document.body.dataset.status === 'over' && !document.body.dataset.busy", timeout=90_000
    )
    rows = check_rows(page, ".match")
    assert rows == sum(1 for seat in view["outcome"]["breakdown"] for r in seat if r["refs"])
    # What tests/lessons/drawn.py says the end screen draws (the Python test's model) is really drawn.
    missing = drawn_refs(view) - set(page.evaluate(DRAWN, ".match"))
    assert not missing, f"docs/refs.md's end screen promises refs the page does not draw: {sorted(missing)[:8]}"
    # Keyboard: focusing a row explains it too, and the highlight can be seen (the page carries the .hl style).
    first = page.query_selector(".match tr.explains")
    first.focus()
    assert page.evaluate(LIT, ".match")
    outline = page.evaluate(
        "() => { const n = document.querySelector('.match .hl:not(svg *)');"
        " return n ? getComputedStyle(n).outlineStyle : 'solid'; }"
    )
    assert outline != "none", "a lit element is marked visibly"
    assert not page.errors


def test_in_a_replay_the_last_step_explains_every_seats_reef(page, site_dir):
    """In lessons too: the viewer's end screen (a replay at its last move) explains rows too; AQUA draws
    every seat's reef there."""
    record, _ = finished_record("reef", 2, 6)
    write(site_dir / "records" / "explain-reef-replay.json", json.dumps(record))
    page.goto(page.site_url + "index.html?replay=1&record=records/explain-reef-replay.json")
    settled(page, "replay")
    page.wait_for_selector(".shoal-view tr.explains")
    assert page.locator(".shoal-view .reef-board").count() == 2
    assert check_rows(page, ".shoal-view")
    assert not page.errors


def test_reef_score_panel_spotlights_the_board_beside_it(page, site_dir):
    """Hovering a Reef in a seat's score panel lights that seat's board, not the first reef on the page (several
    boards share the end screen, and a page may embed several)."""
    record, view = finished_record("reef", 3, 4)
    seat = max(s for s, b in enumerate(view["table"]["boards"]) if b["reefs"])
    assert seat > 0, "the seeded game gives a later seat a Reef"
    write(site_dir / "records" / "explain-reef-spot.json", json.dumps(record))
    page.goto(page.site_url + "index.html?record=records/explain-reef-spot.json&botDelay=0")
    page.wait_for_function(
        "() => document.body.dataset.status === 'over' && !document.body.dataset.busy", timeout=90_000
    )
    panels = page.locator(".reef-finals > .reef-main")
    assert panels.count() == 3
    panels.nth(seat).locator(".reef-row").first.hover()
    focusing = page.evaluate(
        "() => [...document.querySelectorAll('.reef-finals .reef-board')].map(b => b.classList.contains('focusing'))"
    )
    assert focusing == [s == seat for s in range(3)]
    assert panels.nth(seat).locator(".reef-board .coral.lit").count() >= 4
    assert page.locator(".reef-board .coral.lit").count() == panels.nth(seat).locator(".reef-board .coral.lit").count()
