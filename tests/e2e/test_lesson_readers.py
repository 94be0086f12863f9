"""Lesson readers: a board that is only read downloads no Python; each lesson remembers the reader's step and solved
questions in this browser (an edited lesson starts fresh); the handle's `progress`; Learn ticks finished lessons; one
numbering for `step`, `goTo`, `question` and the events."""

from __future__ import annotations

import json

from shoal import lessons
from tests.e2e.driver import assert_no_outside_requests
from tests.e2e.test_lessons_page import data_action, first_question, play_museum_answer, shipped
from tests.e2e.test_viewer import settled, write

PYTHON_FILES = ("pyodide.asm.wasm", "snapshot.bin", "pyodide.mjs", "python_stdlib.zip", "worker.js")


def python_requests(page) -> list[str]:
    return [u for u in page.requests if any(name in u for name in PYTHON_FILES)]


def read_only(lesson_id: str) -> dict:
    """A shipped lesson without its questions, compiled as the build does: a lesson that is only read."""
    source = json.loads(json.dumps(shipped(lesson_id)[0]))
    for step in source["steps"]:
        step.pop("question", None)
    return lessons.compile_lesson(source, f"{lesson_id}-read")


def right_answer(lesson_id: str) -> tuple[int, dict]:
    source, compiled = shipped(lesson_id)
    step = first_question(compiled)
    legal = compiled["steps"][step]["view"]["legal"]
    return step, next(a for a in legal if lessons.answer(source, step, a)["right"])


def answer(page, action: dict, root: str = ".shoal-view") -> None:
    """A museum answer as a person gives it: a card from the hand then its square, or a visitor token's square."""
    if "card" in action:
        play_museum_answer(page, action, root)
    else:
        page.click(f"{root} [data-action='{data_action(action)}']")


THREE = """<!doctype html><html><head><meta charset="utf-8"><title>three lessons</title>
<link rel="stylesheet" href="viewer.css"><script type="module" src="embed.js"></script></head><body>
<shoal-board id="one" lesson="lessons/museum-boats-read.json" play-on="false"></shoal-board>
<shoal-board id="two" lesson="lessons/brunch-catch-read.json" play-on="false"></shoal-board>
<shoal-board id="three" lesson="lessons/museum-lines.json" play-on="false"></shoal-board>
</body></html>"""


def test_three_lessons_read_to_the_end_download_no_python_until_a_question(page, site_dir):
    """Three compiled lessons stepped through end to end start no worker and fetch no Python file; reaching the third
    lesson's question starts Python, the board says so, and the answer is checked by the engine."""
    for lesson_id in ("museum-boats", "brunch-catch"):
        write(site_dir / "lessons" / f"{lesson_id}-read.json", json.dumps(read_only(lesson_id)))
    write(site_dir / "three-lessons.html", THREE)
    page.goto(page.site_url + "three-lessons.html")
    page.wait_for_function("document.querySelectorAll('shoal-board .shoal-view[data-painted]').length === 3")
    for board in ("#one", "#two"):
        steps = page.locator(f"{board} .sv-steps li").count()
        for i in range(1, steps):
            page.click(f"{board} [data-nav=next]")
            settled(page, "lesson", f"{board} .shoal-view", i)
    page.wait_for_timeout(1500)  # a worker started late would have asked for its files by now
    assert python_requests(page) == [] and len(page.workers) == 0, python_requests(page)
    step, right = right_answer("museum-lines")
    page.click("#three [data-nav=next]")
    settled(page, "lesson", "#three .shoal-view", step)
    page.wait_for_selector("#three [data-waking]")
    assert "Starting the rules engine" in page.inner_text("#three .sv-question")
    assert len(page.workers) == 1, "reaching a question starts the page's one worker"
    answer(page, right, "#three")
    page.wait_for_selector("#three [data-answer='right']")
    assert not page.query_selector("#three [data-waking]"), "the starting line goes once Python is up"
    assert any("pyodide.asm.wasm" in u for u in page.requests)
    assert_no_outside_requests(page)
    assert not page.errors


