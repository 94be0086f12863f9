"""Start-up, interaction latency, memory and download size in headless Chromium (issue 14). Numbers, not tests.

    python3 benchmarks/boot.py [--runs 5]       (run.py includes this section in docs/benchmarks.md)

Everything is measured side by side in one run, interleaved, so every figure sees the same machine load:
- the stock Pyodide page until ``loadPyodide()`` resolves (the yardstick);
- Shoal's lobby painted, and its first playable board cold (empty cache) and warm (service worker), with the build's
  memory snapshot and without it (the same site with the snapshot removed: the worker's plain boot);
- click → next painted frame after the redraw, in the page (``window.shoal.latency()``), over a full game of each
  title against instant random bots, with its shares (worker round trip, Python, JSON, drawing);
- the page's JS heap and the worker's WebAssembly memory after a full game of each title, with and without snapshot;
- the download: raw and gzip-compressed, with and without the snapshot, vs the Pyodide files the site vendors.
"""

from __future__ import annotations

import argparse
import gzip
import random
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

from benchmarks.run import STOCK_FILES, STOCK_JS, STOCK_PAGE  # noqa: E402  (one stock page for every figure)

# Predicates are functions: Playwright evaluates a bare expression with eval, which the CSP refuses.
BOARD = "() => document.body.dataset.status === 'playing' && !document.body.dataset.busy"
LOBBY = "() => !!document.querySelector('.game-card')"
FIRST = "game=museum&players=2&seats=human,bot&seed=1&botDelay=0"
GAMES = {  # one human against instant random bots
    "museum": "game=museum&players=2&seats=human,random&seed=11",
    "brunch": "game=brunch&players=4&seats=human,random,random,random&seed=11",
    "aquarena": "game=aquarena&players=3&seats=human,random,random&seed=11",
    "reef": "game=reef&players=2&seats=human,random&seed=11",
}


def stock_site(folder: Path) -> Path:
    folder.mkdir()
    for name in STOCK_FILES:
        shutil.copyfile(build.PYODIDE_DIR / name, folder / name)
    (folder / "index.html").write_text(STOCK_PAGE)
    (folder / "stock.js").write_text(STOCK_JS)
    return folder


def without_snapshot(site: Path, folder: Path) -> Path:
    shutil.copytree(site, folder)
    (folder / "pyodide" / build.SNAPSHOT).unlink()
    return folder


def timed_goto(browser, url: str, ready: str, warm: bool = False) -> float:
    """Seconds from navigation to ``ready``; ``warm``: a first visit installs the service worker, then time a second."""
    context = browser.new_context(service_workers="allow" if warm else "block")
    page = context.new_page()
    if warm:
        page.goto(url)
        page.wait_for_function(BOARD, timeout=180_000, polling=50)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("() => !!navigator.serviceWorker.controller || (location.reload(), false)", timeout=60_000)
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_function(ready, timeout=180_000, polling=10)
    elapsed = time.perf_counter() - t0
    if warm:
        assert page.evaluate("!!navigator.serviceWorker.controller"), "the warm run must be served by the service worker"
    context.close()
    return elapsed


def start_times(browser, urls: dict[str, str], runs: int) -> dict[str, list[float]]:
    pages = {
        "stock Pyodide page (loadPyodide resolved)": (urls["stock"] + "index.html", "() => document.body.dataset.ready === '1'", False),
        "Shoal lobby painted": (urls["snap"] + "index.html", LOBBY, False),
        "Shoal first playable board, cold, snapshot": (urls["snap"] + "index.html?" + FIRST, BOARD, False),
        "Shoal first playable board, cold, plain boot": (urls["plain"] + "index.html?" + FIRST, BOARD, False),
        "Shoal first playable board, warm (service worker), snapshot": (urls["snap"] + "index.html?" + FIRST, BOARD, True),
    }
    times: dict[str, list[float]] = {name: [] for name in pages}
    for _ in range(runs):
        for name, (url, ready, warm) in pages.items():
            times[name].append(timed_goto(browser, url, ready, warm))
    return times


def play_out(page, rng: random.Random) -> None:
    """Click offered actions (steps when none) until the match is over, like tests/e2e/driver.py."""
    from tests.e2e.driver import click_through

    click_through(page, rng)


