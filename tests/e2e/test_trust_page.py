"""The page's side of trust: the seed stays secret while a match is in progress, every deep-link parameter and record
field is checked before anything is built from it, and a record that cannot be opened says so until the player
acts."""

from __future__ import annotations

import json
import os
import random
import time
from urllib.parse import urlsplit

from tests.e2e.driver import click_through, open_match, record, wait_idle

NOTICE = "[data-notice]"


def lobby(page) -> None:
    page.goto(page.site_url + "index.html?botDelay=0")
    page.wait_for_selector(".game-card")


def test_lobby_draws_a_secret_seed_shown_only_at_the_end(page):
    """Seeds are drawn from crypto.getRandomValues over the whole safe range; while a match with hidden information is
    in progress the seed shows nowhere (URL, lobby, table); the end screen shows it."""
    lobby(page)
    assert page.input_value("#seed") == "", "the lobby pre-fills no seed"
    page.click("[data-step='game-museum']")
    page.click("[data-step='start']")
    assert wait_idle(page) == "playing"
    seed = record(page)["seed"]
    assert 0 <= seed < 2**53
    assert "seed" not in page.url
    assert str(seed) not in page.inner_text("body") and str(seed) not in page.url
    # Saving mid-game keeps working, and the page says what a saved file gives away.
    assert "whole truth" in page.inner_text(".save-note")
    with page.expect_download() as download:
        page.click("text=Save game")
    assert json.loads(open(download.value.path()).read())["seed"] == seed
    click_through(page, random.Random(1))
    assert page.get_attribute("[data-seed]", "data-seed") == str(seed)
    assert str(seed) in page.inner_text(".seed-line")
    # Another match draws another seed: 53 random bits, not a range of 100,000 a brute force can walk.
    page.click("text=New game")
    page.wait_for_selector(".game-card")
    page.click("[data-step='start']")
    assert wait_idle(page) == "playing"
    assert record(page)["seed"] != seed
    assert max(seed, record(page)["seed"]) > 100_000


def test_a_seed_given_in_the_link_stays_in_the_link(page):
    """A seed the player gave in a deep link stays there."""
    open_match(page, "game=museum&players=2&seats=human,bot&seed=7")
    assert "seed=7" in page.url
    assert record(page)["seed"] == 7


def test_seeds_outside_0_to_2_53_minus_1_are_refused_in_the_page(page):
    """Seeds outside 0..2^53-1 are refused with a clear message, in Python and in the page."""
    page.goto(page.site_url + "index.html?game=museum&players=2&seats=human,bot&seed=9007199254740992&botDelay=0")
    page.wait_for_selector(NOTICE)
    assert "9007199254740991" in page.inner_text(NOTICE)
    page.click(f"{NOTICE} button")
    page.fill("#seed", "-5")
    page.click("[data-step='start']")
    page.wait_for_selector("#seed-problem")
    assert "whole number" in page.inner_text("#seed-problem")
    assert page.evaluate("document.body.dataset.status") in ("lobby", "loading")
    page.fill("#seed", "9007199254740991")
    page.click("[data-step='start']")
    assert wait_idle(page) == "playing"
    assert record(page)["seed"] == 2**53 - 1


# (each under the test server's 64 kB request line)
BAD_LINKS = {
    "game=museum&players=300000000": "played by 2 players",
    "game=brunch&players=-3": "played by 3 to 7 players",
    "game=brunch&players=1e9": "played by 3 to 7 players",
    "game=brunch&players=3&seats=" + ",".join(["bot"] * 10_000): "seats",
    "game=brunch&players=3&seats=human,robot": "robot",
    "game=museum&players=2&names=" + ",".join(["x"] * 20_000): "names",
    "game=museum&players=2&names=" + "n" * 100: "longer than 16 characters",
    "game=museum&players=2&names=" + "n" * 5000: "too long",
    "game=reef&players=1&variant=huge": "not a choice for Variant",
    "game=no-such-game": "no game called",
}


def test_bad_deep_links_are_refused_at_once_and_the_page_stays_responsive(page):
    """Every deep-link parameter is validated before anything is allocated (unchecked,
    ?game=museum&players=300000000 would freeze the page for ~27 s); a bad link shows a clear message at once."""
    for query, words in BAD_LINKS.items():
        page.goto(f"{page.site_url}index.html?{query}&botDelay=0")
        page.wait_for_selector(NOTICE, timeout=5_000)  # unchecked: a page frozen for ~27 s
        assert words in page.inner_text(NOTICE), (query[:60], page.inner_text(NOTICE))
        started = time.monotonic()
        assert page.evaluate("1 + 1") == 2
        assert time.monotonic() - started < 2, "the page answers at once"
        assert page.query_selector(".game-card"), "the lobby is there to pick a game"
    # The notice stays until the player acts, then the lobby works.
    page.wait_for_function("() => document.body.dataset.status === 'lobby'", timeout=60_000)
    assert page.is_visible(NOTICE)
    page.click(f"{NOTICE} button")
    assert not page.query_selector(NOTICE)
    page.click("[data-step='start']")
    assert wait_idle(page) == "playing"


