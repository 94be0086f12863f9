"""Offline: after one visit the service worker serves the whole site, so a match starts with the network gone."""

from __future__ import annotations

from tests.e2e.driver import IDLE


def test_second_visit_plays_with_the_network_off(browser, site_url):
    context = browser.new_context()  # service workers allowed here (the other tests block them)
    try:
        page = context.new_page()
        page.goto(site_url + "index.html")
        page.wait_for_function("() => document.body.dataset.status === 'lobby'", timeout=60_000)
        active = (
            "navigator.serviceWorker.getRegistration().then(r => !!(r && r.active && r.active.state === 'activated'))"
        )
        for _ in range(600):  # polled from here: wait_for_function does not await a promise
            if page.evaluate(active):
                break
            page.wait_for_timeout(100)
        assert page.evaluate(active), "the service worker installed and precached the site"
        context.set_offline(True)
        page.goto(site_url + "index.html?game=museum&players=2&seats=human,bot&seed=3&botDelay=0")
        page.wait_for_function(IDLE, timeout=60_000)
        assert page.evaluate("document.body.dataset.status") == "playing"
        assert page.query_selector("[data-action], [data-step]") is not None
        # The service worker serves the build's snapshot (unpacked at install) and the worker restores it — the
        # worker's own URL carries no ?v= stamp there, so a worker reading the stamp from its URL would refuse it.
        assert page.evaluate("window.shoal.boot()") == "snapshot"
        unpacked = (
            "caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => c.keys()))))"
            ".then(a => a.flat().map(r => r.url))"
        )
        assert any(u.endswith(".bin") and "/pyodide/snapshot-" in u for u in page.evaluate(unpacked))
        # The worker read the unpacked snapshot and compiled the wasm from the build's own cache, early (web/worker.js).
        marks = [name for name, _ in page.evaluate("window.shoal.bootMarks()")]
        assert "snapshot-found-unpacked" in marks and "wasm-compiled" in marks, marks
    finally:
        context.close()
