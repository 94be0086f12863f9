"""Aquarena in the browser: whole matches by clicking only what the page offers, scores equal to a CPython replay,
and face-down cards drawn as backs for every seat but their owner."""

from __future__ import annotations

import json
import random

import shoal
from tests.e2e.driver import (
    IDLE,
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


# Every ring drawn in the seat panels and the end screen's catch table (a last move's mark or a highlight): a list of
# what is wrong with them. A ring is its element's box grown by the outline's offset (its inside) and width (its
# outside); it must lie inside the table cell or the seat's box it is drawn in (a row's ring inside the row, a seat's
# own ring outside it), and neither cross another ring (apart, or one inside the other's inside) nor any word or seat
# number (a card's ring only its own card's number, on its corner).
RING_PROBLEMS_JS = """() => {
  const roots = [...document.querySelectorAll(".aq-seats, .aq-catches")];
  const grow = (b, d) => [b.left - d, b.top - d, b.right + d, b.bottom + d];
  const meets = (a, b) => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 0.5
    && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 0.5;
  const inside = (a, b) => b[0] - 0.5 <= a[0] && b[1] - 0.5 <= a[1] && a[2] <= b[2] + 0.5 && a[3] <= b[3] + 0.5;
  const apart = (box, ring) => !meets(box, ring.outer) || inside(box, ring.inner);
  const name = (n) => (n.nodeType === Node.TEXT_NODE ? `"${n.data}"`
    : `${n.tagName}.${n.getAttribute("class")}[${n.dataset.ref || ""}]`);
  const rings = [], marks = [];
  for (const root of roots) {
    for (const n of root.querySelectorAll("*")) {
      const cs = getComputedStyle(n), width = parseFloat(cs.outlineWidth), off = parseFloat(cs.outlineOffset);
      if (cs.outlineStyle === "none" || !(width > 0)) continue;
      const b = n.getBoundingClientRect();
      rings.push({ n, outer: grow(b, off + width), inner: grow(b, off) });
    }
    const words = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (words.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(words.currentNode);
      if (!words.currentNode.data.trim()) continue;
      for (const b of range.getClientRects()) marks.push({ n: words.currentNode, box: grow(b, 0) });
    }
    for (const n of root.querySelectorAll(".aq-card-seat")) marks.push({ n, box: grow(n.getBoundingClientRect(), 0) });
  }
  const problems = [];
  for (const [i, r] of rings.entries()) {
    const home = r.n.matches("tr") ? r.n : r.n.parentElement.closest("td, .aq-seat");
    if (home) {
      const b = home.getBoundingClientRect(), w = home.clientLeft, h = home.clientTop;
      const box = home.matches(".aq-seat") ? [b.left + w, b.top + h, b.right - w, b.bottom - h] : grow(b, 0);
      if (!inside(r.outer, box)) problems.push(`${name(r.n)} leaves its ${name(home)}`);
    } else if (!r.n.matches(".aq-seat")) problems.push(`${name(r.n)} is ringed outside any cell or seat`);
    for (const m of marks) {
      const corner = m.n.parentElement === r.n && r.n.matches(".aq-card");
      if (!corner && !apart(m.box, r)) problems.push(`${name(r.n)} crosses ${name(m.n)}`);
    }
    for (const o of rings.slice(i + 1)) {
      const nested = inside(r.outer, o.inner) || inside(o.outer, r.inner);
      if (meets(r.outer, o.outer) && !nested) problems.push(`${name(r.n)} crosses ${name(o.n)}`);
    }
  }
  return { rings: rings.length, problems };
}"""


def test_the_last_moves_marks_and_the_highlights_in_the_catches_stay_inside_their_own_box(page, site_dir):
    """The seat panels and the end screen's "Every catch" table ring what the last moves caught, and an explained score
    row rings what earned it: each ring lies inside the cell or seat it marks and crosses no other ring and no word,
    on a wide screen and on a phone; a highlight stays a dashed line."""
    open_near_end(page, site_dir, "game=aquarena&players=3&seats=human,bot,bot&seed=1")
    click_through(page, random.Random(1))
    rows = page.query_selector_all(".score-sheet tr.explains")
    assert rows, "the score sheet explains its rows"
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished))")
        found = page.evaluate(RING_PROBLEMS_JS)
        assert found["rings"] and page.query_selector(".aq-seats .recent"), "the last round's catch is marked"
        assert not found["problems"], (width, found["problems"])
        for row in rows:
            row.focus()
            assert page.query_selector(".aq-seats .hl"), (width, row.inner_text())
            lines = page.eval_on_selector_all(
                ".aq-seats .hl, .aq-catches .hl", "(ns) => ns.map((n) => getComputedStyle(n).outlineStyle)"
            )
            assert set(lines) == {"dashed"}, (width, row.inner_text(), lines)
            found = page.evaluate(RING_PROBLEMS_JS)
            assert not found["problems"], (width, row.inner_text(), found["problems"])
        row.evaluate("(n) => n.blur()")
    assert not page.errors


def test_a_seat_whose_every_predator_tangled_reads_tangled_alone(page, site_dir):
    """Random moves, seed 0, after 73 moves: seat 0 has acted with nothing but a card that tangled. Its line says
    "Tangled: …" (no "Acted:" before it, no stray "·" to start it); a seat that acted says "Acted: …"."""
    from tests.e2e.test_viewer import write
    from tests.records import random_record

    rec = random_record("aquarena", 2, 0)
    rec = {**rec, "actions": rec["actions"][:73], "seats": ["human", "human"]}
    write(site_dir / "tangled-alone.json", json.dumps(rec))
    open_match(page, "record=tangled-alone.json")
    page.click("dialog.pass [data-step=continue]")
    page.wait_for_function(IDLE)
    lines = page.eval_on_selector_all(".aq-played small", "els => els.map((e) => e.textContent)")
    assert any(line.startswith("Tangled: ") for line in lines), lines
    assert all(line.startswith(("Acted: ", "Tangled: ")) for line in lines), lines
