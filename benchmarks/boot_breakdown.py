"""Where a first playable board's start-up goes, cold and warm: the page's and the worker's boot marks.

    python3 benchmarks/boot_breakdown.py [--runs 5] [--site DIST] [--compare OTHER_DIST] [--games 1]

Opens ``index.html?<a museum game>`` in headless Chromium, cold (a new context, service worker blocked) and warm (a
first visit installs the service worker, then the same link again), and prints the median of each moment on the
page's timeline (ms since navigation; ``window.shoal.bootMarks()``): the worker created, its resource fetches, the
snapshot's bytes, the wasm compiled and instantiated, Pyodide loaded (heap restored), the first ``new`` answered,
the board painted. With ``--compare`` a second build is measured interleaved run by run (before/after), and the
stock Pyodide page too, so the ratios are side by side. ``--games N``: also N full games of each title against
instant random bots on each site, interleaved (click → painted board, as run.py's (f)). Prints markdown; writes
nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "pysrc"), str(ROOT / "build_scripts"), str(ROOT), str(ROOT / "benchmarks")]

import build  # noqa: E402
import run  # noqa: E402
import server  # noqa: E402

LINK = "index.html?" + run.FIRST


def one(browser, url: str, warm: bool) -> tuple[float, dict[str, float]]:
    context = browser.new_context(service_workers="allow" if warm else "block")
    page = context.new_page()
    if warm:
        page.goto(url)
        page.wait_for_function(run.BOARD, timeout=180_000, polling=50)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function(
            "() => !!navigator.serviceWorker.controller || (location.reload(), false)", timeout=60_000
        )
        page.wait_for_function(run.BOARD, timeout=180_000, polling=50)
        page.wait_for_timeout(300)
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_function(run.BOARD, timeout=180_000, polling=10)
    elapsed = time.perf_counter() - t0
    marks = {}
    if page.evaluate("!!window.shoal.bootMarks"):  # an older build has no marks: its total only
        page.wait_for_function("() => window.shoal.bootMarks().some(m => m[0] === 'board-painted')", timeout=10_000)
        for name, at in page.evaluate("window.shoal.bootMarks()"):
            marks.setdefault(name, at)
    marks["boot"] = page.evaluate("window.shoal.boot()") == "snapshot"
    context.close()
    return elapsed, marks


def stock_time(browser, url: str) -> float:
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_function("() => !!document.body && document.body.dataset.ready === '1'", timeout=180_000, polling=10)
    elapsed = time.perf_counter() - t0
    context.close()
    return elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--site", help="a built site (default: build one)")
    ap.add_argument("--compare", help="another built site, measured interleaved (e.g. main's build)")
    ap.add_argument("--games", type=int, default=0, help="full games of each title per site for the click figures")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM, CHROMIUM_ARGS

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(args.site) if args.site else Path(tmp) / "site"
        if not args.site:
            build.build(site)
        sites = {"this": site}
        if args.compare:
            sites["compare"] = Path(args.compare)
        stock = run.stock_site(Path(tmp) / "stock")
        servers = {k: server.serve_in_thread(p, f"/{k}/") for k, p in {**sites, "stock": stock}.items()}
        load0 = os.getloadavg()
        results: dict[tuple[str, str], list] = {}
        stock_runs = []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(args.runs):
                stock_runs.append(stock_time(browser, servers["stock"][1] + "index.html"))
                for name in sites:
                    for warm in (False, True):
                        results.setdefault((name, "warm" if warm else "cold"), []).append(
                            one(browser, servers[name][1] + LINK, warm)
                        )
            clicks: dict[tuple[str, str], list] = {}
            for _ in range(args.games):
                for name in sites:
                    for gid, got in run.full_games(browser, servers[name][1]).items():
                        clicks.setdefault((gid, name), []).extend(got["spans"])
            browser.close()
        for srv, _ in servers.values():
            srv.shutdown()
        load1 = os.getloadavg()
    if clicks:
        print("| game | site | clicks | p50 | p95 | max | worker calls | round trip | Python | JSON | drawing |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for (gid, name), spans in sorted(clicks.items()):
            tot = [x["total"] for x in spans]
            mean = lambda key, spans=spans: statistics.fmean(x[key] for x in spans)  # noqa: E731
            print(
                f"| {gid} | {name} | {len(spans)} | {run.pct(tot, 0.5):.1f} | {run.pct(tot, 0.95):.1f} | "
                f"{max(tot):.1f} | {mean('calls'):.1f} | {mean('roundTrip'):.1f} | {mean('python'):.1f} | "
                f"{mean('json'):.1f} | {mean('render'):.1f} |"
            )
        print()
    stock_med = statistics.median(stock_runs)
    print(f"load average {load0[0]:.1f} → {load1[0]:.1f}; stock page median {stock_med:.2f} s over {args.runs} runs")
    for (name, kind), rows in results.items():
        total = statistics.median(r[0] for r in rows)
        print(
            f"\n### {name}, {kind}: first playable board {total:.2f} s median = {total / stock_med:.2f}× stock "
            f"(runs: {', '.join(f'{r[0]:.2f}' for r in rows)}; snapshot: {all(r[1]['boot'] for r in rows)})\n"
        )
        print("| moment | median ms since navigation | min | max |")
        print("|---|---|---|---|")
        names = sorted(
            {k for r in rows for k in r[1] if k != "boot"},
            key=lambda k: statistics.median(r[1].get(k, 1e9) for r in rows),
        )
        for k in names:
            vals = [r[1][k] for r in rows if k in r[1]]
            print(f"| {k} | {statistics.median(vals):.0f} | {min(vals):.0f} | {max(vals):.0f} |")


if __name__ == "__main__":
    main()
