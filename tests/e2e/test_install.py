"""An app that installs and updates cleanly: a web app manifest with icons drawn at build time, Chromium's
installability check, and a new build that waits behind "A new version is ready — reload" instead of breaking a game
in progress."""

from __future__ import annotations

import json
import random
import shutil
import struct
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build_scripts"))
import server  # noqa: E402
from tests.e2e.driver import visible  # noqa: E402

ACTIVE = (
    "() => navigator.serviceWorker.getRegistration().then(r => !!(r && r.active && r.active.state === 'activated'))"
)
CONTROLLED = "() => !!navigator.serviceWorker.controller"
IDLE_FN = "() => !document.body.dataset.busy && ['playing', 'over', 'lobby'].includes(document.body.dataset.status)"


def _poll(page, predicate: str, tries: int = 600) -> None:
    for _ in range(tries):  # polled from here: wait_for_function does not await a promise
        if page.evaluate(predicate):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never true: {predicate}")


def test_the_built_icons_are_the_pngs_the_manifest_names(site_dir):
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and manifest["start_url"].startswith("./") and manifest["scope"] == "./"
    assert manifest["name"] and manifest["short_name"] and manifest["theme_color"] and manifest["background_color"]
    sizes = set()
    for icon in manifest["icons"]:
        data = (site_dir / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert f"{width}x{height}" == icon["sizes"]
        sizes.add(width)
    assert sizes == {192, 512}
    assert "icons/icon-512.png" in (site_dir / "sw.js").read_text(), "the icons are precached for offline use"


def test_chromium_finds_the_site_installable_under_a_sub_path(browser, site_url, tmp_path):
    """'Test: in Playwright, Chromium's DevTools Protocol Page.getInstallabilityErrors returns no errors for the
    served site under /shoal/.' A persistent profile, with service workers allowed: Chromium never offers to install
    from an incognito context, which is what an ordinary test context is."""
    from tests.conftest import CHROMIUM, CHROMIUM_ARGS

    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    try:
        page = context.new_page()
        page.goto(site_url + "index.html")
        _poll(page, ACTIVE)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"].endswith("/shoal/manifest.webmanifest") and not manifest.get("errors"), manifest
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
    finally:
        context.close()


@pytest.fixture
def two_builds(site_dir, tmp_path):
    """The site served from a folder that can be swapped for the next build while a page is open."""
    live = tmp_path / "live"
    shutil.copytree(site_dir, live)
    srv, url = server.serve_in_thread(live, "/shoal/")
    yield live, url
    srv.shutdown()


def _deploy_next_build(live: Path) -> None:
    """A second build: a different cache name and a changed module, as a real deploy of new code would have."""
    sw = live / "sw.js"
    text = sw.read_text()
    start = text.index('const CACHE = "shoal-') + len('const CACHE = "shoal-')
    sw.write_text(text[:start] + "next-" + text[start:])
    museum = live / "games" / "museum.js"
    museum.write_text(museum.read_text() + "\n// next build\n")


def open_controlled_match(context, url: str, rng: random.Random, clicks: int = 4):
    """A museum match served by the service worker, with `clicks` clicks made; returns (page, its page errors)."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "index.html?game=museum&players=2&seats=human,bot&seed=3&botDelay=0&botBudget=4")
    page.wait_for_function(IDLE_FN, timeout=90_000)
    _poll(page, CONTROLLED)
    for _ in range(clicks):
        handles = visible(page, "[data-action], [data-step]")
        rng.choice(handles).click()
        page.wait_for_function(IDLE_FN)
    return page, errors


def test_a_new_build_waits_behind_a_reload_prompt_and_the_game_survives_it(browser, two_builds):
    """'when a new version is deployed the page says "A new version is ready — reload", and a game in progress is
    never broken by a half-updated cache (test with two builds served one after the other).'"""
    live, url = two_builds
    context = browser.new_context()
    try:
        rng = random.Random(5)
        page, errors = open_controlled_match(context, url, rng)
        before = page.evaluate("window.shoal.record()")
        assert page.query_selector(".update-ready") is None

        _deploy_next_build(live)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector(".update-ready", timeout=60_000)
        assert "A new version is ready — reload" in page.inner_text(".update-ready")

        # Meanwhile the page in progress is still served by its own build, file for file.
        old = page.evaluate("fetch('./games/museum.js?v=x').then(r => r.text())")
        assert "next build" not in old
        handles = visible(page, "[data-action], [data-step]")
        rng.choice(handles).click()
        page.wait_for_function(IDLE_FN)
        during = page.evaluate("window.shoal.record()")
        assert during["actions"][: len(before["actions"])] == before["actions"]

        with page.expect_navigation(timeout=60_000):
            page.click(".update-ready button")
        page.wait_for_function(IDLE_FN, timeout=90_000)
        assert page.evaluate("document.body.dataset.status") == "playing"
        assert page.evaluate("window.shoal.record()") == during, "the game comes back exactly where it was"
        assert "next build" in page.evaluate("fetch('./games/museum.js?v=y').then(r => r.text())")
        keys = page.evaluate("caches.keys()")
        assert len(keys) == 1 and keys[0].startswith("shoal-next-"), keys
        assert page.query_selector(".update-ready") is None
        assert not errors, errors
    finally:
        context.close()
