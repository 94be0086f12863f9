"""Shoal's benchmarks: numbers to watch, not tests to pass. Writes docs/benchmarks.md.

    python3 benchmarks/run.py [--runs 5] [--seconds 2]

(a) cold start in headless Chromium, side by side in one run: a stock Pyodide page (the npm files as shipped, nothing
    else) until ``loadPyodide()`` resolves, vs Shoal's deep link until the first playable board (target ≤ 0.6×);
(b) random full games per second for each game in CPython, through the public Match API;
(c) the built site's size vs the Pyodide files it vendors (target ≤ 1.25×);
(e) a lesson page's first painted board vs the stock Pyodide boot, in the runs of (a) (target ≤ 0.15×), and the
    number of Python workers on a page with three boards (examples/teaching.html; must be 1).
"""

from __future__ import annotations

import argparse
import platform
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "pysrc"), str(ROOT / "build_scripts"), str(ROOT)]

import build  # noqa: E402
import server  # noqa: E402

import shoal  # noqa: E402
from shoal.core import Rng  # noqa: E402

STOCK_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
# The stock page's script is a file: the test server sends the site's strict CSP (no inline script) with every page.
STOCK_PAGE = """<!doctype html><meta charset="utf-8"><title>stock pyodide</title><body>
<script type="module" src="./stock.js"></script>"""
STOCK_JS = """import { loadPyodide } from "./pyodide.mjs";
await loadPyodide();
document.body.dataset.ready = "1";
"""
LESSON = "museum-lines"
PAINTED = "!!document.querySelector('.shoal-view[data-painted]')"


