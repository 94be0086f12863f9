"""AQUA: Biodiversity in the Oceans in the browser: whole matches played by clicking what the page offers, checked
against CPython, and the two placement controls (a coral tile's rotation, a Large Animal's shape, side, turn and
mirror image) checked to offer exactly the engine's legal moves.
"""

from __future__ import annotations

import json
import random

import pytest

import shoal
from tests.e2e.driver import (
    assert_levels_named,
    assert_no_outside_requests,
    assert_scores_match_cpython,
    click_through,
    open_match,
    record,
    visible,
    wait_idle,
)


def action_of(handle) -> dict:
    return json.loads(handle.get_attribute("data-action"))


def shown_actions(page) -> list[dict]:
    return [action_of(h) for h in visible(page, "[data-action]")]


def key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def large_leaning(rng: random.Random):
    """Steer random clicks towards attracting Large Animals, so the Large Animal controls are used in a full game."""

    def prefer(handles):
        large = [h for h in handles if action_of(h)["type"] == "large"]
        return rng.choice(large) if large and rng.random() < 0.85 else None

    return prefer


def replayed(page):
    return shoal.replay(json.loads(json.dumps(record(page))))


def assert_every_category_shown(page, outcome: dict) -> None:
    """The score sheet for a finished match, every category shown."""
    sheet = page.locator(".reef-categories").inner_text()
    for rows in outcome["breakdown"]:
        for row in rows:
            assert row["label"] in sheet
    assert page.locator(".reef-categories tr.total").count() == 1


def test_reef_solo_game_to_the_end_with_its_rating(page):
    """A solo match in the browser to the end; the rulebook's solo rating is shown."""
    rng = random.Random(2)
    open_match(page, "game=reef&players=1&seats=human&seed=2")
    assert page.locator(".market-tile").count() == 3, "Solo: 'reveal three Coral tiles'"
    click_through(page, rng, prefer=large_leaning(rng))
    rec = assert_scores_match_cpython(page)
    assert any(a["type"] == "large" for _, a in rec["actions"]), "a Large Animal was attracted through the page"
    outcome = shoal.replay(rec).outcome()
    assert outcome["rating"] in page.locator(".reef-rating").inner_text()
    assert_every_category_shown(page, outcome)
    assert_no_outside_requests(page)
    assert not page.errors


def test_reef_four_players_one_human_against_hard_normal_and_easy_to_the_end(page):
    """A 4-player match (one person; a hard, a normal and an easy bot) in the browser to the end."""
    rng = random.Random(4)
    open_match(page, "game=reef&players=4&seats=human,hard,normal,easy&seed=3")
    # A round opens with one tile more than there are players; bots ahead of the person may already have taken some.
    on_show = page.locator(".market-tile").count()
    assert (
        on_show == len(replayed(page).view(0)["table"]["market"]) and 5 - len(record(page)["actions"]) <= on_show <= 5
    )
    assert page.locator(".reef-tab").count() == 4
    click_through(page, rng, prefer=large_leaning(rng))
    rec = assert_scores_match_cpython(page)
    assert rec["players"] == 4
    assert_levels_named(page, ["hard", "normal", "easy"])
    assert_every_category_shown(page, shoal.replay(rec).outcome())
    log = page.locator(".log").inner_text()
    for seat in range(2, 5):
        assert f"Bot {seat}" in log
    # Every reef stays open for inspection at the end: all four are drawn, each beside its score (the score sheet's
    # rows name things on every reef, docs/refs.md).
    finals = page.locator(".reef-finals > .reef-main")
    assert finals.count() == 4 and page.locator(".reef-tab").count() == 0
    for seat, name in enumerate(["Your reef", "Bot 2's reef", "Bot 3's reef", "Bot 4's reef"]):
        assert name in finals.nth(seat).locator(".board-caption").inner_text()
        assert finals.nth(seat).locator(".reef-score .total").inner_text() == str(
            shoal.replay(rec).outcome()["scores"][seat]
        )
    assert_no_outside_requests(page)
    assert not page.errors


