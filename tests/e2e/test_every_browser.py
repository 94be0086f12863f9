"""Shoal in Chromium, Firefox and WebKit (Safari's engine): the lobby, a lesson's question, the teaching example and a
coral grown by a click in all three; every title played whole once outside Chromium (Chromium plays each one whole in
tests/e2e/test_<game>.py) and a reload mid-game in Firefox and WebKit (Chromium's: tests/e2e/test_comforts.py), all by
pointer clicks at the centre of what a person would click (a click
that would land on something else fails the test: tests/e2e/browsers.py), with no error reported, and no screen that
shows "null", "undefined", "NaN" or "[object Object]" as text (probe.js's scan)."""

from __future__ import annotations

import json
import random
import re

import pytest

import shoal
from tests.e2e import browsers
from tests.e2e.browsers import click_target, play_to_end, wait_for, wait_idle
from tests.e2e.driver import near_end
from tests.e2e.test_layout import columns_page
from tests.e2e.test_viewer import write

ENGINES = ["chromium", "firefox", "webkit"]
QUICK = "&botDelay=0&botBudget=4"
GAMES = {
    "museum": "game=museum&players=2&seats=human,bot&seed=7",
    "brunch": "game=brunch&players=3&seats=human,bot,bot&seed=3",
    "aquarena": "game=aquarena&players=2&seats=human,bot&seed=5",
    "reef": "game=reef&players=1&seats=human&seed=2",
}
PAINTED = "document.querySelector('.shoal-view[data-painted]')"


@pytest.fixture(scope="session")
def chromium(browser):
    yield from _running(browsers.Chromium(browser))


@pytest.fixture(scope="session")
def firefox():
    _require("firefox")
    yield from _running(browsers.Firefox())


@pytest.fixture(scope="session")
def webkit():
    _require("webkit")
    display = browsers.Xvfb()  # one per test process: parallel workers never share a display
    yield from _running(browsers.WebKit(display.display))
    display.close()


def _require(name: str) -> None:
    if why := browsers.missing(name):
        pytest.fail(f"{name} is not installed ({why}): build_scripts/test.sh installs it")


def _running(engine):
    """One engine for the whole session of a test process; each test opens a fresh page in it."""
    yield engine
    engine.quit()


@pytest.fixture(params=ENGINES)
def engine(request, site_url):
    """A fresh page in one engine; when the test ends, nothing on it reported an error."""
    browser = request.getfixturevalue(request.param)
    browser.page()
    browser.site_url = site_url
    yield browser
    errors = browser.errors()
    browser.close()
    assert not errors, f"{browser.name} reported: {errors[:5]}"


def moves(engine) -> int:
    return engine.eval("window.shoal.record().then((r) => r.actions.length)")


def assert_no_stray_words(engine, screen: str) -> None:
    found = engine.probe("stray")
    assert not found, f"{engine.name}, {screen}: " + "\n".join(found)


def open_match(engine, query: str) -> dict:
    engine.goto(f"{engine.site_url}index.html?{query}{QUICK}")
    state = wait_idle(engine)
    assert state["status"] == "playing", state
    assert engine.eval("window.shoal.boot()") == "snapshot", "Python restored from the memory snapshot"
    return state


def test_a_click_at_the_centre_of_a_highlighted_reef_spot_grows_the_coral_there(engine):
    """An AQUA tile can be placed by mouse or touch: the legal spots are drawn, and a click at a spot's centre plays it
    (WebKit drew none of them while the keyboard helper wrapped SVG grid rows in a display: contents <g>)."""
    open_match(engine, GAMES["reef"])
    offered = engine.probe("targets")
    assert offered["kind"] == "action" and offered["targets"], f"no legal spot is drawn: {offered}"
    for index in range(len(offered["targets"])):
        aim = engine.probe("aim", kind="action", index=index)
        assert aim["ok"], aim
    assert moves(engine) == 0
    engine.click(aim["x"], aim["y"])
    wait_idle(engine)
    assert moves(engine) == 1


# Each title whole once: the stray-word scan reads the page's text, which the same JavaScript writes in every engine,
# so one engine per title sees every screen of it. Only a few whole games in the slower browsers (WebKit plays AQUA,
# whose reef is clicked at coordinates there); Brunch, the longest of them in WebKit, is played in Chromium.
WHOLE_GAMES = [("firefox", "museum"), ("firefox", "aquarena"), ("webkit", "reef"), ("chromium", "brunch")]


