"""AQUA achievements in the browser: a solo Scenario played to the end by clicking, its achievement marked on the
progress track, still there after a reload; the track's export and import, refusing corrupt or foreign files."""

from __future__ import annotations

import json

import shoal
from tests.e2e.driver import assert_no_outside_requests, assert_scores_match_cpython, open_match, record, wait_idle

KEY = "shoal.aqua.progress.v1"


def _completing_game(letter: str = "A", seeds: range = range(40)):
    """A seed and the actions with which the greedy bot completes Scenario ``letter`` solo, several Challenges too if
    it can (found in CPython; the page is then driven through the same moves by clicking)."""
    fallback = None
    for seed in seeds:
        m = shoal.new_match("reef", 1, seed=seed, options={"scenario": letter})
        while not m.is_over():
            m.play(0, m.bot_action(0, "greedy"))
        a = m.outcome()["achievements"][0]
        if a["scenario"]["completed"]:
            found = (seed, [action for _, action in m.actions], a)
            if len(a["choose_one"]) >= 2:
                return found
            fallback = fallback or found
    assert fallback, f"the greedy bot completes Scenario {letter} in none of seeds {seeds}"
    return fallback


def _find_action(page, action):
    """The visible element whose data-action is ``action`` (compared as JSON, not as text)."""
    return page.evaluate_handle(
        """(want) => [...document.querySelectorAll('[data-action]')].find((n) => {
             const a = JSON.parse(n.dataset.action);
             const norm = (x) => JSON.stringify(x, Object.keys(x).sort());
             return norm(a) === norm(want) && (n.getBoundingClientRect().width > 0 || n.getClientRects().length > 0);
           }) || null""",
        action,
    ).as_element()


def _step(page, name) -> None:
    """Click the step ``name`` if the page offers it (it does not when that choice is already made)."""
    handle = page.query_selector(f"[data-step='{name}']")
    if handle:
        handle.dispatch_event("click")
        wait_idle(page)


def _play(page, action, table) -> None:
    """Make ``action`` the way a person would: choose the tile and its turn, or the shape, side and turn, then click
    the highlighted spot."""
    if action["type"] == "place":
        _step(page, f"tile-{action['tile']}")
        _step(page, f"rot-{action['rot']}")
    elif action["type"] == "large":
        spot = next(s for s in table["large_spots"] if s["cells"] == action["cells"])
        _step(page, f"shape-{spot['shape']}")
        _step(page, f"side-{action['animal']}")
        if not _find_action(page, action):
            o = spot["orientations"][0]
            mirrored = page.query_selector("[data-step='mirror'][aria-pressed='true']") is not None
            if mirrored != o["mirror"]:
                _step(page, "mirror")
            _step(page, f"lrot-{o['rot']}")
    target = _find_action(page, action)
    assert target, f"no element offers {action}"
    target.dispatch_event("click")


def test_a_solo_scenario_played_to_the_end_is_marked_and_survives_a_reload(page):
    """A solo scenario played to the end, its achievement marked, and still there after a page reload."""
    seed, actions, expected = _completing_game("A")
    open_match(page, f"game=reef&players=1&seats=human&seed={seed}&scenario=A")
    goals = page.locator(".reef-goals")
    assert "Scenario A: 60+ points" in goals.inner_text() and "Ecosystems 1, 2, 3, 4, 5, 6" in goals.inner_text()

    mirror = shoal.new_match("reef", 1, seed=seed, options={"scenario": "A"})
    for action in actions:
        assert wait_idle(page) == "playing"
        _play(page, action, mirror.view(0)["table"])
        mirror.play(0, action)
    assert wait_idle(page) == "over"
    # The panel asks for the game's record once the end screen is painted, and the answer redraws it: an idle page has
    # had that redraw already (a test that hovered the score rows at idle once met rows the redraw had replaced).
    assert page.evaluate("document.querySelectorAll(\"[data-step='mark-0-S-A']\").length") == 1, (
        "idle, the buttons are live"
    )
    assert_scores_match_cpython(page)

    card = page.locator("[data-achievements-seat='0']")
    assert card.locator("[data-achievement-result='S-A'][data-completed='true']").count() == 1
    assert "Total score" in card.inner_text()
    name = card.locator("[data-track-name='0']")
    name.fill("Mia")
    name.dispatch_event("change")
    page.click("[data-step='mark-0-S-A']")
    page.wait_for_selector("[data-track-player='Mia'] [data-achievement='S-A'][data-marked]")

    chosen = expected["choose_one"]
    if len(chosen) >= 2:  # "you choose one of them": marking one closes the others
        page.click(f"[data-step='mark-0-{chosen[0]}']")
        page.wait_for_selector(f"[data-track-player='Mia'] [data-achievement='{chosen[0]}'][data-marked]")
        assert page.query_selector(f"[data-step='mark-0-{chosen[1]}']") is None
        assert page.locator(f"button:has-text('Mark Challenge {chosen[1].split('-')[1]}')").is_disabled()

    stored = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert stored["players"][0]["name"] == "Mia" and "S-A" in stored["players"][0]["marks"]

    page.reload()
    wait_idle(page)
    again = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert again == stored
    page.goto(page.site_url + "progress.html")
    page.wait_for_selector("[data-track-player='Mia'] [data-achievement='S-A'][data-marked]")
    marked = 2 if len(chosen) >= 2 else 1
    assert page.get_attribute("[data-track-player='Mia'] [data-track-count]", "data-track-count") == str(marked)
    page.reload()
    page.wait_for_selector("[data-track-player='Mia'] [data-achievement='S-A'][data-marked]")
    assert_no_outside_requests(page)
    assert not page.errors


