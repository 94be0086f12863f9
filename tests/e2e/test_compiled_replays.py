"""Compiled replays (format "shoal-replay", shoal.replays): a record board that paints and steps without Python; a
seat's view, Analyse and play on wake the engine; a damaged file is refused whole; the site's replay viewer downloads
one "for a page". And the Learn page starts Python on idle when its lesson asks a question."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from shoal import replays
from tests.e2e.a11y import in_every_theme
from tests.e2e.driver import assert_no_outside_requests
from tests.e2e.test_embed_trust import unfinished
from tests.e2e.test_lesson_readers import python_requests
from tests.e2e.test_viewer import settled, write

BOARDS = """<!doctype html><html><head><meta charset="utf-8"><title>compiled replays</title>
<link rel="stylesheet" href="viewer.css"><script type="module" src="embed.js"></script></head><body>
<shoal-board id="good" record="records/compiled-reef.json"></shoal-board>
<shoal-board id="bad" record="records/compiled-damaged.json"></shoal-board>
</body></html>"""


def wait_for_worker(page) -> None:
    for _ in range(100):
        if page.workers:
            return
        page.wait_for_timeout(100)


def test_a_compiled_replay_steps_to_its_end_without_python_and_a_seat_or_analyse_wakes_the_engine(page, site_dir):
    record = unfinished("reef", 2, 6, 6)
    compiled = replays.compile_replay(record)
    damaged = copy.deepcopy(compiled)
    damaged["steps"][2]["view"]["seat"] = 0
    write(site_dir / "records" / "compiled-reef.json", json.dumps(compiled))
    write(site_dir / "records" / "compiled-damaged.json", json.dumps(damaged))
    write(site_dir / "compiled-replays.html", BOARDS)
    page.goto(page.site_url + "compiled-replays.html")
    page.wait_for_selector("#good .shoal-view[data-painted]")
    page.wait_for_selector("#bad[data-status=error]")
    assert "step 2 is not the spectator's view" in page.inner_text("#bad"), "refused whole, with the reason"
    assert not page.query_selector("#bad .sv-board")
    settled(page, "replay", "#good .shoal-view", 6)
    page.click("#good [data-nav=first]")
    for k in range(1, 7):
        page.click("#good [data-nav=next]")
        settled(page, "replay", "#good .shoal-view", k)
        assert page.inner_text("#good .sv-comment").startswith(f"Move {k} of 6, by ")
    assert page.inner_text("#good .sv-count") == "6 / 6"
    page.wait_for_timeout(1500)  # a worker started late would have asked for its files by now
    assert python_requests(page) == [] and len(page.workers) == 0, python_requests(page)
    page.select_option("#good [data-nav=seat]", "1")  # AQUA hides nothing: a seat's view, from the engine
    wait_for_worker(page)
    assert len(page.workers) == 1
    page.wait_for_selector("#good .seat-chip.viewer", timeout=90_000)
    settled(page, "replay", "#good .shoal-view", 6)
    page.click("#good [data-nav=analyse]")
    page.wait_for_function("['running', 'done'].includes(document.querySelector('#good .shoal-view').dataset.analysis)")
    assert any("pyodide.asm.wasm" in u or "snapshot" in u for u in page.requests)
    assert_no_outside_requests(page)
    assert not page.errors


def test_the_replay_viewer_downloads_a_replay_for_a_page_that_an_iframe_link_shows_without_python(page, site_dir):
    record = {**unfinished("museum", 2, 5, 4), "names": ["Ana", "Ben"]}
    write(site_dir / "records" / "plain-museum.json", json.dumps(record))
    page.goto(page.site_url + "index.html?replay=1&record=records/plain-museum.json")
    settled(page, "replay", step=5)
    with page.expect_download() as info:
        page.click("[data-nav=replay-file]")
    assert info.value.suggested_filename == f"shoal-museum-{record['seed']}-replay.json"
    page.wait_for_selector("[data-replay-file-note]:not(:empty)")
    found = in_every_theme(page)  # the viewer with its new control and note, in each theme
    assert found == [], "\n".join(found)
    got = json.loads(Path(info.value.path()).read_text())
    assert got == json.loads(json.dumps(replays.compile_replay(record))), "the engine's compile, in the page's worker"
    write(site_dir / "records" / "compiled-museum.json", json.dumps(got))
    page.requests.clear()
    page.goto(page.site_url + "index.html?replay=1&record=records/compiled-museum.json&embed=1")
    settled(page, "replay", step=5)
    assert not page.query_selector("[data-nav=replay-file]"), "an embedded board offers no file to its readers"
    assert not page.query_selector(".sv-seat"), "a game with hands: the spectator only"
    page.click("[data-nav=first]")
    for k in range(1, 6):
        page.click("[data-nav=next]")
        settled(page, "replay", step=k)
    assert page.inner_text(".sv-comment") in ("Move 5 of 5, by Ana.", "Move 5 of 5, by Ben.")
    page.wait_for_timeout(1500)
    assert python_requests(page) == [] and len(page.workers) == 0, python_requests(page)
    page.click("[data-nav=play-on]")
    page.click("[data-nav=start-play-on]")
    wait_for_worker(page)
    assert len(page.workers) == 1, "play on wakes the engine (the first test sees it answer)"
    assert_no_outside_requests(page)
    assert not page.errors


def test_a_learn_page_whose_lesson_asks_a_question_starts_python_on_idle(page):
    """The site's own Learn page: the first question does not wait for the whole boot (nothing reached yet)."""
    page.goto(page.site_url + "learn.html?game=museum&lesson=museum-lines")
    page.wait_for_selector(".shoal-view[data-painted]")
    assert len(page.workers) == 0, "not before the page is idle"
    wait_for_worker(page)
    assert len(page.workers) == 1
    assert page.get_attribute(".shoal-view", "data-step") == "0", "the reader still reads where they were"
    assert not page.errors
