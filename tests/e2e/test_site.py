"""The site around the games: lobby, deep links, saving and loading records, offline."""

from __future__ import annotations

import json
import random

from tests.e2e.driver import (
    IDLE,
    HeldPython,
    assert_no_outside_requests,
    click_through,
    click_until,
    open_match,
    record,
    wait_idle,
)


def test_lobby_paints_before_python_has_booted(page):
    """The lobby paints at once and shows loading progress, even while the wasm is still on its way."""
    python = HeldPython(page)
    page.goto(page.site_url + "index.html")
    page.wait_for_selector(".game-card")
    assert page.evaluate("document.body.dataset.status") == "loading"
    assert page.inner_text("#boot-status").strip(), "loading progress is shown"
    python.requested()
    python.release()
    page.wait_for_function("document.body.dataset.status === 'lobby'", timeout=60_000)


# When each modulepreload link joined the page, and when its first animation frame began (ms since navigation).
PRELOAD_WATCH = """
window.__preloads = []; window.__firstFrame = null;
requestAnimationFrame((t) => { window.__firstFrame = t; });
new MutationObserver(() => {
  for (const l of document.querySelectorAll('link[rel="modulepreload"]')) {
    if (window.__preloads.some((p) => p.href === l.href)) continue;
    window.__preloads.push({ href: l.href, at: performance.now() });
  }
}).observe(document, { childList: true, subtree: true });
"""


def preloads(page, query: str) -> tuple[list[dict], float]:
    page.context.add_init_script(PRELOAD_WATCH)
    page.goto(page.site_url + "index.html" + query)
    page.wait_for_function(
        "() => document.body.dataset.status === 'lobby' || document.body.dataset.status === 'playing'", timeout=60_000
    )
    return page.evaluate("window.__preloads"), page.evaluate("window.__firstFrame")


def test_a_link_preloads_every_module_at_once_and_the_bare_lobby_after_its_first_frame(page):
    """The lobby paints long before a stock Pyodide page boots: the modules app.js imports are fetched side by side, not
    one import level after another; a link that opens a game asks for them at once, the bare lobby only once its first
    frame has begun (preloading them from the HTML would hold its first paint back). Each is fetched once, with the
    build's stamp (an unstamped copy would be a second download)."""
    links, first_frame = preloads(page, "?game=museum&players=2&seats=human,random&seed=3")
    names = {link["href"].split("/")[-1].split("?")[0] for link in links}
    assert {"app.js", "board.js", "engine.js", "dom.js"} <= names
    assert all("?v=" in link["href"] for link in links)
    assert max(link["at"] for link in links) < first_frame, "a link preloads before its first frame"
    fetched = [u.split("?")[0].split("/")[-1] for u in page.requests if u.endswith(".js") or ".js?" in u]
    assert all(fetched.count(n) == 1 for n in names), fetched


def test_the_bare_lobby_preloads_its_modules_after_its_first_frame(page):
    links, first_frame = preloads(page, "")
    assert links, "the lobby preloads app.js's modules too"
    assert min(link["at"] for link in links) >= first_frame


def test_lobby_starts_a_match_and_writes_its_deep_link(page):
    page.goto(page.site_url + "index.html")
    page.wait_for_function("document.body.dataset.status === 'lobby'", timeout=60_000)
    page.click("[data-step='game-museum']")
    page.fill("#seed", "42")
    page.click("[data-step='start']")
    assert wait_idle(page) == "playing"
    assert "game=museum" in page.url and "seats=human%2Cbot" in page.url
    assert "seed" not in page.url  # a secret: never in the URL of a match in progress unless the link gave it
    rec = record(page)
    assert rec["game"] == "museum" and rec["seed"] == 42 and rec["players"] == 2
    assert_no_outside_requests(page)


