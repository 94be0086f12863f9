"""Nothing the player played is lost: a link opened again resumes its game or offers it beside the new one, a game
played on from a record comes back after a reload, a save an update cannot continue is said where the game was and
can be downloaded, and every set-aside save is kept (the last few), said once, and can be downloaded or deleted."""

from __future__ import annotations

import json
import random

import shoal
from tests.e2e import test_install
from tests.e2e.driver import IDLE, click, open_match, record, visible, wait_idle
from tests.e2e.test_install import IDLE_FN, _deploy_next_build, open_controlled_match
from tests.e2e.test_viewer import write

two_builds = test_install.two_builds  # the fixture, shared: pytest finds it by its name here

MUSEUM_LINK = "game=museum&players=2&seats=human,bot&seed=7&botDelay=0"


def play_moves(page, moves: int, rng: random.Random) -> dict:
    """Click offered moves until the record holds at least `moves` more actions than now; returns the record."""
    goal = len(record(page)["actions"]) + moves
    for _ in range(200):
        if len(record(page)["actions"]) >= goal:
            return record(page)
        handles = visible(page, "[data-action]") or visible(page, "[data-step]")
        click(page, rng.choice(handles))
        assert wait_idle(page) == "playing", page.errors
    raise AssertionError("the moves were never made")


def lobby(page) -> None:
    page.goto(page.site_url + "index.html?botDelay=0")
    page.wait_for_function("() => document.body.dataset.status === 'lobby'", timeout=90_000)


def aside_list(page) -> list[dict]:
    return page.evaluate("async () => (await import('./saved.js')).asideList()")


def test_opening_the_link_that_started_a_game_again_resumes_it_and_another_link_offers_it(page):
    """Re-opening `?game=museum&players=2&seats=human,bot&seed=7` (a bookmark, the teacher's link) after the page
    rewrote its address to `seats=human%2Cbot` is the same game: it comes back, not a new deal over the save. A link
    that asks for another game of the title keeps the save and offers it; starting the new one keeps the old aside."""
    open_match(page, MUSEUM_LINK)
    before = play_moves(page, 3, random.Random(1))
    assert "seats=human%2Cbot" in page.url
    page.goto(f"{page.site_url}index.html?{MUSEUM_LINK}")
    page.wait_for_function(IDLE, timeout=90_000)
    assert record(page) == before, "the same link resumes the saved game"
    # The same link written in another order and with the default bot spelled out asks for the same game.
    page.goto(f"{page.site_url}index.html?seed=7&seats=human,normal&game=museum&botDelay=0&players=2")
    page.wait_for_function(IDLE, timeout=90_000)
    assert record(page) == before

    page.goto(f"{page.site_url}index.html?game=museum&players=2&seats=human,bot&seed=8&botDelay=0")
    page.wait_for_selector("[data-offer-for='museum']")
    offer = page.inner_text("[data-offer-for='museum']")
    assert "3 moves" in offer or f"{len(before['actions'])} moves" in offer, offer
    assert page.inner_text("[data-offer='continue']").startswith("Continue your game from ")
    saved = json.loads(page.evaluate("localStorage.getItem('shoal.save.museum')"))
    assert saved["record"] == before, "nothing replaced the save unasked"
    page.click("[data-offer='continue']")
    page.wait_for_function(IDLE, timeout=90_000)
    assert record(page) == before

    page.goto(f"{page.site_url}index.html?game=museum&players=2&seats=human,bot&seed=8&botDelay=0")
    page.click("[data-offer='new']")
    page.wait_for_function(IDLE, timeout=90_000)
    assert record(page)["seed"] == 8 and record(page)["actions"] != before["actions"]
    kept = aside_list(page)
    assert len(kept) == 1 and kept[0]["told"], kept
    assert json.loads(page.evaluate(f"localStorage.getItem({json.dumps(kept[0]['key'])})"))["record"] == before
    assert not page.errors


def test_a_game_played_on_from_a_record_link_comes_back_after_a_reload(page, site_dir):
    """A `?record=` position played on (5 → 9 moves) reloads at 9, not at the record's 5, and its save stays at 9
    (an update's "Reload" takes the same path: location.reload())."""
    match = shoal.new_match("museum", 2, seed=21)
    rng = random.Random(1)
    for _ in range(5):
        seat = match.to_act()[0]
        match.play(seat, rng.choice(match.legal_actions(seat)))
    write(site_dir / "played-on.json", json.dumps({**match.record(), "seats": ["human", "bot"]}))
    page.goto(page.site_url + "index.html?record=played-on.json&botDelay=0&botBudget=4")
    page.wait_for_function(IDLE, timeout=90_000)
    start = record(page)
    assert start["actions"][:5] == match.record()["actions"]
    played = play_moves(page, 4, random.Random(3))
    assert len(played["actions"]) >= 9
    page.reload()
    page.wait_for_function(IDLE, timeout=90_000)
    assert record(page) == played, "the reload resumes the game played on"
    saved = json.loads(page.evaluate("localStorage.getItem('shoal.save.museum')"))
    assert saved["record"] == played, "and the save was not rewritten back to the record"
    # Another record of the same title keeps the played-on game and offers it.
    other = shoal.new_match("museum", 2, seed=22)
    write(site_dir / "another-position.json", json.dumps({**other.record(), "seats": ["human", "bot"]}))
    page.goto(page.site_url + "index.html?record=another-position.json&botDelay=0&botBudget=4")
    page.wait_for_selector("[data-offer-for='museum']")
    assert json.loads(page.evaluate("localStorage.getItem('shoal.save.museum')"))["record"] == played
    assert not page.errors