def full_games(browser, base: str) -> dict[str, dict]:
    """Per game: latency spans over a full game, and memory once it is over."""
    out = {}
    for gid, query in GAMES.items():
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.site_url = base  # type: ignore[attr-defined]
        page.goto(f"{base}index.html?{query}&botDelay=0")
        page.wait_for_function(BOARD, timeout=180_000, polling=20)
        play_out(page, random.Random(3))
        page.wait_for_timeout(200)  # the last span closes on the next frame
        spans = page.evaluate("window.shoal.latency()")
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        wasm = page.workers[0].evaluate("globalThis.shoalWasmBytes ? globalThis.shoalWasmBytes() : null") if page.workers else None
        out[gid] = {"spans": spans, "heap": metrics.get("JSHeapUsedSize", 0), "wasm": wasm}
        context.close()
    return out


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def tree_bytes(path: Path, compressed: bool) -> int:
    total = 0
    for p in path.rglob("*"):
        if p.is_file():
            data = p.read_bytes()
            # A .gz file is sent as it is (already compressed); everything else as a host would gzip it.
            total += len(gzip.compress(data, 6)) if compressed and p.suffix != ".gz" else len(data)
    return total


def section(runs: int) -> list[str]:
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM, CHROMIUM_ARGS

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        site = tmp / "site"
        build.build(site)
        plain = without_snapshot(site, tmp / "plain")
        stock = stock_site(tmp / "stock")
        servers = {k: server.serve_in_thread(p, f"/{k}/") for k, p in {"snap": site, "plain": plain, "stock": stock}.items()}
        urls = {k: url for k, (_, url) in servers.items()}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            times = start_times(browser, urls, runs)
            played = {"snapshot": full_games(browser, urls["snap"]), "plain boot": full_games(browser, urls["plain"])}
            browser.close()
        for srv, _ in servers.values():
            srv.shutdown()
        vendored = sum((build.PYODIDE_DIR / n).stat().st_size for n in STOCK_FILES)
        vendored_gz = sum(len(gzip.compress((build.PYODIDE_DIR / n).read_bytes(), 6)) for n in STOCK_FILES)
        sizes = {name: (tree_bytes(p, False), tree_bytes(p, True)) for name, p in {"with the snapshot": site, "without it": plain}.items()}
        snap_raw = len(gzip.decompress((site / "pyodide" / build.SNAPSHOT).read_bytes()))

    med = {k: statistics.median(v) for k, v in times.items()}
    stock_s = med["stock Pyodide page (loadPyodide resolved)"]
    targets = {
        "Shoal lobby painted": "≤ 0.05×",
        "Shoal first playable board, cold, snapshot": "≤ 0.30×",
        "Shoal first playable board, warm (service worker), snapshot": "≤ 0.15×",
    }
    lines = [
        f"## Boot, latency, memory and size (issue 14; {runs} runs each, interleaved, a new browser context each run)",
        "",
        "| page | median s | min s | max s | / stock | target |",
        "|---|---|---|---|---|---|",
        *[f"| {k} | {med[k]:.2f} | {min(v):.2f} | {max(v):.2f} | {med[k] / stock_s:.2f}× | {targets.get(k, '')} |"
          for k, v in times.items()],
        "",
        "### Click → redrawn board, in the page (a full game against instant random bots; ms)",
        "",
        "| game | boot | clicks | p50 | p95 | max | mean worker round trip | mean Python | mean JSON | mean drawing |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for boot, games in played.items():
        for gid, got in games.items():
            spans = got["spans"]
            if not spans:
                continue
            tot = [s["total"] for s in spans]
            mean = lambda key: statistics.fmean(s[key] for s in spans)  # noqa: E731
            lines.append(f"| {gid} | {boot} | {len(spans)} | {pct(tot, .5):.1f} | {pct(tot, .95):.1f} | {max(tot):.1f} | "
                         f"{mean('roundTrip'):.1f} | {mean('python'):.1f} | {mean('json'):.1f} | {mean('render'):.1f} |")
    lines += [
        "",
        "### Memory after a full game (MB)",
        "",
        "| game | boot | page JS heap | worker WebAssembly memory |",
        "|---|---|---|---|",
        *[f"| {gid} | {boot} | {got['heap'] / 1e6:.1f} | {(got['wasm'] or 0) / 1e6:.1f} |"
          for boot, games in played.items() for gid, got in games.items()],
        "",
        "### Download (MB)",
        "",
        "| what | raw | gzip-compressed (as a host sends it) |",
        "|---|---|---|",
        f"| the Pyodide files the site vendors, as npm ships them | {vendored / 1e6:.2f} | {vendored_gz / 1e6:.2f} |",
        *[f"| the whole site, {name} | {raw / 1e6:.2f} | {gz / 1e6:.2f} |" for name, (raw, gz) in sizes.items()],
        f"| the snapshot itself (shipped gzipped; restored in memory) | {snap_raw / 1e6:.2f} | "
        f"{(sizes['with the snapshot'][0] - sizes['without it'][0]) / 1e6:.2f} |",
        "",
    ]
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    print("\n".join(section(ap.parse_args().runs)))


if __name__ == "__main__":
    main()