@pytest.mark.parametrize("variant", ["core", "family", "advanced"])
def test_the_variant_in_the_deep_link_sets_the_ecosystems_on_show(page, variant):
    """Variants: Core lays Ecosystems 1-6, Advanced six of the 24 at random, Family none ("do not score for Reefs or
    Ecosystems"). The cards shown, their native species and every player's current points are the engine's."""
    open_match(page, f"game=reef&players=2&seats=human,bot&seed=12&variant={variant}")
    match = replayed(page)
    assert match.options["variant"] == variant
    line = match.view(0)["table"]["ecosystems"]
    cards = page.query_selector_all(".eco-card")
    assert [c.query_selector(".eco-num").inner_text() for c in cards] == [str(e["number"]) for e in line]
    for card, eco in zip(cards, line):
        assert eco["native_name"] in card.inner_text()
        assert [int(p.inner_text().split()[-1]) for p in card.query_selector_all(".eco-score")] == eco["scores"]
    if variant == "family":
        assert not cards and "only Large and Small Animals score" in page.locator(".reef-score").inner_text()
    else:
        assert len(cards) == 6


def test_the_ecosystem_cards_follow_the_dark_theme(page):
    """In the dark theme the Ecosystem cards are the page's dark panels, as the reef's score beside them, with light
    words, rather than light cards on a dark page."""
    page.emulate_media(color_scheme="dark")
    open_match(page, "game=reef&players=2&seats=human,bot&seed=12")
    look = page.evaluate("""() => [".eco-card", ".reef-score", ".eco-text"].map((sel) => {
      const cs = getComputedStyle(document.querySelector(sel));
      return [cs.backgroundColor, cs.color]; })""")
    (card, card_ink), (panel, panel_ink), (_, words) = look
    assert card == panel == "rgb(23, 37, 50)", look  # --card in the dark theme
    assert card_ink == panel_ink == words == "rgb(227, 235, 242)", look  # --ink in the dark theme


# Every ring drawn on the score panel and the Ecosystem cards (a highlight, or a last move's mark): a list of what is
# wrong with them. A ring is its element's box grown by the outline's offset (its inside) and width (its outside); it
# must lie inside its own element, cross no other ring, and keep the element's words and pictures 2px inside it.
RING_PROBLEMS_JS = """() => {
  const grow = (b, d) => [b.left - d, b.top - d, b.right + d, b.bottom + d];
  const meets = (a, b) => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 0.5
    && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 0.5;
  const inside = (a, b, by = 0) => b[0] + by - 0.5 <= a[0] && b[1] + by - 0.5 <= a[1]
    && a[2] <= b[2] - by + 0.5 && a[3] <= b[3] - by + 0.5;
  const name = (n) => (n.nodeType === Node.TEXT_NODE ? `"${n.data.trim()}"`
    : `${n.tagName}.${n.getAttribute("class")}[${n.dataset.ref || ""}]`);
  const rings = [];
  for (const n of document.querySelectorAll(".reef-score, .reef-score *, .ecosystems *")) {
    const cs = getComputedStyle(n), width = parseFloat(cs.outlineWidth), off = parseFloat(cs.outlineOffset);
    if (cs.outlineStyle === "none" || !(width > 0)) continue;
    const b = n.getBoundingClientRect();
    rings.push({ n, box: grow(b, 0), outer: grow(b, off + width), inner: grow(b, off), dashed: cs.outlineStyle });
  }
  const problems = [];
  for (const [i, r] of rings.entries()) {
    if (!inside(r.outer, r.box)) problems.push(`${name(r.n)}'s ring leaves it`);
    for (const o of rings.slice(i + 1)) {
      const nested = inside(r.outer, o.inner) || inside(o.outer, r.inner);
      if (meets(r.outer, o.outer) && !nested) problems.push(`${name(r.n)} crosses ${name(o.n)}`);
    }
    const parts = [...r.n.children].map((c) => [c, c.getBoundingClientRect()]);
    const words = document.createTreeWalker(r.n, NodeFilter.SHOW_TEXT);
    while (words.nextNode()) {
      if (!words.currentNode.data.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(words.currentNode);
      for (const b of range.getClientRects()) parts.push([words.currentNode, b]);
    }
    for (const [part, b] of parts) {
      if (!inside(grow(b, 0), r.inner, 2)) problems.push(`${name(part)} touches ${name(r.n)}'s ring`);
    }
  }
  return { rings: rings.map((r) => [r.n.dataset.ref, r.dashed]), problems };
}"""


