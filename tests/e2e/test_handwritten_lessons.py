"""A teacher's own lesson, written by hand and never built: `Shoal.mount`, `<shoal-board lesson=...>` and
`index.html?lesson=` take it as it is (an object, a file of the same site, or the lesson itself in the link's
fragment), the page's engine compiles it with the build's compiler, the board says so while it does, and a lesson
with a problem shows it in the checker's words."""

from __future__ import annotations

import json
from pathlib import Path

from shoal import lessons
from tests.e2e.driver import HeldPython
from tests.e2e.test_viewer import settled, shown_step, write

ROOT = Path(__file__).resolve().parents[2]
VIEW = ".shoal-view"


def handwritten(name: str = "museum-lines") -> dict:
    return json.loads((ROOT / "web" / "lessons" / f"{name}.json").read_text())


def broken() -> dict:
    lesson = handwritten()
    lesson["steps"][0]["highlight"] = ["row:9"]
    return lesson


PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>my lesson</title>
<link rel="stylesheet" href="viewer.css"></head><body>
<div id="obj"></div><shoal-board id="url" lesson="teacher/my-lesson.json"></shoal-board><div id="bad"></div>
<script type="module" src="teacher-page.js"></script></body></html>"""
PAGE_JS = """import { Shoal } from "./embed.js";
window.seen = [];
const obj = document.getElementById("obj");
new MutationObserver(() => {
  const p = obj.querySelector(".sv-progress");
  if (p && !window.seen.includes(p.textContent)) window.seen.push(p.textContent);
}).observe(obj, { childList: true, subtree: true });
const lesson = await (await fetch("teacher/my-lesson.json")).json();
window.board = await Shoal.mount(obj, { lesson, botDelay: 0 });
const bad = await (await fetch("teacher/broken.json")).json();
Shoal.mount(document.getElementById("bad"), { lesson: bad }).catch((e) => { window.badError = e.message; });
document.body.dataset.ready = "1";
"""


def test_a_hand_written_lesson_mounts_as_it_is_and_its_question_is_checked(page, site_dir):
    source = handwritten()
    compiled = lessons.compile_lesson(source)
    write(site_dir / "teacher" / "my-lesson.json", json.dumps(source))
    write(site_dir / "teacher" / "broken.json", json.dumps(broken()))
    write(site_dir / "teacher-page.html", PAGE)
    write(site_dir / "teacher-page.js", PAGE_JS)
    page.goto(page.site_url + "teacher-page.html")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
    assert page.evaluate("window.seen")[0].startswith("Checking the lesson…"), page.evaluate("window.seen")
    # The object and the same-site file both paint the lesson's steps as the build would have compiled them.
    for root in ("#obj", "#url"):
        page.wait_for_selector(f"{root} {VIEW}[data-painted]")
        assert page.inner_text(f"{root} .sv-comment") == compiled["steps"][0]["comment"]
        assert page.locator(f"{root} .sv-steps li").count() == len(compiled["steps"])
    # Its question is answered by the engine, right and wrong.
    step = next(i for i, s in enumerate(compiled["steps"]) if s["question"])
    page.evaluate(f"window.board.goTo({step + 1})")  # steps count from 1
    settled(page, "lesson", f"#obj {VIEW}", step)
    page.wait_for_selector(f"#obj {VIEW} .mu-hand [data-ref]")
    legal = compiled["steps"][step]["view"]["legal"]
    verdicts = {json.dumps(a, sort_keys=True): lessons.answer(source, step, a)["right"] for a in legal}
    right = next(a for a in legal if verdicts[json.dumps(a, sort_keys=True)])
    page.click(f"#obj {VIEW} .mu-hand [data-ref='card:{right['card']}']")
    page.click(f"#obj {VIEW} [data-action='{json.dumps(right, separators=(',', ':'))}']")
    page.wait_for_selector(f"#obj {VIEW} [data-answer=right]")
    # The broken lesson says what is wrong, on the board, in the checker's words.
    page.wait_for_function("window.badError !== undefined")
    says = 'lesson step 1, highlight[0]: "row:9" is not drawn on this step\'s board'
    assert page.evaluate("window.badError").startswith(says)
    assert page.get_attribute("#bad", "data-status") == "error"
    assert page.inner_text("#bad").startswith(f"This board could not open: {says}")
    assert not page.errors


def test_the_progress_line_shows_while_python_starts(page, site_dir):
    """A hand-written lesson cannot paint before Python: the board says what it waits for."""
    write(site_dir / "teacher" / "my-lesson.json", json.dumps(handwritten()))
    python = HeldPython(page)
    page.goto(page.site_url + "index.html?lesson=teacher/my-lesson.json")
    python.requested()
    page.wait_for_selector(".sv-progress")
    assert page.inner_text(".sv-progress") == "Checking the lesson… (starting the game engine)"
    assert page.evaluate("document.body.dataset.status") == "loading"
    python.release()
    settled(page, "lesson")
    assert shown_step(page) == 0 and not page.query_selector(".sv-progress")
    assert not page.errors


def test_a_lesson_in_the_links_fragment_opens_and_a_damaged_one_is_refused(page, site_dir):
    """The Studio's "Copy link": index.html?lesson=#<the lesson, compressed> (web/share.js, the share links' codec)."""
    source = handwritten("brunch-passing")
    page.goto(page.site_url + "learn.html")
    url = page.evaluate(
        "async ([mod, lesson]) => (await import(mod)).lessonUrl(lesson, location.href)",
        [page.site_url + "share.js", source],
    )
    assert "index.html?lesson=#" in url
    page.goto(url)
    settled(page, "lesson")
    assert page.inner_text(".sv-comment") == source["steps"][0]["comment"]
    assert page.inner_text(".sv-head h3") == source["title"]
    page.goto("about:blank")  # a new document: only the fragment would differ
    page.goto(page.site_url + "index.html?lesson=#AAAA")
    page.wait_for_selector("[data-notice]")
    assert "Could not open that lesson: the link is damaged" in page.inner_text("[data-notice]")
    page.goto(page.site_url + "index.html?lesson=")
    page.wait_for_selector("[data-notice]")
    assert "Could not open that lesson: the link names no lesson" in page.inner_text("[data-notice]")
    assert not page.errors


def test_the_lesson_page_says_what_is_wrong_with_a_hand_written_lesson(page, site_dir):
    write(site_dir / "teacher" / "broken.json", json.dumps(broken()))
    write(site_dir / "teacher" / "not-a-lesson.json", json.dumps([1, 2, 3]))
    page.goto(page.site_url + "index.html?lesson=teacher/broken.json")
    page.wait_for_selector("[data-notice]")
    assert 'Could not open that lesson: lesson step 1, highlight[0]: "row:9" is not drawn' in page.inner_text(
        "[data-notice]"
    )
    page.goto(page.site_url + "index.html?lesson=teacher/not-a-lesson.json")
    page.wait_for_selector("[data-notice]")
    assert "that is not a Shoal lesson" in page.inner_text("[data-notice]")
    assert "file" not in page.inner_text("[data-notice]")
    assert not page.errors