def test_the_other_games_lessons_read_to_the_end_download_no_python_either(page, site_dir):
    """The games the test above does not read (Aquarena, AQUA's reef, whose boards draw differently): their compiled
    lessons, stepped through end to end, start no worker and fetch no Python file."""
    ids = ("aquarena-order", "reef-habitats")
    for lesson_id in ids:
        write(site_dir / "lessons" / f"{lesson_id}-read.json", json.dumps(read_only(lesson_id)))
    boards = "".join(f'<shoal-board id="b{i}" lesson="lessons/{n}-read.json"></shoal-board>' for i, n in enumerate(ids))
    write(site_dir / "two-lessons.html", THREE.split("<body>")[0] + f"<body>{boards}</body></html>")
    page.goto(page.site_url + "two-lessons.html")
    page.wait_for_function("document.querySelectorAll('shoal-board .shoal-view[data-painted]').length === 2")
    for board in ("#b0", "#b1"):
        for i in range(1, page.locator(f"{board} .sv-steps li").count()):
            page.click(f"{board} [data-nav=next]")
            settled(page, "lesson", f"{board} .shoal-view", i)
    page.wait_for_timeout(1500)  # a worker started late would have asked for its files by now
    assert python_requests(page) == [] and len(page.workers) == 0, python_requests(page)
    assert not page.errors


def test_a_board_that_opts_in_starts_python_on_idle(page, site_dir):
    write(site_dir / "preload.html", THREE.replace('id="one"', 'id="one" preload'))
    write(site_dir / "lessons" / "museum-boats-read.json", json.dumps(read_only("museum-boats")))
    write(site_dir / "lessons" / "brunch-catch-read.json", json.dumps(read_only("brunch-catch")))
    page.goto(page.site_url + "preload.html")
    page.wait_for_function("document.querySelectorAll('shoal-board .shoal-view[data-painted]').length === 3")
    assert len(page.workers) == 0, "not before the page is idle"
    for _ in range(100):
        if page.workers:
            break
        page.wait_for_timeout(100)
    assert len(page.workers) == 1
    page.wait_for_function("() => window.Shoal.engine().booted", timeout=90_000)


def learn(page, lesson_id: str = "museum-boats") -> None:
    page.goto(page.site_url + f"learn.html?game=museum&lesson={lesson_id}")
    page.wait_for_selector(".shoal-view[data-painted]")
    settled(page, "lesson")


def shown(page) -> int:
    return int(page.get_attribute(".shoal-view", "data-step"))


def test_a_lesson_resumes_where_the_reader_was_and_learn_ticks_it_when_finished(page):
    """A reload resumes at the step; a question solved is counted and kept; the last step with every question solved
    finishes the lesson, ticked in Learn's list (and the games' page); "Start again" forgets it all."""
    step, right = right_answer("museum-boats")
    learn(page)
    assert shown(page) == 0 and not page.query_selector(".sv-progress-line [data-nav=start-again]")
    assert page.inner_text(".sv-progress-line") == "0 of 1 question solved"
    page.click("[data-nav=next]")
    settled(page, "lesson", step=1)
    page.reload()
    page.wait_for_selector(".shoal-view[data-painted]")
    assert shown(page) == 1, "the reload resumes at the step the reader was on"
    page.click("[data-nav=next]")
    settled(page, "lesson", step=step)
    answer(page, right)
    page.wait_for_selector("[data-answer='right']")
    assert "1 of 1 question solved" in page.inner_text(".sv-progress-line")
    page.reload()
    page.wait_for_selector(".shoal-view[data-painted]")
    assert shown(page) == step and "1 of 1 question solved" in page.inner_text(".sv-progress-line")
    tick = ".learn-list a[data-lesson='museum-boats'] .learn-tick"
    assert page.get_attribute(tick, "data-finished") == "0"
    page.click("[data-nav=last]")
    page.wait_for_selector(f"{tick}[data-finished='1']")  # ticked at once, on this page
    assert page.get_attribute(".sv-progress-line", "data-progress") == "finished"
    page.goto(page.site_url + "learn.html?game=museum&lesson=museum-lines")
    page.wait_for_selector(".shoal-view[data-painted]")
    assert page.get_attribute(tick, "data-finished") == "1", "another lesson's page still ticks it"
    assert "Finished" in page.inner_text(".learn-list a[data-lesson='museum-boats']")
    assert page.get_attribute(".learn-list a[data-lesson='museum-lines'] .learn-tick", "data-finished") == "0"
    page.goto(page.site_url + "learn.html")
    page.wait_for_selector(".learn-games")
    assert "1 of 5 lessons finished" in page.inner_text(".learn-games")
    learn(page)
    page.click("[data-nav=start-again]")
    settled(page, "lesson", step=0)
    assert page.inner_text(".sv-progress-line") == "0 of 1 question solved"
    assert page.get_attribute(tick, "data-finished") == "0"
    page.reload()
    page.wait_for_selector(".shoal-view[data-painted]")
    assert shown(page) == 0 and page.get_attribute(tick, "data-finished") == "0"
    assert not page.errors