def test_a_lessons_highlights_ring_each_reef_and_ecosystem_inside_its_own_box(page):
    """The Learn page's Reefs and Ecosystems lesson names two Reefs, then the six Ecosystems: each is ringed in a dashed
    line inside its own row or card, clear of its words, and no two rings cross, on a wide screen and on a phone (the
    dark theme, where it was first seen: the rings are drawn alike in both)."""
    page.emulate_media(color_scheme="dark")
    lesson = "learn.html?game=reef&lesson=reef-reefs-and-ecosystems&botDelay=0"
    for step, named in ((1, ["reef:0.1,0.0", "reef:0.2,-3.4"]), (2, [f"ecosystem:{slot}" for slot in range(6)])):
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(page.site_url + f"{lesson}&step={step}")
        page.wait_for_selector(".shoal-view[data-painted] .reef-score")
        for width in (1280, 390):
            page.set_viewport_size({"width": width, "height": 900})
            found = page.evaluate(RING_PROBLEMS_JS)
            assert found["rings"] == [[ref, "dashed"] for ref in named], (width, step, found["rings"])
            assert not found["problems"], (width, step, found["problems"])
    assert not page.errors


def test_every_legal_spot_of_every_market_tile_and_rotation_is_highlighted(page):
    """Grow Coral: "take a Coral tile from the market and place it so at least one of its sides connects with a
    matching color coral". For each market tile and each rotation (turned with R and Shift+R), the highlighted spots
    are exactly the engine's legal placements, and together they are all of them."""
    open_match(page, "game=reef&players=2&seats=human,bot&seed=7")  # the person opens: the Sea Snail is on offer
    legal = [a for a in replayed(page).legal_actions(0) if a["type"] == "place"]
    seen: set[str] = set()
    for tile in range(page.locator(".market-tile").count()):
        step = page.query_selector(f'[data-step="tile-{tile}"]')
        if step:
            step.click()
        rots = set()
        for _ in range(6):
            shown = [a for a in shown_actions(page) if a["type"] == "place"]
            assert all(a["tile"] == tile for a in shown)
            rots |= {a["rot"] for a in shown}
            assert len({a["rot"] for a in shown}) <= 1, "one rotation at a time"
            seen |= {key(a) for a in shown}
            page.keyboard.press("r")
        assert rots == {a["rot"] for a in legal if a["tile"] == tile}
        # Shift+R turns back: six turns back and six forward leave the rotation where it was.
        before = {key(a) for a in shown_actions(page)}
        for _ in range(6):
            page.keyboard.press("Shift+R")
        assert {key(a) for a in shown_actions(page)} == before
    assert seen == {key(a) for a in legal}
    # The Sea Snail is a choice of its own, offered with the tiles.
    assert {"type": "snail"} in shown_actions(page) and {"type": "snail"} in replayed(page).legal_actions(0)


def test_dragging_pans_the_reef_without_placing_and_the_wheel_zooms(page):
    """Pan and zoom are only a view: a drag that ends on a highlighted spot must not grow a tile there; the wheel
    zooms, "Fit" shows the whole reef again, and a spot can be chosen from the keyboard."""
    open_match(page, "game=reef&players=1&seats=human&seed=4")
    board = page.locator(".reef-board")
    box0 = board.get_attribute("viewBox")
    spot = page.query_selector(".spot[data-action]").bounding_box()
    start = (spot["x"] + spot["width"] / 2 + 60, spot["y"] + spot["height"] / 2 + 40)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] - 30, start[1] - 20, steps=5)
    page.mouse.move(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2, steps=5)
    page.mouse.up()
    wait_idle(page)
    assert board.get_attribute("viewBox") != box0
    assert record(page)["actions"] == [], "a drag is not a click"
    w0 = float(board.get_attribute("viewBox").split()[2])
    page.mouse.wheel(0, -400)
    page.wait_for_function(
        f"parseFloat(document.querySelector('.reef-board').getAttribute('viewBox').split(' ')[2]) < {w0}"
    )
    page.click(".zoom-bar button:has-text('Fit')")
    assert board.get_attribute("viewBox") == box0
    # A spot is also a button for the keyboard: Tab to it, Enter grows the tile there.
    target = page.query_selector(".spot[data-action]")
    action = action_of(target)
    ghost = corals_in(target.query_selector(".ghost"))
    target.focus()
    page.keyboard.press("Enter")
    wait_idle(page)
    assert record(page)["actions"][0] == [0, action]
    # The preview was the truth: the three corals now on the reef are the ghost's, shape and colour.
    assert len(ghost) == 3 and ghost <= corals_in(page.query_selector(".reef-board .corals"))