def test_the_lobby_offers_scenarios_and_modifications(page):
    """The lobby offers Scenario and Modification; the objective and the Modification show in play."""
    page.goto(page.site_url + "index.html")
    page.wait_for_function("document.body.dataset.status === 'lobby'", timeout=60_000)
    page.click("[data-step='game-reef']")
    scenario = page.locator("label:has-text('Scenario') select")
    modification = page.locator("label:has-text('Modification') select")
    assert scenario.locator("option").count() == 16 and modification.locator("option").count() == 11
    # Each choice carries its words (the Scenario's Ecosystems and goal, the Modification's rule); values are JSON.
    assert scenario.locator("option[value='\"D\"']").inner_text().startswith("D: Ecosystems 3, 4, 5, 6, 17, 17; 65+")
    assert modification.locator("option[value='\"3\"']").inner_text() == "3: Reefs of 5+"
    scenario.select_option(value='"D"')
    modification.select_option(value='"3"')
    page.fill("#seed", "12")
    page.click("[data-step='start']")
    assert wait_idle(page) == "playing"
    assert "scenario=D" in page.url and "modification=3" in page.url
    assert record(page)["options"] == {"variant": "core", "scenario": "D", "line": [], "modification": "3"}
    goals = page.inner_text(".reef-goals")
    assert "Scenario D: 65+ points · At least 20 points from Small Animals" in goals
    assert "Modification 3: Reefs must be at least 5 corals to score." in goals


def _track(*players):
    return {
        "format": "shoal-aqua-progress",
        "version": 1,
        "players": [{"name": n, "marks": marks} for n, marks in players],
    }


def test_the_track_exports_and_imports_and_refuses_bad_files_changing_nothing(page, tmp_path):
    """Achievements export and import as a JSON file; a corrupt or foreign file is refused with a clear message and
    nothing overwritten."""
    page.goto(page.site_url + "progress.html")
    page.wait_for_selector(".aqua-track")
    mine = _track(("Ana", {"S-B": "2026-01-02", "C-5": "2026-01-03"}), ("Ben", {"M-7": "2026-01-04"}))
    page.evaluate(f"localStorage.setItem('{KEY}', {json.dumps(json.dumps(mine))})")
    page.reload()
    page.wait_for_selector("[data-track-player='Ben'] [data-achievement='M-7'][data-marked]")

    with page.expect_download() as download:
        page.click("[data-step='track-export']")
    saved = json.loads(open(download.value.path()).read())
    assert saved["format"] == "shoal-aqua-progress" and saved["players"] == mine["players"]

    before = page.evaluate(f"localStorage.getItem('{KEY}')")
    game_record = shoal.new_match("reef", 1, seed=1).record()
    bad = {
        "not-json.json": "{ this is not json",
        "foreign.json": json.dumps({"hello": "world"}),
        "a-game-record.json": json.dumps(game_record),
        "unknown-achievement.json": json.dumps(_track(("Ana", {"C-26": "2026-01-01"}))),
        "five-players.json": json.dumps(_track(*[(f"P{i}", {}) for i in range(5)])),
        "same-name-twice.json": json.dumps(_track(("Ana", {}), ("ana", {}))),
        "newer-version.json": json.dumps({**_track(("Ana", {})), "version": 2}),
    }
    said = {}
    for name, text in bad.items():
        path = tmp_path / name
        path.write_text(text)
        page.set_input_files("#track-import", str(path))
        page.wait_for_selector(".track-message.error")
        said[name] = message = page.inner_text(".track-message")
        assert message.startswith("Could not import that file: ") and "was not changed" in message, message
        assert page.evaluate(f"localStorage.getItem('{KEY}')") == before, name
        page.wait_for_selector("[data-track-player='Ben'] [data-achievement='M-7'][data-marked]")
        page.evaluate("document.querySelector('.track-message').className = 'track-message'")
    assert "it is not JSON" in said["not-json.json"]
    assert "not an AQUA progress track" in said["foreign.json"] and "not an AQUA" in said["a-game-record.json"]
    assert 'a mark for "C-26", which is no AQUA achievement' in said["unknown-achievement.json"]
    assert "rows for 4" in said["five-players.json"] and "on two rows" in said["same-name-twice.json"]
    assert "version 2" in said["newer-version.json"]

    other = _track(("Cleo", {"S-O": "2026-02-02"}))
    path = tmp_path / "other.json"
    path.write_text(json.dumps({**other, "exported": "2026-02-03T10:00:00Z"}))
    page.set_input_files("#track-import", str(path))
    page.wait_for_selector("[data-track-player='Cleo'] [data-achievement='S-O'][data-marked]")
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')")) == other
    assert page.query_selector("[data-track-player='Ana']") is None

    path = tmp_path / "back.json"
    path.write_text(json.dumps(saved))
    page.set_input_files("#track-import", str(path))
    page.wait_for_selector("[data-track-player='Ana'] [data-achievement='C-5'][data-marked]")
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')")) == mine
    assert not page.errors
