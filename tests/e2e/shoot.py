"""Look at a page as a player would: build the site, open a deep link, click a few moves, save a screenshot.

    python3 tests/e2e/shoot.py "game=museum&players=2&seats=human,bot&seed=7" /tmp/museum.png [--clicks 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1] / "pysrc"), str(HERE.parents[1] / "build_scripts"), str(HERE.parents[1])]

import build  # noqa: E402
import server  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.e2e.driver import IDLE, _visible  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("query")
    ap.add_argument("png")
    ap.add_argument("--clicks", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--width", type=int, default=1280)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        build.build(Path(tmp) / "site")
        srv, url = server.serve_in_thread(Path(tmp) / "site", "/shoal/")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": args.width, "height": 900})
            page.on("pageerror", lambda e: print("page error:", e))
            page.goto(f"{url}index.html?{args.query}&botDelay=0")
            page.wait_for_function(IDLE, timeout=90_000)
            rng = random.Random(args.seed)
            for _ in range(args.clicks):
                if page.evaluate("document.body.dataset.status") == "over":
                    break
                handles = _visible(page, "[data-action]") or _visible(page, "[data-step]")
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