@pytest.mark.parametrize(("engine", "game"), WHOLE_GAMES, indirect=["engine"])
def test_a_whole_game_by_clicks_shows_the_engines_scores(engine, game):
    """A person plays a whole game by clicks; the page's final scores are CPython's for the same record, and no screen
    on the way (a few moves in, the end) shows a stray word."""
    rng = random.Random(len(game))
    open_match(engine, GAMES[game])
    play_to_end(engine, rng, stop_after=6)
    assert_no_stray_words(engine, f"{game} mid-play")
    play_to_end(engine, rng)
    assert wait_idle(engine)["status"] == "over"
    assert_no_stray_words(engine, f"{game} at its end")
    record = engine.eval("window.shoal.record()")
    replayed = shoal.replay(json.loads(json.dumps(record)))
    assert replayed.is_over()
    shown = engine.eval(
        "Object.fromEntries([...document.querySelectorAll('[data-score-seat]')]"
        ".map((n) => [n.dataset.scoreSeat, +n.textContent]))"
    )
    assert {int(s): v for s, v in shown.items()} == dict(enumerate(replayed.outcome()["scores"]))


def test_the_lobby_starts_a_game_by_clicks(engine):
    engine.goto(engine.site_url + "index.html")
    wait_idle(engine, want=("lobby",))
    assert_no_stray_words(engine, "the lobby")
    for selector in ("[data-step='game-aquarena']", "[data-step='start']"):
        aim = engine.probe("aim", selector=selector)
        assert aim["ok"], aim
        engine.click(aim["x"], aim["y"])
    assert wait_idle(engine)["status"] == "playing"
    assert engine.eval("new URLSearchParams(location.search).get('game')") == "aquarena"
    assert_no_stray_words(engine, "a game started from the lobby")


@pytest.mark.parametrize("page", ["learn.html", "learn.html?game=reef", "progress.html"])
def test_the_learn_and_progress_pages_show_no_stray_word(engine, page):
    engine.goto(engine.site_url + page)
    wait_idle(engine, want=("learn", "track"))
    wait_for(engine, "document.querySelector('main, body').textContent.trim().length > 40")
    assert_no_stray_words(engine, page)


def test_a_lesson_question_answered_by_a_click(engine):
    """AQUA's first lesson asks where to grow a tile: a click at a highlighted spot answers it, checked by the
    engine."""
    engine.goto(engine.site_url + "learn.html?game=reef&lesson=reef-growing-coral&step=2")
    wait_for(engine, PAINTED)
    scope = ".shoal-view"
    wait_for(engine, "!document.querySelector('.shoal-view').dataset.busy")
    assert_no_stray_words(engine, "a lesson's question")
    offered = engine.probe("targets", scope=scope)
    assert offered["kind"] == "action", offered
    click_target(engine, random.Random(1), scope)
    wait_for(engine, "document.querySelector('[data-answer]')")
    assert engine.eval("document.querySelector('[data-answer]').dataset.answer") in ("right", "wrong")
    assert_no_stray_words(engine, "a lesson's reply")


def test_the_teaching_example_boards_work(engine):
    """examples/teaching.html: three boards paint, and the live one takes a move by clicks."""
    engine.goto(engine.site_url + "examples/teaching.html")
    wait_for(engine, "document.querySelectorAll('shoal-board .shoal-view[data-painted]').length === 3")
    assert_no_stray_words(engine, "the teaching example")
    live = "#live-board .shoal-view"
    wait_idle(engine, live, want=("playing",))
    lines = f"document.querySelectorAll('{live} .log li').length"
    before = engine.eval(lines)
    rng = random.Random(1)
    for _ in range(12):  # a click may be a step (pick a card) rather than a move
        # The board answers a move after the worker does: wait for the new log line, or for what to click next.
        wait_for(engine, f"{lines} > {before} || document.querySelector('{live} [data-action], {live} [data-step]')")
        if engine.eval(lines) > before:
            break
        wait_idle(engine, live, want=("playing",))
        click_target(engine, rng, live)
    assert engine.eval(lines) > before
    assert_no_stray_words(engine, "the teaching example after a move")