HANDLE = """<!doctype html><html><head><meta charset="utf-8"><title>handle</title>
<link rel="stylesheet" href="viewer.css"></head><body><div id="a"></div><div id="q"></div>
<script type="module" src="handle.js"></script></body></html>"""
HANDLE_JS = """import { Shoal } from "./embed.js";
window.heard = [];
const lesson = new URLSearchParams(location.search).get("lesson");
const a = await Shoal.mount(document.getElementById("a"), { lesson });
for (const type of ["step", "move", "progress"]) a.on(type, (e) => window.heard.push([type, e]));
const q = await Shoal.mount(document.getElementById("q"), { lesson, question: 1 });
window.boards = { a, q };
document.body.dataset.ready = "1";
"""


def test_the_handle_progress_event_and_one_numbering(page, site_dir):
    """`progress` on the handle and its event; `step`, `goTo`, `question: n`, the events and the counter all count a
    lesson's steps from 1."""
    write(site_dir / "handle.html", HANDLE)
    write(site_dir / "handle.js", HANDLE_JS)
    source, compiled = shipped("museum-boats")
    step, right = right_answer("museum-boats")
    page.goto(page.site_url + "handle.html?lesson=lessons/museum-boats.json")
    page.wait_for_function("document.body.dataset.ready === '1'")
    progress = page.evaluate("window.boards.a.progress")
    steps = len(compiled["steps"])
    assert progress == {"step": 1, "steps": steps, "questions": 1, "solved": 0, "finished": False}
    assert page.evaluate("window.boards.a.step") == 1
    assert page.evaluate("window.boards.q.step") == step + 1, "question 1 is the step its counter calls step + 1"
    assert page.inner_text("#q .sv-count") == f"{step + 1} / {steps}"
    page.evaluate(f"window.boards.a.goTo({step + 1})")
    settled(page, "lesson", "#a .shoal-view", step)
    assert page.inner_text("#a .sv-count") == f"{step + 1} / {steps}"
    assert page.evaluate("window.heard.filter(h => h[0] === 'step').map(h => h[1].step)") == [step + 1]
    answer(page, right, "#a")
    page.wait_for_selector("#a [data-answer='right']")
    moves = page.evaluate("window.heard.filter(h => h[0] === 'move').map(h => h[1])")
    assert [m["step"] for m in moves] == [step + 1] and moves[0]["right"] is True
    progress = page.evaluate("window.heard.filter(h => h[0] === 'progress').map(h => h[1])")
    assert progress[-1] == {"step": step + 1, "steps": steps, "questions": 1, "solved": 1, "finished": False}
    page.evaluate(f"window.boards.a.goTo({steps})")
    page.wait_for_function("window.boards.a.progress.finished === true")
    assert page.evaluate("window.heard.at(-1)")[1]["finished"] is True
    # The element's progress and DOM event say the same.
    assert page.evaluate("window.boards.a.progress.step") == steps
    page.click("#a [data-nav=start-again]")
    page.wait_for_function("window.boards.a.step === 1 && window.boards.a.progress.solved === 0")
    # A board the page placed (question: 1) keeps its own step: the remembered one is the reader's on board a.
    assert page.evaluate("window.boards.q.step") == step + 1
    assert not page.errors