def corals_in(node) -> set[tuple]:
    """(fill, rounded corners) of every coral drawn under ``node``."""
    out = set()
    for poly in node.query_selector_all(".coral > polygon:first-child"):
        corners = tuple(
            tuple(round(float(v), 3) + 0.0 for v in p.split(",")) for p in poly.get_attribute("points").split()
        )
        out.add((poly.get_attribute("fill"), corners))
    return out


def _record_at_large_choice() -> dict:
    """A 2-player record (greedy bots for both seats) stopped where seat 0 may attract a Large Animal of 2+ shapes."""
    for seed in range(1, 200):
        m = shoal.new_match("reef", 2, seed=seed)
        while not m.is_over():
            seat = m.to_act()[0]
            spots = m.view(seat)["table"]["large_spots"]
            if seat == 0 and len({s["shape"] for s in spots}) >= 2:
                return {**m.record(), "seats": ["human", "bot"]}
            m.play(seat, m.bot_action(seat, "greedy"))
    raise AssertionError("no seed reaches a Large Animal choice")


def open_at_large_choice(page, tmp_path) -> dict:
    """Load the saved game of ``_record_at_large_choice`` into a match page and wait for its Large Animal choice."""
    rec = _record_at_large_choice()
    path = tmp_path / "large.json"
    path.write_text(json.dumps(rec))
    open_match(page, "game=reef&players=2&seats=human,bot&seed=1")
    page.set_input_files("input[type=file]", str(path))
    page.wait_for_function(
        f"window.shoal.record().then(r => r.seed === {rec['seed']} && r.actions.length === {len(rec['actions'])})"
    )
    wait_idle(page)
    page.wait_for_selector(".reef-controls.large")
    return rec


def test_every_legal_large_animal_placement_is_reachable_by_shape_side_turn_and_mirror(page, tmp_path):
    """Establish Biodiversity: a Large Animal rests only on Small Animals, covers one placed this turn, no two of a
    species; "each shape shows two different animals on the front and back - pick the one you prefer". Going through
    the shapes, both sides, six turns (R) and the mirror image (M), the marks shown are exactly the legal placements,
    and the skip is offered."""
    rec = open_at_large_choice(page, tmp_path)
    legal = shoal.replay({k: v for k, v in rec.items() if k != "seats"}).legal_actions(0)
    assert {"type": "skip_large"} in shown_actions(page)
    seen: set[str] = set()
    shapes = [s.get_attribute("data-step") for s in page.query_selector_all("[data-step^='shape-']")]
    for shape in [None, *shapes]:
        if shape:
            page.click(f"[data-step='{shape}']")
        for side in range(2):
            if side:
                page.query_selector("[data-step^='side-']").click()
            for _mirror in range(2):
                for _turn in range(6):
                    shown = shown_actions(page)
                    assert all(key(a) in {key(x) for x in legal} for a in shown)
                    seen |= {key(a) for a in shown if a["type"] == "large"}
                    page.keyboard.press("r")
                page.keyboard.press("m")
    assert seen == {key(a) for a in legal if a["type"] == "large"}
    mark = page.query_selector(".large-mark[data-action]")
    action = action_of(mark)
    # A touch screen has no hover: every placement of the chosen shape and turn is outlined whole before any hover.
    ghosts = page.query_selector_all(".large-ghost")
    assert len(ghosts) == page.locator(".large-mark[data-action]").count()
    assert all(
        g.evaluate(
            "n => getComputedStyle(n).opacity !== '0'"
            " && getComputedStyle(n.querySelector('.ghost-line')).stroke !== 'none'"
        )
        for g in ghosts
    )
    mark.hover()
    assert page.locator(".large-ghost.lit").count() == 1, "hovering a mark fills the whole animal"
    mark.click()
    wait_idle(page)
    assert record(page)["actions"][len(rec["actions"])] == [0, action]
    assert not page.errors