def test_an_update_that_changes_the_rules_says_so_where_the_game_was_and_gives_its_record(browser, two_builds):
    """After a new build with another `rules_version` and its "Reload", the page does not show a fresh game as if
    nothing happened: it says the game in progress could not be continued, and offers its record as a file."""
    live, url = two_builds
    context = browser.new_context()
    try:
        page, errors = open_controlled_match(context, url, random.Random(5))
        before = page.evaluate("window.shoal.record()")
        assert before["actions"]

        _deploy_next_build(live)
        games = json.loads((live / "games.json").read_text())
        for g in games:
            if g["id"] == "museum":
                g["rules_version"] += 1
        (live / "games.json").write_text(json.dumps(games))
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector(".update-ready", timeout=60_000)
        with page.expect_navigation(timeout=60_000):
            page.click(".update-ready button")
        page.wait_for_function(IDLE_FN, timeout=90_000)
        notice = page.wait_for_selector(".match-notices [data-notice]")
        text = notice.inner_text()
        assert "could not be restored" in text and "older rules" in text, text
        with page.expect_download() as download:
            page.click(".match-notices [data-aside-download]")
        kept = json.loads(open(download.value.path()).read())
        assert kept == {**before, "seats": ["human", "bot"], "names": ["", ""]}, "the file is the old game's record"
        assert download.value.suggested_filename.startswith("shoal-museum-set-aside-")
        page.click(".match-notices .dismiss")
        assert not page.query_selector(".match-notices [data-notice]")
        # Said once: the next screen lists it, without saying it again. (The game now on screen is saved under the
        # engine's unchanged rules, which this faked update's games.json calls older: it is not part of the check.)
        page.evaluate("localStorage.removeItem('shoal.save.museum')")
        page.goto(url + "index.html?botDelay=0")
        page.wait_for_selector("[data-set-aside='1']")
        assert not page.inner_text("#lobby-notes").strip()
        assert not errors, errors
    finally:
        context.close()


def test_set_aside_saves_are_kept_said_once_and_can_be_downloaded_or_deleted(page):
    """A second bad save does not overwrite the first; a bad save on the reload path is said, not set aside
    silently; each is said once; the player downloads or deletes them; the list is bounded."""
    lobby(page)
    page.evaluate("localStorage.setItem('shoal.save.museum', '{first bad save')")
    lobby(page)
    assert "could not be restored" in page.inner_text("#lobby-notes")
    page.evaluate("localStorage.setItem('shoal.save.museum', '{second bad save')")
    lobby(page)
    notes = page.query_selector_all("#lobby-notes p")
    assert len(notes) == 1, "the first was said already; only the second is new"
    kept = aside_list(page)
    assert [page.evaluate(f"localStorage.getItem({json.dumps(e['key'])})") for e in kept] == [
        "{second bad save",
        "{first bad save",
    ]
    lobby(page)
    assert not page.query_selector_all("#lobby-notes p"), "said once"
    assert page.get_attribute("[data-set-aside]", "data-set-aside") == "2"
    page.click("[data-set-aside] summary")
    with page.expect_download() as download:
        page.click(f"[data-aside-download='{kept[1]['key']}']")
    assert open(download.value.path()).read() == "{first bad save"
    page.click(f"[data-aside-delete='{kept[1]['key']}']")
    assert page.get_attribute("[data-set-aside]", "data-set-aside") == "1"
    assert page.evaluate(f"localStorage.getItem({json.dumps(kept[1]['key'])})") is None

    # The reload path: a game link whose title's save is damaged says so on the match screen.
    page.evaluate("localStorage.setItem('shoal.save.museum', '{damaged on reload')")
    open_match(page, "game=museum&players=2&seats=human,bot&seed=3")
    assert "could not be restored" in page.inner_text(".match-notices")

    # Bounded: the last five are kept.
    page.evaluate("""async () => {
      const saved = await import('./saved.js');
      for (let i = 0; i < 7; i++) {
        localStorage.setItem('shoal.save.brunch', '{bad ' + i);
        saved.unfinished([{id: 'brunch', rules_version: 1}]);
      }
    }""")
    kept = aside_list(page)
    assert len(kept) == 5 and page.evaluate(f"localStorage.getItem({json.dumps(kept[0]['key'])})") == "{bad 6"
    assert not page.errors


def test_a_bad_save_too_large_to_copy_is_said_once_and_can_still_be_downloaded_or_deleted(page):
    """A 4.9 MB value leaves no room in localStorage for a copy: it is said once (with what will become of it), not
    on every visit, and the player can still download or delete it."""
    lobby(page)
    page.evaluate("localStorage.setItem('shoal.save.reef', 'x'.repeat(4_900_000))")
    lobby(page)
    notes = page.inner_text("#lobby-notes")
    assert "could not be restored" in notes and "too large" in notes, notes
    lobby(page)
    assert not page.query_selector_all("#lobby-notes p"), "said once, not on every visit"
    assert page.get_attribute("[data-set-aside]", "data-set-aside") == "1"
    page.click("[data-set-aside] summary")
    with page.expect_download() as download:
        page.click("[data-aside-download='shoal.save.reef']")
    assert len(open(download.value.path()).read()) == 4_900_000
    page.click("[data-aside-delete='shoal.save.reef']")
    assert page.evaluate("localStorage.getItem('shoal.save.reef')") is None
    assert not page.query_selector("[data-set-aside]")
    lobby(page)
    assert not page.query_selector_all("#lobby-notes p")
    assert not page.errors