def test_a_bad_bot_delay_is_named_and_the_default_used(page):
    """botDelay is checked too (a huge one would stall every bot move)."""
    page.goto(f"{page.site_url}index.html?botDelay=99999999999")
    page.wait_for_selector(NOTICE, timeout=5_000)
    assert "botDelay" in page.inner_text(NOTICE)


def test_a_saved_file_with_absurd_fields_is_refused_at_once(page, tmp_path):
    """Every record field is checked first (unchecked, a saved file with "players": 300000000 would freeze the page
    ~10 s)."""
    open_match(page, "game=museum&players=2&seats=human,bot&seed=5")
    before = record(page)
    files = {
        "players.json": ({**before, "players": 300_000_000}, "played by 2 players"),
        "seats.json": ({**before, "seats": ["human"] * 1000}, "one per seat"),
        "names.json": ({**before, "names": ["x" * 100, "y"]}, "at most 40 characters"),
        "seed.json": ({**before, "seed": 2**60}, "seed"),
        "game.json": ({**before, "game": "g" * 10_000}, "no game called"),
    }
    for name, (rec, words) in files.items():
        path = tmp_path / name
        path.write_text(json.dumps(rec))
        page.set_input_files("input[type=file]", str(path))
        page.wait_for_selector(".error", timeout=5_000)
        text = page.inner_text(".error")
        assert words in text and "Nothing was changed" in text, text
        assert len(text) < 300, "a readable message, not the file quoted back"
        wait_idle(page)
        assert record(page) == before


def test_a_record_link_that_cannot_be_opened_keeps_its_message(page):
    """A record link that cannot be opened (?record=//evil.example/x.json) does not end in the lobby without a word:
    its message stays until the player acts — another origin, a 404, not JSON, offline."""
    page.route("**/offline-record.json", lambda route: route.abort("internetdisconnected"))
    cases = {
        "//evil.example/x.json": "must come from this site",
        "./no-such-record.json": "was not found (404)",
        "./build-info.json": "not a Shoal game record",
        "./sw.js": "not JSON",
        "./offline-record.json": "could not be fetched",
    }
    for link, words in cases.items():
        page.goto(f"{page.site_url}index.html?record={link}&botDelay=0")
        page.wait_for_selector(NOTICE, timeout=10_000)
        # Python finishes booting after the failure: its progress must not write over the message.
        page.wait_for_function("() => document.body.dataset.status === 'lobby'", timeout=60_000)
        page.wait_for_timeout(200)
        text = page.inner_text(NOTICE)
        assert "Could not open that record" in text and words in text, (link, text)
    assert not [r for r in page.requests if urlsplit(r).netloc == "evil.example"], "nothing was asked of another site"


EMBED_PAGE = """<!doctype html><meta charset="utf-8"><title>trust embed test</title>
<div id="a"></div><div id="b"></div><script type="module" src="trust-embed-test.js"></script>"""
EMBED_JS = """import { Shoal } from "./embed.js";
const deal = { game: "museum", players: 2, seats: ["human", "bot"], botDelay: 0, botBudget: 4 };
const a = await Shoal.mount(document.getElementById("a"), deal);
const b = await Shoal.mount(document.getElementById("b"), deal);
window.seeds = [(await a.viewer.call("record")).record.seed, (await b.viewer.call("record")).record.seed];
"""


def test_an_embedded_deal_without_a_seed_draws_a_secret_one(page, site_dir):
    """An embedded live game (Shoal.mount with no seed) deals from a crypto seed, not a fixed, known one."""
    for name, text in {"trust-embed-test.html": EMBED_PAGE, "trust-embed-test.js": EMBED_JS}.items():
        tmp = site_dir / f".{name}.{os.getpid()}"
        tmp.write_text(text)
        tmp.replace(site_dir / name)
    page.goto(page.site_url + "trust-embed-test.html")
    page.wait_for_function("() => Array.isArray(window.seeds)", timeout=90_000)
    first, second = page.evaluate("window.seeds")
    assert first != second and max(first, second) > 100_000, (first, second)
