"""The step viewer on the page, replays, the embed API and its one shared worker."""

from __future__ import annotations

import json
import os
import random

import pytest

import shoal
from tests.e2e.driver import HeldPython, assert_no_outside_requests, click_through, open_match, visible
from tests.e2e.handmade_lesson import museum_lesson

VIEW = ".shoal-view"


def settled(page, status: str | None = None, sel: str = VIEW, step: int | None = None) -> None:
    """Wait until the viewer `sel` is idle (and shows `status` / `step`)."""
    cond = (
        "v && !v.dataset.busy"
        + (f" && v.dataset.status === '{status}'" if status else "")
        + (f" && v.dataset.step === '{step}'" if step is not None else "")
    )
    page.wait_for_function(f"(v => {cond})(document.querySelector('{sel}'))")


@pytest.fixture(scope="module")
def handmade(site_dir):
    """A compiled lesson written by hand into the built site (the real ones come from web/lessons/)."""
    lesson = museum_lesson()
    write(site_dir / "lessons" / "handmade-museum.json", json.dumps(lesson))
    return lesson


def write(path, text: str) -> None:
    """Atomically (parallel test workers share one built site); a page gets the site's CSP like every built page."""
    if path.suffix == ".html":
        import csp  # build_scripts/, on sys.path through tests/conftest.py

        text = csp.add_meta(text)
    path.parent.mkdir(exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    tmp.write_text(text)
    tmp.replace(path)


def shown_step(page) -> int:
    return int(page.get_attribute(VIEW, "data-step"))


def highlighted(page) -> set[str]:
    return set(
        page.evaluate("[...document.querySelectorAll('.shoal-view .hl')].flatMap(n => n.dataset.ref.split(' '))")
    )


def test_viewer_steps_through_a_lesson_with_buttons_and_arrow_keys(page, handmade):
    """The viewer steps with first / previous / next / last and the arrow keys, and shows a step list with comments
    and the log."""
    page.goto(page.site_url + "index.html?lesson=lessons/handmade-museum.json")
    page.wait_for_selector(f"{VIEW}[data-painted]")
    steps = handmade["steps"]
    assert shown_step(page) == 0 and page.inner_text(".sv-comment") == steps[0]["comment"]
    assert "cell:0,0" in highlighted(page), "the step's highlight is drawn on the board"
    page.click("[data-nav=next]")
    page.click("[data-nav=next]")
    assert shown_step(page) == 2
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == 3
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert shown_step(page) == 1
    page.click("[data-nav=last]")
    last = len(steps) - 1
    assert shown_step(page) == last
    assert page.is_disabled("[data-nav=next]")
    assert highlighted(page) & set(steps[last]["highlight"]) == set(steps[last]["highlight"])
    log = page.query_selector_all(".shoal-view .log li")
    assert len(log) == len(steps[last]["view"]["log"]), "the log is the step's own"
    page.click("[data-step-index='1']")
    assert shown_step(page) == 1
    assert page.inner_text(".sv-comment").startswith("Step 2:")
    page.click("[data-nav=first]")
    assert shown_step(page) == 0
    assert page.query_selector_all(".shoal-view [data-action]") == [], (
        "a lesson step without a question is not playable"
    )
    assert not page.errors


def test_a_lesson_paints_before_python_has_booted(page, handmade):
    """A lesson paints before Python has booted: the wasm is held back and the board still paints."""
    python = HeldPython(page)
    page.goto(page.site_url + "learn.html?game=museum")  # lists the site's lessons; none named: the first one
    page.goto(page.site_url + "index.html?lesson=lessons/handmade-museum.json&step=3")  # counted from 1
    page.wait_for_selector(f"{VIEW}[data-painted]")
    assert shown_step(page) == 2
    assert page.query_selector(".shoal-view .mu-board [data-ref]")
    page.keyboard.press("ArrowRight")
    assert shown_step(page) == 3
    assert page.evaluate("document.body.dataset.status") == "lesson"
    python.release()


def test_replay_this_game_from_the_end_screen(page):
    """The end screen's "Replay this game", stepping back and forward through every move; one human may
    see their own seat, and the spectator's view is the default."""
    open_match(page, "game=museum&players=2&seats=human,bot&seed=11")
    click_through(page, random.Random(2))
    record = page.evaluate("window.shoal.record()")
    page.click("[data-nav=replay]")
    settled(page, "replay")
    total = len(record["actions"])
    assert shown_step(page) == total
    options = page.eval_on_selector_all(".sv-seat option", "os => os.map(o => o.textContent)")
    assert options == ["the spectator", "You"], "museum hides hands: only the spectator and the one human's own seat"
    for key, expect in (("ArrowLeft", total - 1), ("ArrowLeft", total - 2), ("Home", 0), ("ArrowRight", 1)):
        page.keyboard.press(key)
        settled(page, step=expect)
        prefix = shoal.replay({**record, "actions": record["actions"][:expect]})
        assert len(page.query_selector_all(".shoal-view .log li")) == len(prefix.view(None)["log"])
    page.select_option(".sv-seat select", "0")
    settled(page)
    assert page.query_selector(".shoal-view .mu-hand .mu-card"), "from the player's own seat their hand shows"
    page.select_option(".sv-seat select", "")
    settled(page)
    assert not page.query_selector(".shoal-view .mu-hand .mu-card"), "the spectator sees no hand"
    assert not page.errors


def test_a_shared_replay_shows_no_hand_of_a_hidden_information_game(page, site_dir):
    """A record opened by URL (?replay=1&record=...) may be anybody's game: only the spectator's view is offered."""
    match = shoal.new_match("brunch", 3, seed=5)
    rng = random.Random(5)
    for _ in range(20):
        seat = match.to_act()[0]
        match.play(seat, rng.choice(match.legal_actions(seat)))
    write(site_dir / "shared-brunch.json", json.dumps(match.record()))
    page.goto(page.site_url + "index.html?replay=1&record=shared-brunch.json")
    settled(page, "replay")
    assert shown_step(page) == 20
    assert not page.query_selector(".sv-seat"), "no seat to choose: the spectator only"
    page.click("[data-nav=prev]")
    settled(page, step=19)
    assert not page.query_selector(".shoal-view .my-hand")
    assert_no_outside_requests(page)


def test_a_record_from_another_site_is_refused(page):
    page.goto(page.site_url + "index.html?replay=1&record=" + "http%3A%2F%2Fexample.org%2Fgame.json")
    page.wait_for_selector(".error")
    assert "must come from this site" in page.inner_text(".error")
    assert_no_outside_requests(page)


EMBED_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>embed test</title>
<link rel="stylesheet" href="viewer.css"></head><body>
<div id="a"></div><shoal-board id="b" lesson="lessons/handmade-museum.json" step="4"></shoal-board><div id="c"></div>
<script type="module" src="embed-test.js"></script>"""
EMBED_JS = """import { Shoal } from "./embed.js";
window.events = [];
const a = await Shoal.mount(document.getElementById("a"), { lesson: "lessons/handmade-museum.json" });
a.on("step", (e) => window.events.push(["a-step", e.step]));
const c = await Shoal.mount(document.getElementById("c"), {
  game: "museum", players: 2, seats: ["human", "bot"], seed: 3, botDelay: 0, botBudget: 4 });
c.on("move", (e) => window.events.push(["c-move", e.seat]));
window.boards = { a, c };
document.body.dataset.ready = "1";
"""


def test_three_boards_on_a_page_share_one_worker(page, site_dir, handmade):
    """Several mounts on one page share one engine worker: a lesson, a custom element and a live game."""
    write(site_dir / "embed-test.html", EMBED_PAGE)
    write(site_dir / "embed-test.js", EMBED_JS)
    page.goto(page.site_url + "embed-test.html")
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.wait_for_function("document.querySelectorAll('.shoal-view[data-painted]').length === 3")
    assert page.get_attribute("#b .shoal-view", "data-step") == "3", "the custom element's step attribute"
    page.evaluate("window.boards.a.next()")
    page.wait_for_function("window.events.some(e => e[0] === 'a-step' && e[1] === 2)")  # the second step
    assert page.get_attribute("#a .shoal-view", "data-step") == "1"
    settled(page, "playing", "#c .shoal-view")
    assert page.get_attribute("#b .shoal-view", "data-step") == "3", "one board's steps never move another"
    rng = random.Random(4)
    for _ in range(3):
        settled(page, None, "#c .shoal-view")
        handles = visible(page, "#c [data-action], #c [data-step]")
        rng.choice(handles).click()
    page.wait_for_function("window.events.some(e => e[0] === 'c-move')")
    assert len(page.workers) == 1, [w.url for w in page.workers]
    assert_no_outside_requests(page)
    assert not page.errors


# Each board's root, when it first reaches the page, and whether it then said it was busy.
WATCH_ROOTS = """window.roots = [];
new MutationObserver((changes) => {
  for (const c of changes) for (const n of c.addedNodes) {
    if (n.nodeType === 1 && n.classList.contains("shoal-view")) window.roots.push(n.dataset.busy === "1");
  }
}).observe(document, { childList: true, subtree: true });"""


def test_a_board_reads_as_busy_from_the_moment_it_reaches_the_page(page, site_dir, handmade):
    """Whoever waits for an idle board (a test, a benchmark, a teacher's script) must never catch an empty one that
    has not begun loading: a board is busy from its first moment until it is drawn."""
    write(site_dir / "embed-test.html", EMBED_PAGE)
    write(site_dir / "embed-test.js", EMBED_JS)
    page.add_init_script(WATCH_ROOTS)
    page.goto(page.site_url + "embed-test.html")
    page.wait_for_function("document.querySelectorAll('.shoal-view[data-painted]').length === 3")
    assert page.evaluate("window.roots") == [True, True, True]
    assert not page.errors


def test_a_share_link_opens_in_the_replay_viewer(page):
    """A finished game's link index.html?replay=1#r=<payload> (web/share.js) replays it, spectator only."""
    match = shoal.new_match("aquarena", 2, seed=8)
    rng = random.Random(8)
    for _ in range(12):
        seat = match.to_act()[0]
        match.play(seat, rng.choice(match.legal_actions(seat)))
    record = match.record()
    page.goto(page.site_url + "learn.html")
    payload = page.evaluate(
        "async ([url, rec]) => (await import(url)).encodeRecord(rec)", [page.site_url + "share.js", record]
    )
    page.goto(page.site_url + f"index.html?replay=1#r={payload}")
    settled(page, "replay")
    assert shown_step(page) == 12
    assert not page.query_selector(".sv-seat"), "a game with secrets, opened from a link: the spectator only"
    page.keyboard.press("Home")
    settled(page, step=0)
    assert not page.errors