def test_a_corrupt_save_is_refused_and_the_match_is_kept(page, tmp_path):
    """Principles: "A corrupt save is refused, never half-loaded" — and the match on screen stays as it was."""
    open_match(page, "game=museum&players=2&seats=human,bot&seed=5")
    before = record(page)
    good = dict(before)
    bad_files = {
        "not-json.json": "{ this is not json",
        "foreign.json": json.dumps({"hello": "world"}),
        "illegal.json": json.dumps({**good, "actions": [[0, {"type": "place", "card": 99}]]}),
    }
    for name, text in bad_files.items():
        path = tmp_path / name
        path.write_text(text)
        page.set_input_files("input[type=file]", str(path))
        page.wait_for_selector(".error")
        assert "Nothing was changed" in page.inner_text(".error")
        wait_idle(page)
        assert record(page) == before


def test_a_saved_record_loads_back_to_the_same_match(page, tmp_path):
    open_match(page, "game=museum&players=2&seats=human,bot&seed=8")
    rng = random.Random(3)
    click_until(page, rng, clicks=3)
    saved = record(page)
    path = tmp_path / "saved.json"
    path.write_text(json.dumps({**saved, "seats": ["human", "bot"]}))
    page.goto(page.site_url + "index.html?game=museum&players=2&seats=human,bot&seed=1&botDelay=0&botBudget=4")
    page.click("[data-offer='new']")  # another game of the title: the unfinished one is offered, and kept aside
    page.wait_for_function(IDLE, timeout=60_000)
    page.set_input_files("input[type=file]", str(path))
    for _ in range(300):
        wait_idle(page)
        if record(page)["seed"] == 8:
            break
        page.wait_for_timeout(100)
    assert record(page)["actions"][: len(saved["actions"])] == saved["actions"]
    click_through(page, random.Random(4))


def test_pass_screen_shows_nothing_of_the_previous_seat(page):
    """Hot-seat privacy: between two human seats the screen keeps no hand, no action and no log line of the last one."""
    open_match(page, "game=brunch&players=3&seats=human,human,human&seed=2")
    rng = random.Random(1)
    click_until(page, rng, "[data-step='continue']")
    assert page.query_selector("[data-step='continue']"), "a pass screen came up between human seats"
    assert page.query_selector_all(".log li") == []
    assert page.query_selector_all("[data-action]") == []
    assert "Pass the device" in page.inner_text(".pass")


def test_hot_seat_players_are_called_by_their_names(page):
    """Friends at one device see their own names on the table, the pass screen and the log, not "Player 2"."""
    open_match(page, "game=museum&players=2&seats=human,human&names=Ana,Ben&seed=6")
    chips = page.inner_text(".seats-bar")
    assert "Ana" in chips and "Ben" in chips
    rng = random.Random(2)
    click_until(page, rng, "[data-step='continue']")
    assert "Pass the device to Ben" in page.inner_text(".pass") or "Pass the device to Ana" in page.inner_text(".pass")
    page.click("[data-step='continue']")
    wait_idle(page)
    assert any(name in page.inner_text(".log") for name in ("Ana", "Ben"))
    assert "names=Ana%2CBen" in page.url


def test_lobby_asks_a_name_for_each_human_seat(page):
    page.goto(page.site_url + "index.html")
    page.wait_for_function("document.body.dataset.status === 'lobby'", timeout=60_000)
    page.click("[data-step='game-museum']")
    page.select_option(".seats select >> nth=1", "human")
    page.fill(".seat-name >> nth=0", "Ana")
    page.fill(".seat-name >> nth=1", "Ben")
    page.click("[data-step='start']")
    assert wait_idle(page) == "playing"
    assert "Ana" in page.inner_text(".seats-bar") and "Ben" in page.inner_text(".seats-bar")


def test_a_game_without_secrets_needs_no_pass_screen(page):
    """AQUA hides nothing from one seat that another sees, so hot-seat play goes straight from turn to turn."""
    open_match(page, "game=reef&players=2&seats=human,human&names=Ana,Ben&seed=4")
    viewers = set()
    rng = random.Random(5)
    for _ in range(12):
        wait_idle(page)
        assert not page.query_selector("[data-step='continue']"), "no pass screen"
        viewers.add(page.evaluate("window.shoal.viewer()"))
        click_until(page, rng, clicks=1)
    assert viewers == {0, 1}, "the screen followed the seat to act"
