"""Look at a page as a player would: build the site, open a deep link, click a few moves, save a screenshot.

    python3 tests/e2e/shoot.py "game=museum&players=2&seats=human,bot&seed=7" /tmp/museum.png [--clicks 5] [--seed 1]
    python3 tests/e2e/shoot.py "game=reef&lesson=reef-large-animals" /tmp/l.png --page learn.html --scheme dark
    python3 tests/e2e/shoot.py "" /tmp/lobby.png --theme dark --width 390 --site /tmp/site   # an already built site

--scheme is the device's prefers-color-scheme; --theme the Settings' choice kept on the device (light, dark, system).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1] / "pysrc"), str(HERE.parents[1] / "build_scripts"), str(HERE.parents[1])]

import build  # noqa: E402
import server  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.e2e.driver import IDLE, visible  # noqa: E402

# Any page of the site at rest: a match idle, the lobby, Learn, the progress track, My games, the Studio, or a board
# painted.
SETTLED = (
    "() => (!document.body.dataset.busy"
    " && ['playing', 'over', 'error', 'lobby', 'learn', 'track', 'games', 'studio']"
    ".includes(document.body.dataset.status))"
    " || !!document.querySelector('.shoal-view[data-painted]')"
)


def settings_script(theme: str) -> str:
    """An init script that keeps `theme` as the Settings' choice before the page's own scripts read it
    (web/prefs.js)."""
    value = json.dumps({"format": "shoal-settings", "version": 1, "theme": theme, "motion": "system"})
    return f"localStorage.setItem('shoal.settings', {json.dumps(value)});"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("query")
    ap.add_argument("png")
    ap.add_argument("--clicks", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--page", default="index.html", help="the page to open, with the query after it")
    ap.add_argument("--scheme", choices=["light", "dark"], default="light", help="the device's colour scheme")
    ap.add_argument("--theme", choices=["system", "light", "dark"], default="system", help="the Settings' theme")
    ap.add_argument("--site", help="an already built site to serve (no build)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(args.site) if args.site else Path(tmp) / "site"
        if not args.site:
            build.build(site)
        srv, url = server.serve_in_thread(site, "/shoal/")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(
                viewport={"width": args.width, "height": 900}, color_scheme=args.scheme, service_workers="block"
            )
            context.add_init_script(settings_script(args.theme))
            page = context.new_page()
            page.on("pageerror", lambda e: print("page error:", e))
            page.goto(f"{url}{args.page}?{args.query}&botDelay=0")
            page.wait_for_function(SETTLED, timeout=90_000)
            rng = random.Random(args.seed)
            for _ in range(args.clicks):
                if page.evaluate("document.body.dataset.status") == "over":
                    break
                handles = visible(page, "[data-action]") or visible(page, "[data-step]")
                if not handles:
                    break
                rng.choice(handles).click()
                page.wait_for_function(IDLE, timeout=60_000)
            page.screenshot(path=args.png, full_page=True)
            print("saved", args.png, "status:", page.evaluate("document.body.dataset.status"))
            browser.close()
        srv.shutdown()


if __name__ == "__main__":
    main()