def cold_start(site: Path, runs: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM, CHROMIUM_ARGS

    stock = site.parent / "stock"
    stock.mkdir()
    for name in STOCK_FILES:
        shutil.copyfile(build.PYODIDE_DIR / name, stock / name)
    (stock / "index.html").write_text(STOCK_PAGE)
    (stock / "stock.js").write_text(STOCK_JS)
    srv_site, site_url = server.serve_in_thread(site, "/shoal/")
    srv_stock, stock_url = server.serve_in_thread(stock, "/stock/")
    first = next(iter(shoal.GAMES))
    seats = ",".join(["human"] + ["bot"] * (shoal.GAMES[first].min_players - 1))
    pages = {
        "stock Pyodide page (loadPyodide resolved)": (f"{stock_url}index.html", "document.body.dataset.ready === '1'"),
        f"Shoal, first playable board ({first})": (
            f"{site_url}index.html?game={first}&players={shoal.GAMES[first].min_players}&seats={seats}&seed=1&botDelay=0",
            "document.body.dataset.status === 'playing' && !document.body.dataset.busy",
        ),
        # Issue 11 §3: a lesson page paints its precomputed board without waiting for Python.
        f"Shoal lesson page, first painted board (learn.html, {LESSON})": (
            f"{site_url}learn.html?game=museum&lesson={LESSON}", PAINTED,
        ),
    }
    times: dict[str, list[float]] = {name: [] for name in pages}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(runs):
            for name, (url, ready) in pages.items():  # interleaved, so both see the same machine load
                context = browser.new_context(service_workers="block")  # a new context: an empty cache
                page = context.new_page()
                t0 = time.perf_counter()
                page.goto(url)
                page.wait_for_function(f"() => ({ready})", timeout=120_000, polling=20)  # a function: the CSP refuses eval
                times[name].append(time.perf_counter() - t0)
                context.close()
        times["three-board page"] = three_boards(browser, site_url)
        browser.close()
    srv_site.shutdown()
    srv_stock.shutdown()
    return times


def three_boards(browser, site_url: str) -> list[float]:
    """examples/teaching.html (a lesson, a question, a live game): seconds to three painted boards, seconds to the
    live game's first playable position, and how many workers (Python runtimes) the page started."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(f"{site_url}examples/teaching.html")
    page.wait_for_function("() => document.querySelectorAll('shoal-board .shoal-view[data-painted]').length === 3", timeout=120_000, polling=20)
    painted = time.perf_counter() - t0
    page.wait_for_function("() => (v => v && v.dataset.status === 'playing' && !v.dataset.busy)(document.querySelector('#live-board .shoal-view'))",
                           timeout=120_000, polling=20)
    playable = time.perf_counter() - t0
    page.wait_for_timeout(500)  # a late second worker would show up here
    workers = len(page.workers)
    context.close()
    return [painted, playable, float(workers)]


def games_per_second(seconds: float) -> list[tuple[str, int, float, float]]:
    rows = []
    for gid, game in shoal.GAMES.items():
        for players in sorted({game.min_players, game.max_players}):
            rng, done, plies = Rng(1), 0, 0
            t0 = time.perf_counter()
            while time.perf_counter() - t0 < seconds or done == 0:
                match = shoal.new_match(gid, players, seed=done)
                while not match.is_over():
                    seat = rng.choice(match.to_act())
                    match.play(seat, rng.choice(match.legal_actions(seat)))
                    plies += 1
                done += 1
            elapsed = time.perf_counter() - t0
            rows.append((game.title, players, done / elapsed, plies / done))
    return rows


def tree_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build.build(site)
        times = cold_start(site, args.runs)
        site_bytes = tree_size(site)
    vendored = sum((build.PYODIDE_DIR / n).stat().st_size for n in STOCK_FILES)
    rates = games_per_second(args.seconds)

    painted3, playable3, workers3 = times.pop("three-board page")
    med = {k: statistics.median(v) for k, v in times.items()}
    stock, shoal_start, lesson_paint = list(med.values())
    lines = [
        "# Benchmarks",
        "",
        f"Written by `python3 benchmarks/run.py` on {time.strftime('%Y-%m-%d')} ({platform.machine()}, "
        f"Python {platform.python_version()}, Pyodide {build.pinned_pyodide()}, headless Debian Chromium). "
        "Numbers, not tests: re-run after changing the build or an engine.",
        "",
        f"## (a) Cold start in headless Chromium ({args.runs} runs each, interleaved, new browser context each run)",
        "",
        "| page | median s | min s | max s |",
        "|---|---|---|---|",
        *[f"| {k} | {statistics.median(v):.2f} | {min(v):.2f} | {max(v):.2f} |" for k, v in times.items()],
        "",
        f"Shoal / stock = **{shoal_start / stock:.2f}×** (target ≤ 0.6×). Shoal ships the stdlib precompiled to bytecode "
        "by Pyodide's own Python, so CPython skips compiling ~190 stdlib modules at start-up; the stock page compiles them.",
        "",
        f"## (b) Random full games per second in CPython ({args.seconds:.0f} s each, through `Match.play`)",
        "",
        "| game | players | games/s | plies/game |",
        "|---|---|---|---|",
        *[f"| {t} | {n} | {r:.1f} | {p:.0f} |" for t, n, r, p in rates],
        "",
        "## (c) Site size",
        "",
        "| what | MB |",
        "|---|---|",
        f"| Pyodide files the site vendors, as shipped by npm ({', '.join(STOCK_FILES)}) | {vendored / 1e6:.2f} |",
        f"| the whole built site (`dist/`) | {site_bytes / 1e6:.2f} |",
        "",
        f"Site / vendored Pyodide = **{site_bytes / vendored:.2f}×** (target ≤ 1.25×).",
        "",
        f"## (e) A lesson's first painted board vs the stock Pyodide boot (the same runs as (a))",
        "",
        f"Lesson page / stock Pyodide boot = **{lesson_paint / stock:.3f}×** (target ≤ 0.15×): "
        f"{lesson_paint:.2f} s vs {stock:.2f} s (medians). The build precomputes every step's view with CPython, so the "
        "viewer draws from JSON; Python boots in the background and is needed only for questions and \"play on\".",
        "",
        f"Three boards on one page (`examples/teaching.html`: a lesson, a question, a live game): all three painted after "
        f"{painted3:.2f} s, the live game playable after {playable3:.2f} s, **{workers3:.0f} Python worker** "
        "(the boards share one engine; each plays its own named match).",
        "",
    ]
    out = ROOT / "docs" / "benchmarks.md"
    # Section (d), plies per second before and after, is written by benchmarks/plies.py: keep it.
    kept = re.search(r"<!-- plies:begin -->.*?<!-- plies:end -->", out.read_text(), re.S) if out.exists() else None
    out.write_text("\n".join(lines) + ("\n" + kept.group(0) + "\n" if kept else ""))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