PLACED_FIRST = """import { Shoal } from "./embed.js";
const lesson = new URLSearchParams(location.search).get("lesson");
const q = await Shoal.mount(document.getElementById("q"), { lesson, step: 4 });
const a = await Shoal.mount(document.getElementById("a"), { lesson });
window.boards = { a, q };
document.body.dataset.ready = "1";
"""


def test_a_board_placed_at_a_step_never_moves_where_the_readers_board_opens(page, site_dir):
    """A page that shows step 4 on one board and reads the lesson from its start on another: whichever opens first,
    the reader's board opens at step 1, now and after a reload."""
    write(site_dir / "placed.html", HANDLE.replace("handle.js", "placed.js"))
    write(site_dir / "placed.js", PLACED_FIRST)
    page.goto(page.site_url + "placed.html?lesson=lessons/museum-boats.json")
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert page.evaluate("[window.boards.q.step, window.boards.a.step]") == [4, 1]
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert page.evaluate("[window.boards.q.step, window.boards.a.step]") == [4, 1]
    assert not page.errors


def test_an_edited_lesson_starts_fresh(page, site_dir):
    """The remembered place belongs to one version of a lesson: the same id with other content starts at its start."""
    source = shipped("museum-facing")[0]
    compiled = lessons.compile_lesson(source, "edited")
    write(site_dir / "lessons" / "edited.json", json.dumps(compiled))
    write(site_dir / "handle.html", HANDLE)
    write(site_dir / "handle.js", HANDLE_JS)
    url = page.site_url + "handle.html?lesson=lessons/edited.json"
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.evaluate("window.boards.a.goTo(2)")
    settled(page, "lesson", "#a .shoal-view", 1)
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert page.evaluate("window.boards.a.step") == 2, "the same lesson resumes"
    edited = json.loads(json.dumps(source))
    edited["steps"][0]["comment"] += " (revised)"
    again = lessons.compile_lesson(edited, "edited")
    assert again["hash"] != compiled["hash"]
    write(site_dir / "lessons" / "edited.json", json.dumps(again))
    page.goto(url + "%3Fv%3D2")  # the same lesson id, the new file (not the browser's cached copy)
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert page.evaluate("window.boards.a.step") == 1, "an edited lesson starts fresh"
    assert page.evaluate("window.boards.a.progress.solved") == 0
    assert "(revised)" in page.inner_text("#a .sv-comment")
    assert not page.errors


def test_a_lesson_link_starts_python_at_its_question(page):
    """index.html?lesson= (the iframe's form): read without Python; the question starts it and takes its answer."""
    step, right = right_answer("museum-boats")
    page.goto(page.site_url + "index.html?lesson=lessons/museum-boats.json&embed=1")
    page.wait_for_selector(".shoal-view[data-painted]")
    for i in range(1, step):
        page.click("[data-nav=next]")
        settled(page, "lesson", step=i)
    page.wait_for_timeout(1500)
    assert python_requests(page) == [] and len(page.workers) == 0, python_requests(page)
    page.click("[data-nav=next]")
    page.wait_for_selector("[data-waking]")
    answer(page, right)
    page.wait_for_selector("[data-answer='right']")
    assert len(page.workers) == 1
    assert not page.errors


def test_a_lesson_link_that_opts_in_starts_python_on_idle(page):
    """`preload=1` on a lesson link starts Python a few seconds after the page, with no question reached."""
    page.goto(page.site_url + "index.html?lesson=lessons/museum-boats.json&embed=1&preload=1")
    page.wait_for_selector(".shoal-view[data-painted]")
    for _ in range(100):
        if page.workers:
            break
        page.wait_for_timeout(100)
    assert len(page.workers) == 1
    assert page.get_attribute(".shoal-view", "data-step") == "0", "the reader still reads where they were"