# The board's PNG, read back as an image and drawn small: its size, and how many colours it holds (a blank or failed
# drawing holds one or two). Read through a data: address, as the site's CSP allows no blob: image.
PNG_JS = """window.boards[0].image({ format: "png" }).then(async (blob) => {
  const url = await new Promise((done) => { const r = new FileReader(); r.onload = () => done(r.result);
    r.readAsDataURL(blob); });
  const img = new Image(); img.src = url; await img.decode();
  const canvas = document.createElement("canvas"); canvas.width = 24; canvas.height = 48;
  const ctx = canvas.getContext("2d"); ctx.drawImage(img, 0, 0, 24, 48);
  const px = ctx.getImageData(0, 0, 24, 48).data; const seen = new Set();
  for (let i = 0; i < px.length; i += 4) seen.add(`${px[i]},${px[i + 1]},${px[i + 2]}`);
  const box = document.querySelector(".sv-board").getBoundingClientRect();
  return { type: blob.type, width: img.naturalWidth, height: img.naturalHeight, colours: seen.size,
    board: [Math.ceil(box.width) + 16, Math.ceil(box.height) + 16] };
}, (err) => ({ error: String(err) }))"""


@pytest.mark.parametrize("engine", ["firefox", "webkit"], indirect=True)  # Chromium: tests/e2e/test_layout.py
def test_save_image_makes_a_png_of_the_board(engine, site_dir):
    """The board's PNG is drawn from its SVG (a foreignObject) on a canvas, which a browser may refuse to read back
    (a "tainted" canvas): Firefox and WebKit make it, twice the board's size, with the board drawn on it."""
    engine.goto(engine.site_url + columns_page(site_dir, "museum-lines", widths=(480,)))
    wait_for(engine, "document.body.dataset.ready === '1'")
    png = engine.eval(PNG_JS)
    assert "error" not in png, f"{engine.name}: {png}"
    assert png["type"] == "image/png"
    assert [png["width"], png["height"]] == [2 * png["board"][0], 2 * png["board"][1]], png
    assert png["colours"] > 12, f"{engine.name}: the PNG is nearly blank: {png}"


@pytest.mark.parametrize("engine", ["firefox", "webkit"], indirect=True)
def test_a_reload_mid_game_brings_the_game_back(engine):
    rng = random.Random(4)
    open_match(engine, GAMES["museum"])
    play_to_end(engine, rng, stop_after=5)
    made = moves(engine)
    assert made >= 2
    engine.reload()
    assert wait_idle(engine)["status"] == "playing"
    assert moves(engine) == made
    play_to_end(engine, rng, stop_after=4)
    assert moves(engine) > made


TOUR = [
    "index.html",
    "learn.html",
    "learn.html?game=reef&lesson=reef-growing-coral&step=2",
    "progress.html",
    "examples/teaching.html",
    f"index.html?record=tour-reef-near-end.json{QUICK}",  # bots play AQUA's last moves and the end screen comes up
]


def test_webkits_own_console_stays_quiet_on_every_screen(webkit, site_dir, site_url, tmp_path):
    """What only the browser's console shows (a policy directive it does not know, a failed load, a worker's error)
    in WebKit, whose driver relays no console: MiniBrowser prints it when it is not automated."""
    write(site_dir / "tour-reef-near-end.json", json.dumps(near_end("reef", 2, ["bot", "bot"], seed=3, left=8)))
    lines = browsers.webkit_console_tour(webkit.display, site_dir, site_url, TOUR, tmp_path)
    tour = [line for line in lines if "shoal-tour" in line]
    assert tour and "shoal-tour done" in tour[-1], f"the tour did not finish: {lines[-20:]}"
    visited = [line.split("shoal-tour ", 1)[1] for line in tour[:-1]]
    assert [v.split(" ", 1)[1] for v in visited] == TOUR
    assert not [v for v in visited if v.split(" ", 1)[0] in ("timeout", "error")], visited
    # WebKit prints "<url>:<line>:<column>: CONSOLE <source> <level> <message>". A note (INFO, LOG) may come from a
    # page the tour leaves while its worker still boots ("Importing a module script is canceled"): shown, not failed.
    notes = [line for line in lines if "shoal-tour" not in line]
    print("\n".join(notes))
    # (MiniBrowser's own stderr — GTK, Mesa — is shown too; only the pages' console is the test's business.)
    errors = [line for line in notes if re.search(r"CONSOLE \w+ (ERROR|WARN)|CONSOLE (ERROR|WARN)", line)]
    assert not errors, "\n".join(errors[:20])
