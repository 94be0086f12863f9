"""Lessons on the page, with the shipped lessons: questions, play on, Learn pages, explain this score, the teaching
example page and the iframe's events."""

from __future__ import annotations

import json
import random
from pathlib import Path

import shoal
from shoal import lessons
from tests.e2e.driver import assert_no_outside_requests, click, click_through, open_match, visible
from tests.e2e.test_viewer import settled, shown_step, write

ROOT = Path(__file__).resolve().parents[2]


def shipped(lesson_id: str) -> tuple[dict, dict]:
    source = json.loads((ROOT / "web" / "lessons" / f"{lesson_id}.json").read_text())
    return source, lessons.compile_lesson(source, lesson_id)


def first_question(compiled: dict) -> int:
    return next(i for i, s in enumerate(compiled["steps"]) if s["question"])


def data_action(action: dict) -> str:
    return json.dumps(action, separators=(",", ":"))


def play_museum_answer(page, action: dict, root: str = ".shoal-view") -> None:
    """A museum move as a person makes it: the card in hand, then the square."""
    page.click(f"{root} .mu-hand [data-ref='card:{action['card']}']")
    page.click(f"{root} [data-action='{data_action(action)}']")


def test_a_question_answered_wrong_then_right(page):
    """A "your move" question is checked by the engine, with a reply for right and wrong answers."""
    source, compiled = shipped("museum-lines")
    step = first_question(compiled)
    legal = compiled["steps"][step]["view"]["legal"]
    verdicts = [(a, lessons.answer(source, step, a)["right"]) for a in legal]
    wrong = next(a for a, ok in verdicts if not ok)
    right = next(a for a, ok in verdicts if ok)
    page.goto(page.site_url + f"learn.html?game=museum&lesson=museum-lines&step={step + 1}")
    page.wait_for_selector(".shoal-view[data-painted]")
    assert shown_step(page) == step
    assert compiled["steps"][step]["question"]["prompt"] in page.inner_text(".sv-question")
    play_museum_answer(page, wrong)
    page.wait_for_selector("[data-answer]")
    assert page.get_attribute("[data-answer]", "data-answer") == "wrong"
    assert page.inner_text(".sv-reply") == lessons.answer(source, step, wrong)["reply"]
    page.click("[data-nav=retry]")
    play_museum_answer(page, right)
    page.wait_for_selector("[data-answer]")
    assert page.get_attribute("[data-answer]", "data-answer") == "right"
    assert page.inner_text(".sv-reply") == lessons.answer(source, step, right)["reply"]
    assert_no_outside_requests(page)
    assert not page.errors


def test_play_on_from_a_lesson_step_to_the_end(page):
    """A lesson's "Play on from here" hands the position to the engine with chosen seats, then the normal game."""
    page.goto(page.site_url + "index.html?lesson=lessons/museum-lines.json&botDelay=0&botBudget=4")
    page.wait_for_selector(".shoal-view[data-painted]")
    page.click("[data-nav=play-on]")
    # The lesson shows seat 0's view only: seat 1 may be a bot's, never a person's (its hand would show).
    assert page.eval_on_selector(".sv-playon select[data-seat='1']", "s => [...s.options].map(o => o.value)") == ["bot"]
    assert page.input_value(".sv-playon select[data-seat='0']") == "human"
    page.click("[data-nav=start-play-on]")
    settled(page, "playing")
    rng = random.Random(3)
    for _ in range(200):
        settled(page)
        if page.get_attribute(".shoal-view", "data-status") == "over":
            break
        handles = visible(page, ".shoal-view [data-action]") or visible(page, ".shoal-view [data-step]")
        click(page, rng.choice(handles))
    assert page.get_attribute(".shoal-view", "data-status") == "over"
    record = page.evaluate("window.shoal.record()")
    replayed = shoal.replay(record)
    assert replayed.is_over()
    shown = {
        int(h.get_attribute("data-score-seat")): int(h.inner_text())
        for h in page.query_selector_all("[data-score-seat]")
    }
    assert shown == dict(enumerate(replayed.outcome()["scores"]))
    source, _ = shipped("museum-lines")
    start = lessons.open_step(source, 0).record()
    assert record["actions"][: len(start["actions"])] == start["actions"], "the game went on from the lesson's position"
    assert not page.errors


def hl_refs(page, scope: str) -> set[str]:
    return set(page.evaluate(f"[...document.querySelectorAll('{scope} .hl')].flatMap(n => n.dataset.ref.split(' '))"))


def drawn_refs(page, scope: str) -> set[str]:
    return set(
        page.evaluate(f"[...document.querySelectorAll('{scope} [data-ref]')].flatMap(n => n.dataset.ref.split(' '))")
    )


def test_hovering_or_focusing_a_score_row_highlights_exactly_its_refs(page):
    """Focusing or hovering a score-sheet row highlights on the board exactly what earned it."""
    open_match(page, "game=museum&players=2&seats=human,bot&seed=21")
    click_through(page, random.Random(21))
    rows = page.query_selector_all("tr.explains")
    assert rows, "the end screen's score rows explain themselves"
    checked = 0
    for row in rows[:6]:
        refs = set(json.loads(row.get_attribute("data-refs")))
        row.hover()
        lit = page.evaluate("[...document.querySelectorAll('.match .hl')].map(n => n.dataset.ref.split(' '))")
        assert lit, f"nothing lit for {refs}"
        assert all(set(r) & refs for r in lit), "only elements drawing one of the row's refs are lit"
        on_board = drawn_refs(page, ".match") & refs
        assert on_board <= hl_refs(page, ".match"), "every ref of the row that the board draws is lit"
        checked += 1
    page.mouse.move(0, 0)
    assert page.query_selector_all(".match .hl") == [], "leaving the row clears the highlight"
    page.focus("tr.explains >> nth=0")
    assert page.query_selector_all(".match .hl"), "keyboard focus explains a row too"
    assert page.get_attribute("tr.explains >> nth=0", "tabindex") == "0"
    assert checked


def test_learn_page_per_game_from_the_lobby(page):
    """A "Learn to play" page per game, reachable from the lobby, built from the lessons."""
    page.goto(page.site_url + "index.html")
    page.wait_for_selector("[data-learn]")
    page.click("[data-step='game-brunch']")
    page.click("[data-learn='brunch']")
    page.wait_for_function("document.body.dataset.status === 'learn'")
    assert "learn.html?game=brunch" in page.url
    listed = page.eval_on_selector_all(".learn-list a", "as => as.map(a => a.dataset.lesson)")
    expected = sorted(p.stem for p in (ROOT / "web" / "lessons").glob("brunch-*.json"))
    assert sorted(listed) == expected and len(listed) >= 5
    page.wait_for_selector(".shoal-view[data-painted]")
    page.click(f".learn-list a[data-lesson='{listed[1]}']")
    page.wait_for_selector(".shoal-view[data-painted]")
    assert shipped(listed[1])[1]["title"] in page.inner_text(".sv-head")
    page.click("[data-nav=last]")
    assert not page.errors


def test_the_teaching_page_three_boards_one_worker(page):
    """examples/teaching.html: every board works, one worker, nothing outside the origin, no console
    error."""
    console = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.goto(page.site_url + "examples/teaching.html")
    page.wait_for_function("document.querySelectorAll('shoal-board .shoal-view[data-painted]').length === 3")
    # 1. the lesson steps with its buttons and keys
    page.click("#lesson-board [data-nav=next]")
    assert page.get_attribute("#lesson-board .shoal-view", "data-step") == "1"
    page.focus("#lesson-board .shoal-view")
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute("#lesson-board .shoal-view", "data-step") == "0"
    # 2. the question takes an answer, checked by the engine
    source, compiled = shipped("museum-lines")
    step = first_question(compiled)
    assert page.get_attribute("#question-board .shoal-view", "data-step") == str(step)
    right = next(a for a in compiled["steps"][step]["view"]["legal"] if lessons.answer(source, step, a)["right"])
    play_museum_answer(page, right, "#question-board")
    page.wait_for_selector("#question-board [data-answer='right']")
    # 3. the live game takes a move and the bot answers
    settled(page, "playing", "#live-board .shoal-view")
    before = len(page.query_selector_all("#live-board .log li"))
    rng = random.Random(1)
    # The live deal is a fresh crypto seed each time: a random click may be a step (select, deselect) rather than a
    # move, so click until a move is made (a museum move takes at most a card and a cell).
    for _ in range(12):
        settled(page, None, "#live-board .shoal-view")
        if len(page.query_selector_all("#live-board .log li")) > before:
            break
        handles = visible(page, "#live-board [data-action]") or visible(page, "#live-board [data-step]")
        click(page, rng.choice(handles))
    settled(page, None, "#live-board .shoal-view")
    assert len(page.query_selector_all("#live-board .log li")) > before
    assert page.get_attribute("#lesson-board .shoal-view", "data-step") == "0", "boards do not disturb each other"
    assert len(page.workers) == 1, [w.url for w in page.workers]
    assert_no_outside_requests(page)
    assert not page.errors
    assert not [c for c in console if "favicon" not in c], console


HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>iframe host</title></head><body>
<iframe id="f" src="index.html?game=museum&players=2&seats=human,bot&seed=4&embed=1&botDelay=0&botBudget=4"></iframe>
<script type="module" src="iframe-host.js"></script>"""
HOST_JS = """window.heard = [];
window.addEventListener("message", (e) => { if (e.data && e.data.source === "shoal") window.heard.push(e.data); });
"""


def test_an_iframe_tells_its_parent_about_moves(page, site_dir):
    """The iframe page keeps working and sends its postMessage events to the parent."""
    write(site_dir / "iframe-host.html", HOST_PAGE)
    write(site_dir / "iframe-host.js", HOST_JS)
    page.goto(page.site_url + "iframe-host.html")
    inner = page.frames[1]
    body = inner.locator("body")

    def idle() -> None:  # polled with attribute reads: the site's CSP forbids string evaluation inside the frame
        for _ in range(900):
            if body.get_attribute("data-status") == "playing" and body.get_attribute("data-busy") is None:
                return
            page.wait_for_timeout(100)
        raise AssertionError("the iframe's game never became idle")

    rng = random.Random(2)
    for _ in range(2):
        idle()
        handles = visible(inner, "[data-action]") or visible(inner, "[data-step]")
        rng.choice(handles).click()
    page.wait_for_function(
        "window.heard.some(m => m.type === 'move' && m.seat === 0)"
        " && window.heard.some(m => m.type === 'move' && m.seat === 1)"
    )
    heard = page.evaluate("window.heard")
    assert all(m["type"] in ("step", "move", "over", "resize") for m in heard)
    assert all(set(m) == {"source", "type", "height"} for m in heard if m["type"] == "resize"), "a height, nothing more"
    assert any(m["type"] == "move" and m["seat"] == 1 for m in heard), "the bot's moves are told too"
